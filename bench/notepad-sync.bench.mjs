// Notepad ↔ Google Drive sync benchmark (issues 45 and 50), against the one fake Drive every
// Drive test uses (tests/support/drive-model.ts, bundled by ./drive-fake.mjs): typing with sync
// off, with sync on (Real-time), and with sync on while another "computer" changes the same file
// in Drive every 2 s (so every run pulls and merges); the first sync of 100 tabs (time, and the
// Drive requests it took), then one run of those 100 synced tabs with nothing changed (requests
// and main-thread time); and the randomized sync test's seeds per second and failures found.
import {
  DriveModel,
  installDriveFakes,
  RANDOM_SYNC_CLASSES,
  runRandomSync,
} from "./drive-fake.mjs";
import { generateDocument, measureTyping, printTable, summarizeTyping } from "./lib.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEYSTROKES = 40;
const TAB_BYTES = 200 * 1024;
const TAB_COUNT = 100;

async function openNotepad(page, baseURL) {
  await page.goto(`${baseURL}/online-notepad/`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.waitForSelector(".cm-content");
  await page.waitForFunction(() => window.__plainpadNotepad?.store.getState().loaded === true);
}

/** File › Sync with Google Drive › `interval`, then all tabs; resolves at the dialog's click. */
async function turnOnSync(page, interval) {
  await page.getByRole("menubar").getByRole("menuitem", { name: "File", exact: true }).click();
  const submenu = page.getByRole("menuitem", { name: "Sync with Google Drive" });
  await submenu.hover();
  await page.waitForFunction(() => window.__driveFake?.clientConfig !== undefined);
  await submenu.click();
  await page.getByRole("menuitemradio", { name: interval }).click();
  await page
    .getByRole("dialog", { name: "Sync with Google Drive" })
    .getByRole("button", { name: "Sync all tabs" })
    .click();
}

/** Waits until the status bar says every synced tab is synced. */
async function whenSynced(page, timeout = 180_000) {
  await page.waitForFunction(
    () => window.__plainpadNotepad.store.getState().driveSync.state === "synced",
    null,
    { timeout, polling: 50 },
  );
}

/** Typing rounds in the middle of the big tab, with rests longer than Real-time's 3 s between. */
async function typeRounds(page) {
  const focusMiddle = async () => {
    await page.waitForTimeout(4_000);
    await page.evaluate(() => {
      const view = window.__plainpadNotepad.getView();
      const line = view.state.doc.lineAt(Math.floor(view.state.doc.length / 2));
      view.dispatch({ selection: { anchor: line.to }, scrollIntoView: true });
      view.focus();
    });
  };
  return summarizeTyping(
    await measureTyping(page, { keystrokes: KEYSTROKES, rounds: ROUNDS, focusMiddle }),
  );
}

async function typingWithAndWithoutSync(browser, baseURL) {
  const drive = new DriveModel();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await installDriveFakes(context, { model: drive });
  const page = await context.newPage();
  await openNotepad(page, baseURL);
  const text = generateDocument(TAB_BYTES);
  await page.evaluate(
    (content) => window.__plainpadNotepad.tabs.newTab("Synced.txt", content),
    text,
  );
  await page.waitForTimeout(2_000);
  const off = await typeRounds(page);

  await turnOnSync(page, "Real-time");
  await whenSynced(page);
  // Real-time, this computer alone: each rest sends the edits.
  const alone = await typeRounds(page);
  await whenSynced(page);
  const file = drive.fileNamed("Synced.txt");
  // Another computer adds a line at the top every 2 s: each run pulls, merges and pushes.
  let remote = 0;
  const editor = setInterval(() => {
    remote += 1;
    drive.editFile(file.id, `remote ${remote}\n${drive.text(file.id)}`);
  }, 2_000);
  const requestsBefore = drive.seen.length;
  let on;
  try {
    on = await typeRounds(page);
  } finally {
    clearInterval(editor);
  }
  const requestsWhileTyping = drive.seen.length - requestsBefore;
  await whenSynced(page);
  const merged = await page.evaluate(() => {
    const notepad = window.__plainpadNotepad;
    const tab = notepad.store.getState().tabs.tabs.find((t) => t.name === "Synced.txt");
    return notepad.getContent(tab.id);
  });
  const remoteLinesKept = Array.from({ length: remote }, (_, i) => `remote ${i + 1}\n`).every(
    (line) => merged.includes(line),
  );
  const ratio = (figure) =>
    `${(figure.mainP95.median / Math.max(off.mainP95.median, 0.1)).toFixed(2)}×`;
  const byRound = (figure) => figure.rounds.map((value) => value.toFixed(1)).join(" / ");
  const row = (measure, value, rounds = "", target = "") => ({
    measure,
    value,
    "by round": rounds,
    target,
  });
  printTable(
    `Notepad sync: typing in a ${TAB_BYTES / 1024} KB tab, sync off vs Real-time (${ROUNDS} rounds of ${KEYSTROKES})`,
    [
      row(
        "main-thread per keystroke p95, sync off (ms)",
        off.mainP95.median.toFixed(1),
        byRound(off.mainP95),
      ),
      row("p95, Real-time (ms)", alone.mainP95.median.toFixed(1), byRound(alone.mainP95)),
      row("Real-time / off (p95)", ratio(alone), "", "<= 1.10×"),
      row(
        "p95, Real-time + another computer's edits (ms)",
        on.mainP95.median.toFixed(1),
        byRound(on.mainP95),
      ),
      row("Real-time + another computer / off (p95)", ratio(on), "", "<= 1.10×"),
      row(
        "keystroke to paint p95, off / Real-time / + other (ms)",
        [off, alone, on].map((figure) => figure.paintP95.median.toFixed(1)).join(" / "),
      ),
      row("Drive requests while typing beside the other computer", String(requestsWhileTyping)),
      row(
        "other computer's changes kept in the tab",
        remoteLinesKept ? String(remote) : `not all of ${remote}`,
        "",
        String(remote),
      ),
    ],
  );
  await context.close();
}

async function firstSyncOf100Tabs(browser, baseURL) {
  const drive = new DriveModel();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await installDriveFakes(context, { model: drive });
  const page = await context.newPage();
  await openNotepad(page, baseURL);
  await page.evaluate((count) => {
    for (let i = 2; i <= count; i++)
      window.__plainpadNotepad.tabs.newTab(
        `Tab ${i}`,
        `Tab ${i}\n${"Some words of this tab. ".repeat(80)}`,
      );
  }, TAB_COUNT);
  await page.waitForFunction(() => window.__plainpadNotepad.isAllStored());
  const start = Date.now();
  await turnOnSync(page, "Manual only");
  await whenSynced(page);
  const ms = Date.now() - start;
  const files = Object.keys(drive.textsIn()).filter((name) => name.endsWith(".txt")).length;
  const kinds = countKinds(drive.seen);
  printTable(`Notepad sync: first sync of ${TAB_COUNT} tabs (Manual only, Sync all tabs)`, [
    { measure: "files in Plainpad Documents", value: String(files), target: String(TAB_COUNT) },
    { measure: "click to every tab synced (ms)", value: String(ms), target: "" },
    { measure: "Drive requests", value: String(drive.seen.length), target: "" },
    ...Object.entries(kinds).map(([kind, count]) => ({
      measure: `  of which ${kind}`,
      value: String(count),
      target: "",
    })),
  ]);

  // One more run with nothing changed anywhere (Sync now): what an idle run costs.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const taskMs = async () =>
    (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration")
      .value * 1000;
  const lastSync = () =>
    page.evaluate(() => window.__plainpadNotepad.store.getState().driveSync.lastSyncAt);
  const before = await lastSync();
  const seenBefore = drive.seen.length;
  const taskBefore = await taskMs();
  const idleStart = Date.now();
  await page.keyboard.press("F9");
  await page.waitForFunction(
    (previous) => {
      const sync = window.__plainpadNotepad.store.getState().driveSync;
      return sync.lastSyncAt !== previous && sync.state === "synced";
    },
    before,
    { timeout: 180_000, polling: 50 },
  );
  const idleMs = Date.now() - idleStart;
  const idleTask = (await taskMs()) - taskBefore;
  const idle = drive.seen.slice(seenBefore);
  printTable(`Notepad sync: one run of ${TAB_COUNT} synced tabs with nothing changed (Sync now)`, [
    { measure: "Drive requests", value: String(idle.length), target: "" },
    ...Object.entries(countKinds(idle)).map(([kind, count]) => ({
      measure: `  of which ${kind}`,
      value: String(count),
      target: "",
    })),
    { measure: "main-thread time (ms, CDP TaskDuration)", value: idleTask.toFixed(0), target: "" },
    { measure: "Sync now to synced (ms)", value: String(idleMs), target: "" },
  ]);
  await context.close();
}

/** Requests by what they did (the model's request kinds). */
function countKinds(seen) {
  const kinds = {};
  for (const request of seen) kinds[request.kind] = (kinds[request.kind] ?? 0) + 1;
  return kinds;
}

/**
 * The randomized sync test (tests/support/sync-random.ts) over many seeds, in Node against the
 * real engine and the fake Drive: seeds per second, and every failure found, per set of classes.
 * Rate limits cost no real time: the computers' clock jumps over the engine's waits.
 */
async function randomizedSeeds() {
  const seeds = Number(process.env.BENCH_SYNC_SEEDS ?? 1000);
  // As app/drive/sync/sync-random.test.ts: on two computers every class holds, alone and all
  // together; on three, these hold together, and every class together still loses.
  const holding = ["midRun", "renames", "syncToggle", "401", "offline"];
  const everything = [...RANDOM_SYNC_CLASSES];
  const sets = [
    { label: "classes that hold together in CI", classes: holding, computers: 2 },
    { label: "same, three computers", classes: holding, computers: 3 },
    { label: "every class", classes: everything, computers: 2 },
    { label: "same, three computers", classes: everything, computers: 3 },
    { label: "window and syncToggle", classes: ["window", "syncToggle"], computers: 2 },
    ...everything
      .filter((c) => !holding.includes(c))
      .map((c) => ({ label: `only ${c}`, classes: [c], computers: 2 })),
  ];
  const rows = [];
  for (const set of sets) {
    const start = Date.now();
    const failing = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const result = await runRandomSync({
        seed,
        classes: set.classes,
        computers: set.computers,
      });
      if (result.problems.length) failing.push({ seed, problem: result.problems[0] });
    }
    const perSecond = seeds / ((Date.now() - start) / 1000);
    rows.push({
      measure: set.label,
      "seeds/s": perSecond.toFixed(0),
      failing: `${failing.length} / ${seeds}`,
      "first failure": failing[0]
        ? `seed ${failing[0].seed}: ${failing[0].problem.slice(0, 140)}`
        : "",
    });
  }
  printTable(`Notepad sync: the randomized test, ${seeds} seeds per row (Node)`, rows);
}

export default async function notepadSyncBench({ browser, baseURL }) {
  await randomizedSeeds();
  await typingWithAndWithoutSync(browser, baseURL);
  await firstSyncOf100Tabs(browser, baseURL);
}
