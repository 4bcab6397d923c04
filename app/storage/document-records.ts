/**
 * The records of the document engine (see document-store.ts): their shapes, validation, and how
 * a text is cut into chunks. Pure functions, tested through the store.
 */

import type { Text } from "@codemirror/state";
import { DEFAULT_LINE_ENDING, isLineEnding, type LineEnding } from "~/text/line-endings";
import { DEFAULT_ENCODING, isTextEncodingId, type TextEncodingId } from "~/text/text-encoding";

/** Schema version of the records (1: text inline in "content", still read; 2: text in chunks). */
export const DOCUMENT_SCHEMA = 2;
/** Prefix of the chunk records. */
export const CHUNK_PREFIX = "chunk/";
/** Key of the order record. */
export const META_KEY = "meta";
/** Prefix of data that could not be read, kept aside. */
export const UNREADABLE_PREFIX = "unreadable/";
/** Prefix of another window's version kept aside after a conflict. */
export const CONFLICT_PREFIX = "conflict/";
// "rev/<id>" holds just the revision of tab <id>: a save checks it without reading (and
// deserialising) a possibly 10 MB record on the main thread.
/** Prefix of the revision records. */
export const REV_PREFIX = "rev/";

/**
 * The file on this computer a document was opened from or saved to (File System Access API).
 * The handle is stored in IndexedDB with the document, so Save still writes there after a
 * reload (the browser asks for write permission again first).
 */
export interface DiskFileLink {
  handle: FileSystemFileHandle;
  /** The file's lastModified after Plainpad last read or wrote it: a newer one means changed on disk. */
  lastModified: number;
  /** The file's size in bytes at that moment. */
  size: number;
}

/** How a document becomes a file: its bytes' encoding and line ending, and its file on disk. */
export interface DocumentFileFormat {
  encoding: TextEncodingId;
  lineEnding: LineEnding;
  /** Null for a document that lives only in this browser (or in Google Drive). */
  disk: DiskFileLink | null;
}

/** The format of a new document: UTF-8, LF line endings (or `lineEnding`), no file yet. */
export function newFileFormat(lineEnding: LineEnding = DEFAULT_LINE_ENDING): DocumentFileFormat {
  return { encoding: DEFAULT_ENCODING, lineEnding, disk: null };
}

/** One stored document, with its text put together. */
export interface StoredDocument {
  id: string;
  name: string;
  content: string;
  lastModified: number;
  /** Has changes not yet downloaded or saved to a file or Drive (the "unsaved" marker). */
  isModified: boolean;
  /** The Google Drive file it was opened from or saved to; null for none. */
  driveFileId: string | null;
  /** Encoding, line ending and the file on disk (defaults for records older than these). */
  file: DocumentFileFormat;
  /** Incremented by every write; a writer must hold the previous number (optimistic lock). */
  revision: number;
}

/**
 * A document as read at start. Chunked text comes as a CodeMirror `Text` assembled a slice at a
 * time (a 200 MB tab never becomes one string), with the chunks it was read from, so the first
 * save after the reload rewrites only what changed.
 */
export interface LoadedDocument extends Omit<StoredDocument, "content"> {
  content: string | Text;
  /** The chunks the text was read from; null for text kept inline or just migrated. */
  storedChunks: StoredChunk[] | null;
}

/** One stored chunk: its key and its length in characters (chunks are joined by "\n"). */
export interface StoredChunk {
  key: string;
  length: number;
}

/** The record under "<prefix><id>" (schema 2). */
export interface DocumentRecord {
  schema: typeof DOCUMENT_SCHEMA;
  id: string;
  name: string;
  chunkKeys: string[];
  lastModified: number;
  isModified: boolean;
  driveFileId: string | null;
  file: DocumentFileFormat;
  revision: number;
}

/** The order record. */
export interface StoredMeta {
  schema: number;
  order: string[];
}

/**
 * A piece of a tab's text (whole lines; pieces are joined with "\n"). `text` is given for a new
 * piece; without it, the piece is already stored under `key` by an earlier save of this tab.
 */
export interface ContentChunk {
  key: string;
  /**
   * The chunk's text when it must be written: a string, or a piece of a CodeMirror document
   * turned into one only as it is written, so a save of a 200 MB document never builds all of
   * its text in one task.
   */
  text?: string | ChunkText;
}

/** Text that becomes a string only when it is written: a CodeMirror `Text` is one. */
export interface ChunkText {
  readonly length: number;
  toString(): string;
}

/** A document to write: its text as one string or as chunks. */
export type DocumentToSave = Omit<
  StoredDocument,
  "revision" | "content" | "driveFileId" | "file"
> & {
  content: string | readonly ContentChunk[];
  driveFileId?: string | null;
  file?: DocumentFileFormat;
};

/** What loading found. */
export interface DocumentLoadResult {
  /** Readable documents in their saved order (empty when nothing is stored). */
  documents: LoadedDocument[];
  /** Keys under which unreadable data was kept aside during this load. */
  keptAside: string[];
  /** True when documents came from a legacy format (migrated by the collection's hook). */
  migratedLegacy: boolean;
}

/** Outcome of a conditional write. */
export type SaveDocumentResult =
  { ok: true; revision: number } | { ok: false; conflict: StoredDocument };

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
 * Validates one stored value as a document; null when it is not readable. `readChunk` gives the
 * stored text of a chunk key (undefined when missing, which makes the document unreadable).
 */
export function parseStoredDocument(
  value: unknown,
  readChunk: (key: string) => unknown = () => undefined,
): StoredDocument | null {
  const parsed = parseStoredRecord(value);
  if (!parsed) return null;
  const { chunkKeys, ...doc } = parsed;
  if (chunkKeys === null) return doc;
  const pieces: string[] = [];
  for (const key of chunkKeys) {
    const piece = readChunk(key);
    if (typeof piece !== "string") return null;
    pieces.push(piece);
  }
  return { ...doc, content: pieces.join("\n") };
}

/**
 * A stored record without its chunks read: the text itself when it is kept inline (schema 1),
 * else "" and the keys of the chunks that hold it. Null when the record cannot be read.
 */
export function parseStoredRecord(
  value: unknown,
): (StoredDocument & { chunkKeys: string[] | null }) | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.id !== "string" || record.id === "") return null;
  if (typeof record.name !== "string" || record.name.trim() === "") return null;
  let content = "";
  let chunkKeys: string[] | null = null;
  if (typeof record.content === "string") {
    content = record.content;
  } else if (
    Array.isArray(record.chunkKeys) &&
    record.chunkKeys.every((key): key is string => typeof key === "string")
  ) {
    chunkKeys = record.chunkKeys;
  } else {
    return null;
  }
  return {
    id: record.id,
    name: record.name,
    content,
    chunkKeys,
    lastModified:
      typeof record.lastModified === "number"
        ? record.lastModified
        : Date.parse(String(record.lastModified)) || 0,
    isModified: record.isModified === true,
    driveFileId:
      typeof record.driveFileId === "string" && record.driveFileId ? record.driveFileId : null,
    file: parseFileFormat(record.file),
    revision:
      typeof record.revision === "number" && Number.isFinite(record.revision) ? record.revision : 0,
  };
}

/**
 * Reads a stored file format; anything missing or unknown falls back to the defaults (a
 * document must never become unreadable because of how it is written to disk).
 */
export function parseFileFormat(value: unknown): DocumentFileFormat {
  const stored = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  return {
    encoding: isTextEncodingId(stored.encoding) ? stored.encoding : DEFAULT_ENCODING,
    lineEnding: isLineEnding(stored.lineEnding) ? stored.lineEnding : DEFAULT_LINE_ENDING,
    disk: parseDiskLink(stored.disk),
  };
}

function parseDiskLink(value: unknown): DiskFileLink | null {
  if (typeof value !== "object" || value === null) return null;
  const link = value as Record<string, unknown>;
  const handle = link.handle as { kind?: unknown } | null | undefined;
  // A FileSystemFileHandle survives IndexedDB's structured clone with its kind.
  if (typeof handle !== "object" || handle === null || handle.kind !== "file") return null;
  return {
    handle: handle as FileSystemFileHandle,
    lastModified: typeof link.lastModified === "number" ? link.lastModified : 0,
    size: typeof link.size === "number" ? link.size : -1,
  };
}

/** The chunk keys a stored tab record refers to (none for an inline schema-1 record). */
export function chunkKeysOf(value: unknown): string[] {
  const keys = (value as { chunkKeys?: unknown } | null | undefined)?.chunkKeys;
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : [];
}

/** Splits a string into chunks of whole lines of about `size` characters (new keys). */
export function chunkString(text: string, newKey: () => string, size = CHUNK_SIZE): ContentChunk[] {
  return cutAtLineEnds(text, 0, text.length, size).map(([from, to]) => ({
    key: newKey(),
    text: text.slice(from, to),
  }));
}

/**
 * [from, to) of `content` (`from` at a line start) cut into stretches of whole lines of about
 * `size` characters: each ends at the first line end after `size` characters, the line break
 * itself left out (stored chunks are joined by "\n"). A line longer than that stays whole.
 */
export function cutAtLineEnds(
  content: Text | string,
  from: number,
  to: number,
  size = CHUNK_SIZE,
): [number, number][] {
  const pieces: [number, number][] = [];
  let start = from;
  while (start + size < to) {
    const cut = lineEndAt(content, start + size);
    if (cut >= to) break;
    pieces.push([start, cut]);
    start = cut + 1;
  }
  pieces.push([start, to]);
  return pieces;
}

/** The end (before its line break) of the line holding `pos`. */
function lineEndAt(content: Text | string, pos: number): number {
  if (typeof content !== "string") return content.lineAt(pos).to;
  const end = content.indexOf("\n", pos);
  return end < 0 ? content.length : end;
}

/** Target size of a stored chunk, in characters. */
export const CHUNK_SIZE = 64 * 1024;

/** Every chunk key of document `id` lies in this range. */
export function chunkRange(id: string): IDBKeyRange {
  return IDBKeyRange.bound(`${CHUNK_PREFIX}${id}/`, `${CHUNK_PREFIX}${id}/\uffff`);
}

/** The IndexedDB key of one chunk of document `id`. */
export function chunkKey(id: string, chunkId: string): string {
  return `${CHUNK_PREFIX}${id}/${chunkId}`;
}

/** Documents in the stored order (unordered ones last, by age). */
export function sortByOrder<Doc extends Pick<StoredDocument, "id" | "lastModified">>(
  docs: Doc[],
  order: readonly string[],
): Doc[] {
  const position = new Map(order.map((id, index) => [id, index]));
  return [...docs].sort((a, b) => {
    const pa = position.get(a.id) ?? Number.MAX_SAFE_INTEGER;
    const pb = position.get(b.id) ?? Number.MAX_SAFE_INTEGER;
    if (pa !== pb) return pa - pb;
    return a.id === "1" ? -1 : b.id === "1" ? 1 : a.lastModified - b.lastModified;
  });
}

/** The stored record of a document whose text is `chunks`. */
export function documentRecord(
  doc: Omit<StoredDocument, "content" | "revision">,
  chunks: readonly ContentChunk[],
  revision: number,
): DocumentRecord {
  return {
    schema: DOCUMENT_SCHEMA,
    id: doc.id,
    name: doc.name,
    chunkKeys: chunks.map((chunk) => chunk.key),
    lastModified: doc.lastModified,
    isModified: doc.isModified,
    driveFileId: doc.driveFileId,
    file: doc.file,
    revision,
  };
}
