// The Markdown preview (issue 30): a generated Markdown document of 100 KB and 1 MB opened in
// the simple editor through its real open path, then typed in the middle (BENCH_ROUNDS rounds
// of KEYSTROKES, measureTyping in lib.mjs) with the text alone and side by side with its
// preview. The preview parses in a worker and sanitizes only the changed blocks, a few
// milliseconds at a time: the target is typing p95 ≤ 16 ms with the preview open at 1 MB, and
// no task over 50 ms while typing. Two baselines type in the same text first: bare CodeMirror
// (the machine's floor) and CodeMirror with the editor's extensions but not its page, which
// tells what the extensions cost and what the page around the text costs.
// BENCH_PREVIEW_SIZES="0.1,1" (MB).
import {
  bareCodeMirrorPage,
  codeMirrorWithExtensionsPage,
  generateMarkdown,
  openBenchPage,
  printTable,
  typeInTheMiddle,
} from "./lib.mjs";

const MB = 1024 * 1024;
const SIZES = (process.env.BENCH_PREVIEW_SIZES ?? "0.1,1").split(",").filter(Boolean).map(Number);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function measure(browser, baseURL, sizeMb, mode) {
  const { context, page } = await openBenchPage(browser, `${baseURL}/editor/?bench`);
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: "longtask" });
  });
  await page.evaluate(
    ([source, size]) => {
      window.__doc = new Function(`return (${source})(${size})`)();
    },
    [generateMarkdown.toString(), Math.round(sizeMb * MB)],
  );
  const openMs = await page.evaluate(async () => {
    const ms = await window.__plainpadBench.openFile(window.__doc, "notes.md");
    delete window.__doc;
    return ms;
  });
  await page.waitForFunction(() => window.__plainpadBench.settled(), null, { timeout: 60_000 });
  let firstRenderMs = NaN;
  if (mode !== "editor") {
    firstRenderMs = await page.evaluate(async (previewMode) => {
      const start = performance.now();
      window.__plainpadBench.setPreviewMode(previewMode);
      const done = () =>
        document.querySelector('[data-testid="markdown-preview"][aria-busy="false"]');
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
      return performance.now() - start;
    }, mode);
  }
  await page.waitForTimeout(1000);
  await page.evaluate(() => {
    window.__longest = 0;
  });
  const typing = await typeInTheMiddle(page, { keystrokes: KEYSTROKES, rounds: ROUNDS });
  // The preview's last render after the typing: counted in the longest task too.
  await page.waitForTimeout(1500);
  const longest = await page.evaluate(() => window.__longest);
  const blocks = await page.evaluate(() => document.querySelectorAll(".md-block").length);
  await context.close();
  return { openMs, firstRenderMs, typing, longest, blocks };
}

/**
 * Typing in a baseline page (`body`) with the same text. Two baselines: bare CodeMirror 6
 * (bench/bare-codemirror.js, word wrap on as in the editor, no highlighting), what this machine
 * gives for a keystroke in a 1 MB document before any of Plainpad's work; and CodeMirror with
 * the editor's own extensions (bench/codemirror-with-extensions.js, Markdown highlighted), the
 * editor without the page around its text.
 */
async function measureBaseline(browser, baseURL, body, sizeMb) {
  const route = { url: /\/__bench\/bare-codemirror\.html/, body };
  const { context, page } = await openBenchPage(
    browser,
    `${baseURL}/__bench/bare-codemirror.html`,
    route,
  );
  await page.evaluate(
    async ([source, size]) => {
      await window.__plainpadBench.setWrap?.(true);
      await window.__plainpadBench.open(new Function(`return (${source})(${size})`)());
    },
    [generateMarkdown.toString(), Math.round(sizeMb * MB)],
  );
  await page.waitForTimeout(1000);
  const typing = await typeInTheMiddle(page, { keystrokes: KEYSTROKES, rounds: ROUNDS });
  await context.close();
  return typing;
}

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "");

export default async function previewBench({ browser, baseURL }) {
  if (SIZES.length === 0) return;
  const rows = [];
  const baselines = [
    { shown: "bare CodeMirror 6, plain", body: await bareCodeMirrorPage() },
    {
      shown: "CodeMirror 6 with the editor's extensions, no page",
      body: await codeMirrorWithExtensionsPage(),
    },
  ];
  for (const sizeMb of SIZES) {
    for (const baseline of baselines) {
      const typing = await measureBaseline(browser, baseURL, baseline.body, sizeMb);
      rows.push({
        file: `${sizeMb >= 1 ? sizeMb : sizeMb * 1024} ${sizeMb >= 1 ? "MB" : "KB"} .md`,
        shown: baseline.shown,
        "open ms": "",
        "preview first render ms": "",
        "main/key p95": fmt(typing.mainP95.median),
        "by round": typing.mainP95.rounds.map(fmt).join(" / "),
        "key→paint p95": fmt(typing.paintP95.median),
        "longest task while typing ms": "",
      });
    }
    for (const mode of ["editor", "split"]) {
      const result = await measure(browser, baseURL, sizeMb, mode);
      rows.push({
        file: `${sizeMb >= 1 ? sizeMb : sizeMb * 1024} ${sizeMb >= 1 ? "MB" : "KB"} .md`,
        shown: mode === "editor" ? "text only" : `side by side (${result.blocks} groups)`,
        "open ms": fmt(result.openMs),
        "preview first render ms": fmt(result.firstRenderMs),
        "main/key p95": fmt(result.typing.mainP95.median),
        "by round": result.typing.mainP95.rounds.map(fmt).join(" / "),
        "key→paint p95": fmt(result.typing.paintP95.median),
        "longest task while typing ms": result.longest ? fmt(result.longest) : "none over 50",
      });
    }
  }
  printTable(
    `Markdown preview: typing with the text alone and with the preview side by side (${KEYSTROKES} keystrokes mid-document, ${ROUNDS} rounds)`,
    rows,
  );
}
