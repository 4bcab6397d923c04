/**
 * Words and marks of the notepad's Google Drive sync (issue 45), pure: what a synced tab's mark
 * says, what the status bar says of the whole notepad, and the status shown before the engine
 * has reported (sync off). The React parts are in drive-sync-view.tsx.
 */
import {
  SYNC_INTERVALS,
  type NotepadSyncStatus,
  type SyncInterval,
  type TabSyncStatus,
} from "~/drive/sync/sync-types";

/** The status before the engine has read its settings: sync off (its default). */
export const SYNC_OFF_STATUS: NotepadSyncStatus = {
  enabled: false,
  interval: "realtime",
  state: "off",
  connected: false,
  needsReconnect: false,
  lastSyncAt: null,
  message: null,
  tabs: {},
};

/** The mark of a synced tab: which icon, and the words a screen reader hears. */
export interface TabSyncMark {
  kind: TabSyncStatus["kind"];
  /** "Synced", "Syncing…", "Warning: …", "Not connected: …" (also the tooltip). */
  label: string;
}

/** The mark of a synced tab's status. */
export function tabSyncMark(status: TabSyncStatus): TabSyncMark {
  switch (status.kind) {
    case "synced":
      return { kind: "synced", label: "Synced" };
    case "syncing":
      return { kind: "syncing", label: "Syncing…" };
    case "warning":
      return { kind: "warning", label: `Warning: ${status.message}` };
    case "not-connected":
      return { kind: "not-connected", label: `Not connected: ${status.message}` };
  }
}

/** The menu label of an interval ("Every 30 seconds"). */
export function intervalLabel(interval: SyncInterval): string {
  return SYNC_INTERVALS.find((entry) => entry.id === interval)?.label ?? interval;
}

let timeFormat: Intl.DateTimeFormat | undefined;

/** A time of day as the reader's locale writes it ("10:42 AM"). */
export function formatSyncTime(at: number): string {
  timeFormat ??= new Intl.DateTimeFormat(undefined, { timeStyle: "short" });
  return timeFormat.format(at);
}

/**
 * The status bar's words for the whole notepad: the state, the interval, the notepad's own
 * message (offline, rate limited, Drive full…) and the last sync time. Empty when sync is off.
 */
export function syncSummary(status: NotepadSyncStatus, format = formatSyncTime): string {
  if (!status.enabled) return "";
  const last = status.lastSyncAt === null ? "" : ` · last synced ${format(status.lastSyncAt)}`;
  const interval = intervalLabel(status.interval);
  const lead = (() => {
    switch (status.state) {
      case "synced":
        return "Drive: synced";
      case "syncing":
        return "Drive: syncing…";
      case "warning":
        return "Drive: needs attention";
      case "not-connected":
        return "Drive: not connected";
      default:
        return "Drive";
    }
  })();
  const message = status.message ? `: ${status.message}` : "";
  return `${lead}${message} (${interval})${last}`;
}

/** How many tabs are synced. */
export function syncedTabCount(status: NotepadSyncStatus): number {
  return Object.keys(status.tabs).length;
}

/** "Bring in your 12 synced tabs" (the button of the offer). */
export function bringInLabel(count: number): string {
  return `Bring in your ${count} synced tab${count === 1 ? "" : "s"}`;
}
