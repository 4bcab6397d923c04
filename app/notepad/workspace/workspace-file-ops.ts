import { createStore, type StoreApi } from "zustand/vanilla";
import { type DiskChanges, foldersToRelist } from "~/workspace/disk-changes";
import { fileOperationMessage, isAtOrUnder, pathAfterMove } from "~/workspace/file-operations";
import { type RestoreOutcome, SessionTrash, type TrashItem } from "~/workspace/session-trash";
import {
  type FileCopied,
  type FileStamp,
  joinPath,
  splitPath,
  type WorkspaceFolder,
} from "~/workspace/workspace-folder";

/**
 * The tree's file commands (issue 52) on the notepad's side: New file, New folder, Rename,
 * Move, Delete to the session trash and Restore, and what other programs changed on disk.
 * Each one re-lists the folders it touched, makes the tabs bound to a moved file follow it,
 * keeps the text of a tab whose file went, and says every failure in words. No React: the
 * panel draws `trashStore` and calls these methods; the host is the workspace session and
 * the notepad's tabs.
 */

/** What the file commands need of the workspace session and the notepad's tabs. */
export interface FileOpsHost {
  folder(): WorkspaceFolder | null;
  /** Lists the folder at `path` again (the tree shows the change). */
  refresh(path: string): Promise<void>;
  /** The folder's files open as tabs: path → tab id. */
  openTabs(): Readonly<Record<string, string>>;
  /**
   * Tab `id`'s file is now at `path` (a rename or a move): its name, file and path follow.
   * `copied`: the move was a copy (the browser cannot move a handle there): the original's
   * size and time as copied, and the copy's own, which the tab's record of its file takes.
   */
  followTab(id: string, from: string, path: string, copied?: CopiedFile): Promise<void>;
  /** The entry at `from` is now at `to`: the History versions kept of its files follow it. */
  historyMoved(from: string, to: string): Promise<void>;
  /**
   * Runs `work` while no Save of tabs `tabIds` writes, and holds their saves until it is done
   * (app/notepad/tab-file-queue.ts): a rename by copy never copies bytes a save is replacing.
   */
  exclusive<T>(tabIds: readonly string[], work: () => Promise<T>): Promise<T>;
  /** Tab `id`'s file went (deleted here or by another program): its text stays, unsaved. */
  orphanTab(id: string, path: string, how: "deleted" | "gone"): void;
  /** Tab `id`'s file was written by another program: the on-disk conflict flow takes it. */
  changedOnDisk(id: string, path: string): void;
  /** A notice in the page. */
  notify(kind: "info" | "error", message: string, action?: NoticeAction): void;
  /** Asks a yes/no question (a dialog): resolves true for `confirmLabel`. */
  confirm(message: string, confirmLabel: string): Promise<boolean>;
  /** The tree selects the entry at `path`. */
  select(path: string): void;
  /** The page's own change is done: the disk watch takes it as its new baseline. */
  settled(): void;
}

/** A file a rename or a move wrote as a copy: the original's stamp, and the copy's. */
export interface CopiedFile {
  source: FileStamp;
  copy: FileStamp;
}

/** A notice's button. */
export interface NoticeAction {
  label: string;
  run: () => void;
}

/** What the Trash list shows. */
export interface TrashState {
  items: readonly TrashItem[];
}

export class WorkspaceFileOps {
  /** Operations under way: what the disk watch sees meanwhile is the page's own doing. */
  private running = 0;
  /** The words of the last failure (a dialog shows them beside its field). */
  lastFailure: string | null = null;
  readonly trashStore: StoreApi<TrashState> = createStore<TrashState>(() => ({ items: [] }));

  constructor(
    private readonly host: FileOpsHost,
    readonly trash = new SessionTrash(),
  ) {}

  /** Tells the person something about the file commands (a notice in the page). */
  say(message: string): void {
    this.host.notify("info", message);
  }

  /**
   * Runs `work` on the open folder; a failure becomes its words in the page (then null). With
   * `touching`, it runs between the saves of the tabs bound to that entry (or inside it).
   */
  private async attempt<T>(
    path: string,
    work: (folder: WorkspaceFolder) => Promise<T>,
    touching?: string,
  ): Promise<T | null> {
    const folder = this.host.folder();
    this.lastFailure = null;
    if (!folder) return null;
    this.running++;
    try {
      if (touching === undefined) return await work(folder);
      return await this.inTurnOf(touching, () => work(folder));
    } catch (error) {
      this.lastFailure = fileOperationMessage(error, path);
      this.host.notify("error", this.lastFailure);
      return null;
    } finally {
      this.running--;
      this.host.settled();
    }
  }

  /** Runs `work` in the save queue's turn of the tabs bound to `path` (or to what is inside). */
  private inTurnOf<T>(path: string, work: () => Promise<T>): Promise<T> {
    const tabIds = Object.entries(this.host.openTabs())
      .filter(([tabPath]) => isAtOrUnder(tabPath, path))
      .map(([, id]) => id);
    return this.host.exclusive(tabIds, work);
  }

  /**
   * Asks the person, out of the way of the page's own work: the disk watch tells what other
   * programs change meanwhile, as at any other time.
   */
  private async ask(message: string, confirmLabel: string): Promise<boolean> {
    this.running--;
    this.host.settled();
    try {
      return await this.host.confirm(message, confirmLabel);
    } finally {
      this.running++;
    }
  }

  /** New file… in `parent`: resolves with its path (null: refused, words shown). */
  newFile(parent: string, name: string): Promise<string | null> {
    const path = joinPath(parent, name);
    return this.attempt(path, async (folder) => {
      await folder.createFile(path);
      await this.host.refresh(parent);
      this.host.select(path);
      return path;
    });
  }

  /** New folder… in `parent`. */
  newFolder(parent: string, name: string): Promise<string | null> {
    const path = joinPath(parent, name);
    return this.attempt(path, async (folder) => {
      await folder.createFolder(path);
      await this.host.refresh(parent);
      this.host.select(path);
      return path;
    });
  }

  /** Rename…: the entry keeps its folder; tabs bound to it (or inside it) follow. */
  rename(path: string, newName: string): Promise<string | null> {
    return this.relocate(path, (folder, copied) => folder.rename(path, newName, copied));
  }

  /** Move to… (or a drop on a folder): tabs bound to it (or inside it) follow. */
  move(path: string, toFolder: string): Promise<string | null> {
    return this.relocate(path, (folder, copied) => folder.move(path, toFolder, copied));
  }

  /** A rename or a move of `path` by `work`, in the turn of the saves of the tabs it touches. */
  private relocate(
    path: string,
    work: (folder: WorkspaceFolder, copied: FileCopied) => Promise<string>,
  ): Promise<string | null> {
    return this.attempt(
      path,
      async (folder) => {
        const copies = new Map<string, CopiedFile>();
        const to = await work(folder, (at, source, copy) => copies.set(at, { source, copy }));
        await this.moved(path, to, copies);
        return to;
      },
      path,
    );
  }

  private async moved(
    from: string,
    to: string,
    copies: ReadonlyMap<string, CopiedFile>,
  ): Promise<void> {
    if (from === to) return;
    await this.host.historyMoved(from, to);
    for (const [path, id] of Object.entries(this.host.openTabs())) {
      if (!isAtOrUnder(path, from)) continue;
      const after = pathAfterMove(path, from, to);
      await this.host.followTab(id, path, after, copies.get(after));
    }
    for (const parent of new Set([splitPath(from)[0], splitPath(to)[0]]))
      await this.host.refresh(parent);
    this.host.select(to);
  }

  /**
   * Delete: into the session trash (with Restore in the notice and the Trash list); what does
   * not fit is deleted only after "Delete permanently" is confirmed. Tabs bound to it keep
   * their text, unsaved. The question is asked outside the turn of those tabs' saves (a Save
   * meanwhile writes, and is not held until the person answers); the answer takes the turn
   * again and looks afresh: what fits in the trash now goes there, with its newest bytes.
   */
  delete(path: string): Promise<boolean> {
    return this.attempt(path, async (folder) => {
      let outcome = await this.inTurnOf(path, () => this.trash.moveToTrash(folder, path));
      if (outcome.kind === "too-big") {
        if (!(await this.ask(outcome.message, "Delete permanently"))) return false;
        outcome = await this.inTurnOf(path, async () => {
          const now = await this.trash.moveToTrash(folder, path);
          if (now.kind === "too-big") await this.trash.deletePermanently(folder, path);
          return now;
        });
      }
      if (outcome.kind === "too-big") {
        this.host.notify("info", `"${path}" was deleted permanently.`);
      } else {
        const id = outcome.item.id;
        this.host.notify("info", `"${path}" was moved to the trash.`, {
          label: "Restore",
          run: () => void this.restore(id),
        });
      }
      this.publishTrash();
      for (const [tabPath, id] of Object.entries(this.host.openTabs()))
        if (isAtOrUnder(tabPath, path)) this.host.orphanTab(id, tabPath, "deleted");
      await this.host.refresh(splitPath(path)[0]);
      return true;
    }).then((done) => done === true);
  }

  /**
   * Restore from the trash (where it was, or at `asPath`). A path taken since is not written
   * over: the notice offers the free name beside it.
   */
  restore(id: string, asPath?: string): Promise<RestoreOutcome | null> {
    const item = this.trash.list().find((entry) => entry.id === id);
    return this.attempt(asPath ?? item?.path ?? "", async () => {
      const outcome = await this.trash.restore(id, asPath);
      if (outcome.kind === "taken") {
        this.host.notify("error", outcome.message, {
          label: `Restore as "${splitPath(outcome.suggestion)[1]}"`,
          run: () => void this.restore(id, outcome.suggestion),
        });
        return outcome;
      }
      this.publishTrash();
      await this.host.refresh(splitPath(outcome.path)[0]);
      this.host.select(outcome.path);
      this.host.notify("info", `"${outcome.path}" was restored.`);
      return outcome;
    });
  }

  private publishTrash(): void {
    this.trashStore.setState({ items: this.trash.list() });
  }

  /**
   * What another program changed (the disk watch): the folders it touched are listed again, a
   * tab whose file was written goes through the on-disk conflict flow, one whose file went
   * keeps its text, unsaved.
   */
  async diskChanged(changes: DiskChanges): Promise<void> {
    // The page's own rename or move is under way: the watch takes a new baseline after it.
    if (this.running > 0) return;
    const folder = this.host.folder();
    for (const [path, id] of Object.entries(this.host.openTabs())) {
      if (changes.changed.includes(path)) this.host.changedOnDisk(id, path);
      const removed = changes.removed.some((gone) => isAtOrUnder(path, gone));
      // A report older than the page's own move names the old path: the file is still there.
      if (removed && (await folder?.kindOf(path).catch(() => null)) == null)
        this.host.orphanTab(id, path, "gone");
    }
    for (const parent of foldersToRelist(changes)) await this.host.refresh(parent);
  }
}
