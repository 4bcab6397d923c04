import type { FolderCommandContext } from "../folder-commands";
import { askFileOperation } from "./file-op-dialog";
import type { FolderFileCommand } from "./folder-file-commands";
import type { WorkspaceFileOps } from "./workspace-file-ops";
import type { WorkspaceSession } from "./workspace-session";

/** The workspace's part of the notepad's command context. */
export function workspaceCommandContext(
  session: WorkspaceSession,
  /** Shows one of the workspace's dialogs. */
  showDialog: (dialog: "quick-open" | "recent-folders") => void,
  /** The tree's file commands. */
  ops: WorkspaceFileOps,
): FolderCommandContext {
  return {
    openFolder: () => void session.openFolder(),
    openRecentFolders: () => showDialog("recent-folders"),
    closeFolder: () => session.closeFolder(),
    toggleFolderPanel: () => session.setPanelShown(!session.state.panelShown),
    revealActiveTab: () => void session.revealActiveTab(),
    // Without a folder Mod-p goes on to Print (the key is shared: decision 030).
    openQuickOpen: () => {
      if (!session.folder) return false;
      showDialog("quick-open");
      return true;
    },
    folderFileCommand: (command) => runFolderFileCommand(session, ops, command),
  };
}

/**
 * A file command of the tree on its selected entry: New file… and New folder… in the selected
 * folder (or the selected file's folder, or the root); Rename…, Move to… and Delete on the
 * selected entry (words when none is selected).
 */
export function runFolderFileCommand(
  session: WorkspaceSession,
  ops: WorkspaceFileOps,
  command: FolderFileCommand,
): void {
  const { selected, listings } = session.state;
  if (!session.folder) return;
  const slash = selected?.lastIndexOf("/") ?? -1;
  const parent = selected === null || slash === -1 ? "" : selected.slice(0, slash);
  const kind = listings[parent]?.state === "listed" ? entryKind(session, parent, selected) : null;
  if (command === "new-file" || command === "new-folder") {
    const inFolder = selected === null ? "" : kind === "folder" ? selected : parent;
    askFileOperation({ kind: command, parent: inFolder });
    return;
  }
  if (selected === null || kind === null) {
    ops.say("Select a file or folder in the tree first.");
    return;
  }
  if (command === "delete") void ops.delete(selected);
  else askFileOperation({ kind: command, path: selected });
}

function entryKind(
  session: WorkspaceSession,
  parent: string,
  path: string | null,
): "file" | "folder" | null {
  const listing = session.state.listings[parent];
  if (path === null || listing?.state !== "listed") return null;
  return listing.entries.find((entry) => entry.path === path)?.kind ?? null;
}
