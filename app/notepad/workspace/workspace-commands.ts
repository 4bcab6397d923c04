import type { NotepadCommandContext } from "../commands";
import type { WorkspaceSession } from "./workspace-session";

/** The workspace's part of the notepad's command context. */
export function workspaceCommandContext(
  session: WorkspaceSession,
  /** Shows the Quick open dialog. */
  showQuickOpen: () => void,
): Pick<
  NotepadCommandContext,
  "openFolder" | "closeFolder" | "toggleFolderPanel" | "revealActiveTab" | "openQuickOpen"
> {
  return {
    openFolder: () => void session.openFolder(),
    closeFolder: () => session.closeFolder(),
    toggleFolderPanel: () => session.setPanelShown(!session.state.panelShown),
    revealActiveTab: () => void session.revealActiveTab(),
    // Without a folder Mod-p goes on to Print (the key is shared: decision 030).
    openQuickOpen: () => {
      if (!session.folder) return false;
      showQuickOpen();
      return true;
    },
  };
}
