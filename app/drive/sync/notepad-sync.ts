/**
 * The notepad's background sync with Google Drive, behind {@link NotepadSyncController}: the
 * settings and each tab's state (sync-store), the schedule (sync-timer), and runs that read
 * Drive's changes feed, sync the synced tabs three at a time (sync-tab-run), then the shared
 * tab list (tab-list-sync). Runs never overlap, yield to the page, and never open Google's
 * window: a token that needs a click turns the status to "Reconnect to keep syncing" and the
 * edits wait for the click on {@link NotepadSyncController.reconnect}.
 */
import { DriveHttpError } from "../errors";
import type { StoredTabSync } from "~/storage/sync-store";
import { bringInTabs, missingEntries, remoteOffer } from "./bring-in";
import { syncHttpContext } from "./sync-drive";
import { SYNC_MESSAGES, recreatedNotice, syncFailure } from "./sync-messages";
import { newTabRecord, syncTab, type TabRunContext } from "./sync-tab-run";
import {
  changesForRun,
  folderForRun,
  forEachLimited,
  listedTabs,
  runBlocker,
  TABS_AT_ONCE,
  windowWakeEvents,
  yieldToPage,
} from "./sync-runner";
import { SyncTimer, type RunReport } from "./sync-timer";
import {
  DEFAULT_SYNC_INTERVAL,
  type NotepadSyncController,
  type SyncInterval,
  type SyncScope,
} from "./sync-types";
import { syncTabList, type TabListState } from "./tab-list-sync";
import { NotepadSyncState, type NotepadSyncOptions } from "./notepad-sync-state";
import type { WindowMessage } from "./sync-windows";

export type { NotepadSyncOptions } from "./notepad-sync-state";

/** Builds the controller (see the module comment). Call its start() once the tabs are loaded. */
export function createNotepadSync(options: NotepadSyncOptions): NotepadSyncController {
  return new NotepadSync(options);
}

class NotepadSync extends NotepadSyncState implements NotepadSyncController {
  private readonly timer: SyncTimer;
  private loaded: Promise<void> | null = null;
  private unlisten: (() => void) | null = null;
  private tabList: TabListState = { fileId: null, list: null };
  /** Set while the engine opens tabs itself (they must not join through tabOpened). */
  private openingTabs = false;
  /** Tabs whose next run makes a new Drive file (their old one was deleted or read-only). */
  private readonly recreating = new Set<string>();
  /** A sync run is under way (bringing tabs in waits for it). */
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: NotepadSyncOptions) {
    super(options);
    this.timer = new SyncTimer({
      interval: DEFAULT_SYNC_INTERVAL,
      run: () => this.runOnce(),
      now: this.now,
      random: this.random,
    });
  }

  start(): Promise<void> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  private async load(): Promise<void> {
    const [settings, tabs] = await Promise.all([
      this.store.loadSettings().catch(() => null),
      this.store.loadTabs().catch(() => []),
    ]);
    if (settings) this.settings = settings;
    else void this.store.saveSettings(this.settings).catch(() => undefined);
    for (const tab of tabs) this.records.set(tab.tabId, tab);
    this.tabList.fileId = this.settings.tabListFileId;
    this.windows.start(this.settings);
    this.timer.setInterval(this.interval());
    this.unlisten = (this.options.listen ?? windowWakeEvents)(() => void this.wake());
    if (this.settings.enabled) {
      this.timer.start();
      void this.timer.request();
    }
    this.publish();
  }

  stop(): void {
    this.timer.stop();
    this.windows.stop();
    this.unlisten?.();
    this.unlisten = null;
  }

  setInterval(interval: SyncInterval): void {
    this.settings = { ...this.settings, interval };
    this.timer.setInterval(interval);
    this.saveSettings();
    this.publish();
  }

  enable(scope: SyncScope, activeTabId: string): Promise<void> {
    // First, inside the click: Google's window may open only now.
    const connected = this.access.hasValidToken()
      ? Promise.resolve()
      : this.access.connectInClick();
    return connected.then(async () => {
      await this.start();
      this.needsReconnect = false;
      this.failure = null;
      this.settings = { ...this.settings, enabled: true, scope };
      const ids = scope === "all" ? this.host.listTabs().map((tab) => tab.id) : [activeTabId];
      for (const id of ids) this.include(id);
      this.saveSettings();
      this.timer.start();
      this.publish();
      await this.timer.request();
    });
  }

  disable(): void {
    this.settings = { ...this.settings, enabled: false };
    this.timer.stop();
    this.saveSettings();
    this.publish();
  }

  includeTab(id: string): void {
    this.include(id);
    this.publish();
    this.timer.typed();
  }

  excludeTab(id: string): void {
    const record = this.records.get(id);
    if (!record?.included) return;
    this.saveRecord({ ...record, included: false });
    if (record.driveFileId) this.leave(record.driveFileId);
    this.tabStates.delete(id);
    this.publish();
  }

  tabChanged(id: string): void {
    if (!this.isTabIncluded(id)) return;
    if (this.tabStates.get(id)?.kind !== "syncing") {
      this.tabStates.set(id, { kind: "syncing" });
      this.publish();
    }
    this.timer.typed();
  }

  tabOpened(id: string): void {
    if (this.openingTabs || !this.settings.enabled || this.settings.scope !== "all") return;
    if (this.records.get(id)?.included) return;
    this.includeTab(id);
  }

  tabRenamed(id: string): void {
    this.tabChanged(id);
  }

  tabClosed(id: string): void {
    const record = this.records.get(id);
    if (!record) return;
    if (record.included && record.driveFileId) this.leave(record.driveFileId);
    this.records.delete(id);
    this.tabStates.delete(id);
    void this.store.deleteTab(id).catch(() => undefined);
    this.publish();
  }

  syncNow(): Promise<void> {
    if (!this.settings.enabled) return Promise.resolve();
    if (!this.timer.isActive()) this.timer.start();
    return this.timer.request();
  }

  reconnect(): Promise<void> {
    // Inside the click, before any await.
    return this.access.connectInClick().then(() => {
      this.needsReconnect = false;
      if (this.failure?.kind === "reconnect") this.failure = null;
      this.publish();
      return this.syncNow();
    });
  }

  async recreateFile(id: string): Promise<void> {
    const record = this.records.get(id);
    const tab = this.host.readTab(id);
    if (!record || !tab) return;
    // A new file: the tab forgets the old one; its text is the new file's text.
    this.saveRecord({ ...newTabRecord(id, null), included: true });
    if (record.driveFileId) this.tombstone(record.driveFileId);
    this.recreating.add(id);
    this.tabStates.set(id, { kind: "syncing" });
    this.publish();
    await this.syncNow();
    if (this.tabStates.get(id)?.kind === "synced") this.host.notify(recreatedNotice(tab.name));
  }

  remoteTabsOffer(): { count: number } | null {
    return remoteOffer(this.tabList.list, this.host.listTabs(), this.settings.dismissedFileIds);
  }

  dismissRemoteTabs(): void {
    for (const entry of missingEntries(this.tabList.list, this.host.listTabs(), [])) {
      this.dismiss(entry.driveFileId);
    }
    this.saveSettings();
    this.publish();
  }

  async bringInRemoteTabs(): Promise<number> {
    await this.running;
    this.openingTabs = true;
    try {
      const opened = await bringInTabs({
        http: syncHttpContext(this.access),
        host: this.host,
        list: this.tabList.list,
        dismissed: this.settings.dismissedFileIds,
        save: (record) => {
          this.saveRecord(record);
          this.tabStates.set(record.tabId, { kind: "synced", at: this.now() });
        },
      });
      this.publish();
      return opened;
    } catch (error) {
      this.noteFailure(syncFailure(error));
      this.publish();
      throw error;
    } finally {
      this.openingTabs = false;
    }
  }

  protected async wake(): Promise<void> {
    if (this.settings.enabled) await this.timer.request();
  }

  private async runOnce(): Promise<RunReport> {
    const run = this.runSteps();
    this.running = run.catch(() => undefined);
    return run;
  }

  private async runSteps(): Promise<RunReport> {
    if (!this.settings.enabled) return {};
    // Another window of this browser runs the sync: it is asked to.
    if (!this.windows.isLeader()) return (this.windows.askForRun(this.access.hasValidToken()), {});
    const blocked = runBlocker(this.access, this.options.isOnline);
    if (blocked) {
      if (blocked === "reconnect") this.needsReconnect = true;
      else this.noteFailure(blocked);
      this.publish();
      return {};
    }
    const http = syncHttpContext(this.access);
    const folder = folderForRun(http, this.settings.folderId, (id, recreated) => {
      this.settings = { ...this.settings, folderId: id };
      this.saveSettings();
      if (recreated) this.host.notify(SYNC_MESSAGES.folderRecreated);
    });
    try {
      const { changes, pageToken } = await changesForRun(http, this.settings.pageToken);
      this.settings = { ...this.settings, pageToken };
      const context: TabRunContext = {
        http,
        host: this.host,
        folder,
        changes,
        recreating: this.recreating,
        checkpoint: (record) => {
          if (this.records.get(record.tabId)?.included) this.saveRecord(record);
        },
        openDriveCopy: (fromId, name, text) => {
          this.openingTabs = true;
          try {
            this.host.openDriveCopy(fromId, name, text);
          } finally {
            this.openingTabs = false;
          }
        },
      };
      const ids = this.host.listTabs().map((tab) => tab.id);
      await forEachLimited(ids, TABS_AT_ONCE, async (id) => {
        const record = this.records.get(id);
        if (!this.settings.enabled || !record?.included) return;
        await (this.options.yieldToPage ?? yieldToPage)();
        await this.syncOneTab(context, id, record);
      });
      const closed = [...this.settings.closedFileIds];
      const tabs = listedTabs(this.host.listTabs(), this.records);
      const { deviceId } = this.settings;
      const input = { http, folder, deviceId, changes, tabs, closed, now: this.now() };
      this.tabList = await syncTabList(input, this.tabList);
      const closedFileIds = this.settings.closedFileIds.filter((id) => !closed.includes(id));
      this.settings = { ...this.settings, tabListFileId: this.tabList.fileId, closedFileIds };
      this.failure = null;
      this.needsReconnect = false;
      this.settings = { ...this.settings, lastSyncAt: this.now() };
      this.saveSettings();
      return {};
    } catch (error) {
      const failure = syncFailure(error);
      this.noteFailure(failure);
      // A Retry-After longer than the request layer waits is kept by the timer.
      const waits = failure.kind === "rate-limited" || failure.kind === "daily-limit";
      return { rateLimited: waits, retryAfterMs: failure.retryAfterMs };
    } finally {
      this.publish();
    }
  }

  /** One tab; a failure of its own becomes its warning, a notepad-wide one is thrown. */
  private async syncOneTab(context: TabRunContext, id: string, record: StoredTabSync) {
    try {
      const result = await syncTab(context, id, record);
      if (result.kind === "closed") return this.tabClosed(id);
      if (this.records.get(id)?.included) this.saveRecord(result.record);
      this.tabStates.set(id, { kind: "synced", at: this.now() });
    } catch (error) {
      const failure = syncFailure(error, this.host.readTab(id)?.encoding);
      if (failure.scope === "notepad") throw error;
      if (!(error instanceof DriveHttpError) && failure.kind === "failed") console.error(error);
      this.tabStates.set(id, { kind: "warning", message: failure.message, action: failure.action });
    }
    this.publish();
  }

  private include(id: string): void {
    const tab = this.host.readTab(id);
    if (!tab) return;
    const record = this.records.get(id);
    this.saveRecord(record ? { ...record, included: true } : newTabRecord(id, tab.driveFileId));
    this.tabStates.set(id, { kind: "syncing" });
  }

  /**
   * A file this notepad stopped syncing: a tombstone in the tab list, and no "bring in" offer
   * for it here while another computer still syncs it.
   */
  private leave(fileId: string): void {
    this.tombstone(fileId);
    this.dismiss(fileId);
    this.saveSettings();
  }

  /** Another window changed the settings (or asks this one, which syncs, for a run). */
  protected fromWindow(message: WindowMessage): void {
    if (message.type === "hello") return this.windows.shareStatus(this.status);
    if (message.type === "status") {
      this.leaderStatus = message.status;
      return this.publish();
    }
    if (message.type === "run" && message.connected && !this.access.hasValidToken()) {
      return this.windows.stepDown(); // the asking window has a Google token: it syncs
    }
    if (message.type === "settings") this.settings = { ...this.settings, ...message.change };
    this.timer.setInterval(this.interval());
    if (!this.settings.enabled) this.timer.stop();
    else if (this.windows.isLeader()) {
      // Tabs another window took in or out are in the store: read them, then run.
      void this.refreshRecords().then(() => (this.timer.start(), this.timer.request()));
    }
    this.publish();
  }

  /** This window now runs the sync: what the last one stored is read first. */
  protected async takeOver(): Promise<void> {
    for (const tab of await this.store.loadTabs().catch(() => [])) this.records.set(tab.tabId, tab);
    this.leaderStatus = null;
    this.publish();
    if (this.settings.enabled) this.timer.start();
    await this.wake();
  }
}
