import {
  directoryPicker,
  folderPermission,
  type PermissionedFolder,
} from "~/storage/backup-folder-keeper";
import type { WorkspaceFolder } from "~/workspace/workspace-folder";
import type { Notice } from "../notepad-store";
import type { ChosenFolder } from "./choose-folder";
import type { WorkspaceSession } from "./workspace-session";

/**
 * The remembered workspace (issue 52): each picked folder is kept with the paths of its files
 * open as tabs (`app/storage/workspace-folders.ts`). Coming back, the notepad offers "Reopen
 * <name>" in the page (the browser asks again for the permission, and only a click may ask),
 * then the tree and those tabs come back. A refused permission and a folder gone each get
 * their own words. Recent folders (up to 5) are listed by File › Recent folders….
 */

/** A kept folder as the recall uses it (`RememberedFolder` of the storage). */
export interface KeptFolder {
  id: string;
  name: string;
  handle: PermissionedFolder & { readonly name: string };
  openPaths: string[];
}

/** Where the folders are kept (the IndexedDB store, or a stand-in in tests). */
export interface KeptFolders {
  list(): Promise<KeptFolder[]>;
  remember(handle: FileSystemDirectoryHandle): Promise<KeptFolder>;
  setOpenPaths(id: string, paths: string[]): Promise<void>;
  forget(id: string): Promise<void>;
}

/** What the recall needs of the notepad. */
export interface RecallHost {
  addNotice(notice: Notice): void;
  dismissNotice(id: string): void;
  /** The shown tab (to show it again after the folder's tabs came back). */
  activeId(): string;
  activate(id: string): void;
  /** Calls `listener` when tabs open or close; returns the unsubscribe. */
  onTabsChanged(listener: () => void): () => void;
}

const REOPEN_NOTICE = "workspace-reopen";

/** Said when the browser refused the permission to a kept folder. */
export function permissionRefusedMessage(name: string): string {
  return `Plainpad was not allowed to open the folder "${name}". Click Reopen to be asked again, or open it with File › Open folder….`;
}

/** Said when a kept folder is no longer where it was. */
export function folderGoneMessage(name: string): string {
  return `The folder "${name}" is no longer there: it may have been moved, renamed or deleted. It was removed from the recent folders.`;
}

export class WorkspaceRecall {
  /** The kept record of the open folder (null: none, or one that cannot be kept). */
  private current: string | null = null;
  /** The folder generation `current` belongs to (a folder opened since has none yet). */
  private currentGeneration = -1;
  private recent: KeptFolder[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly session: WorkspaceSession,
    private readonly kept: KeptFolders,
    private readonly host: RecallHost,
    private readonly folderOf: (handle: KeptFolder["handle"]) => WorkspaceFolder,
  ) {
    session.opened = (chosen) => void this.chosen(chosen);
    // The open paths follow the tabs: opened from the tree, or closed.
    session.store.subscribe((state, previous) => {
      if (state.openTabs !== previous.openTabs) this.keepOpenPaths();
    });
    host.onTabsChanged(() => this.keepOpenPaths());
  }

  /** The open folder's kept record id (History's stable key of its files), or null. */
  keptFolderId(): string | null {
    return this.currentGeneration === this.session.state.generation ? this.current : null;
  }

  // ------------------------------------------------------------ the recent list (for React)

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The recent folders, the latest first. */
  readonly getRecent = (): readonly KeptFolder[] => this.recent;

  private async reload(): Promise<void> {
    this.recent = await this.kept.list().catch((error: unknown) => {
      console.error("Reading the recent folders failed", error);
      return [];
    });
    for (const listener of this.listeners) listener();
  }

  // ------------------------------------------------------------ keeping

  private async chosen({ handle }: ChosenFolder): Promise<void> {
    this.current = null;
    if (!handle) return;
    const generation = this.session.state.generation;
    try {
      this.current = (await this.kept.remember(handle)).id;
      this.currentGeneration = generation;
    } catch (error) {
      // Kept for this visit only: next time the folder must be opened again.
      console.error("Keeping the folder failed", error);
    }
    this.host.dismissNotice(REOPEN_NOTICE);
    this.keepOpenPaths();
    await this.reload();
  }

  private keepOpenPaths(): void {
    const id = this.current;
    if (!id || !this.session.folder) return;
    const paths = this.session.openPaths();
    void this.kept.setOpenPaths(id, paths).catch((error: unknown) => console.error(error));
  }

  // ------------------------------------------------------------ coming back

  /** At start: offers to reopen the folder used last (a button: the permission needs a click). */
  async offerReopen(): Promise<void> {
    // Only the File System Access API's folders are kept (Firefox and Safari keep none).
    if (!directoryPicker()) return;
    await this.reload();
    const last = this.recent[0];
    if (!last || this.session.folder) return;
    this.host.addNotice({
      id: REOPEN_NOTICE,
      kind: "info",
      message: `The folder "${last.name}" was open last time.`,
      action: { label: `Reopen ${last.name}`, run: () => void this.reopen(last.id) },
      secondary: { label: "Not now", run: () => this.host.dismissNotice(REOPEN_NOTICE) },
    });
  }

  /**
   * Opens a kept folder again (from a click): one permission prompt, then its tree and its
   * files' tabs (those still open are shown, the others opened), the shown tab kept.
   */
  async reopen(id: string): Promise<boolean> {
    const record = this.recent.find((folder) => folder.id === id);
    if (!record) return false;
    // First, while the click still counts as one: the browser asks only during a gesture.
    const permission = await folderPermission(record.handle, true);
    this.host.dismissNotice(REOPEN_NOTICE);
    if (permission !== "granted") {
      this.host.addNotice({
        id: REOPEN_NOTICE,
        kind: "error",
        message: permissionRefusedMessage(record.name),
        action: { label: `Reopen ${record.name}`, run: () => void this.reopen(id) },
      });
      return false;
    }
    await this.session.useFolder(this.folderOf(record.handle));
    const root = this.session.state.listings[""];
    if (root?.state === "failed") {
      this.session.closeFolder();
      const gone = /no longer in the folder/.test(root.message);
      this.host.addNotice({
        id: REOPEN_NOTICE,
        kind: "error",
        message: gone ? folderGoneMessage(record.name) : root.message,
      });
      if (gone) await this.kept.forget(id).catch(() => undefined);
      await this.reload();
      return false;
    }
    // The latest again (its open paths kept), before the tabs coming back change them.
    await this.kept
      .remember(record.handle as unknown as FileSystemDirectoryHandle)
      .catch(() => undefined);
    this.current = id;
    this.currentGeneration = this.session.state.generation;
    const shown = this.host.activeId();
    for (const path of record.openPaths) await this.session.openFile(path);
    this.host.activate(shown);
    await this.reload();
    return true;
  }

  /** Drops a folder from the recent list. */
  async forget(id: string): Promise<void> {
    if (this.current === id) this.current = null;
    await this.kept.forget(id).catch((error: unknown) => console.error(error));
    await this.reload();
  }
}
