import { openPlainpadDb } from "./db";
import { IDB, STORAGE_KEYS } from "./keys";

/**
 * Notepad tab persistence in IndexedDB (store "notepad-tabs"):
 * - "tab/<id>": one record per tab (StoredTab), written only when that tab changed;
 * - "meta": the tab order;
 * - "rev/<id>": the revision of tab <id> alone (cheap optimistic-lock check);
 * - "unreadable/<time>/<key>": records that could not be read, kept aside untouched.
 * Every tab record carries a revision number so two windows never overwrite each other's text.
 */

/** Schema version of the records. */
export const NOTEPAD_SCHEMA = 1;
const TAB_PREFIX = "tab/";
const META_KEY = "meta";
const UNREADABLE_PREFIX = "unreadable/";
// "rev/<id>" holds just the revision of tab <id>: a save checks it without reading (and
// deserialising) a possibly 10 MB record on the main thread.
const REV_PREFIX = "rev/";

/** One stored tab. */
export interface StoredTab {
  schema: typeof NOTEPAD_SCHEMA;
  id: string;
  name: string;
  content: string;
  lastModified: number;
  isModified: boolean;
  /** Incremented by every write; a writer must hold the previous number (optimistic lock). */
  revision: number;
}

interface StoredMeta {
  schema: typeof NOTEPAD_SCHEMA;
  order: string[];
}

/** What loading found. */
export interface NotepadLoadResult {
  /** Readable tabs in their saved order (empty when nothing is stored). */
  tabs: StoredTab[];
  /** Keys under which unreadable data was kept aside during this load. */
  keptAside: string[];
  /** True when tabs came from the legacy localStorage 'notepad-files' array. */
  migratedLegacy: boolean;
}

/** Outcome of a conditional write. */
export type SaveTabResult = { ok: true; revision: number } | { ok: false; conflict: StoredTab };

/** True for a "storage is full" failure in any browser's wording. */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === "QuotaExceededError" ||
    name === "NS_ERROR_DOM_QUOTA_REACHED" ||
    code === 22 ||
    code === 1014
  );
}

/** Validates one stored value as a tab; null when it is not readable. */
export function parseStoredTab(value: unknown): StoredTab | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.id !== "string" || record.id === "") return null;
  if (typeof record.content !== "string") return null;
  if (typeof record.name !== "string" || record.name.trim() === "") return null;
  return {
    schema: NOTEPAD_SCHEMA,
    id: record.id,
    name: record.name,
    content: record.content,
    lastModified:
      typeof record.lastModified === "number"
        ? record.lastModified
        : Date.parse(String(record.lastModified)) || 0,
    isModified: record.isModified === true,
    revision:
      typeof record.revision === "number" && Number.isFinite(record.revision) ? record.revision : 0,
  };
}

/** The IndexedDB key of a tab. */
export function tabKey(id: string): string {
  return TAB_PREFIX + id;
}

/**
 * Loads every readable tab in saved order. Unreadable records are copied to
 * "unreadable/<time>/<key>" before anything else happens (and only then removed from their own
 * key, so they are not reported again). When IndexedDB holds no tabs, the legacy
 * localStorage 'notepad-files' array is migrated once. Browser only.
 */
export async function loadNotepadTabs(now = Date.now()): Promise<NotepadLoadResult> {
  const db = await openPlainpadDb();
  const tx = db.transaction(IDB.stores.notepadTabs, "readwrite");
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  const tabs: StoredTab[] = [];
  const keptAside: string[] = [];
  let order: string[] = [];
  const writes: Promise<unknown>[] = [];
  keys.forEach((rawKey, index) => {
    const key = String(rawKey);
    const value = values[index];
    if (key.startsWith(UNREADABLE_PREFIX) || key.startsWith(REV_PREFIX)) return;
    if (key === META_KEY) {
      const meta = value as Partial<StoredMeta> | undefined;
      if (meta && Array.isArray(meta.order) && meta.order.every((id) => typeof id === "string")) {
        order = meta.order;
      }
      return;
    }
    const tab = key.startsWith(TAB_PREFIX) ? parseStoredTab(value) : null;
    if (tab && tabKey(tab.id) === key) {
      tabs.push(tab);
      return;
    }
    const asideKey = `${UNREADABLE_PREFIX}${now}/${key}`;
    keptAside.push(asideKey);
    writes.push(tx.store.put(value, asideKey));
    writes.push(tx.store.delete(rawKey));
  });
  await Promise.all(writes);
  await tx.done;
  if (keptAside.length)
    console.error("Some saved notepad tabs could not be read; kept aside:", keptAside);

  let migratedLegacy = false;
  if (tabs.length === 0) {
    const legacy = await migrateLegacyTabs(now);
    tabs.push(...legacy.tabs);
    keptAside.push(...legacy.keptAside);
    migratedLegacy = legacy.tabs.length > 0;
  }
  return { tabs: sortByOrder(tabs, order), keptAside, migratedLegacy };
}

function sortByOrder(tabs: StoredTab[], order: readonly string[]): StoredTab[] {
  const position = new Map(order.map((id, index) => [id, index]));
  return [...tabs].sort((a, b) => {
    const pa = position.get(a.id) ?? Number.MAX_SAFE_INTEGER;
    const pb = position.get(b.id) ?? Number.MAX_SAFE_INTEGER;
    if (pa !== pb) return pa - pb;
    return a.id === "1" ? -1 : b.id === "1" ? 1 : a.lastModified - b.lastModified;
  });
}

/** Reads the legacy 'notepad-files' localStorage array once and moves it into IndexedDB. */
async function migrateLegacyTabs(now: number): Promise<{ tabs: StoredTab[]; keptAside: string[] }> {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEYS.notepadFiles);
  } catch {
    return { tabs: [], keptAside: [] };
  }
  if (raw === null) return { tabs: [], keptAside: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const tabs: StoredTab[] = [];
  const seen = new Set<string>();
  if (Array.isArray(parsed)) {
    for (const item of parsed) {
      const tab = parseStoredTab(item);
      if (tab && !seen.has(tab.id)) {
        seen.add(tab.id);
        tabs.push({ ...tab, revision: 1 });
      }
    }
  }
  const db = await openPlainpadDb();
  const tx = db.transaction(IDB.stores.notepadTabs, "readwrite");
  const keptAside: string[] = [];
  if (tabs.length === 0 && !(Array.isArray(parsed) && parsed.length === 0)) {
    console.error("The legacy notepad tabs could not be read; kept aside.");
    const asideKey = `${UNREADABLE_PREFIX}${now}/${STORAGE_KEYS.notepadFiles}`;
    keptAside.push(asideKey);
    await tx.store.put(raw, asideKey);
  }
  for (const tab of tabs) await tx.store.put(tab, tabKey(tab.id));
  if (tabs.length)
    await tx.store.put({ schema: NOTEPAD_SCHEMA, order: tabs.map((t) => t.id) }, META_KEY);
  await tx.done;
  // Only after the data is safely in IndexedDB does the legacy copy go away.
  try {
    window.localStorage.removeItem(STORAGE_KEYS.notepadFiles);
  } catch {
    // Leaving it is harmless: it is only read when IndexedDB holds no tabs.
  }
  return { tabs, keptAside };
}

/** Reads one tab record (after another window announced a change). */
export async function readStoredTab(id: string): Promise<StoredTab | null> {
  const db = await openPlainpadDb();
  return parseStoredTab(await db.get(IDB.stores.notepadTabs, tabKey(id)));
}

/**
 * Writes a tab if the stored revision still equals `baseRevision` (or nothing is stored), in one
 * transaction. Otherwise nothing is written and the stored version is returned as a conflict.
 * Rejects with the browser's error (e.g. QuotaExceededError) when the write fails.
 */
export async function saveTab(
  tab: Omit<StoredTab, "schema" | "revision">,
  baseRevision: number,
): Promise<SaveTabResult> {
  const db = await openPlainpadDb();
  const tx = db.transaction(IDB.stores.notepadTabs, "readwrite");
  const done = tx.done;
  // A failed transaction also rejects `done`; swallow that copy so only one error surfaces.
  done.catch(() => undefined);
  const rev = (await tx.store.get(REV_PREFIX + tab.id)) as { revision?: unknown } | undefined;
  let storedRevision: number | null = typeof rev?.revision === "number" ? rev.revision : null;
  if (storedRevision === null) {
    // Written before revision records existed (or a legacy migration): read the tab once.
    const legacy = parseStoredTab(await tx.store.get(tabKey(tab.id)));
    storedRevision = legacy ? legacy.revision : null;
  }
  if (storedRevision !== null && storedRevision !== baseRevision) {
    const stored = parseStoredTab(await tx.store.get(tabKey(tab.id)));
    if (stored) {
      await done;
      return { ok: false, conflict: { ...stored, revision: storedRevision } };
    }
  }
  const revision = Math.max(baseRevision, storedRevision ?? 0) + 1;
  const record: StoredTab = { schema: NOTEPAD_SCHEMA, ...tab, revision };
  await tx.store.put(record, tabKey(tab.id));
  await tx.store.put({ revision }, REV_PREFIX + tab.id);
  await done;
  return { ok: true, revision };
}

/** Deletes tab records. */
export async function deleteStoredTabs(ids: readonly string[]): Promise<void> {
  const db = await openPlainpadDb();
  const tx = db.transaction(IDB.stores.notepadTabs, "readwrite");
  await Promise.all(
    ids.flatMap((id) => [tx.store.delete(tabKey(id)), tx.store.delete(REV_PREFIX + id)]),
  );
  await tx.done;
}

/** Stores the tab order. */
export async function saveTabOrder(order: readonly string[]): Promise<void> {
  const db = await openPlainpadDb();
  await db.put(IDB.stores.notepadTabs, { schema: NOTEPAD_SCHEMA, order: [...order] }, META_KEY);
}

/** Lists the keys under which unreadable data has been kept aside (for tests and support). */
export async function listKeptAside(): Promise<string[]> {
  const db = await openPlainpadDb();
  const keys = await db.getAllKeys(IDB.stores.notepadTabs);
  return keys.map(String).filter((key) => key.startsWith(UNREADABLE_PREFIX));
}
