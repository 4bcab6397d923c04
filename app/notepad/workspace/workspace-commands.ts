import type { NotepadCommandContext } from "../commands";
import type { WorkspaceSession } from "./workspace-session";

/** The workspace's part of the notepad's command context. */
export function workspaceCommandContext(
  session: WorkspaceSession,
): Pick<NotepadCommandContext, "openFolder" | "closeFolder" | "toggleFolderPanel"> {
  return {
    openFolder: () => void session.openFolder(),
    closeFolder: () => session.closeFolder(),
    toggleFolderPanel: () => session.setPanelShown(!session.state.panelShown),
  };
}
