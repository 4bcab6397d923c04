// Simple editor vs a bare CodeMirror 6 (bench/bare-codemirror.js: the engine with none of our
// features) vs a plain <textarea> with a line-number gutter, on generated documents of
// 0, 1, 10 and 50 MB: open-to-first-paint, keystroke-to-paint and main-thread time per
// keystroke (50 keystrokes in the middle of the document, in BENCH_ROUNDS rounds: see
// measureTyping in lib.mjs), search-all for a common word, and
// the JS heap after load; for the editor also opening the document as a CRLF file (decoding and
// line-ending detection included). Documents are built inside the page and loaded through the
// `?bench` hook of /editor/ (window.__plainpadBench), so nothing is typed or sent over CDP.
import { readFile } from "node:fs/promises";
import {
  bareCodeMirrorPage,
  generateDocument,
  measureTyping,
  openBenchPage,
  openGeneratedDocument,
  printTable,
  summarizeTyping,
} from "./lib.mjs";

const MB = 1024 * 1024;
const SIZES = (process.env.BENCH_SIZES ?? "0,1,10,50").split(",").map(Number);
const KEYSTROKES = 50;
// Rounds of KEYSTROKES keystrokes per CodeMirror page (the textarea, at seconds per keystroke,
// gets one): the table shows the median p95 and every round's.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WORD = "students";
// The textarea needs seconds per keystroke from 10 MB on; at 50 MB one run takes many minutes.
const BASELINE_MAX_MB = Number(process.env.BENCH_BASELINE_MAX_MB ?? 10);

/**
 * Opening a `sizeMb` file with Windows (CRLF) line endings through the editor's real open path
 * (bytes decoded, encoding and line endings detected, the document replaced), first paint.
 */
async function measureCrlfFileOpen(browser, url, sizeMb) {
  const { context, page } = await openBenchPage(browser, url);
  await page.evaluate(
    ([source, size]) => {
      const text = new Function(`return (${source})(${size})`)().replace(/\n/g, "\r\n");
      window.__bytes = new TextEncoder().encode(text);
    },
    [generateDocument.toString(), sizeMb * MB],
  );
  const ms = await page.evaluate(async () => {
    const result = await window.__plainpadBench.openFile(window.__bytes, "bench.txt");
    delete window.__bytes;
    return result;
  });
  await context.close();
  return ms;
}

async function measure(browser, url, route, sizeMb, rounds) {
  const { context, page } = await openBenchPage(browser, url, route);
  const bytes = sizeMb * MB;
  const openMs = await openGeneratedDocument(page, bytes);
  const heapBytes = await page.evaluate(() => {
    window.gc?.();
    return performance.memory?.usedJSHeapSize ?? NaN;
  });

  // The longest main-thread task while typing: the first edit after opening also takes a
  // version-history snapshot of the whole document (issue 15), which must never show here.
  await page.evaluate(() => {
    window.__longestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longestTask = Math.max(window.__longestTask, entry.duration);
      }
    }).observe({ type: "longtask" });
  });
  const typing = await measureTyping(page, {
    keystrokes: KEYSTROKES,
    rounds,
    focusMiddle: () => page.evaluate(() => window.__plainpadBench.focusMiddle()),
  });
  // Let an idle-time snapshot finish before reading the longest task.
  await page.waitForTimeout(1500);
  const longestTaskMs = await page.evaluate(() => window.__longestTask);
  const search = await page.evaluate((word) => window.__plainpadBench.search(word), WORD);
  await context.close();
  return { openMs, typing: summarizeTyping(typing), search, heapBytes, bytes, longestTaskMs };
}

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");

/** Runs the editor benchmark and prints one table (editor and textarea rows, with ratios). */
export default async function editorBench({ browser, baseURL }) {
  const baseline = {
    url: `${baseURL}/__bench/textarea-baseline.html`,
    body: await readFile(new URL("./textarea-baseline.html", import.meta.url), "utf8"),
  };
  const bare = {
    url: `${baseURL}/__bench/bare-codemirror.html`,
    body: await bareCodeMirrorPage(),
  };
  const rows = [];
  let emptyEditorP95 = NaN;
  for (const sizeMb of SIZES) {
    const editor = await measure(browser, `${baseURL}/editor/?bench`, null, sizeMb, ROUNDS);
    editor.crlfFileOpenMs =
      sizeMb > 0 ? await measureCrlfFileOpen(browser, `${baseURL}/editor/?bench`, sizeMb) : NaN;
    const bareEngine = await measure(browser, bare.url, bare, sizeMb, ROUNDS);
    const textarea =
      sizeMb <= BASELINE_MAX_MB ? await measure(browser, baseline.url, baseline, sizeMb, 1) : null;
    const editorP95 = editor.typing.paintP95.median;
    if (sizeMb === 0) emptyEditorP95 = editorP95;
    /** @type {[string, typeof editor][]} */
    const pages = [
      ["editor", editor],
      ["bare CM6", bareEngine],
      ...(textarea ? [/** @type {[string, typeof editor]} */ (["textarea", textarea])] : []),
    ];
    for (const [name, result] of pages) {
      const { typing } = result;
      const p95 = typing.paintP95.median;
      rows.push({
        page: name,
        doc: `${sizeMb} MB`,
        "open ms": fmt(result.openMs),
        "CRLF file open ms": fmt(result.crlfFileOpenMs),
        "key→paint p50": fmt(typing.paintP50.median),
        "key→paint p95": fmt(p95),
        "main/key p50": fmt(typing.mainP50.median),
        "main/key p95": fmt(typing.mainP95.median),
        "main/key p95 by round": typing.mainP95.rounds.map(fmt).join(" / "),
        // The editor keeps version history (a snapshot at the first edit); the others do not.
        "longest task while typing ms": fmt(result.longestTaskMs),
        "search ms": `${fmt(result.search.ms)} (${result.search.count})`,
        "heap MB": fmt(result.heapBytes / MB),
        "heap/doc": result.bytes > 0 ? fmt(result.heapBytes / result.bytes) : "-",
        "p95 vs empty editor": fmt(p95 / emptyEditorP95),
        "open vs textarea":
          name === "textarea" ? "1.0" : textarea ? fmt(result.openMs / textarea.openMs) : "skipped",
      });
    }
  }
  printTable(
    `Simple editor vs bare CodeMirror 6 vs <textarea> + gutter (${KEYSTROKES} keystrokes mid-document; typing figures are the median of ${ROUNDS} rounds on the CodeMirror pages, 1 on the textarea; search "${WORD}")`,
    rows,
  );
}
