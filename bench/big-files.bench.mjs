// Files at the limit (issue 17), three tables:
// 1. The simple editor opens generated files of 200 and 500 MB through its real open path
//    (streamed read, progress, the document replaced), then is typed in and searched. Per size:
//    open-to-paint, the longest main-thread task while opening, the JS heap after and the
//    renderer's memory growth (RssAnon from /proc, Linux) per byte of file, main-thread
//    time per keystroke (BIG_KEYSTROKES keystrokes mid-document; once while the document's
//    first store into IndexedDB still runs, once after it), and a search for a common
//    word: time to the first match, to the full count, and the longest task during it.
// 2. The notepad opens a 200 MB file in a tab, stores it in IndexedDB, and restores it after a
//    reload: time to stored and to restored, the longest task during each.
// 3. A 10 MB file that is one line, in the editor and in bare CodeMirror, word wrap on and off:
//    open, scroll to the end, typing at the end (BENCH_ROUNDS rounds, like the editor bench:
//    the first round's first keystroke also compiles the typing code, see docs/benchmarks.md).
// 4. Two editor windows on a 20 MB document: one types 10 keys, a second apart; the time the
//    other window spends in long tasks while it follows them (BENCH_FOLLOW_MB, 0 skips).
// Big files are one generated megabyte repeated (the browser shares its bytes), so the bench
// itself needs little memory. One run per size; BENCH_BIG_SIZES="200,500" by default,
// BENCH_NOTEPAD_MB=200, BENCH_ONE_LINE_MB=10 (0 skips a table).
import { readFileSync } from "node:fs";
import {
  bareCodeMirrorPage,
  generateDocument,
  measureTyping,
  openBenchPage,
  openGeneratedDocument,
  printTable,
  summarizeTyping,
} from "./lib.mjs";

const SIZES = (process.env.BENCH_BIG_SIZES ?? "200,500").split(",").filter(Boolean).map(Number);
const NOTEPAD_MB = Number(process.env.BENCH_NOTEPAD_MB ?? 200);
const ONE_LINE_MB = Number(process.env.BENCH_ONE_LINE_MB ?? 10);
const FOLLOW_MB = Number(process.env.BENCH_FOLLOW_MB ?? 20);
const KEYSTROKES = Number(process.env.BIG_KEYSTROKES ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WORD = "students";
const MB = 1024 * 1024;

/**
 * The anonymous memory (RssAnon: heap, external strings, everything the page allocated) of all
 * renderer processes, from /proc (Linux); NaN elsewhere. `usedJSHeapSize` leaves out the
 * strings Blink hands to V8 from TextDecoder, so it cannot show "memory ≤ 2× the file".
 */
async function rendererMemory(browser) {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send("SystemInfo.getProcessInfo");
    let bytes = 0;
    for (const process of processInfo.filter((info) => info.type === "renderer")) {
      const status = readFileSync(`/proc/${process.id}/status`, "utf8");
      bytes += Number(/RssAnon:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
    }
    return bytes;
  } catch {
    return NaN;
  } finally {
    await cdp.detach();
  }
}

const watchLongTasks = () => {
  window.__longest = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longest = Math.max(window.__longest, entry.duration);
  }).observe({ type: "longtask" });
};

async function measure(browser, url, sizeMb) {
  const { context, page } = await openBenchPage(browser, url);
  await page.evaluate(
    ([source, size, watch]) => {
      const piece = new Function(`return (${source})(${1 << 20})`)().slice(0, 1 << 20);
      window.__file = new Blob(Array(size).fill(new Blob([piece])));
      new Function(`return (${watch})`)()();
    },
    [generateDocument.toString(), sizeMb, watchLongTasks.toString()],
  );
  const memoryBefore = await rendererMemory(browser);
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
  const memoryBytes = (await rendererMemory(browser)) - memoryBefore;
  const typeInTheMiddle = async () =>
    summarizeTyping(
      await measureTyping(page, {
        keystrokes: KEYSTROKES,
        rounds: 1,
        focusMiddle: () => page.evaluate(() => window.__plainpadBench.focusMiddle()),
      }),
    );
  // Typed twice: while the document's first store into this browser still runs (thousands of
  // chunk writes, each a task of its own), as a user who types at once would; then once it is
  // done.
  const storingAtStart = !(await page.evaluate(() => window.__plainpadBench.stored()));
  const typing = await typeInTheMiddle();
  await page.waitForFunction(() => window.__plainpadBench.stored(), null, {
    timeout: 600_000,
    polling: 250,
  });
  await page.waitForTimeout(1000);
  const typingStored = await typeInTheMiddle();
  await page.waitForTimeout(1500);
  const search = await page.evaluate(async (word) => {
    window.__longest = 0;
    const result = await window.__plainpadBench.search(word);
    return { ...result, longest: window.__longest };
  }, WORD);
  await context.close();
  return { open, heapBytes, memoryBytes, typing, storingAtStart, typingStored, search };
}

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");

/**
 * The notepad with a `sizeMb` tab: opened from a file, stored (until nothing is left to write),
 * then the page reloaded until the tab's text is back in the editor.
 */
async function measureNotepadTab(browser, baseURL, sizeMb) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(watchLongTasks);
  await page.goto(`${baseURL}/online-notepad/`);
  await page.waitForFunction(() => Boolean(window.__plainpadNotepad?.getView()));
  await page.waitForTimeout(300);
  await page.evaluate(
    ([source, size]) => {
      const piece = new Function(`return (${source})(${1 << 20})`)().slice(0, 1 << 20);
      window.__file = new File(Array(size).fill(new Blob([piece])), "big.txt");
    },
    [generateDocument.toString(), sizeMb],
  );
  const open = await page.evaluate(async () => {
    const start = performance.now();
    window.__longest = 0;
    await window.__plainpadNotepad.tabs.openFiles([{ file: window.__file, handle: null }]);
    delete window.__file;
    const ms = performance.now() - start;
    const longest = window.__longest;
    window.__longest = 0;
    // Stored: the write starts after the next paint and ends when nothing is left to write.
    while (window.__plainpadNotepad.isAllStored())
      await new Promise((resolve) => setTimeout(resolve, 5));
    while (!window.__plainpadNotepad.isAllStored())
      await new Promise((resolve) => setTimeout(resolve, 20));
    return { ms, longest, storeMs: performance.now() - start - ms, storeLongest: window.__longest };
  });
  await page.waitForTimeout(1000);
  const reloadStart = Date.now();
  await page.reload();
  await page.waitForFunction(
    (length) => (window.__plainpadNotepad?.getView()?.state.doc.length ?? 0) >= length,
    sizeMb * (1 << 20),
    { timeout: 300_000, polling: 20 },
  );
  const restoreMs = Date.now() - reloadStart;
  await page.waitForTimeout(500);
  const restoreLongest = await page.evaluate(() => window.__longest);
  await context.close();
  return { open, restoreMs, restoreLongest };
}

/** A `sizeMb` one-line document in the page at `url`, word wrap `wrap`. */
async function measureOneLine(browser, url, route, sizeMb, wrap) {
  const { context, page } = await openBenchPage(browser, url, route);
  await page.evaluate(watchLongTasks);
  await page.evaluate((on) => window.__plainpadBench.setWrap(on), wrap);
  const openMs = await openGeneratedDocument(page, sizeMb * (1 << 20), { oneLine: true });
  const scrollMs = await page.evaluate(() => window.__plainpadBench.scrollToEnd());
  await page.waitForTimeout(500);
  const typing = summarizeTyping(
    await measureTyping(page, {
      keystrokes: KEYSTROKES,
      rounds: ROUNDS,
      focusMiddle: () => page.evaluate(() => window.__plainpadBench.scrollToEnd()),
    }),
  );
  const longest = await page.evaluate(() => window.__longest);
  await context.close();
  return { openMs, scrollMs, typing, longest };
}

/**
 * Window A opens a `sizeMb` document and stores it; window B opens the editor and shows it;
 * A types 10 keys a second apart (each stored), and B follows. B's long tasks meanwhile.
 */
async function measureFollowing(browser, baseURL, sizeMb) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const open = async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL}/editor/?bench`);
    await page.waitForFunction(() => Boolean(window.__plainpadBench));
    // The stored draft loads (and the load gate opens) just after the hook appears.
    await page.waitForTimeout(1500);
    return page;
  };
  const a = await open();
  await openGeneratedDocument(a, sizeMb * MB);
  await a.waitForTimeout(2000);
  await a.waitForFunction(() => window.__plainpadBench.stored(), null, { timeout: 120_000 });
  const b = await open();
  const length = await a.evaluate(() => window.__plainpadBench.length());
  await b.waitForFunction((n) => window.__plainpadBench.length() === n, length, {
    timeout: 120_000,
  });
  await b.waitForTimeout(1000);
  await b.evaluate(() => {
    window.__longest = 0;
    window.__longTotal = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longest = Math.max(window.__longest, entry.duration);
        window.__longTotal += entry.duration;
      }
    }).observe({ type: "longtask" });
  });
  await a.bringToFront();
  await a.evaluate(() => window.__plainpadBench.focusMiddle());
  for (let i = 0; i < 10; i++) {
    await a.keyboard.type("x");
    await a.waitForTimeout(1000);
  }
  await a.waitForFunction(() => window.__plainpadBench.stored(), null, { timeout: 60_000 });
  const typed = await a.evaluate(() => window.__plainpadBench.length());
  await b.waitForFunction((n) => window.__plainpadBench.length() === n, typed, {
    timeout: 60_000,
  });
  const result = await b.evaluate(() => ({
    longest: window.__longest,
    total: window.__longTotal,
  }));
  await context.close();
  return result;
}

export default async function bigFilesBench({ browser, baseURL }) {
  if (SIZES.length) {
    const rows = [];
    for (const sizeMb of SIZES) {
      const result = await measure(browser, `${baseURL}/editor/?bench`, sizeMb);
      rows.push({
        file: `${sizeMb} MB`,
        "open ms": fmt(result.open.ms),
        "longest task while opening ms": fmt(result.open.longest),
        "heap MB": fmt(result.heapBytes / MB),
        "heap/file": fmt(result.heapBytes / (sizeMb * MB)),
        "page memory/file": fmt(result.memoryBytes / (sizeMb * MB)),
        "first store running as typing began": result.storingAtStart ? "yes" : "no",
        "main/key p95": fmt(result.typing.mainP95.median),
        "main/key p95 after the store": fmt(result.typingStored.mainP95.median),
        "key→paint p95 after the store": fmt(result.typingStored.paintP95.median),
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
  if (NOTEPAD_MB > 0) {
    const result = await measureNotepadTab(browser, baseURL, NOTEPAD_MB);
    printTable(`Notepad: a ${NOTEPAD_MB} MB tab opened, stored, and restored after a reload`, [
      {
        "open ms": fmt(result.open.ms),
        "longest task while opening ms": fmt(result.open.longest),
        "stored after ms": fmt(result.open.storeMs),
        "longest task while storing ms": fmt(result.open.storeLongest),
        "reload to restored ms": fmt(result.restoreMs),
        "longest task while restoring ms": fmt(result.restoreLongest),
      },
    ]);
  }
  if (ONE_LINE_MB > 0) {
    const bare = {
      url: `${baseURL}/__bench/bare-codemirror.html`,
      body: await bareCodeMirrorPage(),
    };
    const rows = [];
    for (const wrap of [true, false]) {
      for (const [name, url, route] of [
        ["editor", `${baseURL}/editor/?bench`, null],
        ["bare CM6", bare.url, bare],
      ]) {
        const result = await measureOneLine(browser, url, route, ONE_LINE_MB, wrap);
        rows.push({
          page: name,
          "word wrap": wrap ? "on" : "off",
          "open ms": fmt(result.openMs),
          "scroll to end ms": fmt(result.scrollMs),
          "main/key p95 at end": fmt(result.typing.mainP95.median),
          "main/key p95 by round": result.typing.mainP95.rounds.map(fmt).join(" / "),
          "key→paint p95": fmt(result.typing.paintP95.median),
          "longest task ms": fmt(result.longest),
        });
      }
    }
    printTable(
      `A ${ONE_LINE_MB} MB file that is one line (${KEYSTROKES} keystrokes at its end in ${ROUNDS} rounds; typing figures are the median of the rounds)`,
      rows,
    );
  }
  if (FOLLOW_MB > 0) {
    const result = await measureFollowing(browser, baseURL, FOLLOW_MB);
    printTable(`Two editor windows, ${FOLLOW_MB} MB: one types 10 keys, the other follows`, [
      {
        "long tasks in the following window, total ms": fmt(result.total),
        "longest task ms": fmt(result.longest),
      },
    ]);
  }
}
