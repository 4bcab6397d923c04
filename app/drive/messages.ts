/**
 * The ONE place that turns Drive errors into what the user is told: the spec's error catalogue
 * where it applies, and the advice for failures the catalogue does not name (each 403 reason
 * of Drive's "Resolve errors" guide, an unticked permission, a renewal that needs a click).
 * Pure: no DOM, no React.
 */
import type { ClickPromptKind } from "./auth";
import {
  ALL_IDS_MISSING,
  DriveHttpError,
  DriveNetworkError,
  DriveNotConfiguredError,
  DriveTimeoutError,
  MissingScopesError,
  ScriptLoadError,
  SignInCancelledError,
  TokenError,
  type DriveConfigProblem,
} from "./errors";
import { isRateLimitBody } from "./http";

/** Fixed texts of the catalogue, and the fixed texts added to it. */
export const DRIVE_MESSAGES = {
  saveSuccess: "File saved successfully to Google Drive!",
  saveFailure: "Failed to save file. Please try again.",
  signInFailure: "Failed to login. Please try again.",
  openFailure: "Failed to load file from Google Drive. Please try again.",
  confirmSignInToSave:
    "You need to sign in to save to Google Drive. Would you like to sign in now?",
  /** A build without any of the three ids (the usual keyless build). */
  notConfigured:
    "Google Drive is not configured. Set VITE_GOOGLE_CLIENT_ID, VITE_GOOGLE_API_KEY and " +
    "VITE_GOOGLE_APP_ID (the Cloud project number) in your local environment file (.env) and " +
    "restart the dev server.",
  popupBlocked:
    "Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.",
  missingPermission:
    "You did not allow Plainpad to use the Google Drive files you open or save with it (that " +
    "permission was unticked on Google's screen). Sign in again and leave it ticked to open " +
    "and save files in Drive.",
  appNotAuthorized:
    "Google Drive has not authorised Plainpad to change this file (it was opened through " +
    "another app or another set-up of Plainpad). Your text is kept here, and you can save it " +
    "as a new file in your Drive.",
  readOnlyFile: "You can view this file but not change it. Save a copy?",
  /** Said at once when the browser knows it has no connection (instead of a timeout). */
  offline:
    "You are offline. Google Drive needs an internet connection: connect, then try again. " +
    "Your text is kept in this browser.",
  driveFull:
    "Your Google Drive is full, so the file was not saved. Free up space or add storage, then " +
    "save again. Your text is kept here.",
  domainPolicy:
    "Your organisation's Google Workspace settings do not let Plainpad use Google Drive. Ask " +
    "your administrator, or use Download to keep a copy on this device.",
} as const;

/** Button labels of the Drive prompts (accessible names equal these labels). */
export const DRIVE_LABELS = {
  signIn: "Sign in",
  notNow: "Not now",
  cancel: "Cancel",
  continue: "Continue to Google Drive",
  reconnect: "Reconnect to Google Drive",
  saveAsNew: "Save as a new file in Drive",
  saveCopy: "Save a copy",
  manageStorage: "Manage Google storage",
} as const;

/** Google's page for seeing and freeing storage (Drive, Gmail and Photos share it). */
export const GOOGLE_STORAGE_URL = "https://one.google.com/storage";

/** Title and text of the button prompts the sign-in session shows (see auth.ts). */
export const CLICK_PROMPTS: Record<
  ClickPromptKind,
  { title: string; message: string; label: string }
> = {
  continue: {
    title: "Sign in with Google",
    message: "Google's sign-in is ready. Continue to open the sign-in window.",
    label: DRIVE_LABELS.continue,
  },
  reconnect: {
    title: "Reconnect to Google Drive",
    message:
      "Your Google sign-in has to be renewed before Plainpad can carry on. Reconnect to " +
      "continue; your text is kept here.",
    label: DRIVE_LABELS.reconnect,
  },
};

/** The not-configured alert for these problems (the catalogue's set-your-keys text, precise). */
export function notConfiguredMessage(
  problems: readonly DriveConfigProblem[] = ALL_IDS_MISSING,
): string {
  const missing = problems.filter((p) => p.kind === "missing").map((p) => p.variable);
  const notNumber = problems.some((p) => p.kind === "not-a-project-number");
  if (missing.length === ALL_IDS_MISSING.length) return DRIVE_MESSAGES.notConfigured;
  const what: string[] = [];
  if (missing.length)
    what.push(`${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing`);
  if (notNumber) {
    what.push(
      "VITE_GOOGLE_APP_ID must be the Cloud project number (digits only), not the project ID",
    );
  }
  return (
    `Google Drive is not configured: ${what.join("; ")}. Set VITE_GOOGLE_CLIENT_ID, ` +
    "VITE_GOOGLE_API_KEY and VITE_GOOGLE_APP_ID (the Cloud project number) in your local " +
    "environment file (.env) and restart the dev server."
  );
}

/** The Drive actions the UI runs. */
export type DriveAction = "sign-in" | "open" | "save";

/** What the UI can offer with a message: a way out that fits the failure. */
export type DriveRemedy =
  /** Create a new file with the text (the app may not write the file it has). */
  | "save-as-new"
  /** Same, worded for a file the user may only view. */
  | "save-copy"
  /** A link to Google's storage page. */
  | "manage-storage";

/** What to tell the user, and the remedy to offer with it. */
export interface DriveAdvice {
  message: string;
  remedy?: DriveRemedy;
}

const FAILURE: Record<DriveAction, string> = {
  "sign-in": DRIVE_MESSAGES.signInFailure,
  open: DRIVE_MESSAGES.openFailure,
  save: DRIVE_MESSAGES.saveFailure,
};

/**
 * Advice of its own for failures the catalogue's "Please try again" does not help with, or
 * null to use the catalogue text (with {@link detail} added).
 */
function ownAdvice(error: unknown, action: DriveAction): DriveAdvice | null {
  if (error instanceof MissingScopesError) return { message: DRIVE_MESSAGES.missingPermission };
  if (error instanceof TokenError && error.code === "admin_policy_enforced") {
    return { message: DRIVE_MESSAGES.domainPolicy };
  }
  if (!(error instanceof DriveHttpError) || error.status !== 403) return null;
  if (error.hasReason("domainPolicy")) return { message: DRIVE_MESSAGES.domainPolicy };
  if (action !== "save") return null;
  if (error.hasReason("storageQuotaExceeded")) {
    return { message: DRIVE_MESSAGES.driveFull, remedy: "manage-storage" };
  }
  if (error.hasReason("appNotAuthorizedToFile")) {
    return { message: DRIVE_MESSAGES.appNotAuthorized, remedy: "save-as-new" };
  }
  if (error.hasReason("insufficientFilePermissions")) {
    return { message: DRIVE_MESSAGES.readOnlyFile, remedy: "save-copy" };
  }
  return null;
}

/** A sentence saying what went wrong, added after the catalogue text when it helps. */
function detail(error: unknown, action: DriveAction): string | null {
  if (error instanceof DriveHttpError) {
    if (error.status === 404) {
      return action === "save"
        ? "The file was not found in your Google Drive (it may have been deleted); your text is kept here."
        : "The file was not found in your Google Drive, or Google Drive did not give Plainpad access to it.";
    }
    if (error.status === 403 && error.hasReason("appNotAuthorizedToFile")) {
      return "Google Drive has not authorised Plainpad to read this file.";
    }
    if (error.status === 429 || (error.status === 403 && isRateLimitBody(error.body))) {
      // Already retried with backoff: only waiting helps.
      return "Google Drive is busy right now. Wait a minute, then try again.";
    }
    if (error.status === 403) {
      return "Google Drive refused access to this file. Sign out, sign in again and allow Plainpad to see and edit the files you use with it.";
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
 * What to tell the user when `action` failed with `error`, and what to offer, or null when
 * nothing should be said (the user cancelled the sign-in window or the picker).
 */
export function driveFailureAdvice(error: unknown, action: DriveAction): DriveAdvice | null {
  if (error instanceof SignInCancelledError) return null;
  if (error instanceof DriveNotConfiguredError) {
    return { message: notConfiguredMessage(error.problems) };
  }
  const own = ownAdvice(error, action);
  if (own) return own;
  const extra = detail(error, action);
  return { message: extra ? `${FAILURE[action]} ${extra}` : FAILURE[action] };
}

/** Just the message of {@link driveFailureAdvice}. */
export function driveFailureMessage(error: unknown, action: DriveAction): string | null {
  return driveFailureAdvice(error, action)?.message ?? null;
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
