import { isQuotaError } from "./document-records";
import { compressText, decompressText, HistoryDatabase, HISTORY_STORES } from "./history-db";
import { RecentlyClosedTabs } from "./recently-closed";
import { type NextSlice, nextTaskSlice } from "./work-slices";

/**
 * Version history, in the history database (history-db.ts) it shares with the recently closed
 * tabs (recently-closed.ts).
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
  | "replace-in-files"
  | "other-window"
  | "drive-sync"
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
  "replace-in-files",
  "other-window",
  "drive-sync",
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

const { meta: META, data: DATA, byDoc: BY_DOC } = HISTORY_STORES;

function newId(now: number): string {
  return `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Snapshots in IndexedDB, and the recently closed tabs of the same database (`closedTabs`).
 * Browser only (fake-indexeddb in unit tests).
 */
export class HistoryStore {
  private readonly database: HistoryDatabase;
  /** The recently closed tabs, kept in the same database. */
  readonly closedTabs: RecentlyClosedTabs;

  constructor(
    dbName?: string,
    readonly budget: HistoryBudget = HISTORY_BUDGET,
  ) {
    this.database = new HistoryDatabase(dbName);
    this.closedTabs = new RecentlyClosedTabs(this.database);
  }

  private db() {
    return this.database.db();
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
    const data = await compressText(parts, nextSlice);
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
      return await decompressText(data as Uint8Array<ArrayBuffer>);
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

  /** Files snapshots under another document, each `{ id, docKey }` (a renamed file keeps its history). */
  async rekey(moves: readonly { id: string; docKey: string }[]): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(META, "readwrite");
    await Promise.all(
      moves.map(async ({ id, docKey }) => {
        const meta = (await tx.store.get(id)) as SnapshotMeta | undefined;
        if (meta) await tx.store.put({ ...meta, docKey });
      }),
    );
    await tx.done;
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

  /** Closes the connection (tests). */
  close(): Promise<void> {
    return this.database.close();
  }
}
