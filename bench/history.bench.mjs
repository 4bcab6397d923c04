// Version history benchmark (issue 15): how long the notepad's History panel takes to list a
// tab with 200 kept versions, and the Recently closed tabs list with 200 closed tabs, from the
// menu click until every row is on screen. Both are seeded straight into the "plainpad-history"
// database in the store's record format (deflate-raw text, descriptions apart). Prints a table.
import { generateDocument, median, printTable } from "./lib.mjs";

const COUNT = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VERSION_BYTES = 20 * 1024;

/** Puts `count` versions of `docKey` and `count` closed tabs into the history database. */
async function seedHistory(page, { docKey, text, count }) {
  await page.evaluate(
    async ({ docKey, text, count }) => {
      const deflate = async (value) =>
        new Uint8Array(
          await new Response(
            new Blob([value]).stream().pipeThrough(new CompressionStream("deflate-raw")),
          ).arrayBuffer(),
        );
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open("plainpad-history");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const now = Date.now();
      const records = [];
      for (let i = 0; i < count; i++) {
        const body = `version ${i}\n${text}`;
        records.push({ i, body, data: await deflate(body) });
      }
      const tx = db.transaction(
        ["snapshot-meta", "snapshot-data", "closed-tabs", "closed-tab-text"],
        "readwrite",
      );
      for (const { i, body, data } of records) {
        const id = `bench-${i}`;
        tx.objectStore("snapshot-data").put(data, id);
        tx.objectStore("snapshot-meta").put({
          id,
          docKey,
          createdAt: now - (count - i) * 60_000,
          reason: "editing",
          name: "Bench",
          chars: body.length,
          words: body.split(/\s+/).length,
          bytes: data.byteLength,
        });
        const closedId = `closed-bench-${i}`;
        tx.objectStore("closed-tab-text").put(data, closedId);
        tx.objectStore("closed-tabs").put({
          id: closedId,
          name: `Closed ${i + 1}`,
          closedAt: now - (count - i) * 1000,
          chars: body.length,
          extra: { driveFileId: null, file: null },
        });
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { docKey, text, count },
  );
}

/** Clicks File › `item` and times it until the dialog's list holds `rows` rows. */
async function timeList(page, item, listName, rows) {
  await page.getByRole("menuitem", { name: "File", exact: true }).click();
  const entry = page.getByRole("menu").getByText(item, { exact: true });
  await entry.waitFor();
  // The click is dispatched in the page, so the time is the page's own (no driver round trip).
  await entry.evaluate((element) => {
    window.__benchStart = performance.now();
    element.click();
  });
  const handle = await page.waitForFunction(
    ({ listName, rows }) => {
      const list = document.querySelector(`[aria-label="${listName}"]`);
      if (!list || list.querySelectorAll("li").length < rows) return false;
      return performance.now() - window.__benchStart;
    },
    { listName, rows },
    { polling: "raf" },
  );
  const ms = await handle.jsonValue();
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
  return ms;
}

export default async function run({ browser, baseURL }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseURL}/online-notepad/`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.locator(".cm-content").waitFor();
  // The database is made on first use: open the History panel once.
  await page.keyboard.press("Control+Shift+h");
  await page.getByRole("dialog", { name: "Version history" }).waitFor();
  await page.keyboard.press("Escape");
  const activeId = await page.evaluate(() => window.__plainpadNotepad.activeId());
  await seedHistory(page, {
    docKey: `notepad:${activeId}`,
    text: generateDocument(VERSION_BYTES),
    count: COUNT,
  });

  const historyTimes = [];
  const closedTimes = [];
  for (let round = 0; round < ROUNDS; round++) {
    historyTimes.push(await timeList(page, "Version history…", "Versions", COUNT));
    closedTimes.push(await timeList(page, "Recently closed tabs…", "Closed tabs", COUNT));
  }
  await context.close();

  printTable(`Version history: ${COUNT} versions and ${COUNT} closed tabs (${ROUNDS} rounds)`, [
    {
      measure: `History panel lists ${COUNT} versions (ms, median)`,
      value: median(historyTimes).toFixed(0),
      worst: Math.max(...historyTimes).toFixed(0),
      target: "< 100",
    },
    {
      measure: `Recently closed lists ${COUNT} tabs (ms, median)`,
      value: median(closedTimes).toFixed(0),
      worst: Math.max(...closedTimes).toFixed(0),
      target: "< 1000",
    },
  ]);
}
