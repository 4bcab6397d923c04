/**
 * The records of the document engine (see document-store.ts): their shapes and validation. How
 * a text is cut into chunks is text-chunks.ts's. Pure functions, tested through the store.
 */

import type { Text } from "@codemirror/state";
import { isLanguageId } from "~/text/languages";
import { DEFAULT_LINE_ENDING, isLineEnding, type LineEnding } from "~/text/line-endings";
import { DEFAULT_ENCODING, isTextEncodingId, type TextEncodingId } from "~/text/text-encoding";

/**
 * Schema version of the records: 1, text inline in "content" (still read); 2, text in chunks of
 * whole lines joined by "\n"; 3, chunks of which some end inside a line (see `documentRecord`).
 */
export const DOCUMENT_SCHEMA = 2;
/** Schema of a record whose text has a line cut across chunks. */
export const CUT_LINES_SCHEMA = 3;
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
  /**
   * The language the user picked for this document (`~/text/languages` ids); absent or null:
   * told from its name (and text), so a renamed file follows its new extension.
   */
  language?: string | null;
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

/**
 * Where a chunk sits in its document's text: its key, and whether it ends inside a line. Chunks
 * are joined by "\n", except that a chunk that `continues` is followed by the next one directly.
 */
export interface ChunkRef {
  key: string;
  /** Set (true) only on a chunk that ends inside a line too long for one chunk. */
  continues?: boolean;
}

/** One stored chunk: where it sits and its length in characters. */
export interface StoredChunk extends ChunkRef {
  length: number;
}

/** The record under "<prefix><id>". */
export type DocumentRecord = DocumentRecordFields &
  (
    | { schema: typeof DOCUMENT_SCHEMA; chunkKeys: string[] }
    | {
        schema: typeof CUT_LINES_SCHEMA;
        /** The chunks' keys in order (not "chunkKeys": see `documentRecord`). */
        textChunks: string[];
        /** Indices of the chunks that end inside a line: no line break after them. */
        midLineCuts: number[];
      }
  );

interface DocumentRecordFields {
  id: string;
  name: string;
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
 * A piece of a tab's text (whole lines, or part of a very long one when it `continues`). `text`
 * is given for a new piece; without it, the piece is already stored under `key` by an earlier
 * save of this tab.
 */
export interface ContentChunk extends ChunkRef {
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
  const { chunks, ...doc } = parsed;
  if (chunks === null) return doc;
  const pieces: string[] = [];
  for (const chunk of chunks) {
    const piece = readChunk(chunk.key);
    if (typeof piece !== "string") return null;
    pieces.push(piece);
  }
  return { ...doc, content: joinChunks(pieces, chunks) };
}

/** The text of `pieces`, the stored texts of `chunks`: "\n" between them unless one continues. */
export function joinChunks(pieces: readonly string[], chunks: readonly ChunkRef[]): string {
  if (!chunks.some((chunk) => chunk.continues)) return pieces.join("\n");
  let text = "";
  pieces.forEach((piece, index) => {
    text += index > 0 && !chunks[index - 1].continues ? "\n" + piece : piece;
  });
  return text;
}

/**
 * A stored record without its chunks read: the text itself when it is kept inline (schema 1),
 * else "" and the chunks that hold it. Null when the record cannot be read.
 */
export function parseStoredRecord(
  value: unknown,
): (StoredDocument & { chunks: ChunkRef[] | null }) | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.id !== "string" || record.id === "") return null;
  if (typeof record.name !== "string" || record.name.trim() === "") return null;
  let content = "";
  let chunks: ChunkRef[] | null = null;
  if (typeof record.content === "string") {
    content = record.content;
  } else {
    chunks = parseChunkList(record);
    if (!chunks) return null;
  }
  return {
    id: record.id,
    name: record.name,
    content,
    chunks,
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

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** The chunks of a schema 2 or 3 record; null when the list is missing or malformed. */
function parseChunkList(record: Record<string, unknown>): ChunkRef[] | null {
  if (isStringList(record.chunkKeys)) return record.chunkKeys.map((key) => ({ key }));
  if (!isStringList(record.textChunks) || !Array.isArray(record.midLineCuts)) return null;
  const keys = record.textChunks;
  const cuts = new Set<unknown>(record.midLineCuts);
  // A cut after the last chunk, or one that is not a chunk's index, would misplace text.
  const valid = [...cuts].every(
    (index) =>
      Number.isInteger(index) && (index as number) >= 0 && (index as number) < keys.length - 1,
  );
  if (!valid) return null;
  return keys.map((key, index) => (cuts.has(index) ? { key, continues: true } : { key }));
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
    // Only where one was picked: most documents never have one.
    ...(isLanguageId(stored.language) ? { language: stored.language } : {}),
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
  const record = (value ?? {}) as { chunkKeys?: unknown; textChunks?: unknown };
  const keys = Array.isArray(record.chunkKeys) ? record.chunkKeys : record.textChunks;
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : [];
}

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

/**
 * The stored record of a document whose text is `chunks`. A text of whole-line chunks is
 * written as schema 2, which every version of Plainpad reads. One with a line cut across chunks
 * is schema 3, its keys under "textChunks": a window still running an older version then finds
 * no "chunkKeys" and leaves the record alone, where it would otherwise join the chunks with
 * line breaks and show (and could store) a long line broken into pieces.
 */
export function documentRecord(
  doc: Omit<StoredDocument, "content" | "revision">,
  chunks: readonly ChunkRef[],
  revision: number,
): DocumentRecord {
  const fields: DocumentRecordFields = {
    id: doc.id,
    name: doc.name,
    lastModified: doc.lastModified,
    isModified: doc.isModified,
    driveFileId: doc.driveFileId,
    file: doc.file,
    revision,
  };
  const keys = chunks.map((chunk) => chunk.key);
  const midLineCuts = chunks.flatMap((chunk, index) => (chunk.continues ? [index] : []));
  if (midLineCuts.length === 0) return { schema: DOCUMENT_SCHEMA, ...fields, chunkKeys: keys };
  return { schema: CUT_LINES_SCHEMA, ...fields, textChunks: keys, midLineCuts };
}
