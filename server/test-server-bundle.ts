/**
 * Test helper: bundles the server as `npm run build` does (server/start.ts: the supervisor
 * over a worker, or with SUPERVISOR=off the server alone) into a git-ignored build-* folder of
 * the repo, where its packages resolve, beside a tiny built site (test-http.ts).
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer } from "../scripts/build-server.mjs";
import { writeTestSite, type TestSite } from "./test-http";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The bundled server (`main`) and a site for it (`site.buildDir` is its BUILD_DIR). */
export interface ServerBundle {
  main: string;
  site: TestSite;
  cleanup(): Promise<void>;
}

/** Bundles server/start.ts under a name of this test process. */
export async function bundleStartServer(name: string): Promise<ServerBundle> {
  const dir = path.join(repo, `build-${name}-test-${process.pid}`);
  const main = await buildServer(path.join(dir, "server", "main.mjs"));
  const site = await writeTestSite();
  return {
    main,
    site,
    async cleanup() {
      await rm(dir, { recursive: true, force: true });
      await site.cleanup();
    },
  };
}
