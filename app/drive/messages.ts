/**
 * The ONE place that turns Drive errors into what the user is told (the spec's error
 * catalogue). Pure: no DOM, no React.
 */
import {
  DriveHttpError,
  DriveNetworkError,
  DriveNotConfiguredError,
  DriveTimeoutError,
  ScriptLoadError,
  SignInCancelledError,
  TokenError,
} from "./errors";
import { isRateLimitBody } from "./http";

/** Fixed texts of the catalogue. */
export const DRIVE_MESSAGES = {
  saveSuccess: "File saved successfully to Google Drive!",
  saveFailure: "Failed to save file. Please try again.",
  signInFailure: "Failed to login. Please try again.",
  openFailure: "Failed to load file from Google Drive. Please try again.",
  confirmSignInToSave:
    "You need to sign in to save to Google Drive. Would you like to sign in now?",
  notConfigured:
    "Google Drive is not configured. Set VITE_GOOGLE_CLIENT_ID and VITE_GOOGLE_API_KEY in your " +
    "local environment file (.env) and restart the dev server.",
  popupBlocked:
    "Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.",
} as const;

/** The Drive actions the UI runs. */
export type DriveAction = "sign-in" | "open" | "save";

const FAILURE: Record<DriveAction, string> = {
  "sign-in": DRIVE_MESSAGES.signInFailure,
  open: DRIVE_MESSAGES.openFailure,
  save: DRIVE_MESSAGES.saveFailure,
};

/** A sentence saying what went wrong, added after the catalogue text when it helps. */
function detail(error: unknown, action: DriveAction): string | null {
  if (error instanceof DriveHttpError) {
    if (error.status === 404) {
      return action === "save"
        ? "The file was not found in your Google Drive (it may have been deleted); your text is kept here."
        : "The file was not found in your Google Drive.";
    }
    // A 403 that is a rate limit was already retried: the catalogue text alone fits it.
    if (error.status === 403 && !isRateLimitBody(error.body)) {
      return "Google Drive refused access to this file. Sign out, sign in again and allow Plainpad to see and edit its files.";
    }
    if (error.status === 401) return "Your Google sign-in has expired. Sign in again.";
  }
  if (error instanceof DriveTimeoutError || error instanceof DriveNetworkError)
    return error.message;
  if (error instanceof ScriptLoadError) {
    return "Google's sign-in or Drive scripts could not be loaded (offline, or blocked by an extension?).";
  }
  if (error instanceof TokenError && error.code === "popup_failed_to_open") {
    return DRIVE_MESSAGES.popupBlocked;
  }
  return null;
}

/**
 * What to tell the user when `action` failed with `error`, or null when nothing should be
 * said (the user cancelled the sign-in popup or the picker).
 */
export function driveFailureMessage(error: unknown, action: DriveAction): string | null {
  if (error instanceof SignInCancelledError) return null;
  if (error instanceof DriveNotConfiguredError) return DRIVE_MESSAGES.notConfigured;
  const extra = detail(error, action);
  return extra ? `${FAILURE[action]} ${extra}` : FAILURE[action];
}

/** Text of the in-page status line while a save runs. */
export function saveStageMessage(stage: "folder" | "uploading" | "authorizing"): string {
  switch (stage) {
    case "authorizing":
      return "Connecting to Google Drive…";
    case "folder":
      return "Preparing the Plainpad Documents folder…";
    case "uploading":
      return "Uploading to Google Drive…";
  }
}
