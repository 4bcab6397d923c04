/**
 * The Drive user flows shared by the simple editor and the notepad: each runs one action,
 * talks to the user (the spec's alerts with window.alert; questions in the page, see
 * prompt.ts) and reports the outcome. No React: the components call these from their handlers.
 *
 * runSignIn, runOpen and runSave may open Google's sign-in window: CALL THEM SYNCHRONOUSLY FROM
 * THE CLICK (or key) HANDLER, before any await, or the browser blocks the window.
 */
import type { Drive, DriveFile, DriveSaveRequest } from "./drive";
import {
  DRIVE_LABELS,
  DRIVE_MESSAGES,
  GOOGLE_STORAGE_URL,
  driveFailureAdvice,
  notConfiguredMessage,
  type DriveAdvice,
} from "./messages";
import { getDrivePrompts, type DrivePrompt } from "./prompt";
import type { UploadStage } from "./rest";
import { trackWork } from "~/storage/pending-work";

/** How a flow talks to the user. */
export interface DriveDialogs {
  /** A message with an OK button (window.alert unless replaced). */
  alert(message: string): void;
  /**
   * A question in the page; resolves with the id of the action pressed or null. Each action's
   * `run` is called synchronously inside the click on its button.
   */
  ask(prompt: DrivePrompt): Promise<string | null>;
}

function browserDialogs(): DriveDialogs {
  return {
    alert: (message) => window.alert(message),
    ask: (prompt) => getDrivePrompts().ask(prompt),
  };
}

/**
 * True when the browser knows it has no connection: Drive actions then say "You are offline"
 * at once instead of failing after a timeout. (`onLine` true only means "maybe online".)
 */
function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** Sign in with the consent prompt; alerts on failure (a closed popup says nothing). */
export async function runSignIn(
  drive: Drive,
  dialogs: DriveDialogs = browserDialogs(),
): Promise<boolean> {
  if (!drive.isConfigured()) {
    dialogs.alert(notConfiguredMessage(drive.configProblems()));
    return false;
  }
  if (isOffline()) {
    dialogs.alert(DRIVE_MESSAGES.offline);
    return false;
  }
  try {
    await drive.signIn();
    return true;
  } catch (error) {
    const advice = driveFailureAdvice(error, "sign-in");
    if (advice) {
      console.error(error);
      dialogs.alert(advice.message);
    }
    return false;
  }
}

/**
 * Open from Drive: not configured -> the set-your-keys alert; cancel -> null and nothing said;
 * failure -> 'Failed to load file from Google Drive. Please try again.' (with what happened).
 */
export async function runOpen(
  drive: Drive,
  dialogs: DriveDialogs = browserDialogs(),
): Promise<DriveFile | null> {
  if (drive.isConfigured() && isOffline()) {
    dialogs.alert(DRIVE_MESSAGES.offline);
    return null;
  }
  try {
    return await drive.pickAndLoadTextFile();
  } catch (error) {
    const advice = driveFailureAdvice(error, "open");
    if (advice) {
      console.error(error);
      dialogs.alert(advice.message);
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
  /**
   * Called with the file id right after a successful save, before the success alert. The id
   * may differ from the request's (a new file, or a copy the user chose to save).
   */
  onSaved?: (fileId: string) => void;
  dialogs?: DriveDialogs;
}

/**
 * Save to Drive. Signed out: the spec's question ("You need to sign in…"), asked in the page so
 * its "Sign in" button can open Google's window; the save is not retried. Success alerts 'File
 * saved successfully to Google Drive!'. A 403 that a new file gets round (the app may not
 * write this file, or the user may only view it) offers "Save as a new file in Drive" / "Save
 * a copy"; a full Drive links to Google's storage page; other failures alert and change
 * nothing.
 */
export async function runSave(
  drive: Drive,
  request: DriveSaveRequest,
  options: SaveOptions = {},
): Promise<SaveOutcome> {
  const dialogs = options.dialogs ?? browserDialogs();
  if (!drive.isConfigured()) {
    dialogs.alert(notConfiguredMessage(drive.configProblems()));
    return { kind: "failed" };
  }
  if (isOffline()) {
    dialogs.alert(DRIVE_MESSAGES.offline);
    return { kind: "failed" };
  }
  if (!drive.isSignedIn()) {
    // Set by the button's click (TypeScript cannot see that assignment, hence the cast).
    let signingIn = null as Promise<boolean> | null;
    const choice = await dialogs.ask({
      title: "Save to Google Drive",
      message: DRIVE_MESSAGES.confirmSignInToSave,
      actions: [
        {
          id: "sign-in",
          label: DRIVE_LABELS.signIn,
          run: () => {
            signingIn = runSignIn(drive, dialogs);
          },
        },
      ],
      dismissLabel: DRIVE_LABELS.notNow,
    });
    if (choice !== "sign-in" || !signingIn) return { kind: "declined" };
    await signingIn;
    return { kind: "signed-in-instead" };
  }
  return saveOnce(drive, request, options, dialogs, true);
}

async function saveOnce(
  drive: Drive,
  request: DriveSaveRequest,
  options: SaveOptions,
  dialogs: DriveDialogs,
  offerRemedies: boolean,
): Promise<SaveOutcome> {
  let fileId: string;
  try {
    // Tracked: the page does not reload itself (for an update) while an upload runs.
    fileId = await trackWork(drive.saveTextFile(request, options.onStage));
  } catch (error) {
    console.error(error);
    const advice = driveFailureAdvice(error, "save") ?? { message: DRIVE_MESSAGES.saveFailure };
    return offerRemedies
      ? offerRemedy(drive, request, options, dialogs, advice)
      : failWith(dialogs, advice.message);
  }
  options.onSaved?.(fileId);
  dialogs.alert(DRIVE_MESSAGES.saveSuccess);
  return { kind: "saved", fileId };
}

function failWith(dialogs: DriveDialogs, message: string): SaveOutcome {
  dialogs.alert(message);
  return { kind: "failed" };
}

async function offerRemedy(
  drive: Drive,
  request: DriveSaveRequest,
  options: SaveOptions,
  dialogs: DriveDialogs,
  advice: DriveAdvice,
): Promise<SaveOutcome> {
  const { remedy, message } = advice;
  if (remedy === "manage-storage") {
    // Not awaited: the save is over; the prompt only offers the way to free space.
    void dialogs.ask({
      title: "Google Drive is full",
      message,
      actions: [{ id: "storage", label: DRIVE_LABELS.manageStorage, href: GOOGLE_STORAGE_URL }],
      dismissLabel: DRIVE_LABELS.cancel,
    });
    return { kind: "failed" };
  }
  if ((remedy === "save-as-new" || remedy === "save-copy") && request.fileId !== null) {
    let retry = null as Promise<SaveOutcome> | null; // set by the button's click
    await dialogs.ask({
      title: "Save to Google Drive",
      message,
      actions: [
        {
          id: remedy,
          label: remedy === "save-copy" ? DRIVE_LABELS.saveCopy : DRIVE_LABELS.saveAsNew,
          // Inside the click: saving starts before any await (a renewal may need the window).
          run: () => {
            retry = saveOnce(drive, { ...request, fileId: null }, options, dialogs, false);
          },
        },
      ],
      dismissLabel: DRIVE_LABELS.cancel,
    });
    return retry ?? { kind: "failed" };
  }
  return failWith(dialogs, message);
}
