// The Markdown preview in Firefox (issue 30 asks for it to work there too): the generated
// Markdown of preview.bench.mjs (1 MB by default) opened in the simple editor, then typed in the
// middle with the text alone and side by side with its preview. Timed in the page, key to the
// frame after it (firefox-lib.mjs), since Firefox reports no main-thread time here.
// FIREFOX_PREVIEW_SIZES="1" (MB; empty skips the table).
import {
  fmt,
  launchFirefoxOrSkip,
  measureFirefoxTyping,
  openFirefoxBenchPage,
  sleep,
  waitFor,
} from "./firefox-lib.mjs";
import { generateMarkdown, printTable } from "./lib.mjs";

const MB = 1024 * 1024;
const SIZES = (process.env.FIREFOX_PREVIEW_SIZES ?? "1").split(",").filter(Boolean).map(Number);
const TYPING = {
  keystrokes: Number(process.env.BENCH_KEYSTROKES ?? 40),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
};

async function measure(browser, baseURL, sizeMb, mode) {
  const { context, page } = await openFirefoxBenchPage(browser, `${baseURL}/editor/?bench`);
  try {
    await page.evaluate(
      (source, size) => {
        window.__doc = new Function(`return (${source})(${size})`)();
      },
      generateMarkdown.toString(),
      Math.round(sizeMb * MB),
    );
    const openMs = await page.evaluate(async () => {
      const ms = await window.__plainpadBench.openFile(window.__doc, "notes.md");
      delete window.__doc;
      return ms;
    });
    await waitFor(page, () => window.__plainpadBench.settled(), 120_000);
    let firstRenderMs = NaN;
    if (mode === "split") {
      const started = Date.now();
      await page.evaluate(() => window.__plainpadBench.setPreviewMode("split"));
      await waitFor(
        page,
        () =>
          Boolean(document.querySelector('[data-testid="markdown-preview"][aria-busy="false"]')),
        180_000,
      );
      // Polled from outside the page, so up to 100 ms late.
      firstRenderMs = Date.now() - started;
    }
    await sleep(1000);
    const typing = await measureFirefoxTyping(
      page,
      () => window.__plainpadBench.focusMiddle(),
      TYPING,
    );
    const blocks = await page.evaluate(() => document.querySelectorAll(".md-block").length);
    return { openMs, firstRenderMs, typing, blocks };
  } finally {
    await context.close();
  }
}

export default async function firefoxPreviewBench({ baseURL }) {
  if (SIZES.length === 0) return;
  const browser = await launchFirefoxOrSkip("its preview table");
  if (!browser) return;
  const version = await browser.version();
  const rows = [];
  try {
    for (const sizeMb of SIZES) {
      for (const mode of ["editor", "split"]) {
        const file = `${sizeMb >= 1 ? sizeMb : sizeMb * 1024} ${sizeMb >= 1 ? "MB" : "KB"} .md`;
        let result;
        try {
          result = await measure(browser, baseURL, sizeMb, mode);
        } catch (error) {
          rows.push({ file, shown: mode, "open ms": `failed: ${error.message.split("\n")[0]}` });
          continue;
        }
        rows.push({
          file,
          shown: mode === "editor" ? "text only" : `side by side (${result.blocks} groups)`,
          "open ms": fmt(result.openMs),
          "preview shown ms": mode === "editor" ? "" : fmt(result.firstRenderMs),
          "key→paint p95": fmt(result.typing.paintP95),
          "by round": result.typing.rounds,
        });
      }
    }
  } finally {
    await browser.close();
  }
  printTable(
    `Markdown preview in ${version} (in-page timing, ${TYPING.keystrokes} keystrokes mid-document in ${TYPING.rounds} rounds)`,
    rows,
  );
}
