/**
 * Google Drive entries of the notepad's File menu (owned by the Drive developer): Open from
 * Google Drive opens the picked file in a new tab; Save to Google Drive creates or updates the
 * active tab's file. Same flows, alerts and confirm as the simple editor (app/drive/flows.ts).
 */
import { getDrive } from "~/drive/drive";
import { runOpen, runSave } from "~/drive/flows";
import { DRIVE_MESSAGES, saveStageMessage } from "~/drive/messages";
import { withTxtExtension } from "~/text/file-name";

/** What a Drive menu action may use from the notepad. */
export interface DriveMenuContext {
  /** The active tab's name and text. */
  getActiveTab: () => { id: string; name: string; content: string };
  /**
   * Opens text in a new tab (e.g. a file picked from Drive) and returns its id, so a later
   * save of that tab updates the same Drive file; null when no tab could be opened.
   */
  openInNewTab: (name: string, content: string) => string | null;
  /** Shows the progress of a Drive save in the notepad (null clears it). */
  notify: (message: string | null) => void;
}

/** One File-menu entry. */
export interface DriveMenuItem {
  id: string;
  label: string;
  run: (context: DriveMenuContext) => void | Promise<void>;
}

/** Kept for the notepad's imports: the not-configured explanation (same as the editors'). */
export const DRIVE_NOT_CONFIGURED_MESSAGE = DRIVE_MESSAGES.notConfigured;

/**
 * Drive file id per notepad tab id, in memory for this page (like the token): a tab opened
 * from or saved to Drive updates that file on the next save.
 */
const driveIdByTab = new Map<string, string>();
let running = false;

/** The Drive file id remembered for a tab, if any. */
export function driveFileIdOfTab(tabId: string): string | null {
  return driveIdByTab.get(tabId) ?? null;
}

/** Forgets a tab's Drive file (e.g. when the tab closes). */
export function forgetDriveFileOfTab(tabId: string): void {
  driveIdByTab.delete(tabId);
}

/** Drive files are plain-text files: the trimmed tab name ("Untitled" if blank), ending in .txt like a download's. */
export function driveFileName(tabName: string): string {
  return withTxtExtension(tabName.trim() || "Untitled");
}

/** One Drive action at a time (a second click while one runs is ignored). */
async function exclusive(task: () => Promise<void>): Promise<void> {
  if (running) return;
  running = true;
  try {
    await task();
  } finally {
    running = false;
  }
}

function openFromDrive(context: DriveMenuContext): Promise<void> {
  return exclusive(async () => {
    const file = await runOpen(getDrive());
    if (!file) return;
    const tabId = context.openInNewTab(file.name, file.content);
    if (tabId) driveIdByTab.set(tabId, file.id);
  });
}

function saveToDrive(context: DriveMenuContext): Promise<void> {
  return exclusive(async () => {
    const tab = context.getActiveTab();
    try {
      await runSave(
        getDrive(),
        { fileId: driveFileIdOfTab(tab.id), name: driveFileName(tab.name), content: tab.content },
        {
          onStage: (stage) => context.notify(saveStageMessage(stage)),
          onSaved: (fileId) => driveIdByTab.set(tab.id, fileId),
        },
      );
    } finally {
      context.notify(null);
    }
  });
}

/** The two Drive entries of File, in menu order. */
export function driveMenuItems(): DriveMenuItem[] {
  return [
    { id: "drive-open", label: "Open from Google Drive", run: openFromDrive },
    { id: "drive-save", label: "Save to Google Drive", run: saveToDrive },
  ];
}
