// Highlighted code (issue 30): generated JSON and JavaScript files of 1, 4 and 10 MB opened in
// the simple editor through its real open path (the name tells the language), then typed in
// the middle (BENCH_ROUNDS rounds of KEYSTROKES, as the editor bench: measureTyping in lib.mjs),
// against bare CodeMirror 6 with the same language and CodeMirror's default highlight style
// (bench/bare-codemirror.js?lang=…). Above the editor's highlighting limit the document opens
// plain; the bench then presses "Highlight anyway" (the `highlightAnyway` hook) and measures it
// highlighted, which is what the limit is chosen from. BENCH_CODE_SIZES="1,4,10".
import { bareCodeMirrorPage, openBenchPage, printTable, typeInTheMiddle } from "./lib.mjs";

const MB = 1024 * 1024;
const SIZES = (process.env.BENCH_CODE_SIZES ?? "1,4,10").split(",").filter(Boolean).map(Number);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** A JSON array of records, about `bytes` long (runs in the page). */
function generateJson(bytes) {
  const words = ["students", "notes", "draft", "review", "plain", "editor", "files", "fast"];
  const lines = ["["];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const line = `  {"id": ${i}, "name": "${words[i % 8]} ${words[(i * 7) % 8]}", "done": ${i % 3 === 0}, "score": ${(i % 100) / 10}, "tags": ["${words[(i * 3) % 8]}", null]},`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.push('  {"id": -1}', "]");
  return lines.join("\n");
}

/** JavaScript functions, about `bytes` long (runs in the page). */
function generateJs(bytes) {
  const parts = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const block = `// Adds up the scores of group ${i}.\nexport function total${i}(items, limit = ${i % 50}) {\n  let sum = 0;\n  for (const item of items) {\n    if (item.score > limit && item.name !== "draft") sum += item.score * 2;\n  }\n  return { sum, label: \`group ${i}\`, done: sum > 100 };\n}\n\n`;
    parts.push(block);
    size += block.length;
  }
  return parts.join("");
}

async function openText(page, kind, sizeMb, name) {
  await page.evaluate(
    ([source, size]) => {
      window.__doc = new Function(`return (${source})(${size})`)();
    },
    [(kind === "json" ? generateJson : generateJs).toString(), sizeMb * MB],
  );
  return page.evaluate(async (fileName) => {
    const hook = window.__plainpadBench;
    const ms = fileName
      ? await hook.openFile(window.__doc, fileName)
      : await hook.open(window.__doc);
    delete window.__doc;
    return ms;
  }, name);
}

async function measureEditor(browser, baseURL, kind, sizeMb) {
  const { context, page } = await openBenchPage(browser, `${baseURL}/editor/?bench`);
  const openMs = await openText(page, kind, sizeMb, kind === "json" ? "big.json" : "big.js");
  await page.waitForFunction(() => window.__plainpadBench.settled(), null, { timeout: 60_000 });
  // The language loads after the first paint; wait for it (and for "Highlight anyway").
  await page.waitForTimeout(1000);
  const before = await page.evaluate(() => window.__plainpadBench.language());
  let forceMs = NaN;
  if (!before.highlighted) {
    forceMs = await page.evaluate(async () => {
      const start = performance.now();
      await window.__plainpadBench.highlightAnyway();
      return performance.now() - start;
    });
  }
  await page.waitForTimeout(1000);
  const typing = await typeInTheMiddle(page, { keystrokes: KEYSTROKES, rounds: ROUNDS });
  const language = await page.evaluate(() => window.__plainpadBench.language());
  await context.close();
  return { openMs, highlightedAtOpen: before.highlighted, forceMs, typing, language };
}

async function measureBare(browser, baseURL, body, kind, sizeMb) {
  const lang = kind === "json" ? "json" : "javascript";
  const route = { url: /\/__bench\/bare-codemirror\.html/, body };
  const { context, page } = await openBenchPage(
    browser,
    `${baseURL}/__bench/bare-codemirror.html?lang=${lang}`,
    route,
  );
  const openMs = await openText(page, kind, sizeMb, null);
  await page.waitForTimeout(1000);
  const typing = await typeInTheMiddle(page, { keystrokes: KEYSTROKES, rounds: ROUNDS });
  await context.close();
  return { openMs, typing };
}

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "");

export default async function codeBench({ browser, baseURL }) {
  if (SIZES.length === 0) return;
  const body = await bareCodeMirrorPage();
  const rows = [];
  for (const kind of ["json", "js"]) {
    for (const sizeMb of SIZES) {
      const editor = await measureEditor(browser, baseURL, kind, sizeMb);
      const bare = await measureBare(browser, baseURL, body, kind, sizeMb);
      rows.push({
        file: `${sizeMb} MB .${kind}`,
        "editor open ms": fmt(editor.openMs),
        "highlighted at open": editor.highlightedAtOpen ? "yes" : "no (over the limit)",
        "highlight anyway ms": fmt(editor.forceMs),
        "editor main/key p95": fmt(editor.typing.mainP95.median),
        "by round": editor.typing.mainP95.rounds.map(fmt).join(" / "),
        "editor key→paint p95": fmt(editor.typing.paintP95.median),
        "bare CM6 open ms": fmt(bare.openMs),
        "bare CM6 main/key p95": fmt(bare.typing.mainP95.median),
        "bare CM6 key→paint p95": fmt(bare.typing.paintP95.median),
      });
    }
  }
  printTable(
    `Highlighted code: the editor (highlighting on) against bare CodeMirror 6 with the same language (${KEYSTROKES} keystrokes mid-document, ${ROUNDS} rounds)`,
    rows,
  );
}
