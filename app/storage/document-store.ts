import type { Text } from "@codemirror/state";
import { TextAssembler } from "~/text/text-stream";
import { openPlainpadDb } from "./db";
import {
  CHUNK_PREFIX,
  type ChunkRef,
  chunkKey,
  chunkKeysOf,
  chunkRange,
  CONFLICT_PREFIX,
  DOCUMENT_SCHEMA,
  documentRecord,
  type DocumentLoadResult,
  type DocumentToSave,
  type LoadedDocument,
  META_KEY,
  newFileFormat,
  parseStoredDocument,
  parseStoredRecord,
  REV_PREFIX,
  type SaveDocumentResult,
  sortByOrder,
  type StoredChunk,
  type StoredDocument,
  type StoredMeta,
  UNREADABLE_PREFIX,
} from "./document-records";

import { type ChunkUpdate, changesBetweenChunks, keptChunks } from "./chunk-changes";
import { chunkString } from "./text-chunks";
import { SLICE_MS, yieldToPage } from "./work-slices";

export * from "./document-records";

/**
 * The documents of both editors in IndexedDB: one object store per collection (the notepad's
 * tabs, the simple editor's document), the same records in each:
 * - "<record prefix><id>" ("tab/<id>", "doc/<id>"): one record per document, written only when
 *   it changed: its name, flags, Drive file id, revision and the keys of its text chunks;
 * - "chunk/<id>/<chunk id>": a piece of whole lines of a document's text (the text is the
 *   pieces joined with "\n"), or of one line too long for a piece (schema 3: those pieces are
 *   joined without a break). A save writes only new pieces, so typing in a 10 MB document,
 *   even one that is a single line, stores a few kilobytes instead of cloning 10 MB on the
 *   main thread every second;
 * - "meta": the document order;
 * - "rev/<id>": the revision of document <id> alone (cheap optimistic-lock check);
 * - "unreadable/<time>/<key>": records that could not be read, kept aside untouched;
 * - "conflict/<time>/<id>": another window's version that lost a conflict, kept aside.
 * Every record carries a revision number so two windows never overwrite each other's text.
 */

type ObjectStoreReader = {
  get(key: IDBValidKey): Promise<unknown>;
  getAll(query: IDBKeyRange, count?: number): Promise<unknown[]>;
  getAllKeys(query: IDBKeyRange, count?: number): Promise<IDBValidKey[]>;
};

type ParsedRecord = NonNullable<ReturnType<typeof parseStoredRecord>>;

/** Every chunk of every document. */
const allChunks = () => IDBKeyRange.bound(CHUNK_PREFIX, `${CHUNK_PREFIX}\uffff`);

/** Chunks read per request while loading: about 2 MB, a few milliseconds to deserialise. */
const CHUNKS_PER_READ = 32;

/**
 * Reads the chunks under `keys` (sorted as IndexedDB sorts them) in batches of consecutive
 * keys, inside the caller's transaction: each batch is its own event, so the page stays
 * responsive between them.
 */
async function readChunkTexts(
  store: ObjectStoreReader,
  keys: readonly string[],
): Promise<Map<string, unknown>> {
  const texts = new Map<string, unknown>();
  for (let start = 0; start < keys.length; start += CHUNKS_PER_READ) {
    const batch = keys.slice(start, start + CHUNKS_PER_READ);
    const range = IDBKeyRange.bound(batch[0], batch[batch.length - 1]);
    const [batchKeys, batchValues] = await Promise.all([
      store.getAllKeys(range, batch.length),
      store.getAll(range, batch.length),
    ]);
    batchKeys.forEach((key, index) => texts.set(String(key), batchValues[index]));
  }
  return texts;
}

/**
 * A document's text from the stored texts of its chunks (joined by "\n" except after one that
 * continues), built in slices between page tasks.
 */
async function assembleText(pieces: readonly string[], chunks: readonly ChunkRef[]): Promise<Text> {
  const assembler = new TextAssembler();
  let sliceStart = performance.now();
  for (let index = 0; index < pieces.length; index++) {
    if (index > 0 && !chunks[index - 1].continues) assembler.push("\n");
    assembler.push(pieces[index]);
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
  }
  return assembler.finish().doc;
}

/** What a collection's legacy hook found and moved into the collection. */
export interface LegacyMigration {
  documents: StoredDocument[];
  keptAside: string[];
}

/** How a collection is kept. */
export interface DocumentStoreOptions {
  /** The IndexedDB object store (one per collection). */
  storeName: string;
  /** Prefix of the document records' keys ("tab/" for the notepad, "doc/" for the editor). */
  recordPrefix: string;
  /**
   * Reads documents kept in an older format (called only when the collection holds none) and
   * stores them with `store.writeMigrated`; what could not be read is kept aside, never dropped.
   */
  migrateLegacy?: (store: DocumentStore, now: number) => Promise<LegacyMigration>;
  /**
   * Keys of the collection's object store that belong to a legacy format and are left for
   * `migrateLegacy` instead of being reported as unreadable.
   */
  isLegacyKey?: (key: string) => boolean;
}

let stringChunkCounter = 0;
const stringChunkSession = Math.random().toString(36).slice(2, 8);

/**
 * One collection of documents in IndexedDB: load (with unreadable records kept aside), read,
 * conditional save (revision check), delete, order. Used by both editors through
 * `DocumentSyncClient`. Browser only (IndexedDB).
 */
export class DocumentStore {
  constructor(readonly options: DocumentStoreOptions) {}

  private get storeName(): string {
    return this.options.storeName;
  }

  /** The IndexedDB key of document `id`'s record. */
  recordKey(id: string): string {
    return this.options.recordPrefix + id;
  }

  /**
   * Loads every readable document in saved order. Unreadable records are copied to
   * "unreadable/<time>/<key>" before anything else happens (and only then removed from their
   * own key, so they are not reported again). When the collection holds no documents, the
   * legacy hook runs once.
   *
   * Chunks are read a few at a time and each document's text is assembled into a CodeMirror
   * `Text` in slices, yielding to the page between them: restoring a 200 MB tab is a few
   * seconds of short tasks, never one long one.
   */
  async loadAll(now = Date.now()): Promise<DocumentLoadResult> {
    const db = await openPlainpadDb();
    const tx = db.transaction(this.storeName, "readwrite");
    // Everything but the chunks in one read, then the chunks in small batches.
    const below = IDBKeyRange.upperBound(CHUNK_PREFIX, true);
    const above = IDBKeyRange.lowerBound(`${CHUNK_PREFIX}\uffff`, true);
    const [keysBelow, valuesBelow, keysAbove, valuesAbove, storedChunkKeys] = await Promise.all([
      tx.store.getAllKeys(below),
      tx.store.getAll(below),
      tx.store.getAllKeys(above),
      tx.store.getAll(above),
      tx.store.getAllKeys(allChunks()),
    ]);
    const keys = [...keysBelow, ...keysAbove];
    const values = [...valuesBelow, ...valuesAbove];
    const chunkKeys = new Set(storedChunkKeys.map(String));
    const records: { key: string; value: unknown; doc: ParsedRecord }[] = [];
    const keptAside: string[] = [];
    let order: string[] = [];
    const writes: Promise<unknown>[] = [];
    const prefix = this.options.recordPrefix;
    const keepAside = (key: string, value: unknown) => {
      const asideKey = `${UNREADABLE_PREFIX}${now}/${key}`;
      keptAside.push(asideKey);
      writes.push(tx.store.put(value, asideKey));
      writes.push(tx.store.delete(key));
    };
    keys.forEach((rawKey, index) => {
      const key = String(rawKey);
      const value = values[index];
      if (
        key.startsWith(UNREADABLE_PREFIX) ||
        key.startsWith(CONFLICT_PREFIX) ||
        key.startsWith(REV_PREFIX) ||
        this.options.isLegacyKey?.(key)
      )
        return;
      if (key === META_KEY) {
        const meta = value as Partial<StoredMeta> | undefined;
        if (meta && Array.isArray(meta.order) && meta.order.every((id) => typeof id === "string")) {
          order = meta.order;
        }
        return;
      }
      const doc = key.startsWith(prefix) ? parseStoredRecord(value) : null;
      const complete = doc?.chunks?.every((chunk) => chunkKeys.has(chunkKey(doc.id, chunk.key)));
      if (doc && this.recordKey(doc.id) === key && (doc.chunks === null || complete)) {
        records.push({ key, value, doc });
        return;
      }
      keepAside(key, value);
    });
    const texts = await readChunkTexts(tx.store, [...chunkKeys]);
    const documents: LoadedDocument[] = [];
    const readable = records.filter(({ key, value, doc }) => {
      if (doc.chunks?.some((chunk) => typeof texts.get(chunkKey(doc.id, chunk.key)) !== "string")) {
        keepAside(key, value);
        return false;
      }
      return true;
    });
    await Promise.all(writes);
    await tx.done;
    if (keptAside.length)
      console.error("Some saved documents could not be read; kept aside:", keptAside);

    for (const { doc } of readable) {
      const { chunks, ...rest } = doc;
      if (chunks === null) {
        documents.push({ ...rest, storedChunks: null });
        continue;
      }
      const pieces = chunks.map((chunk) => texts.get(chunkKey(doc.id, chunk.key)) as string);
      for (const chunk of chunks) texts.delete(chunkKey(doc.id, chunk.key));
      documents.push({
        ...rest,
        content: await assembleText(pieces, chunks),
        storedChunks: chunks.map((chunk, index) => ({ ...chunk, length: pieces[index].length })),
      });
    }

    let migratedLegacy = false;
    if (documents.length === 0 && this.options.migrateLegacy) {
      const legacy = await this.options.migrateLegacy(this, now);
      documents.push(...legacy.documents.map((doc) => ({ ...doc, storedChunks: null })));
      keptAside.push(...legacy.keptAside);
      migratedLegacy = legacy.documents.length > 0;
    }
    return { documents: sortByOrder(documents, order), keptAside, migratedLegacy };
  }

  /**
   * Stores documents read from a legacy format (revision 1, text chunked) and their order, in
   * one transaction, plus `aside` values under "unreadable/<now>/<key>". Returns the keys kept
   * aside.
   */
  async writeMigrated(
    documents: readonly StoredDocument[],
    aside: Readonly<Record<string, unknown>>,
    now: number,
    removeKeys: readonly string[] = [],
  ): Promise<string[]> {
    const db = await openPlainpadDb();
    const tx = db.transaction(this.storeName, "readwrite");
    const keptAside: string[] = [];
    for (const [key, value] of Object.entries(aside)) {
      const asideKey = `${UNREADABLE_PREFIX}${now}/${key}`;
      keptAside.push(asideKey);
      await tx.store.put(value, asideKey);
    }
    for (const doc of documents) {
      let next = 0;
      const pieces = chunkString(doc.content, () => `legacy-${next++}`);
      for (const piece of pieces) await tx.store.put(piece.text, chunkKey(doc.id, piece.key));
      await tx.store.put(documentRecord(doc, pieces, doc.revision), this.recordKey(doc.id));
      await tx.store.put({ revision: doc.revision }, REV_PREFIX + doc.id);
    }
    if (documents.length)
      await tx.store.put({ schema: DOCUMENT_SCHEMA, order: documents.map((d) => d.id) }, META_KEY);
    for (const key of removeKeys) await tx.store.delete(key);
    await tx.done;
    return keptAside;
  }

  /** Reads one document (after another window announced a change). */
  async read(id: string): Promise<StoredDocument | null> {
    const db = await openPlainpadDb();
    const tx = db.transaction(this.storeName, "readonly");
    const doc = await this.readIn(tx.store, id);
    await tx.done;
    return doc;
  }

  /**
   * Another window's newer version of document `id`, as changes to the version this window
   * last stored or read (`known`: its chunks and its text's length). Only the chunks this window
   * does not have are read, so following another window's typing in a 200 MB document reads a
   * few kilobytes instead of the whole text. Null when the document is gone; "read-all" when the
   * record cannot be followed that way (text kept inline, a chunk missing, lists that do not fit).
   */
  async readChanges(
    id: string,
    known: { chunks: readonly StoredChunk[]; length: number },
  ): Promise<{ doc: Omit<StoredDocument, "content">; update: ChunkUpdate } | null | "read-all"> {
    const db = await openPlainpadDb();
    const tx = db.transaction(this.storeName, "readonly");
    const value = await tx.store.get(this.recordKey(id));
    const record = value === undefined ? null : parseStoredRecord(value);
    if (!record?.chunks) {
      await tx.done;
      return value === undefined ? null : "read-all";
    }
    const { chunks, content: _inline, ...doc } = record;
    const kept = keptChunks(known.chunks, chunks);
    const missing = chunks.filter((_, index) => !kept[index]).map((chunk) => chunk.key);
    const values = await Promise.all(missing.map((key) => tx.store.get(chunkKey(id, key))));
    await tx.done;
    const texts = new Map<string, string>();
    for (const [index, value] of values.entries()) {
      if (typeof value !== "string") return "read-all";
      texts.set(missing[index], value);
    }
    const update = changesBetweenChunks(known.chunks, known.length, chunks, texts);
    return update ? { doc, update } : "read-all";
  }

  /** Reads a document record and its chunks inside a transaction. */
  private async readIn(store: ObjectStoreReader, id: string): Promise<StoredDocument | null> {
    const record = await store.get(this.recordKey(id));
    if (record === undefined) return null;
    const range = chunkRange(id);
    const [keys, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
    const chunks = new Map(keys.map((key, index) => [String(key), values[index]]));
    return parseStoredDocument(record, (chunk) => chunks.get(chunkKey(id, chunk)));
  }

  /**
   * Writes a document if the stored revision still equals `baseRevision` (or nothing is
   * stored), in one transaction: its new chunks, its record, and the removal of chunks it no
   * longer uses. Otherwise nothing is written and the stored version is returned as a conflict.
   * Chunks given without text must be stored already (from this document's previous
   * successful save). Rejects with the browser's error (e.g. QuotaExceededError) when the
   * write fails; then nothing was written.
   */
  async save(doc: DocumentToSave, baseRevision: number): Promise<SaveDocumentResult> {
    const chunks =
      typeof doc.content === "string"
        ? chunkString(doc.content, () => `${stringChunkSession}-s${stringChunkCounter++}`)
        : doc.content;
    const db = await openPlainpadDb();
    const tx = db.transaction(this.storeName, "readwrite");
    const done = tx.done;
    // A failed transaction also rejects `done`; swallow that copy so only one error surfaces.
    done.catch(() => undefined);
    const rev = (await tx.store.get(REV_PREFIX + doc.id)) as { revision?: unknown } | undefined;
    let storedRevision: number | null = typeof rev?.revision === "number" ? rev.revision : null;
    const previous = await tx.store.get(this.recordKey(doc.id));
    if (storedRevision === null && previous !== undefined) {
      // Written before revision records existed (or a legacy migration).
      storedRevision = parseStoredDocument(previous, () => "")?.revision ?? null;
    }
    if (storedRevision !== null && storedRevision !== baseRevision) {
      const stored = await this.readIn(tx.store, doc.id);
      if (stored) {
        await done;
        return { ok: false, conflict: { ...stored, revision: storedRevision } };
      }
    }
    const revision = Math.max(baseRevision, storedRevision ?? 0) + 1;
    const keep = new Set<string>();
    for (const chunk of chunks) {
      keep.add(chunk.key);
      if (chunk.text !== undefined) {
        await tx.store.put(chunk.text.toString(), chunkKey(doc.id, chunk.key));
      }
    }
    for (const key of chunkKeysOf(previous)) {
      if (!keep.has(key)) await tx.store.delete(chunkKey(doc.id, key));
    }
    await tx.store.put(
      documentRecord({ driveFileId: null, file: newFileFormat(), ...doc }, chunks, revision),
      this.recordKey(doc.id),
    );
    await tx.store.put({ revision }, REV_PREFIX + doc.id);
    await done;
    return { ok: true, revision };
  }

  /** Deletes documents. */
  async delete(ids: readonly string[]): Promise<void> {
    const db = await openPlainpadDb();
    const tx = db.transaction(this.storeName, "readwrite");
    await Promise.all(
      ids.flatMap((id) => [
        tx.store.delete(this.recordKey(id)),
        tx.store.delete(REV_PREFIX + id),
        tx.store.delete(chunkRange(id)),
      ]),
    );
    await tx.done;
  }

  /** Stores the document order. */
  async saveOrder(order: readonly string[]): Promise<void> {
    const db = await openPlainpadDb();
    await db.put(this.storeName, { schema: DOCUMENT_SCHEMA, order: [...order] }, META_KEY);
  }

  /**
   * Keeps another window's version of a document aside ("conflict/<time>/<id>"), for a
   * collection that has no other place to show it. Returns the key.
   */
  async keepConflictAside(doc: StoredDocument, now = Date.now()): Promise<string> {
    const db = await openPlainpadDb();
    const key = `${CONFLICT_PREFIX}${now}/${doc.id}`;
    await db.put(this.storeName, { ...doc }, key);
    return key;
  }

  /** Lists the keys under which unreadable or conflicting data was kept aside. */
  async listKeptAside(): Promise<string[]> {
    const db = await openPlainpadDb();
    const keys = await db.getAllKeys(this.storeName);
    return keys
      .map(String)
      .filter((key) => key.startsWith(UNREADABLE_PREFIX) || key.startsWith(CONFLICT_PREFIX));
  }
}
