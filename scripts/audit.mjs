// `npm run audit`: Lighthouse (mobile preset, the default) against the built site for the
// landing page, both editors, a blog article and the FAQ, printing the four category scores.
// A page Lighthouse could not measure is reported with its runtime error, never as a 0.
// Lighthouse's scores move from run to run on a shared machine, so each page is audited
// AUDIT_RUNS times (3 by default) and the run with the median performance score is reported,
// as Lighthouse's own guidance on variability advises; every run's score is printed too.
// A run that fails (the first trace of a fresh Chromium sometimes has no navigation start)
// is left out of the median.
// Uses Debian's Chromium (CHROMIUM_PATH overrides) with the flags this machine needs.
import { existsSync } from "node:fs";
import { execSync, spawn } from "node:child_process";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const buildDir = process.env.BUILD_DIR ?? "build";
const port = Number(process.env.AUDIT_PORT ?? 4380);
const runs = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
const pages = (process.argv.slice(2).length ? process.argv.slice(2) : null) ?? [
  "/",
  "/editor/",
  "/online-notepad/",
  "/blog/ultimate-guide-online-text-editing/",
  "/faq/",
];

if (!existsSync(path.join(buildDir, "client", "index.html"))) {
  execSync("npm run build", { stdio: "inherit" });
}

const server = spawn(process.execPath, ["scripts/serve.mjs"], {
  env: { ...process.env, PORT: String(port) },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve, reject) => {
  server.stdout.on("data", (chunk) => String(chunk).includes("served at") && resolve(undefined));
  server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
});

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

const rows = [];
try {
  for (const page of pages) {
    const url = `http://127.0.0.1:${port}${page}`;
    const measured = [];
    let reason = "no result";
    for (let run = 0; run < runs; run++) {
      const attempt = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
      });
      const runtimeError = attempt?.lhr.runtimeError;
      if (attempt && !runtimeError) measured.push(attempt);
      else if (runtimeError) reason = `${runtimeError.code}: ${runtimeError.message}`;
    }
    if (!measured.length) {
      console.log(`${page}: Lighthouse could not measure the page (${reason})`);
      rows.push({ page, error: reason });
      continue;
    }
    const performanceOf = (run) => run.lhr.categories.performance?.score ?? 0;
    measured.sort((a, b) => performanceOf(a) - performanceOf(b));
    const result = measured[Math.floor((measured.length - 1) / 2)];
    console.log(
      `${page}: performance per run ${measured.map((run) => Math.round(performanceOf(run) * 100)).join(", ")}${measured.length < runs ? ` (${runs - measured.length} failed: ${reason})` : ""}`,
    );
    const categories = result.lhr.categories ?? {};
    // A category Lighthouse could not score is "n/a", not 0.
    const score = (key) =>
      typeof categories[key]?.score === "number" ? Math.round(categories[key].score * 100) : "n/a";
    const metric = (id) => result?.lhr.audits[id]?.displayValue ?? "-";
    rows.push({
      page,
      metrics: [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
        "speed-index",
      ].map(metric),
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    });
    const failing = Object.values(result?.lhr.audits ?? {}).filter(
      (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary",
    );
    if (failing.length) {
      console.log(`${page}: failing audits: ${failing.map((audit) => audit.id).join(", ")}`);
    }
  }
} finally {
  await chrome.kill();
  server.kill();
}

console.log("\nLighthouse (mobile preset)\n");
console.log(
  "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) {
  if (row.error) {
    console.log(`| ${row.page} | error: ${row.error} | | | | | | | | |`);
    continue;
  }
  console.log(
    `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row["best-practices"]} | ${row.seo} | ${row.metrics.join(" | ")} |`,
  );
}
