import type { FolderCommandContext } from "../folder-commands";
import type { WorkspaceSession } from "./workspace-session";

/** The workspace's part of the notepad's command context. */
export function workspaceCommandContext(
  session: WorkspaceSession,
  /** Shows one of the workspace's dialogs. */
  showDialog: (dialog: "quick-open" | "recent-folders") => void,
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
  };
}
