import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { safeFileName, withTxtExtension } from "./file-name";

/**
 * The backup file of File › Back up all documents: one .zip with every notepad tab and the
 * simple editor's document as text files, plus `plainpad-backup.json`, which names each file's
 * document (name, order, flags) and carries both editors' settings. When asked, each document's
 * version history comes along too, one text file per version under `history/`. Any zip tool
 * opens it; Restore from backup reads it back. Pure: no DOM, no storage.
 */

/** Format of `plainpad-backup.json`; a newer one is refused with a message. */
export const BACKUP_FORMAT = 1;
export const BACKUP_MANIFEST = "plainpad-backup.json";

/** A kept version of a document (its version history), in a backup. */
export interface BackupVersion {
  createdAt: number;
  /** Why it was kept (a SnapshotReason; checked again when restored). */
  reason: string;
  /** The document's name then. */
  name: string;
  words: number;
  text: string;
}

/** One document in a backup. */
export interface BackupDocument {
  name: string;
  text: string;
  isModified: boolean;
  driveFileId: string | null;
  /** Its kept versions, oldest first (only when the backup was asked to carry history). */
  history?: BackupVersion[];
}

/** The settings in a backup, as stored (each validated again when restored). */
export interface BackupSettings {
  notepad: unknown;
  editor: unknown;
}

/** What a backup holds. */
export interface Backup {
  createdAt: number;
  /** Notepad tabs in their order. */
  tabs: BackupDocument[];
  /** The simple editor's document (null when it was empty). */
  editor: BackupDocument | null;
  /** Both editors' settings as stored (restored only if asked). */
  settings: BackupSettings;
}

interface ManifestVersion extends Omit<BackupVersion, "text"> {
  file: string;
}

interface ManifestEntry {
  file: string;
  name: string;
  isModified: boolean;
  driveFileId: string | null;
  history?: ManifestVersion[];
}

interface Manifest {
  format: number;
  app: "Plainpad";
  createdAt: number;
  tabs: ManifestEntry[];
  editor: ManifestEntry | null;
  settings: BackupSettings;
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
    const entry: ManifestEntry = {
      file,
      name: doc.name,
      isModified: doc.isModified,
      driveFileId: doc.driveFileId,
    };
    if (doc.history?.length) {
      // history/notepad/Shopping/2026-11-23T10-15-00.000Z.txt: readable in any zip tool.
      const folderOfVersions = `history/${file.replace(/\.[^./]*$/, "")}`;
      entry.history = doc.history.map(({ text, ...version }, index) => {
        const stamp = new Date(version.createdAt).toISOString().replace(/:/g, "-");
        const versionFile = `${folderOfVersions}/${stamp} (${index + 1}).txt`;
        files[versionFile] = strToU8(text);
        return { ...version, file: versionFile };
      });
    }
    return entry;
  };
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    app: "Plainpad",
    createdAt: backup.createdAt,
    tabs: backup.tabs.map((tab) => place("notepad", tab)),
    editor: backup.editor ? place("editor", backup.editor) : null,
    settings: backup.settings,
  };
  files[BACKUP_MANIFEST] = strToU8(JSON.stringify(manifest, null, 2));
  return zipSync(files, { level: 6 });
}

function entryOf(value: unknown, files: Record<string, Uint8Array>): BackupDocument {
  if (!value || typeof value !== "object") throw damaged();
  const entry = value as Partial<ManifestEntry>;
  if (typeof entry.file !== "string" || typeof entry.name !== "string") throw damaged();
  const doc: BackupDocument = {
    name: entry.name,
    text: textOf(entry.file, files),
    isModified: entry.isModified === true,
    driveFileId: typeof entry.driveFileId === "string" ? entry.driveFileId : null,
  };
  if (Array.isArray(entry.history)) doc.history = entry.history.map((v) => versionOf(v, files));
  return doc;
}

function versionOf(value: unknown, files: Record<string, Uint8Array>): BackupVersion {
  if (!value || typeof value !== "object") throw damaged();
  const version = value as Partial<ManifestVersion>;
  if (typeof version.file !== "string" || typeof version.createdAt !== "number") throw damaged();
  return {
    createdAt: version.createdAt,
    reason: typeof version.reason === "string" ? version.reason : "editing",
    name: typeof version.name === "string" ? version.name : "",
    words: typeof version.words === "number" ? version.words : 0,
    text: textOf(version.file, files),
  };
}

function textOf(file: string, files: Record<string, Uint8Array>): string {
  const bytes = files[file];
  if (!bytes) throw damaged(`"${file}" is missing from the backup.`);
  return strFromU8(bytes);
}

/** The manifest's settings; the first backups carried the notepad's settings alone. */
function settingsOf(value: unknown): BackupSettings {
  if (value && typeof value === "object" && ("notepad" in value || "editor" in value)) {
    const settings = value as Partial<BackupSettings>;
    return { notepad: settings.notepad ?? null, editor: settings.editor ?? null };
  }
  return { notepad: value ?? null, editor: null };
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
    settings: settingsOf(manifest.settings),
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
export function planRestore<Doc extends Pick<BackupDocument, "name" | "text">>(
  backup: { tabs: readonly Doc[]; editor: Doc | null },
  existing: readonly ExistingTab[],
): { add: Doc[]; alreadyOpen: number } {
  const same = (doc: Doc) => existing.some((tab) => tab.name === doc.name && tab.text === doc.text);
  const nameTaken = (name: string) => existing.some((tab) => tab.name === name);
  const add: Doc[] = [];
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
