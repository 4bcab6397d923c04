/**
 * The notepad's sync status (pure): built from the settings, the notepad-wide failure and each
 * synced tab's state, with the summary the status bar shows.
 */
import type { SyncFailure } from "./sync-messages";
import { SYNC_MESSAGES } from "./sync-messages";
import type { NotepadSyncStatus, SyncInterval, TabSyncStatus } from "./sync-types";

/** What the status is made of. */
export interface StatusParts {
  enabled: boolean;
  interval: SyncInterval;
  connected: boolean;
  needsReconnect: boolean;
  lastSyncAt: number | null;
  /** A failure that holds every tab back (sign-in, offline, rate limit, Drive full…). */
  failure: SyncFailure | null;
  /** Ids of the synced tabs, in tab order. */
  tabIds: readonly string[];
  /** Each synced tab's own state (absent: not synced yet, shown as syncing). */
  tabStates: ReadonlyMap<string, TabSyncStatus>;
}

const RANK: Record<NotepadSyncStatus["state"], number> = {
  off: 0,
  synced: 1,
  syncing: 2,
  warning: 3,
  "not-connected": 4,
};

/** The status the UI reads. */
export function buildStatus(parts: StatusParts): NotepadSyncStatus {
  const tabs: Record<string, TabSyncStatus> = {};
  let state: NotepadSyncStatus["state"] = parts.enabled ? "synced" : "off";
  const notConnected = parts.enabled && (!parts.connected || parts.needsReconnect);
  // A reconnect for a reason of its own (a permission not granted) says that reason.
  const reconnectWords =
    parts.failure?.kind === "reconnect" ? parts.failure.message : SYNC_MESSAGES.reconnect;
  if (parts.enabled) {
    for (const id of parts.tabIds) {
      let tab: TabSyncStatus = parts.tabStates.get(id) ?? { kind: "syncing" };
      if (notConnected) {
        tab = {
          kind: "not-connected",
          message: parts.needsReconnect ? reconnectWords : SYNC_MESSAGES.notSignedIn,
        };
      } else if (parts.failure && tab.kind !== "warning") {
        tab = { kind: "warning", message: parts.failure.message, action: parts.failure.action };
      }
      tabs[id] = tab;
      const kind = tab.kind;
      if (RANK[kind] > RANK[state]) state = kind;
    }
    if (notConnected) state = "not-connected";
    else if (parts.failure && RANK.warning > RANK[state]) state = "warning";
  }
  let message: string | null = null;
  let action: NotepadSyncStatus["action"];
  if (notConnected) {
    message = parts.needsReconnect ? reconnectWords : SYNC_MESSAGES.notSignedIn;
    action = parts.needsReconnect ? "reconnect" : undefined;
  } else if (parts.enabled && parts.failure) {
    message = parts.failure.message;
    action = parts.failure.action;
  }
  const status: NotepadSyncStatus = {
    enabled: parts.enabled,
    interval: parts.interval,
    state,
    connected: parts.connected && !parts.needsReconnect,
    needsReconnect: parts.needsReconnect,
    lastSyncAt: parts.lastSyncAt,
    message,
    tabs,
  };
  if (action) status.action = action;
  return status;
}
