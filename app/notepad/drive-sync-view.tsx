import { CircleCheck, CircleX, LoaderCircle, TriangleAlert } from "lucide-react";
import { SYNC_ACTION_LABELS, type TabSyncStatus } from "~/drive/sync/sync-types";
import { Modal } from "~/ui/modal";
import { intervalLabel, syncSummary, tabSyncMark } from "./drive-sync-status";
import type { NotepadDriveSync } from "./drive-sync";
import type { NotepadStore } from "./notepad-store";

/**
 * What the notepad shows of its Google Drive sync (issue 45): each synced tab's mark in the tab
 * bar, the notepad's state in the status bar with its buttons, and the dialog that turns sync on.
 */

const MARK_ICONS: Record<TabSyncStatus["kind"], React.ReactNode> = {
  synced: (
    <CircleCheck size={14} aria-hidden="true" className="text-green-700 dark:text-green-400" />
  ),
  syncing: (
    <LoaderCircle
      size={14}
      aria-hidden="true"
      className="animate-spin text-blue-700 dark:text-blue-300"
    />
  ),
  warning: (
    <TriangleAlert size={14} aria-hidden="true" className="text-amber-700 dark:text-amber-300" />
  ),
  "not-connected": (
    <CircleX size={14} aria-hidden="true" className="text-red-700 dark:text-red-400" />
  ),
};

/**
 * A synced tab's mark in the tab bar: an icon, and its words for screen readers (also the
 * tooltip). Nothing for a tab that is not synced.
 */
export function TabSyncMarkView({ store, tabId }: { store: NotepadStore; tabId: string }) {
  const status = store((s) => s.driveSync.tabs[tabId]);
  if (!status) return null;
  const mark = tabSyncMark(status);
  return (
    <span
      className="mr-1 inline-flex items-center"
      title={mark.label}
      data-testid="tab-sync-status"
      data-sync-state={mark.kind}
    >
      {MARK_ICONS[mark.kind]}
      <span className="sr-only">{mark.label}</span>
    </span>
  );
}

const BUTTON_CLASS =
  "rounded px-1.5 py-0.5 font-medium text-blue-800 underline hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-200 dark:hover:bg-slate-800";

/**
 * The status bar's sync state: the whole notepad's state, its message, the last sync time, and
 * the way on ("Reconnect to keep syncing" when the Google token expired). Nothing while off.
 */
export function DriveSyncStatusView({
  store,
  drive,
}: {
  store: NotepadStore;
  drive: NotepadDriveSync;
}) {
  const status = store((s) => s.driveSync);
  const activeId = store((s) => s.tabs.activeId);
  if (!status.enabled) return null;
  const action = status.needsReconnect ? "reconnect" : status.action;
  const kind = status.state === "off" ? null : status.state;
  // The shown tab's own warning and its way on (its file was deleted, is read-only…).
  const tab = status.tabs[activeId];
  const tabWarning = tab?.kind === "warning" && !status.message ? tab : null;
  return (
    <span className="flex flex-wrap items-center gap-x-1" data-testid="drive-sync-status">
      {kind && MARK_ICONS[kind]}
      <span data-testid="drive-sync-summary">{syncSummary(status)}</span>
      {action && (
        <button type="button" className={BUTTON_CLASS} onClick={() => drive.runAction(action)}>
          {SYNC_ACTION_LABELS[action]}
        </button>
      )}
      {tabWarning && (
        <span data-testid="drive-sync-tab-warning">This tab: {tabWarning.message}</span>
      )}
      {tabWarning?.action && tabWarning.action !== action && (
        <button
          type="button"
          className={BUTTON_CLASS}
          onClick={() => tabWarning.action && drive.runAction(tabWarning.action, activeId)}
        >
          {SYNC_ACTION_LABELS[tabWarning.action]}
        </button>
      )}
    </span>
  );
}

/**
 * Turning sync on: which tabs (all, or the active one), then Google's sign-in from the click on
 * the answer. The interval is the one chosen in the menu.
 */
export function DriveSyncDialog({
  store,
  drive,
  onClose,
}: {
  store: NotepadStore;
  drive: NotepadDriveSync;
  onClose: () => void;
}) {
  const activeName = store(
    (s) => s.tabs.tabs.find((tab) => tab.id === s.tabs.activeId)?.name ?? "Untitled",
  );
  const turnOn = (scope: "all" | "active") => {
    // First, inside the click: Google's sign-in window may open only here.
    drive.turnOn(scope);
    onClose();
  };
  return (
    <Modal title="Sync with Google Drive" onClose={onClose}>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Each synced tab is kept as a text file in your Google Drive (a new tab goes in the folder
        “Plainpad Documents”), and changes on either side are merged:{" "}
        {intervalLabel(drive.pendingInterval).toLowerCase()}. Google asks you to sign in first. Sync
        all tabs (and tabs you open later), or only this tab, “{activeName}”? Each tab can be taken
        in or out later from its right-click menu.
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          data-autofocus
          onClick={() => turnOn("all")}
          className="rounded-lg bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400"
        >
          Sync all tabs
        </button>
        <button
          type="button"
          onClick={() => turnOn("active")}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Sync only this tab
        </button>
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg px-3 py-2 text-sm font-medium text-slate-800 underline dark:text-slate-100"
        >
          Cancel
        </button>
      </div>
    </Modal>
  );
}
