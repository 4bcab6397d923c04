import type { FileShare } from "./file-share";
import { type EncodingMemo, findInFolder, type FindEvent, type FindQuery } from "./find-in-files";
import { type DirectoryHandleLike, HandleFolder } from "./handle-folder";
import { FileListFolder, type PickedFolderFile, type WorkspaceFolder } from "./workspace-folder";

/**
 * The messages between the page and the find-in-files worker (find-worker.ts), and the job the
 * worker runs. A folder crosses to the worker as what the browser can copy there: its directory
 * handle, or the files of a directory input.
 */

export type FolderSource =
  { kind: "handle"; handle: DirectoryHandleLike } | { kind: "files"; files: PickedFolderFile[] };

export type FindRequest =
  | {
      type: "find";
      id: number;
      source: FolderSource;
      query: FindQuery;
      /** The opened folder's id: the worker keeps its files' encodings for the next search. */
      folderId?: string;
      /** This worker's share of the files when several search the folder (find-split.ts). */
      share?: FileShare;
    }
  | { type: "cancel"; id: number };

export interface FindReply {
  id: number;
  event: FindEvent;
}

/** The folder a source names, for one search (it keeps the handles its listing meets). */
export function folderOf(source: FolderSource): WorkspaceFolder {
  return source.kind === "handle"
    ? new HandleFolder(source.handle, { keepHandles: true })
    : new FileListFolder(source.files);
}

/** Runs one search, posting each event as it comes; a failure is posted in words. */
export async function runFindJob(
  id: number,
  source: FolderSource,
  query: FindQuery,
  post: (reply: FindReply) => void,
  signal?: AbortSignal,
  memo?: EncodingMemo,
  share?: FileShare,
): Promise<void> {
  try {
    for await (const event of findInFolder(folderOf(source), query, signal, memo, share)) {
      if (signal?.aborted) return;
      post({ id, event });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    post({ id, event: { type: "error", message: `The search stopped: ${message}` } });
  }
}
