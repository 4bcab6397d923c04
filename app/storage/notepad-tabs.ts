import { openPlainpadDb } from "./db";
import { IDB, STORAGE_KEYS } from "./keys";

/**
 * Notepad tab persistence in IndexedDB (store "notepad-tabs"):
 * - "tab/<id>": one record per tab, written only when that tab changed: its name, flags,
 *   revision and the keys of its text chunks;
 * - "chunk/<id>/<chunk id>": a piece of whole lines of a tab's text (the text is the pieces
 *   joined with "\n"). A save writes only new pieces, so typing in a 10 MB tab stores a few
 *   kilobytes instead of cloning 10 MB on the main thread every second;
 * - "meta": the tab order;
 * - "rev/<id>": the revision of tab <id> alone (cheap optimistic-lock check);
 * - "unreadable/<time>/<key>": records that could not be read, kept aside untouched.
 * Every tab record carries a revision number so two windows never overwrite each other's text.
 */

/** Schema version of the records (1: text inline in "content", still read; 2: text in chunks). */
export const NOTEPAD_SCHEMA = 2;
const TAB_PREFIX = "tab/";
const CHUNK_PREFIX = "chunk/";
const META_KEY = "meta";
const UNREADABLE_PREFIX = "unreadable/";
// "rev/<id>" holds just the revision of tab <id>: a save checks it without reading (and
// deserialising) a possibly 10 MB record on the main thread.
const REV_PREFIX = "rev/";

/** One stored tab, with its text put together. */
export interface StoredTab {
  id: string;
  name: string;
  content: string;
  lastModified: number;
  isModified: boolean;
  /** Incremented by every write; a writer must hold the previous number (optimistic lock). */
  revision: number;
}

/** The record under "tab/<id>" (schema 2). */
interface TabRecord {
  schema: typeof NOTEPAD_SCHEMA;
  id: string;
  name: string;
  chunkKeys: string[];
  lastModified: number;
  isModified: boolean;
  revision: number;
}

interface StoredMeta {
  schema: number;
  order: string[];
}

/**
 * A piece of a tab's text (whole lines; pieces are joined with "\n"). `text` is given for a new
 * piece; without it, the piece is already stored under `key` by an earlier save of this tab.
 */
export interface ContentChunk {
  key: string;
  text?: string;
}

/** A tab to write: its text as one string or as chunks. */
export type TabToSave = Omit<StoredTab, "revision" | "content"> & {
  content: string | readonly ContentChunk[];
};

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

/**
 * Validates one stored value as a tab; null when it is not readable. `readChunk` gives the
 * stored text of a chunk key (undefined when missing, which makes the tab unreadable).
 */
export function parseStoredTab(
  value: unknown,
  readChunk: (key: string) => unknown = () => undefined,
): StoredTab | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.id !== "string" || record.id === "") return null;
  if (typeof record.name !== "string" || record.name.trim() === "") return null;
  let content: string;
  if (typeof record.content === "string") {
    content = record.content;
  } else if (Array.isArray(record.chunkKeys)) {
    const pieces: string[] = [];
    for (const key of record.chunkKeys) {
      const piece = typeof key === "string" ? readChunk(key) : undefined;
      if (typeof piece !== "string") return null;
      pieces.push(piece);
    }
    content = pieces.join("\n");
  } else {
    return null;
  }
  return {
    id: record.id,
    name: record.name,
    content,
    lastModified:
      typeof record.lastModified === "number"
        ? record.lastModified
        : Date.parse(String(record.lastModified)) || 0,
    isModified: record.isModified === true,
    revision:
      typeof record.revision === "number" && Number.isFinite(record.revision) ? record.revision : 0,
  };
}

/** The chunk keys a stored tab record refers to (none for an inline schema-1 record). */
function chunkKeysOf(value: unknown): string[] {
  const keys = (value as { chunkKeys?: unknown } | null | undefined)?.chunkKeys;
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : [];
}

/** Splits a string into chunks of whole lines of about `size` characters (new keys). */
export function chunkString(text: string, newKey: () => string, size = CHUNK_SIZE): ContentChunk[] {
  const chunks: ContentChunk[] = [];
  let start = 0;
  while (start + size < text.length) {
    const cut = text.indexOf("\n", start + size);
    if (cut < 0) break;
    chunks.push({ key: newKey(), text: text.slice(start, cut) });
    start = cut + 1;
  }
  chunks.push({ key: newKey(), text: text.slice(start) });
  return chunks;
}

/** Target size of a stored chunk, in characters. */
export const CHUNK_SIZE = 64 * 1024;

/** The IndexedDB key of a tab. */
export function tabKey(id: string): string {
  return TAB_PREFIX + id;
}

/** The IndexedDB key of one chunk of tab `id`. */
export function chunkKey(id: string, chunkId: string): string {
  return `${CHUNK_PREFIX}${id}/${chunkId}`;
}

/** Every chunk key of tab `id` lies in this range. */
function chunkRange(id: string): IDBKeyRange {
  return IDBKeyRange.bound(`${CHUNK_PREFIX}${id}/`, `${CHUNK_PREFIX}${id}/\uffff`);
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
  const chunks = new Map<string, unknown>();
  keys.forEach((rawKey, index) => {
    if (String(rawKey).startsWith(CHUNK_PREFIX)) chunks.set(String(rawKey), values[index]);
  });
  keys.forEach((rawKey, index) => {
    const key = String(rawKey);
    const value = values[index];
    if (key.startsWith(UNREADABLE_PREFIX) || key.startsWith(REV_PREFIX)) return;
    if (key.startsWith(CHUNK_PREFIX)) return;
    if (key === META_KEY) {
      const meta = value as Partial<StoredMeta> | undefined;
      if (meta && Array.isArray(meta.order) && meta.order.every((id) => typeof id === "string")) {
        order = meta.order;
      }
      return;
    }
    const tab = key.startsWith(TAB_PREFIX)
      ? parseStoredTab(value, (chunk) => chunks.get(chunkKey(key.slice(TAB_PREFIX.length), chunk)))
      : null;
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
  let skipped = 0;
  if (Array.isArray(parsed)) {
    for (const item of parsed) {
      const tab = parseStoredTab(item);
      if (tab && !seen.has(tab.id)) {
        seen.add(tab.id);
        tabs.push({ ...tab, revision: 1 });
      } else {
        skipped += 1;
      }
    }
  }
  const db = await openPlainpadDb();
  const tx = db.transaction(IDB.stores.notepadTabs, "readwrite");
  const keptAside: string[] = [];
  // Anything not migrated (unparsable, or some entries unreadable) keeps the raw copy aside.
  if (skipped > 0 || !Array.isArray(parsed)) {
    console.error("The legacy notepad tabs could not be read; kept aside.");
    const asideKey = `${UNREADABLE_PREFIX}${now}/${STORAGE_KEYS.notepadFiles}`;
    keptAside.push(asideKey);
    await tx.store.put(raw, asideKey);
  }
  for (const tab of tabs) {
    let next = 0;
    const pieces = chunkString(tab.content, () => `legacy-${next++}`);
    for (const piece of pieces) await tx.store.put(piece.text, chunkKey(tab.id, piece.key));
    await tx.store.put(tabRecord(tab, pieces, tab.revision), tabKey(tab.id));
    await tx.store.put({ revision: tab.revision }, REV_PREFIX + tab.id);
  }
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
  const tx = db.transaction(IDB.stores.notepadTabs, "readonly");
  const tab = await readTabIn(tx.store, id);
  await tx.done;
  return tab;
}

type TabStore = {
  get(key: IDBValidKey): Promise<unknown>;
  getAll(query: IDBKeyRange): Promise<unknown[]>;
  getAllKeys(query: IDBKeyRange): Promise<IDBValidKey[]>;
};

/** Reads a tab record and its chunks inside a transaction. */
async function readTabIn(store: TabStore, id: string): Promise<StoredTab | null> {
  const record = await store.get(tabKey(id));
  if (record === undefined) return null;
  const range = chunkRange(id);
  const [keys, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
  const chunks = new Map(keys.map((key, index) => [String(key), values[index]]));
  return parseStoredTab(record, (chunk) => chunks.get(chunkKey(id, chunk)));
}

function tabRecord(
  tab: Omit<StoredTab, "content" | "revision">,
  chunks: readonly ContentChunk[],
  revision: number,
): TabRecord {
  return {
    schema: NOTEPAD_SCHEMA,
    id: tab.id,
    name: tab.name,
    chunkKeys: chunks.map((chunk) => chunk.key),
    lastModified: tab.lastModified,
    isModified: tab.isModified,
    revision,
  };
}

let stringChunkCounter = 0;
const stringChunkSession = Math.random().toString(36).slice(2, 8);

/**
 * Writes a tab if the stored revision still equals `baseRevision` (or nothing is stored), in one
 * transaction: its new chunks, its record, and the removal of chunks it no longer uses. Otherwise
 * nothing is written and the stored version is returned as a conflict. Chunks given without
 * text must be stored already (from this tab's previous successful save). Rejects with the
 * browser's error (e.g. QuotaExceededError) when the write fails; then nothing was written.
 */
export async function saveTab(tab: TabToSave, baseRevision: number): Promise<SaveTabResult> {
  const chunks =
    typeof tab.content === "string"
      ? chunkString(tab.content, () => `${stringChunkSession}-s${stringChunkCounter++}`)
      : tab.content;
  const db = await openPlainpadDb();
  const tx = db.transaction(IDB.stores.notepadTabs, "readwrite");
  const done = tx.done;
  // A failed transaction also rejects `done`; swallow that copy so only one error surfaces.
  done.catch(() => undefined);
  const rev = (await tx.store.get(REV_PREFIX + tab.id)) as { revision?: unknown } | undefined;
  let storedRevision: number | null = typeof rev?.revision === "number" ? rev.revision : null;
  const previous = await tx.store.get(tabKey(tab.id));
  if (storedRevision === null && previous !== undefined) {
    // Written before revision records existed (or a legacy migration).
    storedRevision = parseStoredTab(previous, () => "")?.revision ?? null;
  }
  if (storedRevision !== null && storedRevision !== baseRevision) {
    const stored = await readTabIn(tx.store, tab.id);
    if (stored) {
      await done;
      return { ok: false, conflict: { ...stored, revision: storedRevision } };
    }
  }
  const revision = Math.max(baseRevision, storedRevision ?? 0) + 1;
  const keep = new Set<string>();
  for (const chunk of chunks) {
    keep.add(chunk.key);
    if (chunk.text !== undefined) await tx.store.put(chunk.text, chunkKey(tab.id, chunk.key));
  }
  for (const key of chunkKeysOf(previous)) {
    if (!keep.has(key)) await tx.store.delete(chunkKey(tab.id, key));
  }
  await tx.store.put(tabRecord(tab, chunks, revision), tabKey(tab.id));
  await tx.store.put({ revision }, REV_PREFIX + tab.id);
  await done;
  return { ok: true, revision };
}

/** Deletes tab records. */
export async function deleteStoredTabs(ids: readonly string[]): Promise<void> {
  const db = await openPlainpadDb();
  const tx = db.transaction(IDB.stores.notepadTabs, "readwrite");
  await Promise.all(
    ids.flatMap((id) => [
      tx.store.delete(tabKey(id)),
      tx.store.delete(REV_PREFIX + id),
      tx.store.delete(chunkRange(id)),
    ]),
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
