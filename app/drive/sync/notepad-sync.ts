/**
 * The notepad's background sync with Google Drive, behind {@link NotepadSyncController}: the
 * settings and each tab's state (sync-store), the schedule (sync-timer), and runs that read
 * Drive's changes feed, sync the synced tabs three at a time (sync-tab-run), then the shared
 * tab list (tab-list-sync). Runs never overlap, yield to the page, and never open Google's
 * window: a token that needs a click turns the status to "Reconnect to keep syncing" and the
 * edits wait for the click on {@link NotepadSyncController.reconnect}.
 */
import { bringInTabs, missingEntries, remoteOffer } from "./bring-in";
import { keptAfterClose, settleClosedUploads } from "./closed-uploads";
import { NotepadSyncState, type NotepadSyncOptions } from "./notepad-sync-state";
import { syncHttpContext } from "./sync-drive";
import { SYNC_MESSAGES, recreatedNotice, syncFailure } from "./sync-messages";
import { newTabRecord, type TabRunContext } from "./sync-tab-run";
import { copyTabs, syncTabsStep, type TabsStepHost } from "./sync-tabs-step";
import {
  changesForRun,
  changesToHandle,
  fileIdPool,
  folderForRun,
  listedTabs,
  runBlocker,
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
import type { WindowMessage } from "./sync-windows";
import { syncTabList, type TabListState } from "./tab-list-sync";

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

  /** What the tabs' step of a run uses (sync-tabs-step.ts). */
  private readonly tabsStep: TabsStepHost;

  constructor(private readonly options: NotepadSyncOptions) {
    super(options);
    this.timer = new SyncTimer({
      interval: DEFAULT_SYNC_INTERVAL,
      run: () => this.runOnce(),
      now: this.now,
      random: this.random,
      timers: options.timers,
    });
    this.tabsStep = {
      state: this.state,
      recreating: this.recreating,
      tabStates: this.tabStates,
      now: () => this.now(),
      yieldToPage: () => (this.options.yieldToPage ?? yieldToPage)(),
      tabClosed: (id) => this.tabClosed(id),
      host: this.host,
      quietly: (open) => {
        // The engine opens these tabs itself: they must not join through tabOpened.
        this.openingTabs = true;
        try {
          return open();
        } finally {
          this.openingTabs = false;
        }
      },
      runAgain: () => this.timer.typed(),
      publish: () => this.publish(),
    };
  }

  start(): Promise<void> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  private async load(): Promise<void> {
    await this.state.load();
    this.tabList.fileId = this.state.settings.tabListFileId;
    this.windows.start(this.state.settings);
    this.timer.setInterval(this.interval());
    this.unlisten = (this.options.listen ?? windowWakeEvents)(() => void this.wake());
    if (this.state.settings.enabled) {
      this.timer.start();
      void this.timer.request();
    }
    this.publish();
  }

  stop(): void {
    this.timer.stop();
    this.unlisten?.();
    this.unlisten = null;
    this.windows.stop();
  }

  setInterval(interval: SyncInterval): void {
    this.state.settings = { ...this.state.settings, interval };
    this.timer.setInterval(interval);
    this.state.saveSettings();
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
      this.state.settings = { ...this.state.settings, enabled: true, scope };
      const ids = scope === "all" ? this.host.listTabs().map((tab) => tab.id) : [activeTabId];
      for (const id of ids) this.include(id);
      this.state.saveSettings();
      this.timer.start();
      this.publish();
      await this.timer.request();
    });
  }

  disable(): void {
    this.state.settings = { ...this.state.settings, enabled: false };
    this.timer.stop();
    this.state.saveSettings();
    this.publish();
  }

  includeTab(id: string): void {
    this.include(id);
    this.publish();
    this.timer.typed();
  }

  excludeTab(id: string): void {
    const record = this.state.records.get(id);
    if (!record?.included) return;
    this.state.saveRecord({ ...record, included: false });
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
    if (this.openingTabs || !this.state.settings.enabled || this.state.settings.scope !== "all")
      return;
    if (this.state.records.get(id)?.included) return;
    this.includeTab(id);
  }

  tabRenamed(id: string): void {
    this.tabChanged(id);
  }

  tabClosed(id: string): void {
    const record = this.state.records.get(id);
    if (!record) return;
    if (record.included && record.driveFileId) this.leave(record.driveFileId);
    // Kept, out of the sync, until the check after its upload is made (closed-uploads.ts).
    if (keptAfterClose(record)) this.state.saveRecord({ ...record, included: false });
    else this.state.deleteRecord(id);
    this.tabStates.delete(id);
    this.publish();
  }

  tabMatchesDriveFile(id: string, driveFileId: string, text: string): void {
    const record = this.state.records.get(id);
    // A tab the sync already holds a base for keeps it (Drive's checksum goes with it).
    if (record && record.baseText !== null && record.driveFileId === driveFileId) return;
    const fresh = newTabRecord(id, driveFileId);
    this.state.saveRecord({ ...fresh, included: record?.included ?? false, baseText: text });
  }

  syncedText(id: string): string | null {
    const record = this.state.records.get(id);
    const fileId = this.host.readTab(id)?.driveFileId;
    return record?.driveFileId && record.driveFileId === fileId ? record.baseText : null;
  }

  syncNow(): Promise<void> {
    if (!this.state.settings.enabled) return Promise.resolve();
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
    const record = this.state.records.get(id);
    const tab = this.host.readTab(id);
    if (!record || !tab) return;
    // A new file: the tab forgets the old one; its text is the new file's text.
    this.state.saveRecord({ ...newTabRecord(id, null), included: true });
    if (record.driveFileId) this.state.tombstone(record.driveFileId);
    this.recreating.add(id);
    this.tabStates.set(id, { kind: "syncing" });
    this.publish();
    await this.syncNow();
    if (this.tabStates.get(id)?.kind === "synced") this.host.notify(recreatedNotice(tab.name));
  }

  remoteTabsOffer(): { count: number } | null {
    return remoteOffer(
      this.tabList.list,
      this.host.listTabs(),
      this.state.settings.dismissedFileIds,
    );
  }

  dismissRemoteTabs(): void {
    for (const entry of missingEntries(this.tabList.list, this.host.listTabs(), [])) {
      this.state.dismiss(entry.driveFileId);
    }
    this.state.saveSettings();
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
        dismissed: this.state.settings.dismissedFileIds,
        save: (record) => {
          this.state.saveRecord(record);
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
    if (this.state.settings.enabled) await this.timer.request();
  }

  private async runOnce(): Promise<RunReport> {
    const run = this.runSteps();
    this.running = run.catch(() => undefined);
    return run;
  }

  private async runSteps(): Promise<RunReport> {
    if (!this.state.settings.enabled) return {};
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
    const folder = folderForRun(http, this.state.settings.folderId, (id, recreated) => {
      this.state.settings = { ...this.state.settings, folderId: id };
      this.state.saveSettings();
      if (recreated) this.host.notify(SYNC_MESSAGES.folderRecreated);
    });
    try {
      const listed = await changesForRun(http, this.state.settings.pageToken);
      const changes = changesToHandle(listed.changes, this.state.settings.unhandledFileIds);
      // The token moves past these changes only together with the list of those not handled.
      this.state.noteUnhandled(listed.pageToken, changes, this.tabList.fileId);
      const context: TabRunContext = {
        http,
        host: this.host,
        folder,
        changes,
        recreating: this.recreating,
        newFileId: fileIdPool(http, this.filesToMake()),
        checkpoint: (record) => {
          if (this.state.records.get(record.tabId)?.included) this.state.saveRecord(record);
        },
        syncing: (tabId) =>
          this.state.settings.enabled && this.state.records.get(tabId)?.included === true,
        ...copyTabs(this.tabsStep),
      };
      await settleClosedUploads(this.state, context);
      await syncTabsStep(this.tabsStep, context);
      const closed = [...this.state.settings.closedFileIds];
      const tabs = listedTabs(this.host.listTabs(), this.state.records);
      const { deviceId } = this.state.settings;
      const input = { http, folder, deviceId, changes, tabs, closed, now: this.now() };
      this.tabList = await syncTabList(input, this.tabList);
      const { folderId } = this.tabList;
      if (folderId) this.state.settings = { ...this.state.settings, folderId };
      this.state.handled(this.state.settings.tabListFileId, this.tabList.fileId);
      this.state.tombstonesWritten(closed);
      const { fileId: tabListFileId } = this.tabList;
      this.state.settings = { ...this.state.settings, tabListFileId, lastSyncAt: this.now() };
      this.failure = null;
      this.needsReconnect = false;
      return {};
    } catch (error) {
      const failure = syncFailure(error);
      this.noteFailure(failure);
      // A Retry-After longer than the request layer waits is kept by the timer.
      const waits = failure.kind === "rate-limited" || failure.kind === "daily-limit";
      return { rateLimited: waits, retryAfterMs: failure.retryAfterMs };
    } finally {
      this.state.saveSettings();
      this.publish();
    }
  }

  /** How many synced tabs have no Drive file yet (ids to ask for). */
  private filesToMake(): number {
    const records = [...this.state.records.values()];
    return records.filter((r) => r.included && !r.driveFileId).length;
  }

  private include(id: string): void {
    const tab = this.host.readTab(id);
    if (!tab) return;
    const record = this.state.records.get(id);
    this.state.saveRecord(
      record ? { ...record, included: true } : newTabRecord(id, tab.driveFileId),
    );
    // Back in the sync: Drive's copy may have changed while the feed was not watched for it.
    if (record?.driveFileId && record.baseText !== null) this.state.recheck(record.driveFileId);
    this.tabStates.set(id, { kind: "syncing" });
  }

  /**
   * A file this notepad stopped syncing: a tombstone in the tab list, and no "bring in" offer
   * for it here while another computer still syncs it.
   */
  private leave(fileId: string): void {
    this.state.tombstone(fileId);
    this.state.dismiss(fileId);
    this.state.saveSettings();
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
    if (message.type === "settings") {
      this.state.settings = { ...this.state.settings, ...message.change };
    }
    this.timer.setInterval(this.interval());
    if (!this.state.settings.enabled) this.timer.stop();
    else if (this.windows.isLeader()) {
      // Tabs another window took in or out are in the store: read them, then run.
      void this.state.refreshRecords().then(() => (this.timer.start(), this.timer.request()));
    }
    this.publish();
  }

  /** This window now runs the sync: what the last one stored is read first. */
  protected async takeOver(): Promise<void> {
    await this.state.reloadRecords();
    this.leaderStatus = null;
    this.publish();
    if (this.state.settings.enabled) this.timer.start();
    await this.wake();
  }
}
