import { type BackupDirectory, FOLDER_INDEX_NAME, readFolderCopies } from "~/storage/backup-folder";
import { directoryPicker } from "~/storage/backup-folder-keeper";
import type { DocumentFileFormat } from "~/storage/document-records";
import type { ExistingTab } from "~/text/backup-archive";
import { formatCountOf } from "~/text/number-format";

/**
 * File › Restore from folder copies…: opens, as new tabs, the copies File › Keep copies in a
 * folder… wrote, as the folder's index lists them (backup-folder.ts reads them). Like Restore
 * from backup (a .zip), nothing open is changed: a document already open with the same name
 * and text is left as it is, and one whose name is taken opens beside it as "(restored)".
 */

/** What the restore needs of the notepad. */
export interface FolderRestoreHost {
  /** Resolves once the stored tabs are loaded. */
  whenReady(): Promise<void>;
  /** The open tabs' names and texts. */
  existingTabs(): ExistingTab[];
  /** Opens a new tab with `text` and its file format; its id, or null when none opened. */
  openTab(name: string, text: string, file: DocumentFileFormat): string | null;
  /** Tells the person how the restore went. */
  notify(kind: "info" | "error", message: string): void;
}

/** Asks for the folder to restore from; null when the person cancelled. */
export type FolderPick = () => Promise<BackupDirectory | null>;

/** The browser's folder picker, for reading; null where there is none. */
export function readFolderPick(): FolderPick | null {
  const picker = directoryPicker();
  if (!picker) return null;
  return async () => {
    try {
      return await picker({ id: "plainpad-copies", mode: "read" });
    } catch (error) {
      if ((error as Error).name !== "AbortError") throw error;
      return null;
    }
  };
}

/**
 * Asks for a folder (from a click) and opens the documents of its folder copies as new tabs,
 * then says what was done. Resolves false when no folder was chosen.
 */
export async function restoreFromFolder(
  host: FolderRestoreHost,
  pick: FolderPick | null = readFolderPick(),
): Promise<boolean> {
  if (!pick) {
    host.notify(
      "error",
      "This browser cannot read a folder on your computer: that needs Chrome, Edge or Opera on a computer. File › Restore from backup… reads a backup .zip instead.",
    );
    return false;
  }
  let folder: BackupDirectory | null;
  let copies;
  try {
    folder = await pick();
    if (!folder) return false;
    await host.whenReady();
    copies = await readFolderCopies(folder);
  } catch (error) {
    console.error(error);
    host.notify("error", "The folder could not be read. Nothing was changed.");
    return true;
  }
  if (!copies) {
    host.notify(
      "error",
      `"${folder.name}" holds no copies kept by Plainpad (it has no ${FOLDER_INDEX_NAME}). Nothing was changed.`,
    );
    return true;
  }
  // The zip backup's plan: only what is not already open, never overwriting a tab.
  const { planRestore } = await import("~/text/backup-archive");
  const { add, alreadyOpen } = planRestore(
    { tabs: copies.documents, editor: null },
    host.existingTabs(),
  );
  let opened = 0;
  for (const doc of add) {
    const file = { encoding: doc.encoding, lineEnding: doc.lineEnding, disk: null };
    if (host.openTab(doc.name, doc.text, file)) opened += 1;
  }
  const parts = [`Restored ${formatCountOf(opened, "document")} from "${folder.name}".`];
  if (alreadyOpen) {
    parts.push(
      `${alreadyOpen} already open with the same text ${alreadyOpen === 1 ? "was" : "were"} left as ${alreadyOpen === 1 ? "it was" : "they were"}.`,
    );
  }
  if (copies.missing.length) {
    parts.push(
      `${formatCountOf(copies.missing.length, "file")} the folder's index lists ${copies.missing.length === 1 ? "is" : "are"} no longer there: ${copies.missing.join(", ")}.`,
    );
  }
  host.notify("info", parts.join(" "));
  return true;
}
