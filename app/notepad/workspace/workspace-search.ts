import { createStore, type StoreApi } from "zustand/vanilla";
import type { DocumentHistory } from "~/storage/document-history";
import type { TextEncodingId } from "~/text/text-encoding";
import { baseName } from "~/workspace/path-rules";
import type { WorkspaceFolder } from "~/workspace/workspace-folder";
import { type FindInFilesHost, FindInFilesSession } from "./find-in-files-session";
import { startFindIn } from "./find-target";
import { folderFileHistoryId, type KeptFolderKey } from "./workspace-history";
import type { WorkspaceSession } from "./workspace-session";

/**
 * Find in files of the notepad's opened folder (issue 52): one FindInFilesSession per opened
 * folder (ended, with its undo originals, when the folder closes or another opens), tied to
 * the notepad's tabs: a file open in a tab with unsaved edits is not written, a tab open on a
 * written file reads it again (its reload keeps the text before in the tab's History), and a
 * file not open keeps its text before in History under the folder's path (workspace-history.ts:
 * a tab opened on that file later lists those versions).
 */

/** What the search needs of the notepad (its controller). */
export interface WorkspaceSearchHost {
  readonly workspace: WorkspaceSession;
  /** The notepad's store (only its tabs are read). */
  readonly store: {
    getState(): { tabs: { tabs: readonly { id: string; isModified: boolean }[] } };
  };
  readonly states: { get(id: string): { file: { encoding: TextEncodingId } } | undefined };
  readonly history: Pick<DocumentHistory, "snapshotNow">;
  readonly saves: { reopen(encoding: TextEncodingId, id: string): Promise<void> };
  /** The remembered folder's id, History's key of its files (else the folder's name). */
  readonly recall?: KeptFolderKey;
}

/** The Search view asked for by a command: with the replace row or not; `count` refocuses. */
export interface SearchRequest {
  replace: boolean;
  count: number;
}

export class WorkspaceSearch {
  /** The last Find in files… / Replace in files… asked (the panel shows its Search view). */
  readonly requests: StoreApi<SearchRequest> = createStore<SearchRequest>(() => ({
    replace: false,
    count: 0,
  }));
  private current: { generation: number; session: FindInFilesSession } | null = null;

  constructor(private readonly host: WorkspaceSearchHost) {
    host.workspace.store.subscribe((state) => {
      if (this.current && this.current.generation !== state.generation) {
        this.current.session.end();
        this.current = null;
      }
    });
  }

  /** The search of the opened folder (made when first asked), or null with no folder open. */
  session(): FindInFilesSession | null {
    const { folder, generation } = this.host.workspace.state;
    if (!folder) return null;
    if (this.current?.generation !== generation) {
      this.current?.session.end();
      this.current = { generation, session: new FindInFilesSession(this.hostFor(folder)) };
    }
    return this.current.session;
  }

  /** Find in files… / Replace in files…: false (nothing done) while no folder is open. */
  open(replace: boolean): boolean {
    if (!this.host.workspace.folder) return false;
    this.host.workspace.setPanelShown(true);
    this.requests.setState((request) => ({ replace, count: request.count + 1 }));
    return true;
  }

  /** The tab open on a file of the folder (opened from the panel), if any. */
  private tabOf(path: string): string | null {
    const id = this.host.workspace.state.openTabs[path];
    if (!id) return null;
    return this.host.store.getState().tabs.tabs.some((tab) => tab.id === id) ? id : null;
  }

  private hostFor(folder: WorkspaceFolder): FindInFilesHost {
    const { host } = this;
    return {
      folder,
      startFind: startFindIn(folder, `${folder.name}#${host.workspace.state.generation}`),
      openTab: (path) => {
        const id = this.tabOf(path);
        const tab = id && host.store.getState().tabs.tabs.find((t) => t.id === id);
        return tab ? { modified: tab.isModified } : null;
      },
      fileWritten: (path) => {
        const id = this.tabOf(path);
        const encoding = id ? host.states.get(id)?.file.encoding : undefined;
        // The tab reads its file again: an undoable edit, its History keeps the text before.
        if (id && encoding) void host.saves.reopen(encoding, id);
      },
      keepVersion: (path, text) => {
        if (this.tabOf(path)) return; // Its tab's reload keeps it.
        return host.history.snapshotNow(
          folderFileHistoryId(folder, path, host.recall?.keptFolderId() ?? null),
          { text, name: baseName(path) },
          "replace-in-files",
        );
      },
    };
  }
}
