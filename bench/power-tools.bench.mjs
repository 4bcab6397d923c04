// The power tools (issue 31), in the notepad, through the same code the menus run:
// - Find in all tabs over 20 tabs of 1 MB: time to the first tab's results, to the full list,
//   and the longest task meanwhile (target: none over 50 ms);
// - Compare two 5 MB tabs that differ in a few places: time until the changes are counted,
//   and the longest task;
// - Sort lines A to Z of a 50 MB tab (Edit › Lines): the sort runs in a worker, the text goes
//   there and back in pieces.
// BENCH_POWER_TABS (20), BENCH_POWER_TAB_MB (1), BENCH_COMPARE_MB (5), BENCH_SORT_MB (50).
import { generateDocument, printTable } from "./lib.mjs";

const MB = 1024 * 1024;
const TABS = Number(process.env.BENCH_POWER_TABS ?? 20);
const TAB_MB = Number(process.env.BENCH_POWER_TAB_MB ?? 1);
const COMPARE_MB = Number(process.env.BENCH_COMPARE_MB ?? 5);
const SORT_MB = Number(process.env.BENCH_SORT_MB ?? 50);

async function openNotepad(browser, baseURL) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${baseURL}/online-notepad/`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.waitForFunction(() => window.__plainpadNotepad?.store.getState().loaded === true);
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longest = Math.max(window.__longest, entry.duration);
      }
    }).observe({ type: "longtask" });
  });
  return { context, page };
}

/** Adds a tab holding `text` (made in the page from a generator, so it is not copied twice). */
async function addTab(page, name, bytes, edit = "") {
  await page.evaluate(
    ([source, size, tabName, change]) => {
      let text = new Function(`return (${source})(${size})`)();
      if (change) text = new Function("text", change)(text);
      window.__plainpadNotepad.tabs.newTab(tabName, text);
    },
    [generateDocument.toString(), bytes, name, edit],
  );
}

const resetLongest = (page) => page.evaluate(() => (window.__longest = 0));
const longest = (page) => page.evaluate(() => window.__longest);
const fmt = (value) => (Number.isFinite(value) ? value.toFixed(0) : "");

async function findInAllTabs(browser, baseURL) {
  const { context, page } = await openNotepad(browser, baseURL);
  for (let i = 0; i < TABS; i++) {
    // A rare word every 100 KB or so, in every tab.
    await addTab(
      page,
      `Tab ${i + 1}`,
      TAB_MB * MB,
      "return text.replace(/fox/g, (m, at) => at % 100000 < 40 ? 'needle' : m);",
    );
  }
  await page.waitForTimeout(3000);
  await resetLongest(page);
  const timing = await page.evaluate(async () => {
    const start = performance.now();
    let first = NaN;
    let matches = 0;
    await window.__plainpadNotepad.allTabs.find(
      "needle",
      () => true,
      (tab) => {
        if (Number.isNaN(first) && tab.total > 0) first = performance.now() - start;
        matches += tab.total;
      },
    );
    return { first, all: performance.now() - start, matches };
  });
  const worst = await longest(page);
  await context.close();
  return {
    tool: `Find in all tabs: ${TABS} × ${TAB_MB} MB`,
    "first result ms": fmt(timing.first),
    "done ms": fmt(timing.all),
    result: `${timing.matches} matches`,
    "longest task ms": worst ? fmt(worst) : "none over 50",
  };
}

async function compareTabs(browser, baseURL) {
  const { context, page } = await openNotepad(browser, baseURL);
  await addTab(page, "Old", COMPARE_MB * MB);
  // The same text with every thousandth "fox" made a "cat": a change every 200 KB or so.
  await addTab(
    page,
    "New",
    COMPARE_MB * MB,
    "let seen = 0; return text.replace(/fox/g, (m) => (++seen % 1000 === 0 ? 'cat' : m));",
  );
  // Only the two tabs: the dialog offers the first other tab, which must be "Old".
  await page.evaluate(() => {
    const notepad = window.__plainpadNotepad;
    const first = notepad.store.getState().tabs.tabs[0];
    if (first.name !== "Old") notepad.tabs.closeTab(first.id);
  });
  await page.waitForTimeout(3000);
  await resetLongest(page);
  const start = await page.evaluate(() => {
    window.__plainpadNotepad.store.setState({ modal: "compare" });
    return performance.now();
  });
  await page.waitForFunction(
    () =>
      /\d+ changes?|No differences/.test(
        document.querySelector('[role="dialog"] [role="status"]')?.textContent ?? "",
      ),
    null,
    { timeout: 120_000 },
  );
  const openMs = (await page.evaluate(() => performance.now())) - start;
  const status = await page.evaluate(
    () => document.querySelector('[role="dialog"] [role="status"]')?.textContent ?? "",
  );
  await page.waitForTimeout(1000);
  const worst = await longest(page);
  await context.close();
  return {
    tool: `Compare two ${COMPARE_MB} MB tabs`,
    "first result ms": "",
    "done ms": fmt(openMs),
    result: status.split(":")[0].split(".")[0],
    "longest task ms": worst ? fmt(worst) : "none over 50",
  };
}

async function sortLines(browser, baseURL) {
  const { context, page } = await openNotepad(browser, baseURL);
  await addTab(page, "Big", SORT_MB * MB);
  await page.waitForTimeout(5000);
  await resetLongest(page);
  await page.getByRole("menuitem", { name: "Edit", exact: true }).click();
  await page.getByRole("menuitem", { name: "Lines", exact: true }).click();
  await page.evaluate(() => {
    window.__sortStart = performance.now();
    window.__sortDoc = window.__plainpadNotepad.getView().state.doc;
  });
  await page.getByRole("menuitem", { name: "Sort lines A to Z" }).click({ noWaitAfter: true });
  await page.waitForFunction(
    () => window.__plainpadNotepad.getView().state.doc !== window.__sortDoc,
    null,
    { timeout: 300_000, polling: 50 },
  );
  const ms = await page.evaluate(() => performance.now() - window.__sortStart);
  const worst = await longest(page);
  await context.close();
  return {
    tool: `Sort lines A to Z: ${SORT_MB} MB`,
    "first result ms": "",
    "done ms": fmt(ms),
    result: "sorted",
    "longest task ms": worst ? fmt(worst) : "none over 50",
  };
}

export default async function powerToolsBench({ browser, baseURL }) {
  const rows = [];
  if (TABS > 0) rows.push(await findInAllTabs(browser, baseURL));
  if (COMPARE_MB > 0) rows.push(await compareTabs(browser, baseURL));
  if (SORT_MB > 0) rows.push(await sortLines(browser, baseURL));
  printTable("Power tools in the notepad (issue 31)", rows);
}
