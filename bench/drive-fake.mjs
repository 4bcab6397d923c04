// The benchmark's way to the TypeScript test support (tests/support/bench-entry.ts): the one
// fake Drive (tests/support/drive-model.ts), the one fake Google sign-in (tests/e2e/drive-fakes.ts,
// tests/support/fake-google-scripts.ts)
// and the randomized Drive-sync test's driver, bundled with esbuild into a module and
// imported, so the bench and the tests share one source.
import { build } from "esbuild";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Inside the project (git-ignored), so the bundle's imports of Playwright resolve from node_modules.
const outfile = path.resolve("bench/.cache", `drive-fake-${process.pid}.mjs`);
await build({
  entryPoints: [path.resolve("tests/support/bench-entry.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile,
  tsconfig: path.resolve("tsconfig.json"),
  external: ["@playwright/test", "playwright", "playwright-core"],
  logLevel: "warning",
});

const bundle = await import(pathToFileURL(outfile).href);
await rm(outfile, { force: true });

export const { DriveModel, installDriveFakes, RANDOM_SYNC_CLASSES, runRandomSync } = bundle;
