import type { IDBPDatabase } from "idb";
import { SmallDatabase } from "./small-database";
import type { PermissionedFolder } from "./backup-folder-keeper";

/**
 * The notepad's recent workspace folders (issue 52): each folder's handle kept in IndexedDB
 * (as Keep copies in a folder keeps its folder: a handle survives a restart, its permission
 * does not, so reopening asks again from a click; see `folderPermission`), with the paths of
 * its files that were open as tabs. Only folders picked with the File System Access API have a
 * handle: a folder read through a directory input cannot be kept. Browser only.
 */

/** A kept workspace folder. */
export interface RememberedFolder {
  id: string;
  name: string;
  handle: FileSystemDirectoryHandle & PermissionedFolder;
  /** When it was last opened (ms since the epoch): the recent list is newest first. */
  openedAt: number;
  /** Paths of its files open as tabs when it was last used, in tab order. */
  openPaths: string[];
}

/** How many folders the recent list keeps. */
export const RECENT_FOLDERS = 5;

const DB_NAME = "plainpad-workspaces";
const STORE = "folders";

function isRemembered(value: unknown): value is RememberedFolder {
  if (!value || typeof value !== "object") return false;
  const record = value as Partial<RememberedFolder>;
  return (
    typeof record.id === "string" &&
    typeof record.name === "string" &&
    typeof record.openedAt === "number" &&
    Array.isArray(record.openPaths) &&
    typeof record.handle === "object" &&
    record.handle !== null &&
    (record.handle as { kind?: unknown }).kind === "directory"
  );
}

/** The kept folders, in their own small database. */
export class WorkspaceFolders {
  private readonly database = new SmallDatabase(DB_NAME, (db) =>
    db.createObjectStore(STORE, { keyPath: "id" }),
  );

  private db(): Promise<IDBPDatabase> {
    return this.database.db();
  }

  /** The recent folders, the latest first (records this version cannot read are skipped). */
  async list(): Promise<RememberedFolder[]> {
    const values: unknown[] = await (await this.db()).getAll(STORE);
    return values
      .filter(isRemembered)
      .sort((a, b) => b.openedAt - a.openedAt)
      .slice(0, RECENT_FOLDERS);
  }

  /**
   * Keeps `handle` as the latest folder (the same folder kept before keeps its record and open
   * paths) and drops the oldest beyond the recent list's length.
   */
  async remember(handle: FileSystemDirectoryHandle): Promise<RememberedFolder> {
    const kept = await this.list();
    let record: RememberedFolder | undefined;
    for (const folder of kept) {
      if (await folder.handle.isSameEntry(handle).catch(() => false)) record = folder;
    }
    const latest: RememberedFolder = {
      id: record?.id ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      name: handle.name,
      handle: handle as RememberedFolder["handle"],
      openedAt: Date.now(),
      openPaths: record?.openPaths ?? [],
    };
    const db = await this.db();
    await db.put(STORE, latest);
    const others = kept.filter((folder) => folder.id !== latest.id);
    for (const old of others.slice(RECENT_FOLDERS - 1)) await db.delete(STORE, old.id);
    return latest;
  }

  /** Records which of the folder's files are open as tabs. */
  async setOpenPaths(id: string, openPaths: string[]): Promise<void> {
    const db = await this.db();
    const value: unknown = await db.get(STORE, id);
    if (!isRemembered(value)) return;
    await db.put(STORE, { ...value, openPaths });
  }

  /** Forgets a folder (gone, or the person asked). */
  async forget(id: string): Promise<void> {
    await (await this.db()).delete(STORE, id);
  }
}
