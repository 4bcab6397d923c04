import { type IDBPDatabase, openDB } from "idb";
import { isQuotaError } from "./document-records";
import { type NextSlice, nextTaskSlice } from "./work-slices";

/**
 * Version history and recently closed tabs, in a database of their own ("plainpad-history"),
 * apart from the documents: history can be thinned or lost without touching a document's text,
 * and adding it needed no upgrade of the documents' database (which windows still running an
 * older version hold open).
 *
 * A snapshot is a document's text at one moment, deflated, with its description (time, why,
 * characters, words, compressed size) in a store of its own so a list of hundreds reads no text.
 * The budget keeps, per document, at most `perDocument` snapshots younger than `maxAgeMs`, and
 * at most `totalBytes` over all documents; the oldest go first, never a document's newest
 * `keepNewest`. A snapshot whose bytes cannot be read is skipped and kept aside (`corrupt`).
 */

/** Why a snapshot was taken (shown in the History panel). */
export type SnapshotReason =
  | "editing"
  | "replace-all"
  | "other-window"
  | "file-opened"
  | "replaced"
  | "reloaded-from-disk"
  | "before-overwrite"
  | "before-restore"
  | "restored"
  | "reopened";

/** Every reason, to check one read from a backup. */
const SNAPSHOT_REASONS: ReadonlySet<string> = new Set<SnapshotReason>([
  "editing",
  "replace-all",
  "other-window",
  "file-opened",
  "replaced",
  "reloaded-from-disk",
  "before-overwrite",
  "before-restore",
  "restored",
  "reopened",
]);

/** `value` as a SnapshotReason; an unknown one (from a newer backup) reads as "editing". */
export function parseSnapshotReason(value: string): SnapshotReason {
  return SNAPSHOT_REASONS.has(value) ? (value as SnapshotReason) : "editing";
}

/** A snapshot as the History panel lists it (no text). */
export interface SnapshotMeta {
  id: string;
  /** The document: "editor:draft" or "notepad:<tab id>". */
  docKey: string;
  createdAt: number;
  reason: SnapshotReason;
  /** The document's name then. */
  name: string;
  chars: number;
  words: number;
  /** Compressed size in storage. */
  bytes: number;
  /** Its bytes could not be read back: kept aside, never listed. */
  corrupt?: boolean;
}

/** What the budget allows. */
export interface HistoryBudget {
  perDocument: number;
  maxAgeMs: number;
  totalBytes: number;
  keepNewest: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const HISTORY_BUDGET: HistoryBudget = {
  perDocument: 50,
  maxAgeMs: 30 * DAY_MS,
  totalBytes: 64 * 1024 * 1024,
  keepNewest: 3,
};

/** How long a closed tab can be reopened. */
export const CLOSED_TAB_DAYS = 30;

/** A closed notepad tab, kept to be reopened. */
export interface ClosedTab<Extra = unknown> {
  id: string;
  name: string;
  closedAt: number;
  chars: number;
  /** What the notepad needs to restore the tab as it was (Drive id, file format and handle). */
  extra: Extra;
}

/** The snapshot's stored bytes could not be read back as text. */
export class CorruptSnapshotError extends Error {
  constructor(id: string, cause: unknown) {
    super(`Snapshot ${id} could not be read.`, { cause });
    this.name = "CorruptSnapshotError";
  }
}

/** Nothing was stored: the browser's storage is full even after thinning the history. */
export class HistoryFullError extends Error {
  constructor(cause: unknown) {
    super("Browser storage is full: the snapshot was not kept.", { cause });
    this.name = "HistoryFullError";
  }
}

const META = "snapshot-meta";
const DATA = "snapshot-data";
const CLOSED = "closed-tabs";
const CLOSED_DATA = "closed-tab-text";
const BY_DOC = "by-doc";

export const HISTORY_DB_NAME = "plainpad-history";

let worker: Worker | null = null;
let nextJob = 0;
const jobs = new Map<number, { resolve: (data: Uint8Array) => void; reject: (e: Error) => void }>();

/** The compression worker (browsers); null where there are no module workers (Node tests). */
function compressionWorker(): Worker | null {
  if (typeof Worker === "undefined" || typeof window === "undefined") return null;
  if (!worker) {
    worker = new Worker(new URL("./history-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<{ id: number; data?: Uint8Array; error?: string }>) => {
      const job = jobs.get(event.data.id);
      jobs.delete(event.data.id);
      if (event.data.data) job?.resolve(event.data.data);
      else job?.reject(new Error(event.data.error ?? "compression failed"));
    };
  }
  return worker;
}

/**
 * Deflates the text (given in pieces). In the browser a worker does the encoding and the
 * compression, so a 10 MB snapshot costs the page only the hand-over, done piece by piece in
 * the slices `nextSlice` gives; elsewhere fflate here.
 */
async function compress(parts: readonly string[], nextSlice: NextSlice): Promise<Uint8Array> {
  const target = compressionWorker();
  if (!target) {
    // fflate builds its tables when it loads (tens of milliseconds on a phone), so it is
    // imported only where there is no worker to do the work.
    const { deflateSync } = await import("fflate");
    return deflateSync(encoder.encode(parts.join("")), { level: 6 });
  }
  const id = ++nextJob;
  const done = new Promise<Uint8Array>((resolve, reject) => jobs.set(id, { resolve, reject }));
  let budget = await nextSlice();
  let sliceStart = performance.now();
  for (const part of parts) {
    target.postMessage({ id, part });
    if (performance.now() - sliceStart > budget) {
      budget = await nextSlice();
      sliceStart = performance.now();
    }
  }
  target.postMessage({ id, done: true });
  return done;
}

async function decompress(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (typeof DecompressionStream === "undefined") {
    const { inflateSync } = await import("fflate");
    return inflateSync(bytes);
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

function newId(now: number): string {
  return `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Snapshots and closed tabs in IndexedDB. Browser only (fake-indexeddb in unit tests). */
export class HistoryStore {
  private dbPromise: Promise<IDBPDatabase> | null = null;

  constructor(
    private readonly dbName = HISTORY_DB_NAME,
    readonly budget: HistoryBudget = HISTORY_BUDGET,
  ) {}

  private db(): Promise<IDBPDatabase> {
    this.dbPromise ??= openDB(this.dbName, 1, {
      upgrade(db) {
        const meta = db.createObjectStore(META, { keyPath: "id" });
        meta.createIndex(BY_DOC, "docKey");
        db.createObjectStore(DATA);
        db.createObjectStore(CLOSED, { keyPath: "id" });
        db.createObjectStore(CLOSED_DATA);
      },
      blocking: () => {
        // A newer version of Plainpad wants to upgrade this database: let it.
        void this.dbPromise?.then((db) => db.close());
        this.dbPromise = null;
      },
    }).catch((error: unknown) => {
      this.dbPromise = null;
      throw error;
    });
    return this.dbPromise;
  }

  /**
   * Keeps `text` as a snapshot of `docKey`, then applies the budget. When storage is full the
   * history is thinned to make room and the write tried once more; then HistoryFullError.
   */
  async add(
    docKey: string,
    snapshot: {
      text: string | readonly string[];
      name: string;
      words: number;
      reason: SnapshotReason;
    },
    now = Date.now(),
    nextSlice: NextSlice = nextTaskSlice,
  ): Promise<SnapshotMeta> {
    const parts = typeof snapshot.text === "string" ? [snapshot.text] : snapshot.text;
    const data = await compress(parts, nextSlice);
    const meta: SnapshotMeta = {
      id: newId(now),
      docKey,
      createdAt: now,
      reason: snapshot.reason,
      name: snapshot.name,
      chars: parts.reduce((sum, part) => sum + part.length, 0),
      words: snapshot.words,
      bytes: data.byteLength,
    };
    try {
      await this.write(meta, data);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      // Make room from history only (never documents): the budget halved, then once more.
      await this.thin(now, { ...this.budget, totalBytes: Math.floor(this.budget.totalBytes / 4) });
      try {
        await this.write(meta, data);
      } catch (retryError) {
        throw isQuotaError(retryError) ? new HistoryFullError(retryError) : retryError;
      }
    }
    await this.thin(now);
    return meta;
  }

  private async write(meta: SnapshotMeta, data: Uint8Array): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([META, DATA], "readwrite");
    await Promise.all([tx.objectStore(DATA).put(data, meta.id), tx.objectStore(META).put(meta)]);
    await tx.done;
  }

  /** The readable snapshots of `docKey`, newest first (descriptions only). */
  async list(docKey: string): Promise<SnapshotMeta[]> {
    const db = await this.db();
    const all = (await db.getAllFromIndex(META, BY_DOC, docKey)) as SnapshotMeta[];
    return all.filter((meta) => !meta.corrupt).sort((a, b) => b.createdAt - a.createdAt);
  }

  /** The text of snapshot `id`. A snapshot that cannot be read is kept aside and rejected. */
  async read(id: string): Promise<string> {
    const db = await this.db();
    const data: unknown = await db.get(DATA, id);
    try {
      if (!(data instanceof Uint8Array)) throw new Error("missing or not bytes");
      return decoder.decode(await decompress(data as Uint8Array<ArrayBuffer>));
    } catch (error) {
      const meta = (await db.get(META, id)) as SnapshotMeta | undefined;
      if (meta) await db.put(META, { ...meta, corrupt: true });
      throw new CorruptSnapshotError(id, error);
    }
  }

  /** Every snapshot description (all documents, kept-aside ones too). */
  async listAll(): Promise<SnapshotMeta[]> {
    const db = await this.db();
    return (await db.getAll(META)) as SnapshotMeta[];
  }

  /** Total compressed bytes of history. */
  async totalBytes(): Promise<number> {
    return (await this.listAll()).reduce((sum, meta) => sum + meta.bytes, 0);
  }

  /**
   * Applies the budget: per document, snapshots beyond `perDocument` or older than `maxAgeMs`
   * go; then, while the total is over `totalBytes`, the oldest snapshot of any document goes.
   * A document's newest `keepNewest` always stay. Kept-aside (corrupt) ones go after the age.
   */
  async thin(now = Date.now(), budget: HistoryBudget = this.budget): Promise<number> {
    const all = await this.listAll();
    const byDoc = new Map<string, SnapshotMeta[]>();
    for (const meta of all) {
      const list = byDoc.get(meta.docKey) ?? [];
      list.push(meta);
      byDoc.set(meta.docKey, list);
    }
    const doomed = new Set<string>();
    const protectedIds = new Set<string>();
    for (const list of byDoc.values()) {
      list.sort((a, b) => b.createdAt - a.createdAt);
      list.forEach((meta, index) => {
        if (index < budget.keepNewest && !meta.corrupt) {
          protectedIds.add(meta.id);
          return;
        }
        if (index >= budget.perDocument || now - meta.createdAt > budget.maxAgeMs) {
          doomed.add(meta.id);
        }
      });
    }
    let total = all.filter((m) => !doomed.has(m.id)).reduce((sum, m) => sum + m.bytes, 0);
    if (total > budget.totalBytes) {
      const oldestFirst = all
        .filter((m) => !doomed.has(m.id) && !protectedIds.has(m.id))
        .sort((a, b) => a.createdAt - b.createdAt);
      for (const meta of oldestFirst) {
        if (total <= budget.totalBytes) break;
        doomed.add(meta.id);
        total -= meta.bytes;
      }
    }
    if (doomed.size) await this.remove([...doomed]);
    return doomed.size;
  }

  /** Deletes snapshots by id. */
  async remove(ids: readonly string[]): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([META, DATA], "readwrite");
    await Promise.all(
      ids.flatMap((id) => [tx.objectStore(META).delete(id), tx.objectStore(DATA).delete(id)]),
    );
    await tx.done;
  }

  // ------------------------------------------------------------ recently closed tabs

  /** Keeps a closed tab (its text compressed) so it can be reopened for CLOSED_TAB_DAYS. */
  async keepClosedTab<Extra>(
    tab: { id: string; name: string; text: string; extra: Extra },
    now = Date.now(),
  ): Promise<void> {
    const data = await compress([tab.text], nextTaskSlice);
    const record: ClosedTab<Extra> = {
      id: tab.id,
      name: tab.name,
      closedAt: now,
      chars: tab.text.length,
      extra: tab.extra,
    };
    const db = await this.db();
    const tx = db.transaction([CLOSED, CLOSED_DATA], "readwrite");
    await Promise.all([
      tx.objectStore(CLOSED_DATA).put(data, tab.id),
      tx.objectStore(CLOSED).put(record),
    ]);
    await tx.done;
  }

  /** Closed tabs younger than CLOSED_TAB_DAYS, most recently closed first; older ones go. */
  async listClosedTabs<Extra>(now = Date.now()): Promise<ClosedTab<Extra>[]> {
    const db = await this.db();
    const all = (await db.getAll(CLOSED)) as ClosedTab<Extra>[];
    const expired = all.filter((tab) => now - tab.closedAt > CLOSED_TAB_DAYS * DAY_MS);
    if (expired.length) await this.forgetClosedTabs(expired.map((tab) => tab.id));
    return all
      .filter((tab) => now - tab.closedAt <= CLOSED_TAB_DAYS * DAY_MS)
      .sort((a, b) => b.closedAt - a.closedAt);
  }

  /** A closed tab's text (null when it is gone or unreadable). */
  async readClosedTab(id: string): Promise<string | null> {
    const db = await this.db();
    const data: unknown = await db.get(CLOSED_DATA, id);
    if (!(data instanceof Uint8Array)) return null;
    try {
      return decoder.decode(await decompress(data as Uint8Array<ArrayBuffer>));
    } catch {
      return null;
    }
  }

  /** Removes closed tabs (reopened, or expired). */
  async forgetClosedTabs(ids: readonly string[]): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([CLOSED, CLOSED_DATA], "readwrite");
    await Promise.all(
      ids.flatMap((id) => [
        tx.objectStore(CLOSED).delete(id),
        tx.objectStore(CLOSED_DATA).delete(id),
      ]),
    );
    await tx.done;
  }

  /** Closes the connection (tests). */
  async close(): Promise<void> {
    const db = await this.dbPromise;
    db?.close();
    this.dbPromise = null;
  }
}
