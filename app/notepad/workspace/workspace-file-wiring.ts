import type { DocumentHistory } from "~/storage/document-history";
import { diskFileState } from "~/storage/disk-files";
import type { TextEncodingId } from "~/text/text-encoding";
import { askQuestion } from "~/ui/choice-dialog";
import { type FolderWatch, type WatchEnvironment, watchFolder } from "~/workspace/disk-watch";
import { HandleFolder } from "~/workspace/handle-folder";
import type { WorkspaceFolder } from "~/workspace/workspace-folder";
import type { Notice } from "../notepad-store";
import type { TabFileQueue } from "../tab-file-queue";
import { ancestorsOf } from "./tree-model";
import { type FileOpsHost, WorkspaceFileOps } from "./workspace-file-ops";
import { type KeptFolderKey, moveFolderFileHistory } from "./workspace-history";
import type { WorkspaceSession } from "./workspace-session";
import {
  fileChangedOnDisk,
  followFile,
  orphanFile,
  type TabFilesHost,
} from "./workspace-tab-files";

/**
 * Puts the tree's file commands and the disk watch together with the notepad (issue 52): the
 * host of `WorkspaceFileOps` over the workspace session and the notepad's tabs, and a watch
 * of the opened folder started and stopped with it. Browser only (the watch listens to the
 * page's focus), but nothing runs until a folder is opened.
 */

/** What this needs of the notepad's controller. */
export interface FolderFilesNotepad extends Omit<TabFilesHost, "reload" | "save"> {
  readonly workspace: WorkspaceSession;
  readonly history: Pick<DocumentHistory, "moveVersions">;
  readonly recall: KeptFolderKey;
  readonly saves: {
    readonly fileQueue: TabFileQueue;
    save(mode: "save" | "save-as", id?: string): Promise<boolean>;
    reopen(encoding: TextEncodingId, id?: string): Promise<void>;
  };
}

/** The page's focus and visibility, for the watch. */
const PAGE: WatchEnvironment = {
  onWake(wake) {
    const onVisible = () => {
      if (document.visibilityState === "visible") wake();
    };
    window.addEventListener("focus", wake);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", wake);
      document.removeEventListener("visibilitychange", onVisible);
    };
  },
  isHidden: () => document.visibilityState === "hidden",
};

/** Each session's file commands: the panel finds them by its session. */
const opsOfSession = new WeakMap<WorkspaceSession, WorkspaceFileOps>();

/** The file commands of a session's folder (none: a tree to read only, as in tests). */
export function fileOpsOf(session: WorkspaceSession): WorkspaceFileOps | undefined {
  return opsOfSession.get(session);
}

/** The file commands of the notepad's workspace, and what stops its watch. */
export function workspaceFileOpsOf(notepad: FolderFilesNotepad): {
  ops: WorkspaceFileOps;
  stop: () => void;
} {
  const session = notepad.workspace;
  // Read when used: the controller makes this before its tab states exist.
  const tabs: TabFilesHost = {
    get store() {
      return notepad.store;
    },
    get states() {
      return notepad.states;
    },
    publishFileStatus: () => notepad.publishFileStatus(),
    addNotice: (notice: Notice) => notepad.addNotice(notice),
    reload: async (id) => {
      const encoding = notepad.states.get(id)?.file.encoding;
      if (encoding) await notepad.saves.reopen(encoding, id);
    },
    save: (id, mode) => notepad.saves.save(mode, id),
  };
  let watch: FolderWatch | null = null;
  let notices = 0;
  const host: FileOpsHost = {
    folder: () => session.folder,
    refresh: (path) => session.refresh(path),
    openTabs: () => session.state.openTabs,
    async followTab(id, from, path, copied) {
      const openTabs = { ...session.state.openTabs };
      delete openTabs[from];
      openTabs[path] = id;
      const recentFiles = session.state.recentFiles.map((recent) =>
        recent === from ? path : recent,
      );
      session.store.setState({ openTabs, recentFiles });
      const folder = session.folder;
      const handle = folder instanceof HandleFolder ? await folder.fileHandle(path) : null;
      followFile(tabs, id, path, handle, copied);
    },
    async historyMoved(from, to) {
      const folder = session.folder;
      if (folder)
        await moveFolderFileHistory(
          notepad.history,
          folder,
          notepad.recall.keptFolderId(),
          from,
          to,
        );
    },
    exclusive: (tabIds, work) => notepad.saves.fileQueue.run(tabIds, work),
    orphanTab: (id, path, how) => orphanFile(tabs, id, path, how),
    changedOnDisk(id, path) {
      // The page's own saves change the file too: only a time or size other than the tab's
      // own record of its file is another program's.
      const disk = notepad.states.get(id)?.file.disk;
      if (!disk) return;
      void diskFileState(disk).then(
        (state) => state.changed && fileChangedOnDisk(tabs, id, path),
        () => undefined,
      );
    },
    notify(kind, message, action) {
      notepad.addNotice({ id: `workspace-files-${++notices}`, kind, message, action });
    },
    async confirm(message, confirmLabel) {
      const answer = await askQuestion({
        title: confirmLabel,
        message,
        choices: [
          { id: "cancel", label: "Cancel", initialFocus: true },
          { id: "confirm", label: confirmLabel, primary: true },
        ],
        dismissed: "cancel",
      });
      return answer === "confirm";
    },
    select(path) {
      for (const ancestor of ancestorsOf(path)) void session.setExpanded(ancestor, true);
      session.select(path);
    },
    settled: () => void watch?.rebase().catch(() => undefined),
  };
  const ops = new WorkspaceFileOps(host);
  opsOfSession.set(session, ops);

  const startWatch = (folder: WorkspaceFolder | null) => {
    watch?.stop();
    watch = null;
    if (!folder) return;
    watch = watchFolder({
      folder,
      scope: () => ({
        files: Object.keys(session.state.openTabs),
        folders: ["", ...session.state.expanded],
      }),
      onChanges: (changes) => void ops.diskChanged(changes),
      environment: PAGE,
      observe: folder instanceof HandleFolder ? folder.rootHandle : undefined,
    });
  };
  const unsubscribe = session.store.subscribe((state, before) => {
    if (state.folder !== before.folder) startWatch(state.folder);
  });
  return {
    ops,
    stop: () => {
      unsubscribe();
      watch?.stop();
    },
  };
}
