import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { safeFileName, withTxtExtension } from "./file-name";

/**
 * The backup file of File › Back up all documents: one .zip with every notepad tab and the
 * simple editor's document as text files, plus `plainpad-backup.json`, which names each file's
 * document (name, order, flags) and carries the notepad's settings. Any zip tool opens it;
 * Restore from backup reads it back. Pure: no DOM, no storage.
 */

/** Format of `plainpad-backup.json`; a newer one is refused with a message. */
export const BACKUP_FORMAT = 1;
export const BACKUP_MANIFEST = "plainpad-backup.json";

/** One document in a backup. */
export interface BackupDocument {
  name: string;
  text: string;
  isModified: boolean;
  driveFileId: string | null;
}

/** What a backup holds. */
export interface Backup {
  createdAt: number;
  /** Notepad tabs in their order. */
  tabs: BackupDocument[];
  /** The simple editor's document (null when it was empty). */
  editor: BackupDocument | null;
  /** The notepad's settings as stored (restored only if asked). */
  settings: unknown;
}

interface ManifestEntry {
  file: string;
  name: string;
  isModified: boolean;
  driveFileId: string | null;
}

interface Manifest {
  format: number;
  app: "Plainpad";
  createdAt: number;
  tabs: ManifestEntry[];
  editor: ManifestEntry | null;
  settings: unknown;
}

/** A file is not a Plainpad backup, is damaged, or comes from a newer Plainpad. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly reason: "not-backup" | "damaged" | "newer",
  ) {
    super(message);
    this.name = "BackupError";
  }
}

/** Builds the backup .zip. */
export function buildBackup(backup: Backup): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const used = new Set<string>([BACKUP_MANIFEST.toLowerCase()]);
  const place = (folder: string, doc: BackupDocument): ManifestEntry => {
    const base = safeFileName(doc.name) || "Untitled";
    let file = `${folder}/${withTxtExtension(base)}`;
    for (let n = 2; used.has(file.toLowerCase()); n++) {
      file = `${folder}/${withTxtExtension(`${base} (${n})`)}`;
    }
    used.add(file.toLowerCase());
    files[file] = strToU8(doc.text);
    return { file, name: doc.name, isModified: doc.isModified, driveFileId: doc.driveFileId };
  };
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    app: "Plainpad",
    createdAt: backup.createdAt,
    tabs: backup.tabs.map((tab) => place("notepad", tab)),
    editor: backup.editor ? place("editor", backup.editor) : null,
    settings: backup.settings ?? null,
  };
  files[BACKUP_MANIFEST] = strToU8(JSON.stringify(manifest, null, 2));
  return zipSync(files, { level: 6 });
}

function entryOf(value: unknown, files: Record<string, Uint8Array>): BackupDocument {
  if (!value || typeof value !== "object") throw damaged();
  const entry = value as Partial<ManifestEntry>;
  if (typeof entry.file !== "string" || typeof entry.name !== "string") throw damaged();
  const bytes = files[entry.file];
  if (!bytes) throw damaged(`"${entry.file}" is missing from the backup.`);
  return {
    name: entry.name,
    text: strFromU8(bytes),
    isModified: entry.isModified === true,
    driveFileId: typeof entry.driveFileId === "string" ? entry.driveFileId : null,
  };
}

function damaged(detail = ""): BackupError {
  return new BackupError(
    `This backup is damaged and could not be read.${detail ? ` ${detail}` : ""} Nothing was changed.`,
    "damaged",
  );
}

/** Reads a backup .zip; throws BackupError (with the sentence to show) when it cannot. */
export function readBackup(bytes: Uint8Array): Backup {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new BackupError(
      "This file is not a Plainpad backup (it is not a .zip file). Nothing was changed.",
      "not-backup",
    );
  }
  const manifestBytes = files[BACKUP_MANIFEST];
  if (!manifestBytes) {
    throw new BackupError(
      `This .zip is not a Plainpad backup (it has no ${BACKUP_MANIFEST}). Nothing was changed.`,
      "not-backup",
    );
  }
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(strFromU8(manifestBytes)) as Partial<Manifest>;
  } catch {
    throw damaged();
  }
  if (typeof manifest.format !== "number" || !Array.isArray(manifest.tabs)) throw damaged();
  if (manifest.format > BACKUP_FORMAT) {
    throw new BackupError(
      "This backup was made by a newer version of Plainpad. Reload the page to update, then restore it again. Nothing was changed.",
      "newer",
    );
  }
  return {
    createdAt: typeof manifest.createdAt === "number" ? manifest.createdAt : 0,
    tabs: manifest.tabs.map((entry) => entryOf(entry, files)),
    editor: manifest.editor ? entryOf(manifest.editor, files) : null,
    settings: manifest.settings ?? null,
  };
}

/** A tab as it is now, for {@link planRestore}. */
export interface ExistingTab {
  name: string;
  text: string;
}

/**
 * Which backed-up documents a restore adds as new tabs: every one except those already open
 * with the same name and the same text. Nothing is ever overwritten: a tab with the same name
 * and other text stays, and the backup's version opens beside it, named "(restored)". The
 * editor's document comes back as a tab named "… (from the editor)".
 */
export function planRestore(
  backup: Backup,
  existing: readonly ExistingTab[],
): { add: BackupDocument[]; alreadyOpen: number } {
  const same = (doc: BackupDocument) =>
    existing.some((tab) => tab.name === doc.name && tab.text === doc.text);
  const nameTaken = (name: string) => existing.some((tab) => tab.name === name);
  const add: BackupDocument[] = [];
  let alreadyOpen = 0;
  const docs = [
    ...backup.tabs,
    ...(backup.editor
      ? [{ ...backup.editor, name: `${backup.editor.name} (from the editor)` }]
      : []),
  ];
  for (const doc of docs) {
    if (same(doc)) {
      alreadyOpen += 1;
      continue;
    }
    add.push(nameTaken(doc.name) ? { ...doc, name: `${doc.name} (restored)` } : doc);
  }
  return { add, alreadyOpen };
}
