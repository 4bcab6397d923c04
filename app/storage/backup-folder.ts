import type { DocumentFileFormat } from "./document-records";
import { applyLineEnding } from "~/text/line-endings";
import { safeFileName, withTxtExtension } from "~/text/file-name";
import { encodeText } from "~/text/text-encoding";
import { prepareEncoder } from "~/text/legacy-encodings";

/**
 * Writing each document's text into a folder the user chose (File › Keep copies in a
 * folder…), with one `plainpad-backup.json` index. Each file is written whole to a temporary
 * file first and then moved over the old copy, so a crash mid-write leaves the old copy or the
 * new one, never half of one. Works on the File System Access API's directory handles; the
 * tests give it OPFS directories (browser) or an in-memory stand-in (unit).
 */

export const BACKUP_INDEX_NAME = "plainpad-backup.json";
const TEMP_SUFFIX = ".plainpad-tmp";

/** The parts of a FileSystemDirectoryHandle this module uses. */
export interface BackupDirectory {
  readonly name: string;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<BackupFile>;
  removeEntry(name: string): Promise<void>;
}

export interface BackupFile {
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

/** An entry of the index: which file holds which document. */
export interface BackupIndexEntry {
  id: string;
  name: string;
  fileName: string;
  encoding: string;
  lineEnding: string;
  lastModified: number;
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
): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>([BACKUP_INDEX_NAME.toLowerCase()]);
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
export function backupBytes(doc: BackupDocument): { bytes: Uint8Array; encoding: string } {
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
 * every document in `all`. Returns the file names used, to pass back as `previous` next time.
 * A document renamed since the last write gets its new file; the old file is removed only
 * after the new one is complete.
 */
export async function writeBackup(
  dir: BackupDirectory,
  all: readonly BackupDocument[],
  changedIds: ReadonlySet<string> | "all",
  previous: ReadonlyMap<string, string>,
  now: number,
): Promise<Map<string, string>> {
  const names = backupFileNames(all, previous);
  const entries: BackupIndexEntry[] = [];
  for (const doc of all) {
    const fileName = names.get(doc.id)!;
    const renamed = previous.has(doc.id) && previous.get(doc.id) !== fileName;
    let encoding: string = doc.file.encoding;
    if (changedIds === "all" || changedIds.has(doc.id) || renamed || !previous.has(doc.id)) {
      // The encoder of a legacy encoding loads once; without it the copy is UTF-8 (backupBytes).
      await prepareEncoder(doc.file.encoding).catch(() => undefined);
      const written = backupBytes(doc);
      encoding = written.encoding;
      await writeWhole(dir, fileName, written.bytes);
    }
    if (renamed) {
      const old = previous.get(doc.id)!;
      // Only if no other document took that name in this write.
      if (![...names.values()].includes(old)) await dir.removeEntry(old).catch(() => undefined);
    }
    entries.push({
      id: doc.id,
      name: doc.name,
      fileName,
      encoding,
      lineEnding: doc.file.lineEnding,
      lastModified: doc.lastModified,
    });
  }
  const index = { app: "Plainpad", savedAt: new Date(now).toISOString(), documents: entries };
  await writeWhole(dir, BACKUP_INDEX_NAME, `${JSON.stringify(index, null, 2)}\n`);
  return names;
}

/** What went wrong with the folder, in the user's terms. */
export function backupFolderProblem(error: unknown): "gone" | "full" | "permission" | "other" {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotFoundError") return "gone";
  if (name === "QuotaExceededError") return "full";
  if (name === "NotAllowedError" || name === "SecurityError") return "permission";
  return "other";
}
