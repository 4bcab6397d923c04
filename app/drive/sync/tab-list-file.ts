/**
 * The synced tab list (pure): one small JSON file in "Plainpad Documents" naming the Drive file
 * of every synced tab, its tab name, its place, its encoding and its line ending, so another
 * computer can offer "Bring in your N synced tabs" (and open them as they are here) and both
 * computers keep one list. Each entry carries the time it last changed;
 * a closed tab leaves a tombstone (`removed`) so that merging with an older list does not bring
 * it back. Merging two lists keeps, per file, the entry changed last.
 */
import { isLineEnding, type LineEnding } from "~/text/line-endings";
import { isTextEncodingId, type TextEncodingId } from "~/text/text-encoding";

/** The file's name in "Plainpad Documents". */
export const TAB_LIST_FILE_NAME = "Plainpad synced tabs.json";
/** Schema version written; readers accept any version whose tabs they can read. */
export const TAB_LIST_VERSION = 1;
/** Tombstones older than this are dropped when the list is written (90 days). */
export const TOMBSTONE_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** One synced tab in the list. */
export interface TabListEntry {
  driveFileId: string;
  name: string;
  /** Place in the list (ascending); ties keep the name order. */
  order: number;
  /** When this entry last changed (ms since epoch). */
  updatedAt: number;
  /** The tab was closed (it stopped syncing); its file is kept in Drive. */
  removed?: true;
  /**
   * The tab's encoding and line ending: another computer opens the file with them (bytes can
   * decode in several encodings; guessing Windows-1251 text as Windows-1252 garbles it).
   */
  encoding?: TextEncodingId;
  lineEnding?: LineEnding;
}

/** The whole file. */
export interface TabListFile {
  version: number;
  /** When the list was last written. */
  updatedAt: number;
  /** The computer (browser) that wrote it last. */
  deviceId: string;
  tabs: TabListEntry[];
}

/** An empty list written by `deviceId`. */
export function emptyTabList(deviceId: string, now = 0): TabListFile {
  return { version: TAB_LIST_VERSION, updatedAt: now, deviceId, tabs: [] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function finiteOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function parseEntry(value: unknown, index: number): TabListEntry | null {
  if (!isRecord(value)) return null;
  const { driveFileId, name } = value;
  if (typeof driveFileId !== "string" || driveFileId === "") return null;
  const entry: TabListEntry = {
    driveFileId,
    name: typeof name === "string" && name.trim() ? name : "Untitled",
    order: finiteOr(value.order, index),
    updatedAt: finiteOr(value.updatedAt, 0),
  };
  if (value.removed === true) entry.removed = true;
  if (isTextEncodingId(value.encoding)) entry.encoding = value.encoding;
  if (isLineEnding(value.lineEnding)) entry.lineEnding = value.lineEnding;
  return entry;
}

/**
 * Reads the file's text, tolerantly: entries that cannot be read are skipped, a duplicate file
 * keeps its latest entry, missing numbers get defaults. Null when the text is not such a list
 * at all (not JSON, no tabs array): the caller then treats Drive's list as empty and rewrites it.
 */
export function parseTabList(text: string): TabListFile | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.tabs)) return null;
  const byId = new Map<string, TabListEntry>();
  parsed.tabs.forEach((item, index) => {
    const entry = parseEntry(item, index);
    if (!entry) return;
    const held = byId.get(entry.driveFileId);
    if (!held || entry.updatedAt >= held.updatedAt) byId.set(entry.driveFileId, entry);
  });
  return {
    version: finiteOr(parsed.version, TAB_LIST_VERSION),
    updatedAt: finiteOr(parsed.updatedAt, 0),
    deviceId: typeof parsed.deviceId === "string" ? parsed.deviceId : "",
    tabs: sortEntries([...byId.values()]),
  };
}

/** The file's text (stable key order, one entry per line for a readable file). */
export function serializeTabList(list: TabListFile, now?: number): string {
  const cutoff = now === undefined ? -Infinity : now - TOMBSTONE_MAX_AGE_MS;
  const tabs = list.tabs
    .filter((entry) => !entry.removed || entry.updatedAt >= cutoff)
    .map((entry) => JSON.stringify(entryFields(entry)));
  return (
    `{"version":${TAB_LIST_VERSION},"updatedAt":${list.updatedAt},` +
    `"deviceId":${JSON.stringify(list.deviceId)},"tabs":[\n${tabs.join(",\n")}\n]}\n`
  );
}

function entryFields(entry: TabListEntry): TabListEntry {
  const { driveFileId, name, order, updatedAt, removed, encoding, lineEnding } = entry;
  const fields: TabListEntry = { driveFileId, name, order, updatedAt };
  if (removed) fields.removed = removed;
  if (encoding) fields.encoding = encoding;
  if (lineEnding) fields.lineEnding = lineEnding;
  return fields;
}

function sortEntries(entries: TabListEntry[]): TabListEntry[] {
  return entries.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/**
 * Both computers' lists as one: per file the entry changed last (a tie keeps `mine`), in
 * order. The result is written by `mine.deviceId`.
 */
export function mergeTabLists(mine: TabListFile, theirs: TabListFile): TabListFile {
  const byId = new Map<string, TabListEntry>();
  for (const entry of theirs.tabs) byId.set(entry.driveFileId, entry);
  for (const entry of mine.tabs) {
    const held = byId.get(entry.driveFileId);
    if (!held || entry.updatedAt >= held.updatedAt) byId.set(entry.driveFileId, entry);
  }
  return {
    version: TAB_LIST_VERSION,
    updatedAt: Math.max(mine.updatedAt, theirs.updatedAt),
    deviceId: mine.deviceId,
    tabs: sortEntries([...byId.values()]),
  };
}

/** The tabs the list holds (tombstones left out), in order. */
export function liveEntries(list: TabListFile): TabListEntry[] {
  return list.tabs.filter((entry) => !entry.removed);
}

/** A synced tab of this computer, as the list records it. */
export interface LocalListedTab {
  driveFileId: string;
  name: string;
  encoding?: TextEncodingId;
  lineEnding?: LineEnding;
}

/**
 * The list after this computer's changes: every tab synced here is in it (new ones at the
 * end, a renamed one with its new name), and `closed` files get tombstones. Entries that did
 * not change keep their time, so another computer's newer change to them still wins a merge.
 * Returns `list` itself when nothing changed.
 */
export function recordLocalTabs(
  list: TabListFile,
  tabs: readonly LocalListedTab[],
  closed: readonly string[],
  now: number,
): TabListFile {
  const byId = new Map(list.tabs.map((entry) => [entry.driveFileId, entry]));
  let order = list.tabs.reduce((max, entry) => Math.max(max, entry.order + 1), 0);
  let changed = false;
  for (const tab of tabs) {
    const held = byId.get(tab.driveFileId);
    const sameFormat =
      (!tab.encoding || held?.encoding === tab.encoding) &&
      (!tab.lineEnding || held?.lineEnding === tab.lineEnding);
    if (held && !held.removed && held.name === tab.name && sameFormat) continue;
    const entry: TabListEntry = {
      driveFileId: tab.driveFileId,
      name: tab.name,
      order: held && !held.removed ? held.order : order++,
      updatedAt: now,
    };
    const encoding = tab.encoding ?? held?.encoding;
    const lineEnding = tab.lineEnding ?? held?.lineEnding;
    if (encoding) entry.encoding = encoding;
    if (lineEnding) entry.lineEnding = lineEnding;
    byId.set(tab.driveFileId, entry);
    changed = true;
  }
  for (const id of closed) {
    const held = byId.get(id);
    if (held?.removed) continue;
    // Not in this list (a list not read yet, after a reload): the tombstone still goes in, so
    // merging with Drive's list, where the tab is still listed, keeps it closed.
    const entry = held ?? { driveFileId: id, name: "Untitled", order: order++, updatedAt: now };
    byId.set(id, { ...entry, removed: true, updatedAt: now });
    changed = true;
  }
  if (!changed) return list;
  return { ...list, updatedAt: now, tabs: sortEntries([...byId.values()]) };
}

/** True when both lists hold the same entries (what decides whether to upload). */
export function sameEntries(a: TabListFile, b: TabListFile): boolean {
  if (a.tabs.length !== b.tabs.length) return false;
  return a.tabs.every((entry, i) => {
    const other = b.tabs[i];
    return JSON.stringify(entryFields(entry)) === JSON.stringify(entryFields(other));
  });
}
