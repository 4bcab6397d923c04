/**
 * Google Drive entries of the notepad's File menu. OWNED BY THE DRIVE DEVELOPER after its first
 * commit: replace the two placeholder actions with the real Drive flows. The notepad passes a
 * context with the active tab and ways to open a tab and to show a message.
 */

/** What a Drive menu action may use from the notepad. */
export interface DriveMenuContext {
  /** The active tab's name and text. */
  getActiveTab: () => { id: string; name: string; content: string };
  /** Opens text in a new tab (e.g. a file picked from Drive). */
  openInNewTab: (name: string, content: string) => void;
  /** Shows a message to the user in the notepad's notice area. */
  notify: (message: string) => void;
}

/** One File-menu entry. */
export interface DriveMenuItem {
  id: string;
  label: string;
  run: (context: DriveMenuContext) => void | Promise<void>;
}

/** Message shown while no Google client ID / API key is configured. */
export const DRIVE_NOT_CONFIGURED_MESSAGE =
  "Google Drive is not configured (missing client ID or API key configuration).";

/** Placeholder until the Drive integration lands: explains that Drive is not configured. */
async function openFromDrive(context: DriveMenuContext): Promise<void> {
  context.notify(DRIVE_NOT_CONFIGURED_MESSAGE);
}

/** Placeholder until the Drive integration lands: explains that Drive is not configured. */
async function saveToDrive(context: DriveMenuContext): Promise<void> {
  context.notify(DRIVE_NOT_CONFIGURED_MESSAGE);
}

/** The two Drive entries of File, in menu order. */
export function driveMenuItems(): DriveMenuItem[] {
  return [
    { id: "drive-open", label: "Open from Google Drive", run: openFromDrive },
    { id: "drive-save", label: "Save to Google Drive", run: saveToDrive },
  ];
}
