import { openDB } from "idb";
import {
  type BackupDirectory,
  type BackupDocument,
  type BackupIndexEntry,
  backupFolderProblem,
  readFolderIndex,
  splitByWriter,
  writeBackup,
} from "./backup-folder";

/**
 * Keeps copies of the documents in a folder the user chose, a few seconds after each change
 * (backup-folder.ts writes them). The folder's handle is kept in IndexedDB so the copies go
 * on after a restart, and the folder's own index tells which file is whose, so each tab keeps
 * its file (and a tab renamed meanwhile leaves no old one); the browser then asks again for permission, which only a click may
 * request, so until then the status says "paused". Writes run after the change is stored and
 * never on the typing path; a failure (folder removed, disk full, permission gone) is shown and
 * retried.
 */

/** Where the folder copies stand, for the status bar and the dialog. */
export type BackupFolderStatus =
  | { kind: "unsupported" }
  | { kind: "off" }
  | { kind: "paused"; folder: string }
  | { kind: "on"; folder: string; savedAt: number | null; writing: boolean }
  | { kind: "failed"; folder: string; problem: "gone" | "full" | "permission" | "other" };

type DirectoryHandle = BackupDirectory & PermissionedFolder;

type DirectoryPicker = (options: {
  id?: string;
  mode?: "read" | "readwrite";
}) => Promise<DirectoryHandle>;

const DB_NAME = "plainpad-backup-folder";
const STORE = "handle";
const KEY = "folder";
/** This browser profile's id in the folder's index (tab ids are unique only within one). */
const WRITER_KEY = "writer";

/** After the last change, the copies wait this long (a burst of edits is one write). */
export const BACKUP_FOLDER_DELAY_MS = 3000;
/** A failed write is tried again this long after. */
export const BACKUP_FOLDER_RETRY_MS = 30_000;

/** The browser's folder picker (File System Access API); null where there is none. */
export function directoryPicker(): DirectoryPicker | null {
  if (typeof window === "undefined") return null;
  const picker = (window as unknown as { showDirectoryPicker?: DirectoryPicker })
    .showDirectoryPicker;
  return typeof picker === "function" ? picker.bind(window) : null;
}

/** A kept folder handle's permission calls (File System Access API; not in TS's DOM types). */
export interface PermissionedFolder {
  queryPermission(options: { mode: "readwrite" }): Promise<PermissionState>;
  requestPermission(options: { mode: "readwrite" }): Promise<PermissionState>;
}

/**
 * Whether Plainpad may read and write a kept folder: asks the browser (`request`: may show its
 * prompt, so only from a click) or only checks. A failing call counts as "denied".
 */
export function folderPermission(
  folder: PermissionedFolder,
  request: boolean,
): Promise<PermissionState> {
  const call = request
    ? folder.requestPermission({ mode: "readwrite" })
    : folder.queryPermission({ mode: "readwrite" });
  return call.catch(() => "denied" as PermissionState);
}

const db = () =>
  openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });

export class BackupFolderKeeper {
  private folder: DirectoryHandle | null = null;
  private status: BackupFolderStatus = { kind: directoryPicker() ? "off" : "unsupported" };
  private readonly listeners = new Set<() => void>();
  private readonly changed = new Set<string>();
  private everything = true;
  /** The folder's index as last written or read; null until read from the folder. */
  private copies: Map<string, BackupIndexEntry> | null = null;
  /** The index was read under its old name (removed at the next write). */
  private oldIndex = false;
  /** The index's entries of other browser profiles: kept, their files left alone. */
  private others: BackupIndexEntry[] = [];
  private writer: Promise<string> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    private readonly documents: () => BackupDocument[],
    private readonly options = { delayMs: BACKUP_FOLDER_DELAY_MS, retryMs: BACKUP_FOLDER_RETRY_MS },
  ) {}

  // ------------------------------------------------------------ status (useSyncExternalStore)

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getStatus = (): BackupFolderStatus => this.status;

  private setStatus(status: BackupFolderStatus): void {
    this.status = status;
    for (const listener of this.listeners) listener();
  }

  // ------------------------------------------------------------ the folder

  /** At start: the folder chosen before, if any; copies go on if the browser still allows. */
  async restore(): Promise<void> {
    if (!directoryPicker()) return;
    let saved: DirectoryHandle | undefined;
    try {
      saved = (await (await db()).get(STORE, KEY)) as DirectoryHandle | undefined;
    } catch (error) {
      console.error(error);
      return;
    }
    if (!saved || this.disposed) return;
    this.folder = saved;
    const permission = await folderPermission(saved, false);
    if (permission === "granted") this.resume();
    else this.setStatus({ kind: "paused", folder: saved.name });
  }

  /** File › Keep copies in a folder… › Choose a folder (from a click). False if cancelled. */
  async choose(): Promise<boolean> {
    const picker = directoryPicker();
    if (!picker) return false;
    let chosen: DirectoryHandle;
    try {
      chosen = await picker({ id: "plainpad-copies", mode: "readwrite" });
    } catch (error) {
      if ((error as Error).name !== "AbortError") console.error(error);
      return false;
    }
    this.folder = chosen;
    this.copies = null;
    try {
      await (await db()).put(STORE, chosen, KEY);
    } catch (error) {
      // Kept for this visit only: after a restart the folder must be chosen again.
      console.error(error);
    }
    this.resume();
    return true;
  }

  /** The "Allow" button after a restart or a lapsed permission (from a click). */
  async allow(): Promise<void> {
    const folder = this.folder;
    if (!folder) return;
    const permission = await folderPermission(folder, true);
    if (permission === "granted") this.resume();
    else this.setStatus({ kind: "paused", folder: folder.name });
  }

  /** Stop keeping copies (the files already written stay). */
  async stop(): Promise<void> {
    this.clearTimer();
    this.folder = null;
    this.copies = null;
    this.setStatus({ kind: "off" });
    try {
      await (await db()).delete(STORE, KEY);
    } catch (error) {
      console.error(error);
    }
  }

  /** Every document is written at the next write (a new folder, or after a pause). */
  private resume(): void {
    if (!this.folder) return;
    this.everything = true;
    this.setStatus({ kind: "on", folder: this.folder.name, savedAt: null, writing: false });
    this.schedule(0);
  }

  // ------------------------------------------------------------ writing

  /** A document was stored (its text, name or file changed): copy it a few seconds later. */
  noteStored(id: string): void {
    this.changed.add(id);
    if (this.status.kind === "on") this.schedule(this.options.delayMs);
  }

  private schedule(delay: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.running.then(() => this.write());
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async write(): Promise<void> {
    const folder = this.folder;
    if (!folder || this.disposed || this.status.kind !== "on") return;
    const changed = this.everything ? ("all" as const) : new Set(this.changed);
    this.changed.clear();
    this.everything = false;
    this.setStatus({ ...this.status, writing: true });
    try {
      const writer = await this.writerId();
      if (!this.copies) {
        // First write to this folder in this visit: its index says which file is whose.
        const index = await readFolderIndex(folder);
        if (this.folder !== folder) return;
        const { own, others } = splitByWriter(index.entries, writer);
        this.copies = own;
        this.others = others;
        this.oldIndex = index.oldIndex;
      }
      const copies = await writeBackup(folder, this.documents(), changed, this.copies, Date.now(), {
        removeOldIndex: this.oldIndex,
        others: this.others,
        writer,
      });
      if (this.folder !== folder) return;
      this.copies = copies;
      this.oldIndex = false;
      this.setStatus({ kind: "on", folder: folder.name, savedAt: Date.now(), writing: false });
    } catch (error) {
      if (this.folder !== folder) return;
      console.error("Keeping copies in the folder failed", error);
      // The folder may have changed meanwhile (moved back, written by another window): its
      // index is read again before the next write.
      this.copies = null;
      // Nothing is lost: the documents are in the browser; the copies are written again.
      this.everything = true;
      this.setStatus({ kind: "failed", folder: folder.name, problem: backupFolderProblem(error) });
      this.retry();
    }
  }

  /**
   * This browser profile's writer id, made once and kept with the folder's handle; one for this
   * visit only when IndexedDB cannot keep it.
   */
  private writerId(): Promise<string> {
    this.writer ??= (async () => {
      try {
        const database = await db();
        const kept: unknown = await database.get(STORE, WRITER_KEY);
        if (typeof kept === "string" && kept) return kept;
        const made = newWriterId();
        await database.put(STORE, made, WRITER_KEY);
        return made;
      } catch (error) {
        console.error(error);
        return newWriterId();
      }
    })();
    return this.writer;
  }

  private retry(): void {
    this.clearTimer();
    this.timer = setTimeout(async () => {
      this.timer = null;
      const folder = this.folder;
      if (!folder || this.disposed) return;
      const permission = await folderPermission(folder, false);
      if (permission !== "granted") {
        this.setStatus({ kind: "paused", folder: folder.name });
        return;
      }
      this.resume();
    }, this.options.retryMs);
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }
}

/** A new random writer id. */
function newWriterId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
