// Notepad benchmark: 20 tabs of 1 MB each (tab switching, long tasks while typing with autosave)
// and typing in a 10 MB tab (the simple editor's typing figures, measured the same way:
// measureTyping in lib.mjs). Prints tables via printTable.
import {
  generateDocument,
  measureTyping,
  percentile,
  printTable,
  summarizeTyping,
} from "./lib.mjs";

const TAB_COUNT = 20;
const TAB_BYTES = 1024 * 1024;
const BIG_BYTES = 10 * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Writes `count` tabs of `text` straight into IndexedDB in the notepad's record format. */
async function seedTabs(page, text, count) {
  await page.evaluate(
    async ({ text, count }) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open("plainpad");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction("notepad-tabs", "readwrite");
      const store = tx.objectStore("notepad-tabs");
      store.clear();
      const order = [];
      for (let i = 0; i < count; i++) {
        const id = i === 0 ? "1" : String(1700000000000 + i);
        order.push(id);
        store.put(
          {
            schema: 1,
            id,
            name: `Bench ${i + 1}`,
            content: `tab ${i + 1}\n${text}`,
            lastModified: Date.now(),
            isModified: false,
            revision: 1,
          },
          `tab/${id}`,
        );
      }
      store.put({ schema: 1, order }, "meta");
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      localStorage.setItem("notepad-activeFileId", "1");
    },
    { text, count },
  );
}

async function openNotepad(page, baseURL) {
  await page.goto(`${baseURL}/online-notepad/`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.waitForSelector(".cm-content");
  await page.waitForFunction(() => window.__plainpadNotepad?.store.getState().loaded === true);
}

/** Collects long tasks (over 50 ms) from now on in window.__longTasks. */
async function observeLongTasks(page) {
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: false });
  });
}

export default async function notepadBench({ browser, baseURL }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openNotepad(page, baseURL);
  const oneMb = generateDocument(TAB_BYTES);
  await seedTabs(page, oneMb, TAB_COUNT);
  const loadStart = Date.now();
  await page.reload();
  await openNotepad(page, baseURL);
  const loadMs = Date.now() - loadStart;
  const tabCount = await page.evaluate(
    () => window.__plainpadNotepad.store.getState().tabs.tabs.length,
  );

  // Tab switching: click each tab button, time until the next frame has been produced
  // (round 1 = first visit of each tab, round 2 = revisit).
  await page.waitForTimeout(3000);
  const switchTimes = await page.evaluate(async () => {
    const buttons = () =>
      Array.from(
        document.querySelectorAll("[data-tab-id]"),
        (tab) => /** @type {HTMLElement} */ (tab),
      );
    const times = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < buttons().length; i++) {
        const target = buttons()[(i + 1) % buttons().length];
        const start = performance.now();
        target.click();
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        times.push(performance.now() - start);
      }
    }
    return times;
  });

  // Typing in a 1 MB tab while autosave stores it (about every 0.7 s): long tasks seen meanwhile,
  // and the per-keystroke figures measured as everywhere else (measureTyping).
  await page.locator("[data-tab-id]").first().click();
  await observeLongTasks(page);
  const [typed1] = await measureTyping(page, {
    keystrokes: 100,
    rounds: 1,
    focusMiddle: async () => {
      await page.locator(".cm-content").focus();
      await page.keyboard.press("Control+End");
    },
  });
  await page.waitForTimeout(1500);
  const typing1 = await page.evaluate(() => ({
    longTasks: window.__longTasks.slice(),
    stored: window.__plainpadNotepad.isAllStored(),
  }));

  printTable("Notepad: 20 tabs of 1 MB", [
    { measure: "tabs restored after reload", value: String(tabCount), target: "20" },
    { measure: "reload until editor ready (ms)", value: String(loadMs), target: "" },
    {
      measure: "tab switch p50 (ms), first visit",
      value: percentile(switchTimes.slice(0, tabCount), 50).toFixed(1),
      target: "< 50",
    },
    {
      measure: "tab switch p50 (ms), revisit",
      value: percentile(switchTimes.slice(tabCount), 50).toFixed(1),
      target: "< 50",
    },
    {
      measure: "tab switch p50 (ms), all",
      value: percentile(switchTimes, 50).toFixed(1),
      target: "< 50",
    },
    {
      measure: "tab switch p95 (ms)",
      value: percentile(switchTimes, 95).toFixed(1),
      target: "< 50",
    },
    { measure: "tab switch max (ms)", value: Math.max(...switchTimes).toFixed(1), target: "" },
    { measure: "keystrokes typed (1 MB tab)", value: String(typed1.mainThread.length), target: "" },
    {
      measure: "long tasks > 50 ms while typing + autosave",
      value: String(typing1.longTasks.length),
      target: "0",
    },
    {
      measure: "longest long task (ms)",
      value: typing1.longTasks.length ? Math.max(...typing1.longTasks).toFixed(1) : "-",
      target: "",
    },
    {
      measure: "main-thread per keystroke p50 / p95 (ms)",
      value: `${percentile(typed1.mainThread, 50).toFixed(1)} / ${percentile(typed1.mainThread, 95).toFixed(1)}`,
      target: "",
    },
    { measure: "all edits stored after typing", value: String(typing1.stored), target: "true" },
  ]);

  // One 10 MB tab, typed in the middle exactly as the simple editor's benchmark types.
  const big = generateDocument(BIG_BYTES);
  await page.evaluate((text) => window.__plainpadNotepad.tabs.newTab("Big", text), big);
  await page.waitForTimeout(2000);
  await observeLongTasks(page);
  const rounds = await measureTyping(page, {
    keystrokes: 50,
    rounds: ROUNDS,
    focusMiddle: () =>
      page.evaluate(() => {
        const view = window.__plainpadNotepad.getView();
        const line = view.state.doc.lineAt(Math.floor(view.state.doc.length / 2));
        view.dispatch({ selection: { anchor: line.to }, scrollIntoView: true });
        view.focus();
      }),
  });
  await page.waitForTimeout(2000);
  const typing10 = summarizeTyping(rounds);
  const after10 = await page.evaluate(() => ({
    longTasks: window.__longTasks.slice(),
    stored: window.__plainpadNotepad.isAllStored(),
    words: window.__plainpadNotepad.store.getState().status.words,
  }));
  const byRound = (figure) => figure.rounds.map((value) => value.toFixed(1)).join(" / ");
  printTable(`Notepad: typing in a 10 MB tab (50 keystrokes mid-document, ${ROUNDS} rounds)`, [
    {
      measure: "main-thread per keystroke p50 (ms)",
      value: typing10.mainP50.median.toFixed(1),
      "by round": byRound(typing10.mainP50),
      target: "",
    },
    {
      measure: "main-thread per keystroke p95 (ms)",
      value: typing10.mainP95.median.toFixed(1),
      "by round": byRound(typing10.mainP95),
      target: "<= 16",
    },
    {
      measure: "keystroke to paint p95 (ms)",
      value: typing10.paintP95.median.toFixed(1),
      "by round": byRound(typing10.paintP95),
      target: "",
    },
    {
      measure: "long tasks > 50 ms (typing + autosave + word count)",
      value: String(after10.longTasks.length),
      "by round": "",
      target: "0",
    },
    {
      measure: "longest long task (ms)",
      value: after10.longTasks.length ? Math.max(...after10.longTasks).toFixed(1) : "-",
      "by round": "",
      target: "",
    },
    {
      measure: "word count settled",
      value: after10.words === null ? "pending" : String(after10.words),
      "by round": "",
      target: "",
    },
    { measure: "all edits stored", value: String(after10.stored), "by round": "", target: "true" },
  ]);
  await context.close();
}
