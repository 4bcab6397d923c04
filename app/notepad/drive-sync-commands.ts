import { RefreshCw } from "lucide-react";
import { SYNC_INTERVALS, type SyncInterval } from "~/drive/sync/sync-types";
import type { Command, SubmenuLayout } from "~/ui/commands";

/**
 * The notepad's Google Drive sync commands (issue 45), spread into the registry (commands.ts):
 * File › Sync with Google Drive (Off and the four intervals as one radio group, and the active
 * tab's check), Sync now with its key, and the tab's right-click "Sync this tab with Google
 * Drive". Ids start with "drive-" so that pointing at their menu prepares Google's sign-in code
 * (drive-menu-items.ts): turning sync on signs in from the click.
 */

/** What the sync commands ask of the notepad. */
export interface DriveSyncCommandContext {
  /** An interval (turning sync on asks which tabs first), or "off". */
  chooseSyncInterval(interval: SyncInterval | "off"): void;
  /** Syncs every synced tab now (a reconnect first when the Google token expired). */
  syncNow(): void;
  /** Takes the active tab into the sync or out of it (sync off: turns it on for that tab). */
  toggleTabSync(): void;
}

/** The state the sync commands are checked and enabled by. */
export interface DriveSyncCommandState {
  sync: {
    enabled: boolean;
    interval: SyncInterval;
    /** The active tab is synced. */
    tabIncluded: boolean;
  };
}

/** The command id of an interval's menu entry ("drive-sync-realtime"), or of Off. */
export function syncIntervalCommandId(interval: SyncInterval | "off"): string {
  return `drive-sync-${interval}`;
}

/**
 * The key of Sync now. Ctrl/Cmd+Shift+S stays Save As (every editor's convention, and the
 * simple editor's): decision 025. F9 works where the browser or layout takes Ctrl+Alt+S.
 */
export const SYNC_NOW_KEYS: readonly string[] = ["Mod-Alt-s", "F9"];

/** The sync commands. */
export function driveSyncCommands<
  C extends DriveSyncCommandContext,
  S extends DriveSyncCommandState,
>(): Command<C, S>[] {
  return [
    {
      id: "drive-sync-now",
      label: "Sync now",
      helpLabel: "Sync with Google Drive now",
      icon: RefreshCw,
      keys: { all: SYNC_NOW_KEYS },
      run: (ctx) => ctx.syncNow(),
    },
    {
      id: syncIntervalCommandId("off"),
      label: "Off",
      checkKind: "radio",
      run: (ctx) => ctx.chooseSyncInterval("off"),
      isChecked: (state) => !state.sync.enabled,
    },
    ...SYNC_INTERVALS.map(({ id, label }): Command<C, S> => ({
      id: syncIntervalCommandId(id),
      label,
      checkKind: "radio",
      run: (ctx) => ctx.chooseSyncInterval(id),
      isChecked: (state) => state.sync.enabled && state.sync.interval === id,
    })),
    {
      id: "drive-sync-tab",
      label: "Sync this tab with Google Drive",
      run: (ctx) => ctx.toggleTabSync(),
      isChecked: (state) => state.sync.enabled && state.sync.tabIncluded,
    },
  ];
}

/** File › Sync with Google Drive: Off, the intervals, then the active tab's check. */
export const DRIVE_SYNC_SUBMENU: SubmenuLayout = {
  submenu: "Sync with Google Drive",
  id: "drive-sync",
  entries: [
    { heading: "Interval" },
    syncIntervalCommandId("off"),
    ...SYNC_INTERVALS.map(({ id }) => syncIntervalCommandId(id)),
    { separator: true },
    "drive-sync-tab",
    "drive-sync-now",
  ],
};
