// Shared harness of the benchmarks: serves the built site and launches Debian's Chromium with
// the flags this machine needs. Each bench/*.bench.mjs exports `default async function(ctx)`.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Lets benchmarks read precise heap sizes (performance.memory) and force GC.
  "--enable-precise-memory-info",
  "--js-flags=--expose-gc",
];

/**
 * Starts the built server (the site and the live relay on /relay, rooms in a temp folder) on a
 * free-ish port and resolves with its base URL.
 */
export async function startServer(port = Number(process.env.BENCH_PORT ?? 4390)) {
  const main = path.join(process.env.BUILD_DIR ?? "build", "server", "main.mjs");
  const dataDir = mkdtempSync(path.join(tmpdir(), "plainpad-bench-rooms-"));
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, PORT: String(port), RELAY_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes("served at")) resolve(undefined);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { baseURL: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Launches Chromium (CHROMIUM_PATH overrides /usr/bin/chromium). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: LAUNCH_ARGS,
  });
}

/**
 * A new page at `url` (a 1280×800 window) once its `window.__plainpadBench` hook is there, its
 * service worker is active and its own start-up (draft load) had a moment. `route` serves a
 * page that is not on the site (the baselines): `{ url, body }`.
 */
export async function openBenchPage(browser, url, route = null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (route)
    await page.route(route.url, (r) => r.fulfill({ contentType: "text/html", body: route.body }));
  await page.goto(url);
  await page.waitForFunction(() => Boolean(window.__plainpadBench));
  // The first visit installs the service worker, which precaches the whole site (about 300
  // files, 12 MB) in the page's first seconds, competing with a measurement for this machine's
  // two cores: a 500 MB open took a quarter longer beside it. The benches measure what every
  // later visit gets, once the worker is active (the baselines' pages register none).
  if (!route) {
    const active = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => true) : false,
        new Promise((resolve) => setTimeout(() => resolve(false), 60_000)),
      ]),
    );
    // Measured all the same, but said: the figures may include the precaching.
    if (!active) console.warn(`bench: no active service worker at ${url}; measuring anyway`);
  }
  await page.waitForTimeout(300);
  return { context, page };
}

/** The bare CodeMirror page: bench/bare-codemirror.js bundled into one HTML file. */
export function bareCodeMirrorPage() {
  return benchPage("bare-codemirror.js", "Baseline: bare CodeMirror 6");
}

/**
 * CodeMirror with the simple editor's own CodeMirror extensions and no page around it:
 * bench/codemirror-with-extensions.js bundled into one HTML file.
 */
export function codeMirrorWithExtensionsPage() {
  return benchPage(
    "codemirror-with-extensions.js",
    "Baseline: CodeMirror 6 with the editor's extensions",
  );
}

/**
 * `entry` (a file in bench/) bundled with Vite into one HTML page, with the app's `~` import
 * alias and its lazily loaded modules inlined.
 */
async function benchPage(entry, title) {
  const { build } = await import("vite");
  const result = await build({
    configFile: false,
    logLevel: "silent",
    resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: fileURLToPath(new URL(`./${entry}`, import.meta.url)),
        formats: ["iife"],
        name: "benchPage",
      },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  });
  // vite's build answers a watcher only in watch mode, which this build is not.
  const built =
    /** @type {import("vite").Rollup.RollupOutput | import("vite").Rollup.RollupOutput[]} */ (
      result
    );
  const output = (Array.isArray(built) ? built[0] : built).output[0];
  const script = output.code.replace(/<\/script/gi, "<\\/script");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>body{margin:0}</style></head><body><div id="editor"></div><script>${script}</script></body></html>`;
}

/**
 * Generates a document of `bytes` in the page (one line when `oneLine`), opens it through the
 * page's `__plainpadBench.open` and waits for the background word count and a short rest.
 * Resolves with open-to-paint ms. Resets `window.__longest` (the long-task watermark some
 * benches keep) right before opening, so generating the text is not counted.
 */
export async function openGeneratedDocument(page, bytes, { oneLine = false } = {}) {
  await page.evaluate(
    ([source, size, single]) => {
      const text = size > 0 ? new Function(`return (${source})(${size})`)().slice(0, size) : "";
      window.__doc = single ? text.replace(/\n/g, " ") : text;
    },
    [generateDocument.toString(), bytes, oneLine],
  );
  const openMs = await page.evaluate(async () => {
    window.__longest = 0;
    const ms = await window.__plainpadBench.open(window.__doc);
    delete window.__doc;
    return ms;
  });
  // A big document's word count runs in the background after opening; what follows is
  // measured once it is done (its slices would otherwise land in the measurements).
  await page.waitForFunction(() => window.__plainpadBench.settled?.() ?? true, null, {
    timeout: 60_000,
  });
  await page.waitForTimeout(500);
  return openMs;
}

/**
 * measureTyping() in the middle of the document (`__plainpadBench.focusMiddle` before each
 * round), summarized: what most benches report.
 */
export async function typeInTheMiddle(page, { keystrokes, rounds }) {
  return summarizeTyping(
    await measureTyping(page, {
      keystrokes,
      rounds,
      focusMiddle: () => page.evaluate(() => window.__plainpadBench.focusMiddle()),
    }),
  );
}

/** p-th percentile (0..100) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** Prints rows (objects with the same keys) as an aligned text table under a title. */
export function printTable(title, rows) {
  console.log(`\n## ${title}\n`);
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? "")));
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...cells.map((row) => row[i].length)),
  );
  const line = (values) => `| ${values.map((value, i) => value.padEnd(widths[i])).join(" | ")} |`;
  console.log(line(columns));
  console.log(`| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`);
  for (const row of cells) console.log(line(row));
}

/** English-like lines of text, about `bytes` long, deterministic. */
export function generateDocument(bytes) {
  const words = (
    "the quick brown fox jumps over a lazy dog while writers draft notes and students " +
    "review their essays before the deadline so every editor must stay fast on large files " +
    "plain text is simple portable and durable across many years of computing history"
  ).split(" ");
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const parts = [];
  let size = 0;
  while (size < bytes) {
    const count = 6 + (next() % 12);
    const lineWords = [];
    for (let i = 0; i < count; i++) lineWords.push(words[next() % words.length]);
    const line = lineWords.join(" ") + ".\n";
    parts.push(line);
    size += line.length;
  }
  return parts.join("");
}

/** Markdown with headings, paragraphs, lists, code, quotes and tables, about `bytes` long. */
export function generateMarkdown(bytes) {
  const words = ["plain", "notes", "draft", "review", "editor", "files", "fast", "students"];
  const parts = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const w = (n) => words[(i * 7 + n) % 8];
    const block = [
      `## Section ${i}: ${w(1)} ${w(2)}`,
      "",
      `The ${w(3)} of section ${i} has **${w(4)} words**, _${w(5)} ones_ and \`code ${i}\`, with [a link](https://example.com/${i}).`,
      "",
      `- ${w(6)} item one`,
      `- [x] ${w(7)} done`,
      `- [ ] ${w(0)} open`,
      "",
      "```js",
      `function section${i}(items) {`,
      `  return items.filter((item) => item.score > ${i % 50});`,
      "}",
      "```",
      "",
      `> A quote about ${w(2)} in section ${i}.`,
      "",
      "| name | score |",
      "|---|--:|",
      `| ${w(1)} | ${i % 100} |`,
      "",
      "",
    ].join("\n");
    parts.push(block);
    size += block.length;
  }
  return parts.join("");
}

/** Median of a list of numbers. */
export function median(values) {
  return percentile(values, 50);
}

/** The item with the median `key` (the lower middle one of an even count): a whole run, kept. */
export function medianBy(items, key) {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function taskDuration(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((metric) => metric.name === "TaskDuration").value * 1000;
}

/**
 * Typing figures as the issues define them: `keystrokes` key presses in the middle of the
 * document, each followed by its next frame. Per keystroke: main-thread time (Chromium's
 * TaskDuration over the press and that frame) and keystroke-to-paint latency (keydown to the
 * frame after it). The machines are shared and noisy, so the keystrokes run `rounds` times
 * (`focusMiddle` puts the cursor back in the middle first) and each round keeps its samples;
 * summarizeTyping() reports every round's p95 and their median.
 */
export async function measureTyping(page, { keystrokes = 50, rounds = 1, focusMiddle }) {
  await page.evaluate(() => {
    window.__latencies = [];
    window.addEventListener(
      "keydown",
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => window.__latencies.push(performance.now() - start);
          channel.port2.postMessage(0);
        });
      },
      true,
    );
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const keys = "the quick brown fox jumps over a lazy dog and more ".split("");
  const results = [];
  for (let round = 0; round < rounds; round++) {
    if (round > 0) await page.waitForTimeout(1000);
    await focusMiddle();
    await page.evaluate(() => (window.__latencies = []));
    const mainThread = [];
    for (let i = 0; i < keystrokes; i++) {
      await page.waitForTimeout(20);
      const before = await taskDuration(cdp);
      const key = keys[i % keys.length];
      await page.keyboard.press(key === " " ? "Space" : key);
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
      );
      mainThread.push((await taskDuration(cdp)) - before);
    }
    results.push({ mainThread, latencies: await page.evaluate(() => window.__latencies) });
  }
  await cdp.detach();
  return results;
}

/** p50 and p95 of each round of measureTyping(), and their medians over the rounds. */
export function summarizeTyping(rounds) {
  const per = (field, p) => rounds.map((round) => percentile(round[field], p));
  const figure = (field, p) => ({ median: median(per(field, p)), rounds: per(field, p) });
  return {
    mainP50: figure("mainThread", 50),
    mainP95: figure("mainThread", 95),
    paintP50: figure("latencies", 50),
    paintP95: figure("latencies", 95),
  };
}
