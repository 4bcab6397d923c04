/**
 * `npm start` / `npm run serve` (bundled to build/server/main.mjs): the supervisor
 * (supervisor.ts) in the primary process, which runs the server (main.ts) in a worker and
 * starts a new one whenever it exits. SUPERVISOR=off runs the server in this one process,
 * without the primary (tools that measure the server's own process use it).
 */
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import { backendSettings } from "./relay/backend";
import { allowedOrigins, trustedProxyHops } from "./relay/upgrade-checks";
import { CONFIG_EXIT_CODE, superviseServer } from "./supervisor";

function log(event: string, fields: Record<string, string | number> = {}): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}

if (cluster.isPrimary && process.env.SUPERVISOR !== "off") {
  try {
    // Settings that cannot work fail once, here, rather than in a worker restarted forever.
    if (process.env.RELAY !== "off") {
      backendSettings(process.env);
      trustedProxyHops(process.env.TRUST_PROXY);
      allowedOrigins(process.env.RELAY_ALLOWED_ORIGINS);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(CONFIG_EXIT_CODE);
  }
  superviseServer({ exec: fileURLToPath(import.meta.url), log });
} else {
  await import("./main");
}
