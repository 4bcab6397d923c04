import type { DocumentHistory } from "~/storage/document-history";
import type { WorkspaceFolder } from "~/workspace/workspace-folder";
import type { WorkspaceSession } from "./workspace-session";

/**
 * Where History keeps the versions of a folder's files that Replace in files changed while
 * they were not open in a tab (issue 52), and how a tab opened on such a file finds them.
 * The key is the remembered folder's id (app/storage/workspace-folders.ts), stable across
 * visits and distinct for two folders of the same name; a folder that cannot be remembered
 * (read through a directory input, or its record could not be kept) has only its name.
 */

/** The id of the open folder's remembered record (the recall knows it), or null. */
export interface KeptFolderKey {
  keptFolderId(): string | null;
}

/** The History id of the file at `path` of `folder` (kept as `keptId` when remembered). */
export function folderFileHistoryId(
  folder: Pick<WorkspaceFolder, "name">,
  path: string,
  keptId: string | null,
): string {
  // Two prefixes: a folder named like a kept id never meets that folder's versions.
  return keptId ? `workspace-folder:${keptId}/${path}` : `workspace:${folder.name}/${path}`;
}

/**
 * The History ids whose versions tab `tabId` shows: its own, and, for a tab opened on a file
 * of the open folder, the versions kept of that file while it was not open.
 */
export function historyIdsOfTab(
  workspace: Pick<WorkspaceSession, "folder" | "pathOfTab">,
  recall: KeptFolderKey | undefined,
  tabId: string,
): string[] {
  const { folder } = workspace;
  const path = workspace.pathOfTab(tabId);
  if (!folder || path === null) return [tabId];
  return [tabId, folderFileHistoryId(folder, path, recall?.keptFolderId() ?? null)];
}

/**
 * The file or folder at `from` of `folder` is now at `to` (a rename or a move): the versions
 * kept of its files (and of the files inside it) go with them, so a tab opened on the file at
 * its new path still lists them.
 */
export function moveFolderFileHistory(
  history: Pick<DocumentHistory, "moveVersions">,
  folder: Pick<WorkspaceFolder, "name">,
  keptId: string | null,
  from: string,
  to: string,
): Promise<void> {
  return history.moveVersions(
    folderFileHistoryId(folder, from, keptId),
    folderFileHistoryId(folder, to, keptId),
  );
}
