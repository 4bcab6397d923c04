// `npm run bench workspace` (issue 52): the workspace engine on a generated folder of 10,000
// files of mixed encodings and sizes (WORKSPACE_BENCH_MB, default 1024: about 1 GB), in Node:
// quick open's index and one query, find in files (literal and regular expression: first
// result and complete), replace in 1,000 files and its undo, byte for byte. ripgrep on the same
// folder is the native floor. The folder is made under the system's temporary folder and
// removed after. Then the page's rows (bench/workspace-page.mjs): a smaller folder of as many
// files (WORKSPACE_BENCH_PAGE_MB, default 200; 0 skips) is written into the page's Origin
// Private File System and opened through the notepad's Open folder… in Chromium. The searches
// and ripgrep run WORKSPACE_BENCH_ROUNDS times (3), each round from an empty encodings memo and,
// for the threads, new threads: ripgrep's own time moved from 158 to 238 ms between runs, so
// the ratio is taken between medians, every round's time printed beside it.
import { createHash } from "node:crypto";
import { execFileSync, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { medianBy, printTable } from "./lib.mjs";
import { measurePage } from "./workspace-page.mjs";

/** The page's rows need the built site and Chromium (`npm run bench` starts them). */
export const nodeOnly = false;

const FILES = Number(process.env.WORKSPACE_BENCH_FILES ?? 10_000);
const TOTAL_MB = Number(process.env.WORKSPACE_BENCH_MB ?? 1024);
const PAGE_MB = Number(process.env.WORKSPACE_BENCH_PAGE_MB ?? 200);
/** WORKSPACE_BENCH_PREFILTER=0: find in files without its byte prefilter, to compare. */
const PREFILTER = process.env.WORKSPACE_BENCH_PREFILTER !== "0";
const ROUNDS = Math.max(1, Math.floor(Number(process.env.WORKSPACE_BENCH_ROUNDS ?? 3)));
const REPLACED_FILES = Math.min(1000, Math.floor(FILES / 4));
const GOALS = {
  index: "",
  query: "≤ 50 ms",
  first: "≤ 300 ms",
  complete: "≤ 10 s, ≤ 10× rg",
  replace: "≤ 10 s",
};

/** The bundled engine's URL (its search threads start the same module). */
let engineUrl = "";

/** Bundles the engine (TypeScript, `~/` paths) into one module the bench can import. */
async function loadEngine(dir) {
  const outfile = path.join(dir, "workspace-engine.mjs");
  await build({
    entryPoints: [path.resolve("bench/workspace-engine.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "error",
    tsconfig: path.resolve("tsconfig.json"),
  });
  engineUrl = pathToFileURL(outfile).href;
  return import(engineUrl);
}

const ENCODINGS = [
  {
    encoding: "utf-8",
    share: 0.55,
    ending: "lf",
    sentence: "The quick brown fox writes notes in plain text — naïve café. ",
  },
  {
    encoding: "utf-16le",
    share: 0.08,
    ending: "crlf",
    sentence: "Γράφω σημειώσεις σε απλό κείμενο, γρήγορα και σταθερά. ",
  },
  {
    encoding: "windows-1252",
    share: 0.12,
    ending: "crlf",
    sentence: "Le café est prêt, la crème brûlée aussi, à bientôt. ",
  },
  {
    encoding: "shift_jis",
    share: 0.09,
    ending: "crlf",
    sentence: "今日はとても良い天気ですね。日本語の文章を書いています。",
  },
  {
    encoding: "gbk",
    share: 0.09,
    ending: "lf",
    sentence: "今天天气很好，我们一起去公园散步吧。这是中文文本。",
  },
  {
    encoding: "koi8-r",
    share: 0.07,
    ending: "lf",
    sentence: "Сегодня очень хорошая погода, и мы идём гулять в парк. ",
  },
];

/** A deterministic pseudo-random number in [0, 1). */
function random(seed) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/**
 * Writes the folder: file sizes spread from 200 bytes to ~1 MB (most small, a few large, as in
 * a real project), 1 in 10 holds "needle 123" (found by both searches), REPLACED_FILES hold
 * "REPLACEME" once. Each encoding's filler is encoded once and repeated, so generating is quick.
 */
async function makeFolder(engine, root, totalMb = TOTAL_MB) {
  const next = random(52);
  const weights = Array.from({ length: FILES }, () => Math.exp(next() * 8));
  const scale = (totalMb * 1024 * 1024) / weights.reduce((a, b) => a + b, 0);
  const fillers = new Map();
  for (const { encoding, ending, sentence } of ENCODINGS) {
    const text = engine.applyLineEnding((sentence.repeat(3) + "\n").repeat(200), ending);
    const body = encoding === "utf-16le" ? "utf-16le-nobom" : encoding;
    fillers.set(encoding, engine.encodeText(text, body));
  }
  let written = 0;
  let at = 0;
  for (let i = 0; i < FILES; i++) {
    const pick = next();
    let cumulative = 0;
    let chosen = ENCODINGS[0];
    for (const entry of ENCODINGS) {
      cumulative += entry.share;
      if (pick < cumulative) {
        chosen = entry;
        break;
      }
    }
    const { encoding, ending } = chosen;
    const body = encoding === "utf-16le" ? "utf-16le-nobom" : encoding;
    const markers =
      (i % 10 === 0 ? `needle ${100 + (i % 900)}\n` : "") +
      (i % Math.floor(FILES / REPLACED_FILES) === 0 && at++ < REPLACED_FILES ? "REPLACEME\n" : "");
    const head = engine.encodeText(engine.applyLineEnding(`file ${i}\n${markers}`, ending), body);
    const filler = fillers.get(encoding);
    const size = Math.max(200, Math.round(weights[i] * scale));
    const bytes = new Uint8Array((encoding === "utf-16le" ? 2 : 0) + head.length + size);
    let offset = 0;
    if (encoding === "utf-16le") bytes.set([0xff, 0xfe], (offset += 2) - 2);
    bytes.set(head, offset);
    offset += head.length;
    while (offset < bytes.length) {
      const part = filler.subarray(0, Math.min(filler.length, bytes.length - offset));
      bytes.set(part, offset);
      offset += part.length;
    }
    // Cut at a whole line of filler, so no file ends inside a character.
    const end = cutAtLineEnd(bytes, encoding);
    const folder = path.join(root, `dir${i % 50}`, `sub${i % 7}`);
    await mkdir(folder, { recursive: true });
    await writeFile(
      path.join(folder, `file-${i}.${i % 3 === 0 ? "md" : "txt"}`),
      bytes.subarray(0, end),
    );
    written += end;
  }
  return written;
}

function cutAtLineEnd(bytes, encoding) {
  const step = encoding === "utf-16le" ? 2 : 1;
  // UTF-16 is read in pairs from the start: only even offsets are characters.
  for (let at = (bytes.length - step) & ~(step - 1); at > 0; at -= step) {
    if (bytes[at] === 0x0a && (step === 1 || bytes[at + 1] === 0)) return at + step;
  }
  return bytes.length;
}

const ms = (start) => `${(performance.now() - start).toFixed(0)} ms`;

/** Times one search: `events` is the engine's find (one thread, or the threaded finder's). */
async function timeSearch(events) {
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  let first = null;
  let summary = null;
  for await (const event of events) {
    if (event.type === "file" && first === null) first = performance.now() - start;
    if (event.type === "done") summary = event.summary;
  }
  // The processor time beside the wall time: on a shared machine the two differ.
  const { user, system } = process.cpuUsage(cpuBefore);
  return { first, complete: performance.now() - start, cpu: (user + system) / 1000, summary };
}

/** "1,476 ms (1,476 / 1,502 / 1,533)": the median complete time, then every round's, in order. */
function runsOf(runs) {
  const median = medianBy(runs, (run) => run.complete).complete;
  const each = runs.map((run) => run.complete.toFixed(0));
  return runs.length > 1
    ? `${median.toFixed(0)} ms (${each.join(" / ")})`
    : `${median.toFixed(0)} ms`;
}

/** ripgrep's time to its first line and to its end, or null when rg is not installed. */
function ripgrep(args, cwd) {
  try {
    execFileSync("rg", ["--version"], { stdio: "ignore" });
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const start = performance.now();
    let first = null;
    const child = spawn("rg", args, { cwd, stdio: ["ignore", "pipe", "ignore"] });
    child.stdout.on("data", () => (first ??= performance.now() - start));
    child.on("close", () => resolve({ first, complete: performance.now() - start }));
  });
}

async function checksums(folder, paths) {
  const sums = new Map();
  for (const file of paths) {
    const { bytes } = await folder.read(file);
    sums.set(file, createHash("sha256").update(bytes).digest("hex"));
  }
  return sums;
}

/** @param {{ browser?: import("playwright").Browser, baseURL?: string }} [options] */
export default async function workspaceBench({ browser, baseURL } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "plainpad-workspace-bench-"));
  try {
    const engine = await loadEngine(dir);
    await engine.loadLegacyEncoders();
    const root = path.join(dir, "folder");
    console.log(`Generating ${FILES} files, ~${TOTAL_MB} MB (WORKSPACE_BENCH_MB) in ${root}…`);
    const bytes = await makeFolder(engine, root);
    const folder = new engine.DiskFolder(root);
    const rows = [];
    const row = (measure, value, goal = "", anchor = "") =>
      rows.push({ measure, value, goal, ripgrep: anchor });

    let start = performance.now();
    const index = new engine.QuickOpenIndex();
    for await (const file of engine.walkShownFiles(folder)) index.add(file);
    row("quick open: folder listed and indexed", `${ms(start)} (${index.size} paths)`, GOALS.index);
    start = performance.now();
    // A file's path as someone types it: letters of its folders and its number.
    const wanted = Math.floor(FILES * 0.4242);
    const results = index.query(`d${wanted % 50}s${wanted % 7}f${wanted}`, { limit: 50 });
    row("quick open: one query answered", `${ms(start)} (${results.length} results)`, GOALS.query);

    const searches = [
      {
        label: "literal (first search)",
        query: { query: "needle 1", regexp: false },
        rgArgs: ["-F", "needle 1"],
      },
      {
        label: "regular expression (encodings known)",
        query: { query: "need\\w+ \\d{3}" },
        rgArgs: ["need\\w+ \\d{3}"],
      },
    ];
    // Each round: the first search detects each file's encoding, the next one reuses it (as a
    // worker does), from an empty memo; ripgrep after each.
    const ours = searches.map(() => []);
    const rgRuns = searches.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const memo = new Map();
      for (const [at, { query, rgArgs }] of searches.entries()) {
        ours[at].push(
          await timeSearch(
            engine.findInFolder(folder, { ...query, bytePrefilter: PREFILTER }, undefined, memo),
          ),
        );
        const rg = await ripgrep([...rgArgs, "--count", "."], root);
        if (rg) rgRuns[at].push(rg);
      }
    }
    // The engine as the page runs it: one search thread per logical processor (at most four),
    // each with its share of the files; ripgrep above runs on its own default threads too. New
    // threads each round, as the page's first search starts its workers.
    const threads = engine.findWorkerCount(os.availableParallelism());
    const threaded = searches.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const finder = engine.threadedFinder(root, threads, engineUrl);
      try {
        for (const [at, { query }] of searches.entries()) {
          threaded[at].push(await timeSearch(finder.find({ ...query, bytePrefilter: PREFILTER })));
        }
      } finally {
        await finder.close();
      }
    }
    for (const [at, { label }] of searches.entries()) {
      const mine = medianBy(ours[at], (run) => run.complete);
      const theirs = rgRuns[at].length > 0 ? medianBy(rgRuns[at], (run) => run.complete) : null;
      const anchorFirst = theirs
        ? `${theirs.first?.toFixed(0)} ms`
        : "anchor missing (apt install ripgrep)";
      const anchorAll = theirs ? `${runsOf(rgRuns[at])}` : "anchor missing";
      row(`find ${label}: first result`, `${mine.first?.toFixed(0)} ms`, GOALS.first, anchorFirst);
      row(
        `find ${label}: complete`,
        `${runsOf(ours[at])}, CPU ${mine.cpu.toFixed(0)} ms (${mine.summary.matchCount} in ${mine.summary.filesMatched} files; ${mine.summary.skippedBinary} skipped as binary, ${mine.summary.skippedTooLarge} too large)`,
        GOALS.complete,
        anchorAll,
      );
      const inThreads = medianBy(threaded[at], (run) => run.complete);
      row(
        `find ${label}, ${threads} threads as the page: complete`,
        `${runsOf(threaded[at])} (${inThreads.summary.matchCount} in ${inThreads.summary.filesMatched} files)`,
        GOALS.complete,
      );
      if (theirs) {
        row(
          `find ${label}: against ripgrep (medians), one thread / ${threads} threads`,
          `${(mine.complete / theirs.complete).toFixed(1)}× / ${(inThreads.complete / theirs.complete).toFixed(1)}×`,
          "≤ 10×",
        );
      }
    }

    const hits = [];
    for await (const event of engine.findInFolder(folder, {
      query: "REPLACEME",
      regexp: false,
      matchCase: true,
    })) {
      if (event.type === "file") hits.push(event.hits);
    }
    const paths = hits.map((hit) => hit.path);
    const before = await checksums(folder, paths);
    start = performance.now();
    const choices = hits.map((hit) => ({
      hits: hit,
      matches: hit.lines.flatMap((line) => line.matches),
    }));
    const plan = await engine.planReplace(folder, choices, { replacement: "REPLACED" });
    const outcome = await engine.applyReplacePlan(folder, plan);
    row(
      `replace in ${paths.length} files`,
      `${ms(start)} (${outcome.undo.files.length} written, ${plan.refused.length + plan.changed.length + outcome.failed.length} not)`,
      GOALS.replace,
    );
    start = performance.now();
    const undoFailed = await engine.undoReplace(folder, outcome.undo);
    row("undo replace in files", `${ms(start)} (${undoFailed.length} not put back)`, GOALS.replace);
    const after = await checksums(folder, paths);
    const identical = paths.every((file) => before.get(file) === after.get(file));
    row("byte-identical after undo", identical ? "yes" : "NO", "yes");

    const load = os.loadavg()[0].toFixed(1);
    printTable(
      `Workspace engine, ${FILES} files, ${(bytes / 1048576).toFixed(0)} MB (Node; byte prefilter ${PREFILTER ? "on" : "off"}; load average ${load})`,
      rows,
    );
    if (!process.env.WORKSPACE_BENCH_KEEP) await rm(root, { recursive: true, force: true });

    if (browser && PAGE_MB > 0) {
      const pageRoot = path.join(dir, "page-folder");
      const pageBytes = await makeFolder(engine, pageRoot, PAGE_MB);
      const pageRows = [];
      const pageRow = (measure, value, goal = "") => pageRows.push({ measure, value, goal });
      const sizeLabel = `${FILES} files, ${(pageBytes / 1048576).toFixed(0)} MB`;
      // Two files' paths as someone types them (as above).
      const quickQuery = [0.4242, 0.7373].map((share, at) => {
        const n = Math.floor(FILES * share);
        const label = at === 0 ? "first query after opening" : "a second query";
        return [label, `d${n % 50}s${n % 7}f${n}`, `file-${n}.`];
      });
      await measurePage({ browser, baseURL, root: pageRoot, sizeLabel, quickQuery, row: pageRow });
      printTable(`Workspace in the notepad, ${sizeLabel} in OPFS (Chromium)`, pageRows);
    }
  } finally {
    if (!process.env.WORKSPACE_BENCH_KEEP) await rm(dir, { recursive: true, force: true });
    else console.log(`Kept: ${dir}`);
  }
}

// Run directly: `node bench/workspace.bench.mjs`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await workspaceBench();
}
