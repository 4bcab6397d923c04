// Bundles the server (server/main.ts: the site and the live relay) into build/server/main.mjs
// for `npm run serve`. Packages stay outside the bundle (node_modules is there at run time);
// the one app module the relay shares with the page (app/collab/wire.ts) is bundled in.
import { build } from "esbuild";
import path from "node:path";

/**
 * Bundles server/main.ts to `outfile`.
 * @param {string} [outfile]
 */
export async function buildServer(outfile = path.join("build", "server", "main.mjs")) {
  await build({
    entryPoints: ["server/main.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
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
