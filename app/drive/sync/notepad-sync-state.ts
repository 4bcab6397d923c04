/**
 * The state of the notepad's Drive sync that every part of the engine reads (notepad-sync.ts
 * builds on it): the settings and per-tab records with their storage (sync-state.ts), each
 * tab's state, the status and its listeners, and this window's part among the browser's
 * windows (sync-windows.ts), through which settings are stored field by field.
 */
import { getDrive } from "../drive";
import { createIndexedDbSyncStore, type SyncStateStore } from "~/storage/sync-store";
import type { SyncDriveAccess } from "./sync-drive";
import type { SyncFailure } from "./sync-messages";
import { randomId } from "./sync-runner";
import { SyncState } from "./sync-state";
import { buildStatus } from "./sync-status";
import type { SyncTimers } from "./sync-timer";
import {
  DEFAULT_SYNC_INTERVAL,
  isSyncInterval,
  type NotepadSyncHost,
  type NotepadSyncSetup,
  type NotepadSyncStatus,
  type SyncInterval,
  type SyncStatusListener,
  type TabSyncStatus,
} from "./sync-types";
import { SyncWindows, type WindowMessage, type WindowsEnvironment } from "./sync-windows";

/** Everything the controller uses; tests replace the page's defaults. */
export interface NotepadSyncOptions extends NotepadSyncSetup {
  /** The Google session; default the page's (getDrive().syncAccess()). */
  drive?: SyncDriveAccess;
  store?: SyncStateStore;
  now?: () => number;
  /** The sync timer's waits (rate-limit back-offs, periods), on the same clock as `now`. */
  timers?: SyncTimers;
  random?: () => number;
  /** Page focus and coming back online; default: the window's events. */
  listen?: (onWake: () => void) => () => void;
  /** False when the browser knows it is offline; default navigator.onLine. */
  isOnline?: () => boolean;
  /** Lets the page breathe between tabs; default a zero timeout. */
  yieldToPage?: () => Promise<void>;
  /** The other windows of this browser (sync-windows.ts); default the page's. */
  windows?: WindowsEnvironment;
}

/** The engine's state; the runs and the controller's methods are in notepad-sync.ts. */
export abstract class NotepadSyncState {
  protected readonly host: NotepadSyncHost;
  protected readonly access: SyncDriveAccess;
  protected readonly store: SyncStateStore;
  protected readonly now: () => number;
  protected readonly random: () => number;
  /** Settings and tab records, stored as they change (settings through `windows`). */
  protected readonly state: SyncState;
  protected readonly tabStates = new Map<string, TabSyncStatus>();
  protected readonly listeners = new Set<SyncStatusListener>();
  protected failure: SyncFailure | null = null;
  protected needsReconnect = false;
  protected status: NotepadSyncStatus;
  /** The other windows of this browser: only one runs the sync (sync-windows.ts). */
  protected readonly windows: SyncWindows;
  /** The status of the window that runs the sync, shown by the others. */
  protected leaderStatus: NotepadSyncStatus | null = null;

  constructor(options: NotepadSyncOptions) {
    this.host = options.host;
    this.access = options.drive ?? getDrive().syncAccess();
    this.store = options.store ?? createIndexedDbSyncStore();
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    const lead = () => void this.takeOver();
    const message = (m: WindowMessage) => this.fromWindow(m);
    this.windows = new SyncWindows(this.store, { message, lead }, options.windows);
    this.state = new SyncState(this.store, randomId(this.random), (settings) =>
      this.windows.save(settings),
    );
    this.status = this.compose();
  }

  /** Another window told this one something. */
  protected abstract fromWindow(message: WindowMessage): void;
  /** This window now runs the sync. */
  protected abstract takeOver(): Promise<void>;

  getStatus(): NotepadSyncStatus {
    return this.status;
  }

  subscribe(listener: SyncStatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isTabIncluded(id: string): boolean {
    return this.state.settings.enabled && this.state.records.get(id)?.included === true;
  }

  protected noteFailure(failure: SyncFailure): void {
    if (failure.kind === "reconnect") this.needsReconnect = true;
    this.failure = failure;
  }

  protected interval(): SyncInterval {
    const { interval } = this.state.settings;
    return isSyncInterval(interval) ? interval : DEFAULT_SYNC_INTERVAL;
  }

  protected compose(): NotepadSyncStatus {
    if (this.leaderStatus && !this.windows.isLeader()) return this.leaderStatus;
    // From the records, not listTabs(): building every tab's text on each change would cost.
    const tabIds = [...this.state.records.values()].filter((r) => r.included).map((r) => r.tabId);
    return buildStatus({
      enabled: this.state.settings.enabled,
      interval: this.interval(),
      connected: this.access.hasValidToken(),
      needsReconnect: this.needsReconnect,
      lastSyncAt: this.state.settings.lastSyncAt,
      failure: this.failure,
      tabIds,
      tabStates: this.tabStates,
    });
  }

  protected publish(): void {
    const next = this.compose();
    if (JSON.stringify(next) === JSON.stringify(this.status)) return;
    this.status = next;
    if (this.windows.isLeader()) this.windows.shareStatus(next);
    for (const listener of this.listeners) listener(next);
  }
}
