// The Markdown preview (issue 30): a generated Markdown document of 100 KB and 1 MB opened in
// the simple editor through its real open path, then typed in the middle (BENCH_ROUNDS rounds
// of KEYSTROKES, measureTyping in lib.mjs) with the text alone and side by side with its
// preview. The preview parses in a worker and sanitizes only the changed blocks, a few
// milliseconds at a time: the target is typing p95 ≤ 16 ms with the preview open at 1 MB, and
// no task over 50 ms while typing. BENCH_PREVIEW_SIZES="0.1,1" (MB).
import { measureTyping, openBenchPage, printTable, summarizeTyping } from "./lib.mjs";

const MB = 1024 * 1024;
const SIZES = (process.env.BENCH_PREVIEW_SIZES ?? "0.1,1").split(",").filter(Boolean).map(Number);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Markdown with headings, paragraphs, lists, code, quotes and tables, about `bytes` long. */
function generateMarkdown(bytes) {
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
  const typing = summarizeTyping(
    await measureTyping(page, {
      keystrokes: KEYSTROKES,
      rounds: ROUNDS,
      focusMiddle: () => page.evaluate(() => window.__plainpadBench.focusMiddle()),
    }),
  );
  // The preview's last render after the typing: counted in the longest task too.
  await page.waitForTimeout(1500);
  const longest = await page.evaluate(() => window.__longest);
  const blocks = await page.evaluate(() => document.querySelectorAll(".md-block").length);
  await context.close();
  return { openMs, firstRenderMs, typing, longest, blocks };
}

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "");

export default async function previewBench({ browser, baseURL }) {
  if (SIZES.length === 0) return;
  const rows = [];
  for (const sizeMb of SIZES) {
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
