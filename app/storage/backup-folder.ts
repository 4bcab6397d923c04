import type { DocumentFileFormat } from "./document-records";
import { applyLineEnding, isLineEnding, normalizeLineEndings } from "~/text/line-endings";
import { safeFileName, withTxtExtension } from "~/text/file-name";
import {
  decodeBytes,
  decodeText,
  encodeText,
  isTextEncodingId,
  type TextEncodingId,
} from "~/text/text-encoding";
import { prepareEncoder } from "~/text/legacy-encodings";

/**
 * Writing each document's text into a folder the user chose (File › Keep copies in a
 * folder…), with one index, `plainpad-folder-copies.json`, that says which file holds which
 * tab and how its bytes were written. The index is read back: when copies go on after a
 * restart, each tab keeps its file (`previous`), and File › Restore from folder copies… opens
 * the files it lists (`readFolderCopies`). Each file is written whole to a temporary file first
 * and then moved over the old copy, so a crash mid-write leaves the old copy or the new one,
 * never half of one. Works on the File System Access API's directory handles; the tests give it
 * OPFS directories (browser) or an in-memory stand-in (unit).
 */

/** The folder's index: its own name, apart from the .zip backup's `plainpad-backup.json`. */
export const FOLDER_INDEX_NAME = "plainpad-folder-copies.json";
/**
 * The index's name before it had its own (docs/decisions/023-backup-folder-index.md): the same
 * as the .zip backup's manifest, in another format. Read when the folder has no newer index,
 * and removed once the new one is written.
 */
export const OLD_FOLDER_INDEX_NAME = "plainpad-backup.json";
/** Format of the index; a newer one is read as far as its entries go. */
export const FOLDER_INDEX_FORMAT = 1;
const TEMP_SUFFIX = ".plainpad-tmp";

/** The parts of a FileSystemDirectoryHandle this module uses. */
export interface BackupDirectory {
  readonly name: string;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<BackupFile>;
  removeEntry(name: string): Promise<void>;
}

export interface BackupFile {
  /** The file's current contents (a `File`). */
  getFile(): Promise<Blob>;
  createWritable(): Promise<{
    write(data: BufferSource | Blob | string): Promise<void>;
    close(): Promise<void>;
    abort?(): Promise<void>;
  }>;
  /** Chromium: renames the file within its folder (replacing none: see `moveOver`). */
  move?(newName: string): Promise<void>;
}

/** One document to keep a copy of. */
export interface BackupDocument {
  id: string;
  name: string;
  text: string;
  file: Pick<DocumentFileFormat, "encoding" | "lineEnding">;
  lastModified: number;
}

/** An entry of the index: which file holds which document, and how its bytes were written. */
export interface BackupIndexEntry {
  /** The tab's id. */
  id: string;
  /** The tab's name when its copy was last written. */
  name: string;
  fileName: string;
  /** The encoding of the bytes in the file (UTF-8 when the tab's own could not hold the text). */
  encoding: TextEncodingId;
  lineEnding: BackupDocument["file"]["lineEnding"];
  lastModified: number;
  /**
   * Which browser profile wrote the copy (`BackupFolderKeeper`'s writer id): tab ids are only
   * unique within one. Absent in an index of the old name.
   */
  writer?: string;
}

/** The folder's index as written. */
interface FolderIndex {
  app: "Plainpad";
  kind: "folder-copies";
  format: number;
  savedAt: string;
  documents: BackupIndexEntry[];
}

/** This browser's copies in a folder, per tab id (empty for a folder it has not written to). */
export type FolderCopies = ReadonlyMap<string, BackupIndexEntry>;

/**
 * A folder's index entries split by who wrote them: this browser (`writer`), by tab id, or
 * another browser profile (or this one before its site data was cleared), whose files are
 * left as they are. Entries of the old index, which knew no writer, count as this browser's.
 */
export function splitByWriter(
  entries: readonly BackupIndexEntry[],
  writer: string,
): { own: Map<string, BackupIndexEntry>; others: BackupIndexEntry[] } {
  const own = new Map<string, BackupIndexEntry>();
  const others: BackupIndexEntry[] = [];
  for (const entry of entries) {
    if ((entry.writer ?? writer) === writer && !own.has(entry.id)) own.set(entry.id, entry);
    else others.push(entry);
  }
  return { own, others };
}

/**
 * File names for the documents: the tab's name made safe, with .txt when it has no extension,
 * and " (2)", " (3)"... before the extension when two documents would share a name.
 * Documents keep the name they had (`previous`) while it is still theirs, so a file does not
 * move between tabs.
 */
export function backupFileNames(
  docs: readonly Pick<BackupDocument, "id" | "name">[],
  previous: ReadonlyMap<string, string> = new Map(),
  reserved: Iterable<string> = [],
): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>([
    FOLDER_INDEX_NAME.toLowerCase(),
    OLD_FOLDER_INDEX_NAME.toLowerCase(),
    ...[...reserved].map((name) => name.toLowerCase()),
  ]);
  const wanted = (doc: Pick<BackupDocument, "name">) => {
    const safe = safeFileName(doc.name);
    return /\.[a-z0-9]{1,8}$/i.test(safe) ? safe : withTxtExtension(safe);
  };
  // First, documents whose earlier file name still fits their name.
  for (const doc of docs) {
    const before = previous.get(doc.id);
    if (before && sameStem(before, wanted(doc)) && !taken.has(before.toLowerCase())) {
      names.set(doc.id, before);
      taken.add(before.toLowerCase());
    }
  }
  for (const doc of docs) {
    if (names.has(doc.id)) continue;
    const base = wanted(doc);
    const dot = base.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ""];
    let candidate = base;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
      candidate = `${stem} (${n})${extension}`;
    }
    names.set(doc.id, candidate);
    taken.add(candidate.toLowerCase());
  }
  return names;
}

/** True when `fileName` is `wanted` or `wanted` with a " (n)" counter. */
function sameStem(fileName: string, wanted: string): boolean {
  if (fileName === wanted) return true;
  const dot = wanted.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ""];
  return fileName.startsWith(`${stem} (`) && fileName.endsWith(`)${extension}`);
}

/** The document's bytes in its own encoding and line endings; UTF-8 when it cannot hold them. */
export function backupBytes(doc: BackupDocument): { bytes: Uint8Array; encoding: TextEncodingId } {
  const text = applyLineEnding(doc.text, doc.file.lineEnding);
  try {
    return { bytes: encodeText(text, doc.file.encoding), encoding: doc.file.encoding };
  } catch {
    // A character the file's encoding cannot hold (it would be refused on Save): the copy
    // keeps the text rather than nothing.
    return { bytes: new TextEncoder().encode(text), encoding: "utf-8" };
  }
}

/** Writes `data` to `name` in `dir` through a temporary file, so no reader sees half a file. */
export async function writeWhole(
  dir: BackupDirectory,
  name: string,
  data: Uint8Array | string,
): Promise<void> {
  const tempName = `${name}${TEMP_SUFFIX}`;
  const temp = await dir.getFileHandle(tempName, { create: true });
  if (!temp.move) {
    // No move (older browsers): a writable stream already writes to a swap file and replaces
    // the target when closed (the File System Access API's atomic write), so write directly.
    await dir.removeEntry(tempName).catch(() => undefined);
    await writeTo(await dir.getFileHandle(name, { create: true }), data);
    return;
  }
  await writeTo(temp, data);
  try {
    await temp.move(name);
  } catch {
    // The target exists and this browser does not move over it: remove the old copy, then
    // move. Between the two the complete new copy is the temporary file.
    await dir.removeEntry(name).catch(() => undefined);
    await temp.move(name);
  }
}

async function writeTo(file: BackupFile, data: Uint8Array | string): Promise<void> {
  const writable = await file.createWritable();
  try {
    await writable.write(typeof data === "string" ? data : (data as Uint8Array<ArrayBuffer>));
    await writable.close();
  } catch (error) {
    await writable.abort?.().catch(() => undefined);
    throw error;
  }
}

/**
 * Writes the given documents (all, or the changed ones among `all`) and the index listing
 * every document in `all`. `previous` is what the index said before (`readFolderIndex`): each
 * tab keeps its file while the file still fits its name. Returns the new index, to pass back
 * as `previous` next time. A document renamed since the last write gets its new file; the old
 * file is removed only after the new one is complete. `removeOldIndex`: the folder's index was
 * read from OLD_FOLDER_INDEX_NAME, removed once the new index is written. `others`: the
 * index's entries written by another browser profile (`splitByWriter`), kept in the index with
 * their files untouched and their names never reused. `writer` marks this browser's entries.
 */
export async function writeBackup(
  dir: BackupDirectory,
  all: readonly BackupDocument[],
  changedIds: ReadonlySet<string> | "all",
  previous: FolderCopies,
  now: number,
  {
    removeOldIndex = false,
    others = [],
    writer,
  }: { removeOldIndex?: boolean; others?: readonly BackupIndexEntry[]; writer?: string } = {},
): Promise<Map<string, BackupIndexEntry>> {
  const previousNames = new Map([...previous].map(([id, entry]) => [id, entry.fileName]));
  const names = backupFileNames(
    all,
    previousNames,
    others.map((entry) => entry.fileName),
  );
  const entries = new Map<string, BackupIndexEntry>();
  for (const doc of all) {
    const fileName = names.get(doc.id)!;
    const before = previous.get(doc.id);
    const renamed = before !== undefined && before.fileName !== fileName;
    if (changedIds === "all" || changedIds.has(doc.id) || renamed || !before) {
      // The encoder of a legacy encoding loads once; without it the copy is UTF-8 (backupBytes).
      await prepareEncoder(doc.file.encoding).catch(() => undefined);
      const written = backupBytes(doc);
      await writeWhole(dir, fileName, written.bytes);
      entries.set(doc.id, {
        id: doc.id,
        name: doc.name,
        fileName,
        // What the bytes are, which is not the tab's encoding when it could not hold the text.
        encoding: written.encoding,
        lineEnding: doc.file.lineEnding,
        lastModified: doc.lastModified,
        ...(writer ? { writer } : {}),
      });
    } else {
      // Not written now: the file is as it was, and so is what the index said of it.
      entries.set(doc.id, { ...before, name: doc.name, ...(writer ? { writer } : {}) });
    }
    if (renamed) {
      // Only if no other document took that name in this write.
      if (![...names.values()].includes(before.fileName)) {
        await dir.removeEntry(before.fileName).catch(() => undefined);
      }
    }
  }
  const index: FolderIndex = {
    app: "Plainpad",
    kind: "folder-copies",
    format: FOLDER_INDEX_FORMAT,
    savedAt: new Date(now).toISOString(),
    documents: [...entries.values(), ...others],
  };
  await writeWhole(dir, FOLDER_INDEX_NAME, `${JSON.stringify(index, null, 2)}\n`);
  if (removeOldIndex) await dir.removeEntry(OLD_FOLDER_INDEX_NAME).catch(() => undefined);
  return entries;
}

/** The index entries in the text of an index file; null when it is not a folder index. */
export function parseFolderIndex(text: string): BackupIndexEntry[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const index = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  // The .zip backup's manifest has "tabs", not "documents": it is not read as an index.
  if (index.app !== "Plainpad" || !Array.isArray(index.documents)) return null;
  const entries: BackupIndexEntry[] = [];
  const seen = new Set<string>();
  const files = new Set<string>();
  for (const item of index.documents as unknown[]) {
    const entry = (typeof item === "object" && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    const { id, name, fileName, writer } = entry;
    if (typeof id !== "string" || typeof fileName !== "string") continue;
    const key = `${typeof writer === "string" ? writer : ""}\n${id}`;
    // A file name with a path in it did not come from this code: never followed.
    if (!fileName || /[/\\]/.test(fileName) || fileName === "." || fileName === "..") continue;
    if (seen.has(key) || files.has(fileName.toLowerCase())) continue;
    seen.add(key);
    files.add(fileName.toLowerCase());
    entries.push({
      id,
      name: typeof name === "string" ? name : fileName,
      fileName,
      // Before the index was truthful it could name the tab's encoding for a UTF-8 copy: an
      // unknown or unreadable one is told from the bytes when they are read back.
      encoding: isTextEncodingId(entry.encoding) ? entry.encoding : "utf-8",
      lineEnding: isLineEnding(entry.lineEnding) ? entry.lineEnding : "lf",
      lastModified: typeof entry.lastModified === "number" ? entry.lastModified : 0,
      ...(typeof writer === "string" ? { writer } : {}),
    });
  }
  return entries;
}

/** The text of file `name` in `dir`; null when there is no such file. */
async function readFolderFile(dir: BackupDirectory, name: string): Promise<Uint8Array | null> {
  let file: BackupFile;
  try {
    file = await dir.getFileHandle(name);
  } catch (error) {
    if (backupFolderProblem(error) === "gone") return null;
    throw error;
  }
  return new Uint8Array(await (await file.getFile()).arrayBuffer());
}

/**
 * What the folder's index says (empty when it has none, or none Plainpad can read), and
 * whether it was found under OLD_FOLDER_INDEX_NAME. Throws when the folder cannot be read.
 */
export async function readFolderIndex(
  dir: BackupDirectory,
): Promise<{ entries: BackupIndexEntry[]; oldIndex: boolean; found: boolean }> {
  for (const name of [FOLDER_INDEX_NAME, OLD_FOLDER_INDEX_NAME]) {
    const bytes = await readFolderFile(dir, name);
    const entries = bytes && parseFolderIndex(new TextDecoder().decode(bytes));
    if (entries) return { entries, oldIndex: name === OLD_FOLDER_INDEX_NAME, found: true };
  }
  return { entries: [], oldIndex: false, found: false };
}

/** A document read back from the folder: its name, text (with "\n" line breaks) and format. */
export interface FolderDocument {
  name: string;
  text: string;
  encoding: TextEncodingId;
  lineEnding: BackupIndexEntry["lineEnding"];
}

/**
 * The documents the folder's index lists, read back from their files in the order of the
 * index; `missing` names the files it lists that are no longer there. Null when the folder has
 * no index Plainpad can read. Each file is decoded in the encoding the index gives, or, when
 * its bytes are not valid in it, as a file opened from disk would be.
 */
export async function readFolderCopies(
  dir: BackupDirectory,
): Promise<{ documents: FolderDocument[]; missing: string[] } | null> {
  const { entries, found, oldIndex } = await readFolderIndex(dir);
  if (!found) return null;
  const documents: FolderDocument[] = [];
  const missing: string[] = [];
  for (const entry of entries) {
    const bytes = await readFolderFile(dir, entry.fileName);
    if (!bytes) {
      missing.push(entry.fileName);
      continue;
    }
    // The old index named the tab's encoding even for a copy written as UTF-8 instead.
    const utf8 = oldIndex ? decodeBytes(bytes, "utf-8") : null;
    const exact = utf8 ?? decodeBytes(bytes, entry.encoding);
    const decoded =
      exact !== null
        ? { text: exact, encoding: utf8 !== null ? "utf-8" : entry.encoding }
        : (decodeText(bytes) ?? { text: new TextDecoder().decode(bytes), encoding: "utf-8" });
    documents.push({
      name: entry.name,
      text: normalizeLineEndings(decoded.text),
      encoding: decoded.encoding as TextEncodingId,
      lineEnding: entry.lineEnding,
    });
  }
  return { documents, missing };
}

/** What went wrong with the folder, in the user's terms. */
export function backupFolderProblem(error: unknown): "gone" | "full" | "permission" | "other" {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotFoundError") return "gone";
  if (name === "QuotaExceededError") return "full";
  if (name === "NotAllowedError" || name === "SecurityError") return "permission";
  return "other";
}
