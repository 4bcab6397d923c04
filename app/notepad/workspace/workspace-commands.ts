import type { NotepadCommandContext } from "../commands";
import type { WorkspaceSession } from "./workspace-session";

/** The workspace's part of the notepad's command context. */
export function workspaceCommandContext(
  session: WorkspaceSession,
): Pick<
  NotepadCommandContext,
  "openFolder" | "closeFolder" | "toggleFolderPanel" | "revealActiveTab"
> {
  return {
    openFolder: () => void session.openFolder(),
    closeFolder: () => session.closeFolder(),
    toggleFolderPanel: () => session.setPanelShown(!session.state.panelShown),
    revealActiveTab: () => void session.revealActiveTab(),
  };
}
