// Serves the built site (without the live relay unless RELAY is set) by running the bundled
// server, server/main.ts, which `npm run build` writes to build/server/main.mjs. Kept for the
// tools that start the site this way (scripts/audit.mjs, the PWA update test, which serves a
// copy of the build from a temp folder); `npm run serve` runs the bundle itself.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildServer } from "./build-server.mjs";

process.env.RELAY ??= "off";
const repo = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ownBundle = path.join(repo, "build", "server", "main.mjs");
const candidates = [
  path.resolve(process.env.BUILD_DIR ?? "build", "server", "main.mjs"),
  ownBundle,
];
let main = candidates.find((file) => existsSync(file));
if (!main) {
  // A build from before the server was bundled: bundle it now, beside the project's packages.
  const cwd = process.cwd();
  process.chdir(repo);
  main = await buildServer(ownBundle);
  process.chdir(cwd);
}
await import(pathToFileURL(main).href);
