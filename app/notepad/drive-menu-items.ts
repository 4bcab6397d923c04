/**
 * What the notepad's Google Drive commands do (their labels are in commands.ts): Open from
 * Google Drive opens the picked file in a new tab; Save to Google Drive creates or updates the
 * active tab's file. Same flows, alerts and in-page questions as the simple editor
 * (app/drive/flows.ts). Both start their flow synchronously from the menu click: Google's
 * sign-in window may open only while the click is handled.
 */
import { getDrive } from "~/drive/drive";
import { runOpen, runSave } from "~/drive/flows";
import { DRIVE_MESSAGES, saveStageMessage } from "~/drive/messages";
import { withDefaultExtension } from "~/text/file-name";
import type { NotepadController } from "./notepad-controller";

/** What a Drive menu action may use from the notepad. */
export interface DriveMenuContext {
  /** The active tab's name, text and Drive file (stored with the tab, so it survives reloads). */
  getActiveTab: () => { id: string; name: string; content: string; driveFileId: string | null };
  /**
   * Opens a file picked from Drive in a new tab that remembers its Drive file, so a later save
   * of that tab updates the same file; returns the tab id (null when no tab could be opened).
   */
  openInNewTab: (name: string, content: string, driveFileId: string) => string | null;
  /** Remembers the Drive file a tab was saved to, with the text saved. */
  setDriveFileId: (tabId: string, driveFileId: string, savedText: string) => void;
  /** Shows the progress of a Drive save in the notepad (null clears it). */
  notify: (message: string | null) => void;
}

/** The Drive menu context of a notepad: its active tab, new tabs, notices. */
export function notepadDriveContext(
  notepad: Pick<
    NotepadController,
    "store" | "getContent" | "drive" | "tabs" | "addNotice" | "dismissNotice"
  >,
): DriveMenuContext {
  return {
    getActiveTab: () => {
      const { tabs } = notepad.store.getState();
      const tab = tabs.tabs.find((t) => t.id === tabs.activeId) ?? tabs.tabs[0];
      return {
        id: tab.id,
        name: tab.name,
        content: notepad.getContent(tab.id),
        driveFileId: notepad.drive.fileIdOf(tab.id),
      };
    },
    openInNewTab: (name, content, driveFileId) => {
      const id = notepad.tabs.newTab(name, content, driveFileId);
      if (id) notepad.drive.driveTextKnown(id, driveFileId, content);
      return id;
    },
    setDriveFileId: (tabId, driveFileId, savedText) => {
      notepad.drive.setFileId(tabId, driveFileId);
      notepad.drive.driveTextKnown(tabId, driveFileId, savedText);
    },
    notify: (message) =>
      message
        ? notepad.addNotice({ id: "drive-progress", kind: "info", message })
        : notepad.dismissNotice("drive-progress"),
  };
}

/**
 * Loads Google's sign-in code ahead of a click when the pointer or the focus is inside a menu
 * that offers a Drive command (the File menu), so the click can open the sign-in window at
 * once. `target` is the event target of a pointerover or focusin on the menu bar.
 */
export function prepareDriveForMenu(target: EventTarget | null): void {
  if (!(target instanceof Element)) return;
  const menu = target.closest('[role="menu"]');
  if (menu?.querySelector('[data-menu-item^="drive-"]')) void getDrive().prepare();
}

/** Kept for the notepad's imports: the not-configured explanation (same as the editors'). */
export const DRIVE_NOT_CONFIGURED_MESSAGE = DRIVE_MESSAGES.notConfigured;

let running = false;

/**
 * A tab's Drive file name: the trimmed tab name ("Untitled" if blank), keeping its own extension
 * and else ending in .txt, like a download's (decision 020).
 */
export function driveFileName(tabName: string): string {
  return withDefaultExtension(tabName.trim() || "Untitled");
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

/** File › Open from Google Drive: the picked file opens in a new tab that remembers it. */
export function openFromDrive(context: DriveMenuContext): Promise<void> {
  return exclusive(async () => {
    const file = await runOpen(getDrive());
    if (!file) return;
    context.openInNewTab(file.name, file.content, file.id);
  });
}

/** File › Save to Google Drive: updates the tab's Drive file, or creates one. */
export function saveToDrive(context: DriveMenuContext): Promise<void> {
  return exclusive(async () => {
    const tab = context.getActiveTab();
    try {
      await runSave(
        getDrive(),
        { fileId: tab.driveFileId, name: driveFileName(tab.name), content: tab.content },
        {
          onStage: (stage) => context.notify(saveStageMessage(stage)),
          onSaved: (fileId) => context.setDriveFileId(tab.id, fileId, tab.content),
        },
      );
    } finally {
      context.notify(null);
    }
  });
}
