/**
 * The Drive user flows shared by the simple editor and the notepad: each runs one action,
 * talks to the user with the spec's alerts and confirm (window.alert/confirm by default), and
 * reports the outcome. No React: the components call these from their handlers.
 */
import type { Drive, DriveFile } from "./drive";
import { DRIVE_MESSAGES, driveFailureMessage } from "./messages";
import type { UploadStage } from "./rest";

/** How a flow talks to the user (window.alert / window.confirm unless replaced). */
export interface DriveDialogs {
  alert(message: string): void;
  confirm(message: string): boolean;
}

function browserDialogs(): DriveDialogs {
  return {
    alert: (message) => window.alert(message),
    confirm: (message) => window.confirm(message),
  };
}

/** Sign in with the consent prompt; alerts on failure (a closed popup says nothing). */
export async function runSignIn(
  drive: Drive,
  dialogs: DriveDialogs = browserDialogs(),
): Promise<boolean> {
  try {
    await drive.signIn();
    return true;
  } catch (error) {
    const message = driveFailureMessage(error, "sign-in");
    if (message) dialogs.alert(message);
    if (message) console.error(error);
    return false;
  }
}

/**
 * Open from Drive: not configured -> the set-your-keys alert; cancel -> null and nothing said;
 * failure -> 'Failed to load file from Google Drive. Please try again.'.
 */
export async function runOpen(
  drive: Drive,
  dialogs: DriveDialogs = browserDialogs(),
): Promise<DriveFile | null> {
  try {
    return await drive.pickAndLoadTextFile();
  } catch (error) {
    const message = driveFailureMessage(error, "open");
    if (message) {
      console.error(error);
      dialogs.alert(message);
    }
    return null;
  }
}

/** Outcome of a save: the file id on success, or why nothing was saved. */
export type SaveOutcome =
  | { kind: "saved"; fileId: string }
  | { kind: "failed" }
  | { kind: "signed-in-instead" }
  | { kind: "declined" };

/** Optional hooks of {@link runSave}. */
export interface SaveOptions {
  /** Progress stages while the save runs. */
  onStage?: (stage: UploadStage) => void;
  /** Called with the file id right after a successful save, before the success alert. */
  onSaved?: (fileId: string) => void;
  dialogs?: DriveDialogs;
}

/**
 * Save to Drive. Signed out: confirm, then sign in (the save is not retried). Success alerts
 * 'File saved successfully to Google Drive!'; failure alerts and changes nothing.
 */
export async function runSave(
  drive: Drive,
  request: { fileId: string | null; name: string; content: string },
  options: SaveOptions = {},
): Promise<SaveOutcome> {
  const dialogs = options.dialogs ?? browserDialogs();
  if (!drive.isConfigured()) {
    dialogs.alert(DRIVE_MESSAGES.notConfigured);
    return { kind: "failed" };
  }
  if (!drive.isSignedIn()) {
    if (!dialogs.confirm(DRIVE_MESSAGES.confirmSignInToSave)) return { kind: "declined" };
    await runSignIn(drive, dialogs);
    return { kind: "signed-in-instead" };
  }
  let fileId: string;
  try {
    fileId = await drive.saveTextFile(request, options.onStage);
  } catch (error) {
    console.error(error);
    dialogs.alert(driveFailureMessage(error, "save") ?? DRIVE_MESSAGES.saveFailure);
    return { kind: "failed" };
  }
  options.onSaved?.(fileId);
  dialogs.alert(DRIVE_MESSAGES.saveSuccess);
  return { kind: "saved", fileId };
}
