// Files at the limit (issue 17): the simple editor opens generated files of 200 and 500 MB
// through its real open path (streamed read, progress, the document replaced), then is typed
// in and searched. Per size: open-to-paint, the longest main-thread task while opening, the JS
// heap after, main-thread time per keystroke (BIG_KEYSTROKES keystrokes mid-document), and a
// search for a common word: time to the first match, to the full count, and the longest task
// during it. The file is one generated megabyte repeated (the browser shares its bytes), so the
// bench itself needs little memory. One run per size; BENCH_BIG_SIZES="200,500" by default.
import { generateDocument, measureTyping, printTable, summarizeTyping } from "./lib.mjs";

const SIZES = (process.env.BENCH_BIG_SIZES ?? "200,500").split(",").map(Number);
const KEYSTROKES = Number(process.env.BIG_KEYSTROKES ?? 30);
const WORD = "students";
const MB = 1024 * 1024;

const watchLongTasks = () => {
  window.__longest = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longest = Math.max(window.__longest, entry.duration);
  }).observe({ type: "longtask" });
};

async function measure(browser, url, sizeMb) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => Boolean(window.__plainpadBench));
  await page.waitForTimeout(300);
  await page.evaluate(
    ([source, size, watch]) => {
      const piece = new Function(`return (${source})(${1 << 20})`)().slice(0, 1 << 20);
      window.__file = new Blob(Array(size).fill(new Blob([piece])));
      new Function(`return (${watch})`)()();
    },
    [generateDocument.toString(), sizeMb, watchLongTasks.toString()],
  );
  const open = await page.evaluate(async () => {
    window.__longest = 0;
    const ms = await window.__plainpadBench.openFile(window.__file, "big.txt");
    delete window.__file;
    return { ms, longest: window.__longest, length: window.__plainpadBench.length() };
  });
  await page.waitForFunction(() => window.__plainpadBench.settled(), null, { timeout: 300_000 });
  await page.waitForTimeout(2000);
  const heapBytes = await page.evaluate(() => {
    window.gc?.();
    return performance.memory?.usedJSHeapSize ?? NaN;
  });
  const typing = summarizeTyping(
    await measureTyping(page, {
      keystrokes: KEYSTROKES,
      rounds: 1,
      focusMiddle: () => page.evaluate(() => window.__plainpadBench.focusMiddle()),
    }),
  );
  await page.waitForTimeout(1500);
  const search = await page.evaluate(async (word) => {
    window.__longest = 0;
    const result = await window.__plainpadBench.search(word);
    return { ...result, longest: window.__longest };
  }, WORD);
  await context.close();
  return { open, heapBytes, typing, search };
}

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");

export default async function bigFilesBench({ browser, baseURL }) {
  const rows = [];
  for (const sizeMb of SIZES) {
    const result = await measure(browser, `${baseURL}/editor/?bench`, sizeMb);
    rows.push({
      file: `${sizeMb} MB`,
      "open ms": fmt(result.open.ms),
      "longest task while opening ms": fmt(result.open.longest),
      "heap MB": fmt(result.heapBytes / MB),
      "heap/file": fmt(result.heapBytes / (sizeMb * MB)),
      "main/key p95": fmt(result.typing.mainP95.median),
      "key→paint p95": fmt(result.typing.paintP95.median),
      "search first match ms": fmt(result.search.firstMs),
      "search full count ms": `${fmt(result.search.ms)} (${result.search.count})`,
      "longest task while searching ms": fmt(result.search.longest),
    });
  }
  printTable(
    `Simple editor at the file limit (one run per size, ${KEYSTROKES} keystrokes mid-document, search "${WORD}")`,
    rows,
  );
}
