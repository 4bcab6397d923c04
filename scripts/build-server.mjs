// Bundles the server (server/start.ts: the supervisor, which runs server/main.ts, the site and
// the live relay, in a worker process it restarts) into build/server/main.mjs for
// `npm run serve`. Packages stay outside the bundle (node_modules is there at run time); the
// wire package the relay shares with the page (packages/wire, resolved by path) is bundled in.
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { wireAlias } from "../packages/wire/alias.mjs";

const entry = fileURLToPath(new URL("../server/start.ts", import.meta.url));

/**
 * Bundles server/start.ts to `outfile`.
 * @param {string} [outfile]
 */
export async function buildServer(outfile = path.join("build", "server", "main.mjs")) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: wireAlias,
    sourcemap: true,
    logLevel: "warning",
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outfile = await buildServer(
    process.argv[2] ?? path.join(process.env.BUILD_DIR ?? "build", "server", "main.mjs"),
  );
  console.log(`Server bundled to ${outfile}`);
}
