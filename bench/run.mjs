// `npm run bench`: runs every bench/*.bench.mjs against the built site (build first if there is
// none) and prints their tables. A benchmark, not a test: it fails only if it cannot run.
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { execSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { launchBrowser, startServer } from "./lib.mjs";

const only = process.argv[2];
const files = (await readdir("bench"))
  .filter((name) => name.endsWith(".bench.mjs") && (!only || name.includes(only)))
  .sort();
const modules = [];
for (const file of files) {
  modules.push([file, await import(pathToFileURL(path.resolve("bench", file)).href)]);
}
// A bench that runs in Node only (`export const nodeOnly = true`) needs no site nor browser.
const needsSite = modules.some(([, module]) => !module.nodeOnly);

const buildDir = process.env.BUILD_DIR ?? "build";
if (
  needsSite &&
  (!existsSync(path.join(buildDir, "client", "index.html")) || process.env.BENCH_REBUILD)
) {
  execSync("npm run build", { stdio: "inherit" });
}

const server = needsSite ? await startServer() : null;
const browser = needsSite ? await launchBrowser() : null;
try {
  for (const [file, module] of modules) {
    console.log(`\n# ${file}`);
    await module.default({ browser, baseURL: server?.baseURL });
  }
} finally {
  await browser?.close();
  server?.stop();
}
