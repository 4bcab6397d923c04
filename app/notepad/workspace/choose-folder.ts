import { directoryPicker } from "~/storage/backup-folder-keeper";
import { pickWithFileInput } from "~/storage/disk-files";
import { folderOfHandle } from "~/workspace/handle-folder";
import { FileListFolder, type WorkspaceFolder } from "~/workspace/workspace-folder";

/**
 * How File › Open folder… gets a folder: the File System Access API's picker where the browser
 * has it (read and write: Chromium, Edge), else a directory input (Firefox, Safari: read only).
 * The picker is the one Keep copies in a folder uses (`directoryPicker`, read at call time, so
 * a browser test can hand it a folder of the Origin Private File System). Browser only.
 */

/** A chosen folder, with its handle when it has one (only those can be remembered). */
export interface ChosenFolder {
  folder: WorkspaceFolder;
  handle: FileSystemDirectoryHandle | null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** Asks for a folder (call it from a click or key); null when the person cancels. */
export async function chooseFolder(): Promise<ChosenFolder | null> {
  const picker = directoryPicker();
  if (picker) {
    try {
      const picked = await picker({ id: "plainpad-workspace", mode: "readwrite" });
      const handle = picked as unknown as FileSystemDirectoryHandle;
      return { folder: folderOfHandle(handle), handle };
    } catch (error) {
      // A driven browser refuses the native picker ("intercept"): the input is tried then.
      if (isAbort(error) && !/intercept/i.test((error as DOMException).message)) return null;
      if (!isAbort(error)) throw error;
    }
  }
  const files = await pickDirectoryFiles();
  // A folder chosen with no files in it (or only empty folders, which the input does not
  // give) opens empty: the tree says so, where nothing at all happening would leave the
  // person wondering.
  return files ? { folder: new FileListFolder(files, EMPTY_PICK_NAME), handle: null } : null;
}

/** The name shown for a folder a directory input gave no files of (the input gives no name then). */
export const EMPTY_PICK_NAME = "Chosen folder";

/** The files of a directory input (`webkitdirectory`): null when cancelled, none for an empty folder. */
export async function pickDirectoryFiles(): Promise<File[] | null> {
  let cancelled = false;
  const files = await pickWithFileInput((input) => {
    input.webkitdirectory = true;
    input.addEventListener("cancel", () => (cancelled = true));
  });
  return cancelled ? null : files;
}
