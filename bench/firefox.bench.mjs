// The simple editor in Firefox (Debian's firefox-esr, driven by puppeteer-core over WebDriver
// BiDi as the cross-engine tests are). Firefox has no DevTools protocol here, so every figure is
// timed in the page:
// - open: a generated file of 10, 100 and 500 MB through the editor's real open path
//   (`__plainpadBench.openFile`), from the call to the next paint;
// - the end of the document in view after a jump there (Firefox caps an element's height near
//   17.9 M px, which CodeMirror's own scaling must stay under);
// - typing (10 MB by default): per keystroke, the key-to-paint latency (the keydown's time stamp
//   to a task queued after the frame that follows it), BENCH_ROUNDS rounds of KEYSTROKES, each
//   round's p95 and their median. It includes the wait for the next frame (up to 16.7 ms at
//   60 Hz), so it is a ceiling on the main-thread time per key, which Firefox cannot report here;

// - search: the time to the full count of a common word.
// - a 10 MB file that is one line (BENCH_ONE_LINE_MB, 0 skips it), typed at its end: Firefox's
//   long-line layout is CodeMirror's known weak spot (codemirror/dev#1448).
// FIREFOX_BENCH_SIZES="10,100,500" picks the sizes (empty skips the table), FIREFOX_PATH the binary.
import {
  fmt,
  launchFirefoxOrSkip,
  measureFirefoxTyping,
  openFirefoxBenchPage,
  sleep,
  waitFor,
} from "./firefox-lib.mjs";
import { generateDocument, printTable } from "./lib.mjs";

const SIZES = (process.env.FIREFOX_BENCH_SIZES ?? "10,100,500")
  .split(",")
  .filter(Boolean)
  .map(Number);
const TYPING_MB = Number(process.env.FIREFOX_TYPING_MB ?? 10);
const ONE_LINE_MB = Number(process.env.BENCH_ONE_LINE_MB ?? 10);
const KEYSTROKES = Number(process.env.BIG_KEYSTROKES ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WORD = "students";
const TYPING = { keystrokes: KEYSTROKES, rounds: ROUNDS };

async function measureSize(browser, baseURL, sizeMb, oneLine) {
  const { context, page } = await openFirefoxBenchPage(browser, `${baseURL}/editor/?bench`);
  try {
    await page.evaluate(
      (source, size, single) => {
        const lines = new Function(`return (${source})(${1 << 20})`)().slice(0, 1 << 20);
        const piece = single ? lines.replace(/\n/g, " ") : lines;
        window.__file = new Blob(Array(size).fill(new Blob([piece])));
      },
      generateDocument.toString(),
      sizeMb,
      oneLine,
    );
    const open = await page.evaluate(async () => {
      const ms = await window.__plainpadBench.openFile(window.__file, "big.txt");
      delete window.__file;
      return { ms, length: window.__plainpadBench.length() };
    });
    await waitFor(page, () => window.__plainpadBench.settled(), 300_000);
    await sleep(1000);
    const end = await page.evaluate(async () => {
      await window.__plainpadBench.scrollToEnd();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
      const content = document.querySelector(".cm-content");
      const scroller = document.querySelector(".cm-scroller");
      const lines = content.querySelectorAll(".cm-line");
      const last = lines[lines.length - 1]?.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      return {
        // The last line drawn is on screen (not a blank or clipped view).
        lastLineInView: Boolean(
          last && last.height > 0 && last.bottom > box.top && last.bottom <= box.bottom + 1,
        ),
        contentHeight: content.getBoundingClientRect().height,
        atBottom: scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 30,
      };
    });
    const typing = oneLine
      ? await measureFirefoxTyping(page, () => window.__plainpadBench.scrollToEnd(), TYPING)
      : sizeMb === TYPING_MB
        ? await measureFirefoxTyping(page, () => window.__plainpadBench.focusMiddle(), TYPING)
        : null;
    await sleep(500);
    const search = await page.evaluate((word) => window.__plainpadBench.search(word), WORD);
    return { open, end, typing, search };
  } finally {
    await context.close();
  }
}

export default async function firefoxBench({ baseURL }) {
  if (SIZES.length === 0) return;
  const browser = await launchFirefoxOrSkip("its table");
  if (!browser) return;
  const version = await browser.version();
  const rows = [];
  try {
    const runs = SIZES.map((sizeMb) => ({ sizeMb, oneLine: false }));
    if (ONE_LINE_MB > 0) runs.push({ sizeMb: ONE_LINE_MB, oneLine: true });
    for (const { sizeMb, oneLine } of runs) {
      const file = `${sizeMb} MB${oneLine ? ", one line (typing at its end)" : ""}`;
      let result;
      try {
        result = await measureSize(browser, baseURL, sizeMb, oneLine);
      } catch (error) {
        rows.push({ file, "open ms": `failed: ${error.message.split("\n")[0]}` });
        continue;
      }
      rows.push({
        file,
        "open ms": fmt(result.open.ms),
        characters: String(result.open.length),
        "end in view after jump": result.end.lastLineInView && result.end.atBottom ? "yes" : "no",
        "content px": fmt(result.end.contentHeight),
        "key→paint p95": result.typing ? fmt(result.typing.paintP95) : "",
        "key→paint p95 by round": result.typing?.rounds ?? "",
        "search first match ms": fmt(result.search.firstMs),
        "search full count ms": `${fmt(result.search.ms)} (${result.search.count})`,
      });
    }
  } finally {
    await browser.close();
  }
  printTable(
    `Simple editor in ${version} (in-page timing; typing at ${TYPING_MB} MB, ${KEYSTROKES} keystrokes mid-document in ${ROUNDS} rounds; search "${WORD}")`,
    rows,
  );
}
