import { findInFolder } from "~/workspace/find-in-files";
import type { FolderSource } from "~/workspace/find-job";
import { findInFilesOffThread } from "~/workspace/find-off-thread";
import { findWorkerCount } from "~/workspace/find-split";
import { HandleFolder } from "~/workspace/handle-folder";
import { FileListFolder, type WorkspaceFolder } from "~/workspace/workspace-folder";
import type { FindInFilesHost } from "./find-in-files-session";

/**
 * How find in files runs on an opened folder (issue 52): a picked folder (its directory handle)
 * or a directory input's files cross to the worker; any other folder (in memory) is searched on
 * the page by the same search the worker runs.
 */

/** What the worker is handed for `folder`, or null when it cannot cross to a worker. */
export function folderSourceOf(folder: WorkspaceFolder): FolderSource | null {
  if (folder instanceof HandleFolder) return { kind: "handle", handle: folder.root };
  if (folder instanceof FileListFolder) return { kind: "files", files: folder.pickedFiles() };
  return null;
}

/** The search starter of find in files for `folder` (`folderId` keeps its encodings known). */
export function startFindIn(
  folder: WorkspaceFolder,
  folderId?: string,
): FindInFilesHost["startFind"] {
  return (query, onEvent) => {
    const source = folderSourceOf(folder);
    if (source) {
      // Several workers on a processor of several cores, each searching its share of the files.
      const workers = findWorkerCount(navigator.hardwareConcurrency);
      return findInFilesOffThread({ source, folderId, workers }, query, onEvent);
    }
    const controller = new AbortController();
    void (async () => {
      try {
        for await (const event of findInFolder(folder, query, controller.signal)) {
          if (controller.signal.aborted) return;
          onEvent(event);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        onEvent({ type: "error", message: `The search stopped: ${message}` });
      }
    })();
    return { cancel: () => controller.abort() };
  };
}
