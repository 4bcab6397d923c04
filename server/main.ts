/**
 * The server in one process (start.ts runs it in a supervised worker; bundled alone, or with
 * SUPERVISOR=off, it runs by itself): one HTTP server that serves the built site (static-site.ts)
 * and, on the upgrade of RELAY_PATH, the live-collaboration relay (relay-server.ts).
 * Environment:
 * - PORT (3000), HOST (127.0.0.1), BUILD_DIR (build): where to listen, what to serve;
 * - RELAY=off: the site only;
 * - RELAY_DATA_DIR (.plainpad-relay in the working folder): the rooms' data folder, one
 *   process's alone (a second process on it refuses to start: data-dir-lock.ts);
 * - REDIS_URL: keep rooms in Redis and fan out through it (any number of processes);
 * - RELAY_IDLE_DAYS (30): rooms without a write this long are deleted;
 * - RELAY_FSYNC (on), RELAY_FSYNC_WINDOW_MS (25): ACK an update once the process's journal is
 *   fdatasynced, every room's appends within the window sharing one; RELAY_JOURNAL (on; off: a
 *   sync per room log), RELAY_JOURNAL_CHECKPOINT_MS (5000), RELAY_FSYNC_RATE (400): the room
 *   logs are synced at checkpoints, at most RATE a second;
 * - TRUST_PROXY=N: N proxies of yours stand in front; the client address is the X-Forwarded-For
 *   entry they wrote (the N-th from the right), never the ones the client wrote before it;
 * - RELAY_ALLOWED_ORIGINS: origins besides the site's own whose pages may open the relay.
 * - RELAY_MAX_CONNECTIONS_PER_ADDRESS (64), RELAY_JOINS_PER_ADDRESS_PER_SECOND (2): raise them
 *   when many people share one address;
 * - HTTP_IDLE_TIMEOUT_MS (60000): an HTTP socket with nothing sent or received this long is
 *   closed (WebSockets have their own pings).
 * SIGTERM / SIGINT close every relay socket with 1001 (pages reconnect) and stop.
 * The log names rooms and sizes, never a payload.
 */
import http from "node:http";
import path from "node:path";
import { RELAY_PATH } from "@plainpad/wire";
import { backendSettings, openBackend } from "./relay/backend";
import { DataDirLockedError } from "./relay/data-dir-lock";
import type { RelayBackend } from "./relay/backend-types";
import { relayLimitsFromEnv } from "./relay/limits";
import { createRelayHub } from "./relay/relay-hub";
import { allowedOrigins, trustedProxyHops } from "./relay/upgrade-checks";
import type { RelayHub } from "./relay/relay-types";
import { attachRelay, type RelayEndpoint } from "./relay-server";
import { SiteBuildError, createStaticSite, type SiteHandler } from "./static-site";
import { CONFIG_EXIT_CODE } from "./supervisor";

const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? "127.0.0.1";
const root = path.resolve(env.BUILD_DIR ?? "build", "client");

function log(event: string, fields: Record<string, string | number> = {}): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}

let site: SiteHandler;
try {
  site = createStaticSite(root);
} catch (error) {
  if (!(error instanceof SiteBuildError)) throw error;
  console.error(error.message);
  // Not restarted by the supervisor (start.ts): the same start would fail the same way.
  process.exit(CONFIG_EXIT_CODE);
}

const server = http.createServer((req, res) => site(req, res));
// Node's headersTimeout starts at a request's first byte: a socket that sends nothing was kept
// forever (3,000 held past 140 s in a test), and enough of them use up the process's file
// descriptors. ws takes the timeout off the sockets it upgrades.
server.setTimeout(idleTimeoutMs(env.HTTP_IDLE_TIMEOUT_MS));

let relay: { hub: RelayHub; endpoint: RelayEndpoint; backend: RelayBackend } | null = null;
if (env.RELAY !== "off") {
  const settings = backendSettings(env);
  const backend = await openBackend(settings, log).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    // Not restarted by the supervisor: another relay keeps the folder until it stops.
    return process.exit(CONFIG_EXIT_CODE);
  });
  const hub = createRelayHub({
    store: backend.store,
    fanout: backend.fanout,
    roomsCreated: backend.roomsCreated,
    limits: { idleRoomDays: settings.idleRoomDays, ...relayLimitsFromEnv(env) },
    log,
  });
  const endpoint = attachRelay(server, hub, {
    trustedProxyHops: trustedProxyHops(env.TRUST_PROXY),
    allowedOrigins: allowedOrigins(env.RELAY_ALLOWED_ORIGINS),
  });
  relay = { hub, endpoint, backend };
  log("relay-ready", { path: RELAY_PATH, store: backend.description });
}

server.listen(port, host, () => {
  // Tools wait for "served at" (scripts/audit.mjs, the benches).
  console.log(`Plainpad is served at http://${host === "0.0.0.0" ? "localhost" : host}:${port}/`);
});

function idleTimeoutMs(text: string | undefined): number {
  if (text === undefined || text === "") return 60_000;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(
      `HTTP_IDLE_TIMEOUT_MS must be a positive number of milliseconds, not "${text}".`,
    );
  }
  return value;
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log("stopping", { signal });
  server.close();
  if (relay) {
    await relay.hub.close();
    await relay.endpoint.close();
    await relay.backend.close();
  }
  server.closeAllConnections();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
