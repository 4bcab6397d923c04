/**
 * The randomized Drive-sync test's driver (issue 50 §3), in the spirit of Yjs's
 * applyRandomTests: computers (and a second window of one) on one fake Drive
 * (drive-model.ts), running the real engine (app/drive/sync/notepad-sync.ts) through
 * sync-test-support.ts, do random things at random moments — type words, open, rename, close
 * and reopen tabs, bring in the other computer's tabs, turn sync off and on, sync now (awaited
 * or left running while they go on), Drive's own editor changes files — while the faults of the
 * enabled classes hit at random. At the end every fault is lifted, closed tabs are reopened,
 * sync turned off is turned on, every computer syncs a few times, and the invariant is checked:
 * - each word typed on a computer is in a Drive file or in a visible tab of that computer
 *   (never only in History); each word Drive's editor typed is in a Drive file or a tab;
 * - every tab marked Synced holds exactly its Drive file's text.
 * One seed is one deterministic run; the bench runs thousands (bench/notepad-sync.bench.mjs).
 */
import { decodeBytes } from "~/text/text-encoding";
import { computer, oneBrowser, type TestComputer } from "~/drive/sync/sync-test-support";
import { DriveModel, FOLDER_MIME, type ModelFault } from "./drive-model";
import { instantClock } from "./instant-clock";
import { seededRandom } from "./seeded-random";

/**
 * What may happen in a run, each switchable on its own:
 * - "together": two computers edit the same synced tab (merges and conflicts);
 * - "midRun": edits and Drive changes happen while a request is in flight;
 * - "driveEditor": Drive's own editor appends words to the synced files;
 * - "renames", "closeReopen", "syncToggle": tab renames; closes and "Reopen closed tab";
 *   sync turned off and on again;
 * - "window": a second window of the first computer (its own engine, same tabs and storage);
 * - "bin": someone moves a synced file to Drive's bin (a word only in a binned file is lost);
 * - faults: "5xx" (not applied), "5xxAfterApply", "timeout" and "lost" (applied, no answer),
 *   "401" (every token refused until Reconnect), "offline", "rateLimit".
 */
export const RANDOM_SYNC_CLASSES = [
  "together",
  "midRun",
  "driveEditor",
  "renames",
  "closeReopen",
  "syncToggle",
  "window",
  "bin",
  "5xx",
  "5xxAfterApply",
  "timeout",
  "lost",
  "401",
  "offline",
  "rateLimit",
] as const;
export type RandomSyncClass = (typeof RANDOM_SYNC_CLASSES)[number];

export interface RandomSyncOptions {
  seed: number;
  classes: readonly RandomSyncClass[];
  /** Random actions before the end (default 40). */
  steps?: number;
  /** Computers (default 2). */
  computers?: 2 | 3;
  /**
   * Before the check, a word typed on a computer is erased from every tab and Drive file, as a
   * losing engine would: the checker must then report it (it is not blind).
   */
  loseOneWord?: boolean;
  /** Called with each line of the log as it is written (to read a seed that hangs). */
  trace?: (line: string) => void;
}

export interface RandomSyncResult {
  seed: number;
  /** Empty when the invariant held. */
  problems: string[];
  /** What happened, in order (to replay a failure by reading). */
  log: string[];
  requests: number;
  /** How far the computers' clock moved: the waits (rate-limit back-offs) it jumped over. */
  clockMs: number;
}

const TAB_LIST = "Plainpad synced tabs.json";

interface Typed {
  word: string;
  /** The computer's name, or "drive" for Drive's own editor. */
  where: string;
}

/** One seeded run; never throws for the engine's sake (a throw is a problem found). */
export async function runRandomSync(options: RandomSyncOptions): Promise<RandomSyncResult> {
  const random = seededRandom(options.seed);
  const on = new Set(options.classes);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const chance = (p: number) => random() < p;
  const log: string[] = [];
  const { trace } = options;
  if (trace) {
    log.push = (...lines: string[]) => {
      lines.forEach((line) => trace(line));
      return Array.prototype.push.apply(log, lines);
    };
  }
  const problems: string[] = [];
  const typed: Typed[] = [];
  let nextWord = 1;
  const model = new DriveModel();
  model.acceptedTokens = new Set(); // computers add theirs: a revoke is then a real 401
  // One time for every computer, that jumps over waits: rate-limit back-offs cost no real time.
  const clock = instantClock();
  const start = clock.now();
  const pcs: TestComputer[] = [];
  const names = ["a", "b", "c"].slice(0, options.computers ?? 2);
  for (const name of names) {
    // The first computer's browser has two windows with "window": they share its Web Locks,
    // channel and storage (sync-windows.ts), as a browser's windows do.
    const browser = on.has("window") && name === "a" ? oneBrowser(name) : undefined;
    const pc = await computer(model, name, { random, browser, clock });
    model.acceptToken(pc.session.token);
    pcs.push(pc);
  }
  const engines: { pc: TestComputer; label: string }[] = pcs.map((pc, i) => ({
    pc,
    label: names[i],
  }));
  if (on.has("window")) {
    const second = await computer(model, "a2", { windowOf: pcs[0], random, clock });
    engines.push({ pc: second, label: "a2" });
  }
  /**
   * The tabs each window closed, by id: they are reopened from the notepad's closed list, which
   * keeps what the notepad keeps (the Drive file and sync base: tab-operations.ts).
   */
  const closed = new Map<TestComputer, string[]>();
  const running: Promise<void>[] = [];
  // What the person starts (turn on, bring in, reconnect) may fail with words on screen: the
  // run goes on. A sync run never rejects: that is a problem found.
  const tried = async (label: string, action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      log.push(`${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const syncNow = (e: { pc: TestComputer; label: string }) =>
    e.pc.sync.syncNow().catch((error: unknown) => {
      problems.push(`sync run on ${e.label} rejected: ${String(error)}`);
    });
  // Without "together", a computer edits only the tabs it opened itself (not brought in).
  const owned = new Set<string>();
  const open = (pc: TestComputer, name: string, text = "", driveFileId?: string | null) => {
    const id = pc.notepad.addTab(name, text, { driveFileId: driveFileId ?? undefined });
    owned.add(id);
    return id;
  };
  // The notepad's Reopen closed tab: the tab comes back with its Drive file and sync base.
  const reopen = (pc: TestComputer, closedId: string) => {
    const id = pc.notepad.reopenClosed(closedId, pc.sync);
    if (id) owned.add(id);
  };

  const word = () => `w${options.seed}x${nextWord++}`;
  const typeInto = (pc: TestComputer, where: string) => {
    const tabs = pc.notepad.tabs.filter((t) => !t.name.includes("(Drive copy)"));
    if (tabs.length === 0) return;
    const tab = pick(tabs);
    if (!on.has("together") && !owned.has(tab.id)) return;
    const w = word();
    const lines = tab.text === "" ? [] : tab.text.split("\n");
    const at = Math.floor(random() * (lines.length + 1));
    if (chance(0.5) && lines.length > 0) lines[Math.min(at, lines.length - 1)] += ` ${w}`;
    else lines.splice(at, 0, w);
    typed.push({ word: w, where });
    log.push(`${where} types ${w} in ${tab.name}`);
    pc.notepad.type(tab.id, lines.join("\n"));
  };
  const driveEdit = () => {
    const files = [...model.files.values()].filter(
      (f) => f.mimeType !== FOLDER_MIME && f.name !== TAB_LIST && !f.trashed,
    );
    if (files.length === 0) return;
    const file = pick(files);
    const w = word();
    const text = model.text(file.id);
    typed.push({ word: w, where: "drive" });
    log.push(`Drive's editor types ${w} in ${file.name}`);
    model.editFile(file.id, text === "" ? w : `${text}\n${w}`);
  };
  const addFault = () => {
    const faults = RANDOM_FAULTS.filter((f) => on.has(f.cls));
    if (faults.length === 0) return;
    const chosen = pick(faults);
    if (chosen.cls === "401") {
      log.push("Google refuses every token so far (401)");
      model.revokeTokens();
      return;
    }
    if (chosen.cls === "offline" && chance(0.5)) {
      const pc = pick(pcs);
      pc.network.offline = true;
      log.push(`${names[pcs.indexOf(pc)]} goes offline`);
      return;
    }
    const fault: ModelFault = {
      ...chosen.fault,
      kind: pick(["any", "upload", "create", "media", "get", "changes", "list"] as const),
      skip: Math.floor(random() * 6),
    };
    log.push(`fault ${JSON.stringify(fault)}`);
    model.faults.push(fault);
  };

  if (on.has("midRun")) {
    model.beforeAnswer = () => {
      if (!chance(0.15)) return;
      if (on.has("driveEditor") && chance(0.3)) driveEdit();
      else {
        const e = pick(engines);
        typeInto(e.pc, e.label.slice(0, 1));
      }
    };
  }

  try {
    // Each computer starts with a tab or two and turns sync on for all of them.
    for (let i = 0; i < pcs.length; i++) {
      const pc = pcs[i];
      const first = open(pc, `${names[i]} notes`);
      if (chance(0.5)) open(pc, `${names[i]} list`);
      typeInto(pc, names[i]);
      await tried(`${names[i]} turn on`, () => pc.sync.enable("all", first));
    }
    for (let step = 0; step < (options.steps ?? 40); step++) {
      const e = pick(engines);
      const where = e.label.slice(0, 1);
      const pc = e.pc;
      const roll = random();
      if (roll < 0.35) typeInto(pc, where);
      else if (roll < 0.45) {
        log.push(`${e.label} sync now (left running)`);
        running.push(syncNow(e));
      } else if (roll < 0.6) {
        log.push(`${e.label} sync now`);
        await syncNow(e);
      } else if (roll < 0.65) {
        const name = `${where} tab ${nextWord}`;
        log.push(`${e.label} opens ${name}`);
        open(pc, name);
      } else if (roll < 0.7) {
        if (pc.sync.remoteTabsOffer()) {
          log.push(`${e.label} brings in the other tabs`);
          await tried(`${e.label} bring in`, () => pc.sync.bringInRemoteTabs());
        }
      } else if (roll < 0.74 && on.has("renames") && pc.notepad.tabs.length > 0) {
        const tab = pick(pc.notepad.tabs);
        const name = `${tab.name.split(" ~")[0]} ~${nextWord++}`;
        log.push(`${e.label} renames ${tab.name} to ${name}`);
        pc.notepad.rename(tab.id, name);
      } else if (roll < 0.78 && on.has("closeReopen")) {
        const list = closed.get(pc) ?? [];
        closed.set(pc, list);
        if (list.length > 0 && chance(0.5)) {
          const again = list.pop()!;
          const name = pc.notepad.closedTabs.find((t) => t.id === again)?.name;
          log.push(`${e.label} reopens ${name}`);
          reopen(pc, again);
        } else if (pc.notepad.tabs.length > 1) {
          const tab = pick(pc.notepad.tabs);
          log.push(`${e.label} closes ${tab.name}`);
          list.push(tab.id);
          pc.notepad.close(tab.id, pc.sync);
        }
      } else if (roll < 0.82 && on.has("syncToggle")) {
        if (pc.sync.getStatus().enabled) {
          log.push(`${e.label} turns sync off`);
          pc.sync.disable();
        } else if (pc.notepad.tabs.length > 0) {
          log.push(`${e.label} turns sync on`);
          const first = pc.notepad.tabs[0].id;
          await tried(`${e.label} turn on`, () => pc.sync.enable("all", first));
        }
      } else if (roll < 0.84 && on.has("bin")) {
        const files = [...model.files.values()].filter(
          (f) => f.mimeType !== FOLDER_MIME && f.name !== TAB_LIST && !f.trashed,
        );
        if (files.length > 0) {
          const file = pick(files);
          log.push(`Drive: ${file.name} moved to the bin`);
          model.trash(file.id);
        }
      } else if (roll < 0.88 && on.has("driveEditor")) driveEdit();
      else if (roll < 0.96) addFault();
      else {
        log.push(`${e.label} reconnects and comes online`);
        pc.network.offline = false;
        if (needsReconnect(pc)) await tried(`${e.label} reconnect`, () => pc.sync.reconnect());
      }
    }
    // The end: faults lifted, closed tabs reopened, everyone syncs a few times.
    await Promise.all(running);
    model.beforeAnswer = null;
    model.faults = [];
    model.acceptedTokens = null;
    for (const pc of pcs) pc.network.offline = false;
    // Every window's closed tabs (a second window closes tabs of its browser's notepad too).
    for (const { pc } of engines) {
      for (const again of closed.get(pc) ?? []) reopen(pc, again);
    }
    // Sync turned off is turned on again, as closed tabs are reopened: what Drive's editor
    // typed into a file that then went to the bin, while the only computer syncing it was
    // off, can reach a tab only then (the engine cannot see Drive while off).
    for (let i = 0; i < pcs.length; i++) {
      const pc = pcs[i];
      if (pc.sync.getStatus().enabled || pc.notepad.tabs.length === 0) continue;
      log.push(`${names[i]} turns sync on (the end)`);
      await tried(`${names[i]} turn on`, () => pc.sync.enable("all", pc.notepad.tabs[0].id));
    }
    // A person asked to reconnect does so, before each run: a run another window asked for
    // may still meet a token refused before the faults were lifted.
    for (let round = 0; round < 3; round++) {
      for (const e of engines) {
        if (needsReconnect(e.pc)) await tried(`${e.label} reconnect`, () => e.pc.sync.reconnect());
        await syncNow(e);
      }
    }
  } catch (error) {
    problems.push(`threw: ${error instanceof Error ? error.stack : String(error)}`);
  }
  if (options.loseOneWord) loseWord(model, pcs, typed);
  problems.push(...checkInvariant(model, pcs, names, engines, typed));
  const clockMs = clock.now() - start;
  return { seed: options.seed, problems, log, requests: model.seen.length, clockMs };
}

/** Erases the first word typed on a computer from every tab and Drive file. */
function loseWord(model: DriveModel, pcs: TestComputer[], typed: Typed[]): void {
  const lost = typed.find((t) => t.where !== "drive");
  if (!lost) return;
  const erase = (text: string) => text.split(lost.word).join("");
  for (const pc of pcs) for (const tab of pc.notepad.tabs) tab.text = erase(tab.text);
  for (const file of model.files.values()) {
    if (file.mimeType === FOLDER_MIME || file.name === TAB_LIST) continue;
    const text = model.text(file.id);
    if (text.includes(lost.word)) model.editFile(file.id, erase(text));
  }
}

function needsReconnect(pc: TestComputer): boolean {
  const status = pc.sync.getStatus();
  return status.enabled && (status.needsReconnect || status.state === "not-connected");
}

const RANDOM_FAULTS: { cls: RandomSyncClass; fault: Omit<ModelFault, "kind"> }[] = [
  { cls: "5xx", fault: { status: 503, reason: "backendError", times: 1 } },
  { cls: "5xx", fault: { status: 500, reason: "backendError", times: 3 } },
  {
    cls: "5xxAfterApply",
    fault: { effect: "error-after-apply", status: 500, reason: "backendError" },
  },
  { cls: "timeout", fault: { effect: "timeout" } },
  { cls: "lost", fault: { effect: "lost" } },
  { cls: "401", fault: {} },
  { cls: "offline", fault: { effect: "offline" } },
  { cls: "rateLimit", fault: { status: 403, reason: "userRateLimitExceeded", times: 3 } },
  { cls: "rateLimit", fault: { status: 429, reason: "rateLimitExceeded", retryAfter: 1 } },
];

function checkInvariant(
  model: DriveModel,
  pcs: TestComputer[],
  names: string[],
  engines: { pc: TestComputer; label: string }[],
  typed: Typed[],
): string[] {
  const problems: string[] = [];
  const driveTexts = [...model.files.values()]
    .filter((f) => f.mimeType !== FOLDER_MIME && f.name !== TAB_LIST && !f.trashed)
    .map((f) => model.text(f.id));
  const inDrive = (w: string) => driveTexts.some((t) => hasWord(t, w));
  const visibleOn = (pc: TestComputer, w: string) =>
    pc.notepad.tabs.some((t) => hasWord(t.text, w));
  for (const { word, where } of typed) {
    if (inDrive(word)) continue;
    if (where === "drive") {
      if (pcs.some((pc) => visibleOn(pc, word))) continue;
    } else if (visibleOn(pcs[names.indexOf(where)], word)) continue;
    const inHistory = pcs.some((pc) => pc.notepad.history.some((h) => hasWord(h.text, word)));
    // Where it is after all, to read the failure by: the bin, other computers' tabs.
    const binned = [...model.files.values()]
      .filter((f) => f.trashed && f.mimeType !== FOLDER_MIME && hasWord(model.text(f.id), word))
      .map((f) => f.name);
    const elsewhere = pcs
      .filter((pc, i) => names[i] !== where && visibleOn(pc, word))
      .map((pc) => names[pcs.indexOf(pc)]);
    const seen = [
      ...(binned.length ? [`in the bin: ${binned.join(", ")}`] : []),
      ...(elsewhere.length ? [`in a tab on ${elsewhere.join(", ")}`] : []),
      ...(inHistory ? ["in History"] : []),
    ];
    problems.push(
      `lost: ${word} typed on ${where} is in no Drive file and no visible tab there${seen.length ? ` (only ${seen.join("; ")})` : ""}`,
    );
  }
  for (const { pc, label } of engines) {
    const status = pc.sync.getStatus();
    for (const tab of pc.notepad.tabs) {
      if (status.tabs[tab.id]?.kind !== "synced") continue;
      const file = tab.driveFileId ? model.files.get(tab.driveFileId) : undefined;
      // Bytes that do not decode in the tab's encoding are never equal to its text.
      const decoded = file ? decodeBytes(file.bytes, tab.encoding) : null;
      const driveText = decoded?.replace(/\r\n/g, "\n") ?? null;
      if (driveText !== tab.text)
        problems.push(
          `on ${label}, tab ${tab.name} says Synced but Drive ${file ? `holds ${JSON.stringify(driveText)}` : "has no file"}; the tab holds ${JSON.stringify(tab.text)}`,
        );
    }
  }
  return problems;
}

function hasWord(text: string, word: string): boolean {
  return new RegExp(`(^|\\s)${word}(?=\\s|$)`).test(text);
}
