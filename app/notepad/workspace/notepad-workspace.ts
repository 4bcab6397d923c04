import { WorkspaceFolders } from "~/storage/workspace-folders";
import { folderOfHandle } from "~/workspace/handle-folder";
import { chooseFolder } from "./choose-folder";
import { WorkspaceRecall } from "./workspace-recall";
import { WorkspaceSession } from "./workspace-session";
import { workspaceTabsOf, type WorkspaceTabsHost } from "./workspace-tabs";

/** What the notepad's workspace needs of the notepad (its controller). */
export interface NotepadWorkspaceHost extends WorkspaceTabsHost {
  dismissNotice(id: string): void;
}

/**
 * The notepad's workspace (issue 52): the session (folder, tree, files as tabs) and the recall
 * of recent folders, over the notepad's tabs. Browser only (the folder picker, IndexedDB).
 */
export function createNotepadWorkspace(host: NotepadWorkspaceHost): {
  session: WorkspaceSession;
  recall: WorkspaceRecall;
} {
  const session = new WorkspaceSession(workspaceTabsOf(host), chooseFolder);
  let tabIds = "";
  const recall = new WorkspaceRecall(
    session,
    new WorkspaceFolders(),
    {
      addNotice: (notice) => host.addNotice(notice),
      dismissNotice: (id) => host.dismissNotice(id),
      activeId: () => host.activeId(),
      activate: (id) => host.tabs.activate(id),
      onTabsChanged: (listener) =>
        host.store.subscribe((state) => {
          // Only when tabs open or close (not on every keystroke's flag change).
          const ids = state.tabs.tabs.map((tab) => tab.id).join(" ");
          if (ids === tabIds) return;
          tabIds = ids;
          listener();
        }),
    },
    (handle) => folderOfHandle(handle as unknown as FileSystemDirectoryHandle),
  );
  return { session, recall };
}
