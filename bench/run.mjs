// `npm run bench`: runs every bench/*.bench.mjs against the built site (build first if there is
// none) and prints their tables. A benchmark, not a test: it fails only if it cannot run.
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { execSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { launchBrowser, startServer } from "./lib.mjs";

const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(path.join(buildDir, "client", "index.html")) || process.env.BENCH_REBUILD) {
  execSync("npm run build", { stdio: "inherit" });
}

const only = process.argv[2];
const files = (await readdir("bench"))
  .filter((name) => name.endsWith(".bench.mjs") && (!only || name.includes(only)))
  .sort();

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const file of files) {
    console.log(`\n# ${file}`);
    const module = await import(pathToFileURL(path.resolve("bench", file)).href);
    await module.default({ browser, baseURL: server.baseURL });
  }
} finally {
  await browser.close();
  server.stop();
}
