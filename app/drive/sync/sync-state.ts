/**
 * What the sync keeps between runs, in memory and in its store (sync-store.ts): the settings
 * and each tab's record, and the bookkeeping that makes a failed run forget nothing — the files
 * Drive reported changed that no run has handled yet, stored together with the changes token
 * that moves past them.
 */
import type { StoredSyncSettings, StoredTabSync, SyncStateStore } from "~/storage/sync-store";
import type { FileChange } from "./sync-drive";
import { defaultSyncSettings } from "./sync-runner";

function sameRecord(a: StoredTabSync, b: StoredTabSync): boolean {
  const keys = Object.keys({ ...a, ...b }) as (keyof StoredTabSync)[];
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** The sync's settings and tab records, saved as they change. */
export class SyncState {
  settings: StoredSyncSettings;
  readonly records = new Map<string, StoredTabSync>();

  /**
   * `storeSettings`: how settings are stored (the engine's goes through sync-windows.ts, field
   * by field, told to the other windows); default the whole settings into `store`.
   */
  constructor(
    private readonly store: SyncStateStore,
    deviceId: string,
    private readonly storeSettings: (settings: StoredSyncSettings) => void = (settings) =>
      void store.saveSettings(settings).catch(() => undefined),
  ) {
    this.settings = defaultSyncSettings(deviceId);
  }

  /** Reads what was stored (new settings are stored at once). */
  async load(): Promise<void> {
    const [settings, tabs] = await Promise.all([
      this.store.loadSettings().catch(() => null),
      this.store.loadTabs().catch(() => []),
    ]);
    if (settings) this.settings = settings;
    else void this.store.saveSettings(this.settings).catch(() => undefined);
    for (const tab of tabs) this.records.set(tab.tabId, tab);
  }

  saveSettings(): void {
    this.storeSettings(this.settings);
  }

  /** Takes the tabs another window took in or out of the sync (its records in the store). */
  async refreshRecords(): Promise<void> {
    for (const stored of await this.store.loadTabs().catch(() => [])) {
      const held = this.records.get(stored.tabId);
      if (!held || held.included !== stored.included) this.records.set(stored.tabId, stored);
    }
  }

  /** Takes every record as stored (this window now runs the sync, after another). */
  async reloadRecords(): Promise<void> {
    for (const tab of await this.store.loadTabs().catch(() => [])) this.records.set(tab.tabId, tab);
  }

  /** A tombstone for the tab list, stored until a run has written it. */
  tombstone(fileId: string): void {
    const closed = this.settings.closedFileIds;
    if (!closed.includes(fileId))
      this.settings = { ...this.settings, closedFileIds: [...closed, fileId] };
  }

  /** The tombstones a run wrote into the tab list are no longer kept. */
  tombstonesWritten(written: readonly string[]): void {
    const closedFileIds = this.settings.closedFileIds.filter((id) => !written.includes(id));
    this.settings = { ...this.settings, closedFileIds };
  }

  /** Keeps and stores a tab's record; an unchanged one is not written again. */
  saveRecord(record: StoredTabSync): void {
    const held = this.records.get(record.tabId);
    this.records.set(record.tabId, record);
    if (held && sameRecord(held, record)) return;
    void this.store.saveTab(record).catch(() => undefined);
  }

  deleteRecord(tabId: string): void {
    this.records.delete(tabId);
    void this.store.deleteTab(tabId).catch(() => undefined);
  }

  /**
   * Stores the new changes token with the watched files it reported (the synced tabs' files
   * and the tab list's), to be looked at until a run handles them.
   */
  noteUnhandled(
    pageToken: string,
    changes: Map<string, FileChange> | null,
    tabListFileId: string | null,
  ): void {
    const watched = new Set<string>();
    for (const record of this.records.values()) {
      if (record.included && record.driveFileId) watched.add(record.driveFileId);
    }
    if (tabListFileId) watched.add(tabListFileId);
    const noticed = changes ? [...changes.keys()].filter((id) => watched.has(id)) : [...watched];
    this.settings = { ...this.settings, pageToken, unhandledFileIds: noticed };
    this.saveSettings();
  }

  /** These files' changes are handled (Drive and the tab agree); stored with the run's end. */
  handled(...fileIds: (string | null | undefined)[]): void {
    const done = new Set(fileIds.filter(Boolean));
    const left = this.settings.unhandledFileIds.filter((id) => !done.has(id));
    this.settings = { ...this.settings, unhandledFileIds: left };
  }

  /** Drive's copy of the file is read again at the next run (the feed was not watched for it). */
  recheck(fileId: string): void {
    if (this.settings.unhandledFileIds.includes(fileId)) return;
    const unhandledFileIds = [...this.settings.unhandledFileIds, fileId];
    this.settings = { ...this.settings, unhandledFileIds };
    this.saveSettings();
  }

  /** No "bring in" offer for this file here. */
  dismiss(fileId: string): void {
    const dismissed = this.settings.dismissedFileIds;
    if (dismissed.includes(fileId)) return;
    this.settings = { ...this.settings, dismissedFileIds: [...dismissed, fileId] };
  }
}
