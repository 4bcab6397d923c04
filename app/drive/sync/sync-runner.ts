/**
 * Pieces of one sync run that hold no state of their own: the "Plainpad Documents" folder
 * (checked once per run, made again when it was removed), the changes feed since the stored
 * token, and the synced tabs as the tab list records them.
 */
import type { StoredSyncSettings, StoredTabSync } from "~/storage/sync-store";
import { DriveHttpError, DriveNetworkError } from "../errors";
import type { DriveHttpContext } from "../http";
import { ensureAppFolder } from "../rest";
import {
  folderExists,
  generateFileIds,
  getStartPageToken,
  listChanges,
  type FileChange,
  type SyncDriveAccess,
} from "./sync-drive";
import { SYNC_MESSAGES, syncFailure, type SyncFailure } from "./sync-messages";
import { DEFAULT_SYNC_INTERVAL, type SyncTab } from "./sync-types";
import type { LocalListedTab } from "./tab-list-file";

/**
 * The folder's id for this run: the stored one after one check that it still exists, else the
 * folder found or made by name. `onFolder` stores it (`recreated`: a stored one was gone).
 */
export function folderForRun(
  http: DriveHttpContext,
  storedId: string | null,
  onFolder: (id: string, recreated: boolean) => void,
): () => Promise<string> {
  let checked: Promise<string> | null = null;
  return () => {
    checked ??= (async () => {
      if (storedId && (await folderExists(http, storedId))) return storedId;
      const id = await ensureAppFolder(http);
      onFolder(id, storedId !== null);
      return id;
    })().catch((error: unknown) => {
      checked = null;
      throw error;
    });
    return checked;
  };
}

/** What the changes feed said, and the token to store. */
export interface ChangesForRun {
  /** null: look at every file (first run, or Drive refused the old token). */
  changes: Map<string, FileChange> | null;
  pageToken: string;
}

/** The changes since `pageToken`, or a fresh token when there is none (or it was refused). */
export async function changesForRun(
  http: DriveHttpContext,
  pageToken: string | null,
): Promise<ChangesForRun> {
  if (pageToken) {
    try {
      const { changes, nextToken } = await listChanges(http, pageToken);
      return { changes, pageToken: nextToken };
    } catch (error) {
      const refused = error instanceof DriveHttpError && [400, 404, 410].includes(error.status);
      if (!refused) throw error;
    }
  }
  // Taken before the files are looked at, so changes made meanwhile come next time.
  return { changes: null, pageToken: await getStartPageToken(http) };
}

/**
 * The changes this run must handle: what the feed reported since the stored token, and the
 * files an earlier run noticed but did not handle (their checksum unknown, so they are read).
 * null: look at every file.
 */
export function changesToHandle(
  listed: Map<string, FileChange> | null,
  unhandled: readonly string[],
): Map<string, FileChange> | null {
  if (!listed) return null;
  const changes = new Map(listed);
  for (const id of unhandled) if (!changes.has(id)) changes.set(id, { gone: false });
  return changes;
}

/** Hands out ids for new files, asking Drive (files.generateIds) for `batch` at a time. */
export function fileIdPool(http: DriveHttpContext, batch: number): () => Promise<string> {
  let ids: string[] = [];
  let asking: Promise<string[]> | null = null;
  const size = Math.min(Math.max(batch, 1), 1000);
  return async () => {
    while (ids.length === 0) {
      asking ??= generateFileIds(http, size).finally(() => (asking = null));
      const got = await asking;
      if (ids.length === 0) ids = got;
    }
    return ids.shift() as string;
  };
}

/** The synced tabs that have a Drive file, in tab order, as the tab list records them. */
export function listedTabs(
  tabs: readonly SyncTab[],
  records: ReadonlyMap<string, StoredTabSync>,
): LocalListedTab[] {
  const listed: LocalListedTab[] = [];
  for (const tab of tabs) {
    const record = records.get(tab.id);
    if (record?.included && record.driveFileId) {
      const { name, encoding, lineEnding } = tab;
      listed.push({ driveFileId: record.driveFileId, name, encoding, lineEnding });
    }
  }
  return listed;
}

/**
 * Synced tabs on a Drive file an earlier synced tab (in tab order) holds too, each with that
 * tab's name: one file is synced by one tab at a time.
 */
export function tabsOnSharedFiles(
  tabs: readonly SyncTab[],
  records: ReadonlyMap<string, StoredTabSync>,
): Map<string, string> {
  const holders = new Map<string, string>();
  const shadowed = new Map<string, string>();
  for (const tab of tabs) {
    const record = records.get(tab.id);
    const fileId = tab.driveFileId ?? record?.driveFileId;
    if (!record?.included || !fileId) continue;
    const holder = holders.get(fileId);
    if (holder === undefined) holders.set(fileId, tab.name);
    else shadowed.set(tab.id, holder);
  }
  return shadowed;
}

/** Lets the page handle input between two tabs of a run. */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Calls `onWake` when the page gets focus or the browser comes back online. */
export function windowWakeEvents(onWake: () => void): () => void {
  if (typeof window === "undefined") return () => undefined;
  window.addEventListener("focus", onWake);
  window.addEventListener("online", onWake);
  return () => {
    window.removeEventListener("focus", onWake);
    window.removeEventListener("online", onWake);
  };
}

/** A random id (this browser in the shared tab list). */
export function randomId(random: () => number): string {
  return Array.from({ length: 4 }, () => Math.floor(random() * 2 ** 32).toString(36)).join("");
}

/** The settings of a browser that never turned sync on. */
export function defaultSyncSettings(deviceId: string): StoredSyncSettings {
  return {
    enabled: false,
    interval: DEFAULT_SYNC_INTERVAL,
    scope: "all",
    deviceId,
    folderId: null,
    tabListFileId: null,
    pageToken: null,
    lastSyncAt: null,
    dismissedFileIds: [],
    unhandledFileIds: [],
    closedFileIds: [],
  };
}

/**
 * Why a run cannot start, before any request: no Drive ids in the build, no token usable
 * without a click ("reconnect"), or a browser that knows it is offline; null when it can.
 */
export function runBlocker(
  access: SyncDriveAccess,
  isOnline?: () => boolean,
): SyncFailure | "reconnect" | null {
  if (!access.isConfigured()) {
    return { scope: "notepad", kind: "failed", message: SYNC_MESSAGES.notConfigured };
  }
  if (!access.hasValidToken()) return "reconnect";
  const online = isOnline ? isOnline() : globalThis.navigator?.onLine !== false;
  return online ? null : syncFailure(new DriveNetworkError("metadata"));
}

/** Tabs synced at the same time in a run (a first sync of 100 tabs is three times quicker). */
export const TABS_AT_ONCE = 3;

/**
 * Runs `task` for every item, at most `limit` at a time, starting them in order. The first
 * failure stops further starts and is thrown once the tasks under way have ended.
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const item = items[next++];
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
