/**
 * The public API of the notepad ↔ Google Drive background sync (issue 45): what the notepad
 * (the host) gives the engine, and what the engine (the controller) offers the notepad's UI.
 * Types only: the engine lives beside this file (notepad-sync.ts builds the controller).
 *
 * Rules both sides keep:
 * - The engine never touches the editor: it reads tabs through {@link NotepadSyncHost} and
 *   changes them only with its methods. It never deletes a tab or a Drive file.
 * - Methods documented "CALL SYNCHRONOUSLY FROM A CLICK" may open Google's sign-in window and
 *   do so before their first `await` (browsers block windows opened outside a click).
 * - Every status carries words for the person; the UI shows them as they are.
 */
import type { LineEnding } from "~/text/line-endings";
import type { TextEncodingId } from "~/text/text-encoding";

/**
 * How often synced tabs are compared with Drive: "realtime" a few seconds after typing rests,
 * "30s", "5min", or "manual" (only "Sync now" and page focus). Off is `enabled: false`.
 */
export type SyncInterval = "realtime" | "30s" | "5min" | "manual";

/** Every interval, in menu order, with its menu label. */
export const SYNC_INTERVALS: readonly { id: SyncInterval; label: string }[] = [
  { id: "realtime", label: "Real-time" },
  { id: "30s", label: "Every 30 seconds" },
  { id: "5min", label: "Every 5 minutes" },
  { id: "manual", label: "Manual only" },
];

/** The interval a newly enabled sync uses. */
export const DEFAULT_SYNC_INTERVAL: SyncInterval = "realtime";

/** True for one of the {@link SyncInterval} ids (settings read back from storage). */
export function isSyncInterval(value: unknown): value is SyncInterval {
  return SYNC_INTERVALS.some((interval) => interval.id === value);
}

/**
 * A way on that the UI offers beside a warning, as a button whose label is
 * {@link SYNC_ACTION_LABELS}[action]:
 * - "reconnect": {@link NotepadSyncController.reconnect} (from the click);
 * - "retry": {@link NotepadSyncController.syncNow};
 * - "recreate-file": the tab's Drive file was deleted (or cannot be written): put the tab's text
 *   in a new file in "Plainpad Documents" ({@link NotepadSyncController.recreateFile});
 * - "manage-storage": a link to Google's storage page (Drive is full), {@link GOOGLE_STORAGE_URL}
 *   in app/drive/messages.ts.
 */
export type SyncAction = "reconnect" | "retry" | "recreate-file" | "manage-storage";

/** Button labels of the {@link SyncAction}s (accessible name = label). */
export const SYNC_ACTION_LABELS: Record<SyncAction, string> = {
  reconnect: "Reconnect to keep syncing",
  retry: "Try again",
  "recreate-file": "Save as a new file in Drive",
  "manage-storage": "Manage Google storage",
};

/**
 * One synced tab's state. Tabs that are not synced have no entry in
 * {@link NotepadSyncStatus.tabs}.
 * - synced: Drive holds the tab's text as of `at` (ms since epoch): a green check;
 * - syncing: a push, pull or merge is under way (or queued: the tab changed since): a spinner;
 * - warning: something needs attention; `message` says what and whether the text is safe;
 *   `action`, when set, is the way on;
 * - not-connected: no usable Google sign-in (never signed in here, or the token expired and a
 *   click is needed): a red X. Edits wait and are sent after {@link NotepadSyncController.reconnect}.
 */
export type TabSyncStatus =
  | { kind: "synced"; at: number }
  | { kind: "syncing" }
  | { kind: "warning"; message: string; action?: SyncAction }
  | { kind: "not-connected"; message: string };

/** The whole notepad's sync state, for the status bar and the menus. */
export interface NotepadSyncStatus {
  /** Sync is turned on (a persisted setting: it stays on across reloads). */
  enabled: boolean;
  interval: SyncInterval;
  /**
   * The summary the status bar shows: "off" when disabled, else the worst state among the
   * synced tabs and the notepad itself (not-connected > warning > syncing > synced).
   */
  state: "off" | "synced" | "syncing" | "warning" | "not-connected";
  /** A token usable without a click is held. */
  connected: boolean;
  /**
   * The Google token expired (it lasts an hour) and getting a new one needs a click: the UI shows
   * a "Reconnect to keep syncing" button calling {@link NotepadSyncController.reconnect}.
   */
  needsReconnect: boolean;
  /** When the last full sync run finished without error (ms since epoch), or null. */
  lastSyncAt: number | null;
  /** Words about the notepad as a whole (offline, rate limited, Drive full…), or null. */
  message: string | null;
  /** The way on for `message`, when there is one. */
  action?: SyncAction;
  /** Per synced tab (by notepad tab id). */
  tabs: Record<string, TabSyncStatus>;
}

/** A notepad tab as the engine sees it. */
export interface SyncTab {
  id: string;
  /** The tab's name (the Drive file's name is derived from it, ending in .txt if it has no extension). */
  name: string;
  /** The tab's text with "\n" line breaks, as in the editor. */
  text: string;
  /** The file's encoding: the bytes uploaded to Drive are in it. */
  encoding: TextEncodingId;
  /** The file's line ending: Drive's copy has it; the merge works in LF. */
  lineEnding: LineEnding;
  /** The tab's Drive file, or null when it has none yet (the engine creates one). */
  driveFileId: string | null;
}

/** A file the engine found in the synced tab list that this notepad does not have open. */
export interface RemoteTabFile {
  driveFileId: string;
  name: string;
  /** Already decoded with `encoding`, line breaks normalised to "\n". */
  text: string;
  encoding: TextEncodingId;
  lineEnding: LineEnding;
}

/**
 * What the notepad gives the engine (implemented by the notepad). `listTabs` is called once
 * or twice per sync run, `readTab` once or twice per synced tab and run: when building a
 * tab's text costs (a big document), a getter for `text` keeps that to the tabs read.
 */
export interface NotepadSyncHost {
  /** Every open tab, in tab order. */
  listTabs(): SyncTab[];
  /** One tab, or null when it is not open (closed meanwhile). */
  readTab(id: string): SyncTab | null;
  /**
   * Replaces the tab's text with the merged text ("\n" line breaks). The notepad keeps the
   * caret sensibly (a minimal change, not a whole replacement, in the shown tab), keeps the
   * text before the change in History, and does not mark the tab modified by the user.
   */
  applyMergedText(id: string, text: string): void;
  /**
   * Opens a new tab named `name` (already "Tab name (Drive copy)") holding Drive's text of a
   * tab whose same lines changed on both sides; returns its id. The engine syncs it (its own file).
   */
  openDriveCopy(fromId: string, name: string, text: string): string;
  /** Opens a new tab for a file from the synced tab list ("Bring in your tabs"); returns its id. */
  openTabFromDrive(file: RemoteTabFile): string;
  /** Records the Drive file of a tab (stored with the tab) and, when it changed, its name. */
  setTabDriveFile(id: string, driveFileId: string, name: string): void;
  /**
   * Tab `id` was closed while the create of its Drive file was under way, and the file was
   * made holding `text`. The notepad keeps the file and that text (the sync's base) with the
   * closed tab, so Reopen closed tab resumes that file instead of making a second one, and a
   * change made in the file meanwhile (Drive's editor, another computer) comes into the tab.
   */
  closedTabFileMade(id: string, driveFileId: string, text: string): void;
  /** Shows a notice (a conflict copy was opened, a file was recreated…). */
  notify(message: string): void;
}

/** A listener of {@link NotepadSyncController.subscribe}. */
export type SyncStatusListener = (status: NotepadSyncStatus) => void;

/** Which tabs turning sync on takes in. */
export type SyncScope = "all" | "active";

/**
 * The engine as the notepad uses it. One per notepad page; built by `createNotepadSync` in
 * notepad-sync.ts. All methods are cheap and never block typing: the work runs in the
 * background, one run at a time.
 */
export interface NotepadSyncController {
  /**
   * Loads the stored settings and per-tab sync state; when sync was on, starts the schedule
   * (and listens to page focus and the online event). Call once, after the tabs are loaded.
   */
  start(): Promise<void>;
  /** Stops the schedule and listeners (page leaving); a run under way finishes. */
  stop(): void;
  /** The current status (the same object until something changes). */
  getStatus(): NotepadSyncStatus;
  /** Calls `listener` on every status change; returns the unsubscribe function. */
  subscribe(listener: SyncStatusListener): () => void;
  /** Changes (and stores) the interval; takes effect at once. */
  setInterval(interval: SyncInterval): void;
  /**
   * Turns sync on for all tabs (and tabs opened later) or only the active one, signs in when
   * needed, and starts a first run. CALL SYNCHRONOUSLY FROM A CLICK. Rejects only when the
   * sign-in failed or was cancelled (then sync stays off); Drive errors later show in the status.
   */
  enable(scope: SyncScope, activeTabId: string): Promise<void>;
  /** Turns sync off (stored). Tabs and Drive files stay as they are. */
  disable(): void;
  /** Takes a tab into sync (its right-click menu); it is synced at the next run. */
  includeTab(id: string): void;
  /** Takes a tab out of sync; its Drive file stays. */
  excludeTab(id: string): void;
  /** True when the tab is synced (sync on and the tab taken in). */
  isTabIncluded(id: string): boolean;
  /** The notepad calls this on every edit of a tab (cheap: it only schedules). */
  tabChanged(id: string): void;
  /** A tab was opened (with scope "all" it is taken in). */
  tabOpened(id: string): void;
  /** A tab was renamed: its Drive file is renamed at the next run. */
  tabRenamed(id: string): void;
  /** A tab was closed: it stops syncing; its Drive file is never deleted. */
  tabClosed(id: string): void;
  /**
   * The tab was opened from, or saved to, this Drive file holding `text` (File › Open from /
   * Save to Google Drive): the common ancestor of its first sync, so Drive's changes made
   * since merge with the tab's instead of being replaced by it.
   */
  tabMatchesDriveFile(id: string, driveFileId: string, text: string): void;
  /**
   * The text tab `id` and its Drive file last agreed on (the base of its next merge), or null
   * when there is none. The notepad keeps it with a closed tab and gives it back through
   * {@link tabMatchesDriveFile} when the tab is reopened, so its first sync merges Drive's later
   * changes instead of reverting them or making a needless "(Drive copy)".
   */
  syncedText(id: string): string | null;
  /** Syncs every synced tab now ("Sync now"); resolves when the run is over. */
  syncNow(): Promise<void>;
  /**
   * Gets a new Google token after it expired, then syncs what waited. CALL SYNCHRONOUSLY FROM A
   * CLICK (the "Reconnect to keep syncing" button).
   */
  reconnect(): Promise<void>;
  /**
   * Puts a tab whose Drive file was deleted or cannot be written into a new file in
   * "Plainpad Documents" (the "recreate-file" action).
   */
  recreateFile(id: string): Promise<void>;
  /**
   * The offer "Bring in your N synced tabs": files in the synced tab list (kept by another
   * computer) that no open tab holds, or null when there are none.
   */
  remoteTabsOffer(): { count: number } | null;
  /** Opens those files as new synced tabs, in the list's order; resolves with how many opened. */
  bringInRemoteTabs(): Promise<number>;
  /** "Not now" on the offer: these files are not offered again in this browser. */
  dismissRemoteTabs(): void;
}

/**
 * What `createNotepadSync` (notepad-sync.ts) takes: the host; the Drive session, storage,
 * clock and timers default to the page's own (tests replace them through the extra options
 * notepad-sync.ts declares).
 */
export interface NotepadSyncSetup {
  host: NotepadSyncHost;
}
