// Shared harness of the benchmarks: serves the built site and launches Debian's Chromium with
// the flags this machine needs. Each bench/*.bench.mjs exports `default async function(ctx)`.
import { spawn } from "node:child_process";
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

/** Starts scripts/serve.mjs on a free-ish port and resolves with its base URL. */
export async function startServer(port = Number(process.env.BENCH_PORT ?? 4390)) {
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
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
