/**
 * What the notepad's Google Drive sync keeps in this browser: its settings (on/off, interval,
 * which tabs new tabs join, this browser's device id, the Drive folder, tab-list file and
 * changes token) and, per tab, the text last synced (the base of the three-way merge), Drive's
 * checksum and revision of that text, the name the file was given and whether the tab is
 * synced. IndexedDB database "plainpad-sync" (its own, like the backup folder's, so its
 * upgrades never touch the documents' database). Stored data carries a schema version.
 */
import { openDB } from "idb";

/** The database's name. */
export const SYNC_DB_NAME = "plainpad-sync";
const STORE = "sync";
const SCHEMA = 1;
const SETTINGS_KEY = "settings";
const TAB_PREFIX = "tab/";

/** The sync's settings. */
export interface StoredSyncSettings {
  enabled: boolean;
  /** A SyncInterval id (validated by the sync when read). */
  interval: string;
  /** New tabs join the sync ("all") or not ("active"). */
  scope: "all" | "active";
  /** This browser's id in the shared tab list. */
  deviceId: string;
  folderId: string | null;
  tabListFileId: string | null;
  /** Drive's changes token: the next run asks for changes since it. */
  pageToken: string | null;
  lastSyncAt: number | null;
  /** Files of the shared tab list the person chose not to bring in. */
  dismissedFileIds: string[];
  /**
   * Synced files Drive reported changed (or that must be looked at again) and no run has
   * handled yet: stored with `pageToken`, which moves past them, so a failed run forgets none.
   */
  unhandledFileIds: string[];
  /**
   * Files whose tabs were closed or taken out of the sync here and not yet marked in the
   * shared tab list (its tombstones): kept so a reload before the next run does not forget them.
   */
  closedFileIds: string[];
}

/** One tab's sync state. */
export interface StoredTabSync {
  tabId: string;
  included: boolean;
  driveFileId: string | null;
  /** The text (LF) Drive and the tab last agreed on; null before the first sync. */
  baseText: string | null;
  md5Checksum: string | null;
  headRevisionId: string | null;
  modifiedTime: string | null;
  /**
   * The file name Drive and the tab last agreed on: a tab name that differs from it renames
   * the file; a Drive name that differs from it (renamed elsewhere) renames the tab.
   */
  syncedName: string | null;
  /**
   * An upload sent whose answer has not come (yet): its text and the MD5 of its bytes. Met
   * in Drive on the next run, it is known as this tab's own, not as another computer's.
   */
  pendingUpload: { text: string; md5: string } | null;
  /** The id (files.generateIds) of the Drive file being made for the tab: a retry reuses it. */
  pendingCreateId: string | null;
  /** The file's MIME type as Drive has it (uploads send content in it and never change it). */
  mimeType?: string | null;
}

/** Where the sync's state lives (IndexedDB in the page, memory in tests). */
export interface SyncStateStore {
  loadSettings(): Promise<StoredSyncSettings | null>;
  saveSettings(settings: StoredSyncSettings): Promise<void>;
  /**
   * Read-modify-write: changes only the given fields of the stored settings, in one
   * transaction, so two windows changing different fields never undo each other's. Resolves
   * with the settings as stored after the change.
   */
  updateSettings(
    change: Partial<StoredSyncSettings>,
    fallback: StoredSyncSettings,
  ): Promise<StoredSyncSettings>;
  loadTabs(): Promise<StoredTabSync[]>;
  saveTab(tab: StoredTabSync): Promise<void>;
  deleteTab(tabId: string): Promise<void>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);
const numberOrNull = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];

/** Reads stored settings (any schema up to ours), null when unreadable. */
export function parseSyncSettings(value: unknown): StoredSyncSettings | null {
  if (!isRecord(value) || typeof value.deviceId !== "string") return null;
  return {
    enabled: value.enabled === true,
    interval: typeof value.interval === "string" ? value.interval : "realtime",
    scope: value.scope === "active" ? "active" : "all",
    deviceId: value.deviceId,
    folderId: stringOrNull(value.folderId),
    tabListFileId: stringOrNull(value.tabListFileId),
    pageToken: stringOrNull(value.pageToken),
    lastSyncAt: numberOrNull(value.lastSyncAt),
    dismissedFileIds: stringList(value.dismissedFileIds),
    unhandledFileIds: stringList(value.unhandledFileIds),
    closedFileIds: stringList(value.closedFileIds),
  };
}

function parsePending(value: unknown): StoredTabSync["pendingUpload"] {
  if (!isRecord(value) || typeof value.text !== "string" || typeof value.md5 !== "string") {
    return null;
  }
  return { text: value.text, md5: value.md5 };
}

/** Reads one stored tab, null when unreadable. */
export function parseTabSync(value: unknown): StoredTabSync | null {
  if (!isRecord(value) || typeof value.tabId !== "string") return null;
  const tab: StoredTabSync = {
    tabId: value.tabId,
    included: value.included === true,
    driveFileId: stringOrNull(value.driveFileId),
    baseText: stringOrNull(value.baseText),
    md5Checksum: stringOrNull(value.md5Checksum),
    headRevisionId: stringOrNull(value.headRevisionId),
    modifiedTime: stringOrNull(value.modifiedTime),
    syncedName: stringOrNull(value.syncedName),
    pendingUpload: parsePending(value.pendingUpload),
    pendingCreateId: stringOrNull(value.pendingCreateId),
  };
  if (typeof value.mimeType === "string") tab.mimeType = value.mimeType;
  return tab;
}

/** The state in memory only (tests, or a browser without IndexedDB). */
export function createMemorySyncStore(): SyncStateStore {
  let settings: StoredSyncSettings | null = null;
  const tabs = new Map<string, StoredTabSync>();
  return {
    loadSettings: async () => (settings ? structuredClone(settings) : null),
    saveSettings: async (next) => {
      settings = structuredClone(next);
    },
    updateSettings: async (change, fallback) => {
      settings = structuredClone({ ...(settings ?? fallback), ...change });
      return structuredClone(settings);
    },
    loadTabs: async () => [...tabs.values()].map((tab) => structuredClone(tab)),
    saveTab: async (tab) => {
      tabs.set(tab.tabId, structuredClone(tab));
    },
    deleteTab: async (tabId) => {
      tabs.delete(tabId);
    },
  };
}

/** The state in IndexedDB ("plainpad-sync"). Browser only: opened on first use. */
export function createIndexedDbSyncStore(): SyncStateStore {
  let database: ReturnType<typeof openDB> | null = null;
  const db = () => {
    database ??= openDB(SYNC_DB_NAME, 1, {
      upgrade(created) {
        created.createObjectStore(STORE);
      },
    });
    return database;
  };
  return {
    async loadSettings() {
      const stored: unknown = await (await db()).get(STORE, SETTINGS_KEY);
      return parseSyncSettings(isRecord(stored) ? stored.value : null);
    },
    async saveSettings(settings) {
      await (await db()).put(STORE, { schema: SCHEMA, value: settings }, SETTINGS_KEY);
    },
    async updateSettings(change, fallback) {
      const store = (await db()).transaction(STORE, "readwrite").store;
      const stored: unknown = await store.get(SETTINGS_KEY);
      const held = parseSyncSettings(isRecord(stored) ? stored.value : null) ?? fallback;
      const next = { ...held, ...change };
      await store.put({ schema: SCHEMA, value: next }, SETTINGS_KEY);
      return next;
    },
    async loadTabs() {
      const store = (await db()).transaction(STORE).store;
      const range = IDBKeyRange.bound(TAB_PREFIX, `${TAB_PREFIX}\uffff`);
      const values: unknown[] = await store.getAll(range);
      return values
        .map((stored) => parseTabSync(isRecord(stored) ? stored.value : null))
        .filter((tab): tab is StoredTabSync => tab !== null);
    },
    async saveTab(tab) {
      await (await db()).put(STORE, { schema: SCHEMA, value: tab }, `${TAB_PREFIX}${tab.tabId}`);
    },
    async deleteTab(tabId) {
      await (await db()).delete(STORE, `${TAB_PREFIX}${tabId}`);
    },
  };
}
