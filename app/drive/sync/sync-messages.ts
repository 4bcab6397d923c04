/**
 * The words of the background sync (pure): what each state and each failure tells the person,
 * and the way on offered with it. The one place Drive errors become sync statuses.
 */
import {
  DriveHttpError,
  DriveNetworkError,
  DriveTimeoutError,
  MissingScopesError,
  SignInCancelledError,
} from "../errors";
import { isRateLimitBody } from "../http";
import { encodingLabel, UnencodableTextError } from "~/text/text-encoding";
import { ReconnectNeededError } from "./sync-drive";
import type { SyncAction } from "./sync-types";

/** Fixed texts of the sync. */
export const SYNC_MESSAGES = {
  notSignedIn: "Not connected to Google Drive. Turn sync on again to sign in.",
  reconnect:
    "Reconnect to keep syncing. Google's sign-in lasts an hour; your edits are kept here and " +
    "sync once you reconnect.",
  offline: "You are offline. Your text is kept here and syncs when you are back online.",
  timeout: "Google Drive did not answer in time. Sync tries again at the next interval.",
  rateLimited:
    "Google Drive asked Plainpad to slow down. Sync waits a little and tries again; your text " +
    "is kept here.",
  driveFull:
    "Your Google Drive is full, so changes are not saved there. Free up space or add storage; " +
    "your text is kept here.",
  fileDeleted:
    "This tab's file was deleted from Google Drive. Your text is kept here: save it as a new " +
    "file to go on syncing.",
  fileInBin:
    "This tab's file is in Google Drive's bin, so this tab is not synced any more. Your text " +
    "is kept here: restore the file from the bin, or save the text as a new file to go on syncing.",
  readOnly:
    "Plainpad may not change this tab's file in Google Drive (it is read-only, or was shared " +
    "with you to view). Your text is kept here: save it as a new file to go on syncing.",
  busy:
    "Google Drive is busy and asked Plainpad to come back later. Sync waits as long as Google " +
    "asked, then tries again; your text is kept here.",
  dailyLimit:
    "Google Drive's daily allowance of requests for Plainpad is used up, so syncing waits " +
    "until it renews (within a day). Your text is kept here and syncs then.",
  noPermission:
    "Google did not give Plainpad permission to use your Drive files (the box was unticked on " +
    "Google's screen, or the permission was removed). Reconnect and leave it ticked to go on " +
    "syncing; your text is kept here.",
  domainPolicy:
    "Your organisation's Google Workspace settings do not let Plainpad use Google Drive, so " +
    "tabs are not synced. Ask your administrator; your text is kept here (Download keeps a " +
    "copy on this device).",
  notAuthorized:
    "Google Drive has not authorised Plainpad to change this tab's file (it was made or " +
    "opened through another app). Your text is kept here: save it as a new file to go on " +
    "syncing.",
  refused:
    "Google Drive refused to save this tab's changes. Your text is kept here; sync tries again.",
  unreadable:
    "The file in Google Drive could not be read in this tab's encoding. Your text is kept here.",
  failed: "Sync with Google Drive failed. Your text is kept here; sync tries again.",
  folderRecreated:
    'The "Plainpad Documents" folder was removed from Google Drive, so Plainpad made it again ' +
    "for new files.",
  notConfigured: "Google Drive is not set up on this site, so tabs cannot be synced.",
} as const;

/**
 * A second tab on a Drive file another tab already syncs (opened from Drive twice, a closed
 * tab reopened): it waits, as two tabs writing one file would overwrite each other.
 */
export function sharedFileFailure(ownerName: string): SyncFailure {
  return {
    scope: "tab",
    kind: "shared-file",
    message:
      `This tab's Drive file is already synced in the tab "${ownerName}", so this tab is not ` +
      "synced. Your text is kept here: save it as a new file to sync it, or close one of the tabs.",
    action: "recreate-file",
  };
}

/** The notice shown when a tab changed on both sides. */
export function conflictNotice(tabName: string, copyName: string): string {
  return (
    `"${tabName}" was changed here and in Google Drive in the same places. Your text stays in ` +
    `the tab; Drive's version is in the new tab "${copyName}".`
  );
}

/** The notice shown on a computer whose text was replaced in a conflict met elsewhere. */
export function replacedNotice(tabName: string, copyName: string): string {
  return (
    `"${tabName}" was changed on another computer in the same places as here, and that ` +
    `computer's text was kept. Your text is in the new tab "${copyName}".`
  );
}

/** A tab brought in whose bytes do not decode in the encoding the tab list gives it. */
export function undecodableBringInNotice(name: string, listed: string, read: string): string {
  return (
    `"${name}" in Google Drive is no longer valid ${listed} (it was changed by another app), ` +
    `so it was opened as ${read}. Check its text before you edit it.`
  );
}

/**
 * Drive's copy of a tab could not be read in the tab's encoding: it was not merged, but opened
 * beside the tab as it could be read.
 */
export function undecodableNotice(name: string, copyName: string, encoding: string, read: string) {
  return (
    `Google Drive's copy of "${name}" could not be read as ${encoding} (it was changed by ` +
    `another app), so it was not merged. Your text stays in the tab; Drive's is in the new tab ` +
    `"${copyName}", read as ${read}.`
  );
}

/** The notice shown when a recreated file was needed. */
export function recreatedNotice(tabName: string): string {
  return `"${tabName}" is saved in a new file in "Plainpad Documents" and syncs again.`;
}

/** A tab whose characters cannot be written in its encoding. */
export function unencodableMessage(encodingName: string): string {
  return (
    `Some characters of this tab cannot be written in ${encodingName}, so it is not synced. ` +
    "Change its encoding to UTF-8 (status bar) to sync it; your text is kept here."
  );
}

/** What a failure means for the sync. */
export interface SyncFailure {
  /** "notepad": every tab waits (sign-in, offline, rate limit); "tab": this tab only. */
  scope: "notepad" | "tab";
  kind:
    | "reconnect"
    | "offline"
    | "timeout"
    | "rate-limited"
    | "daily-limit"
    | "domain-policy"
    | "drive-full"
    | "file-deleted"
    | "read-only"
    | "not-authorized"
    | "refused"
    | "unencodable"
    | "shared-file"
    | "failed";
  message: string;
  action?: SyncAction;
  /** How long Google asked to wait before the next try (Retry-After, or a daily limit). */
  retryAfterMs?: number;
}

/** The wait after a daily limit: an hour, then Google is asked again. */
export const DAILY_LIMIT_WAIT_MS = 60 * 60 * 1000;

/** A 403 that is not a rate limit or a full Drive: each reason has its own words and way on. */
function forbidden(error: DriveHttpError): SyncFailure {
  if (error.hasReason("dailyLimitExceeded")) {
    const retryAfterMs = DAILY_LIMIT_WAIT_MS;
    return {
      scope: "notepad",
      kind: "daily-limit",
      message: SYNC_MESSAGES.dailyLimit,
      retryAfterMs,
    };
  }
  if (error.hasReason("insufficientPermissions", "insufficientScopes")) {
    const message = SYNC_MESSAGES.noPermission;
    return { scope: "notepad", kind: "reconnect", message, action: "reconnect" };
  }
  if (error.hasReason("domainPolicy")) {
    return { scope: "notepad", kind: "domain-policy", message: SYNC_MESSAGES.domainPolicy };
  }
  if (error.hasReason("appNotAuthorizedToFile")) {
    const message = SYNC_MESSAGES.notAuthorized;
    return { scope: "tab", kind: "not-authorized", message, action: "recreate-file" };
  }
  if (error.hasReason("insufficientFilePermissions")) {
    const message = SYNC_MESSAGES.readOnly;
    return { scope: "tab", kind: "read-only", message, action: "recreate-file" };
  }
  return { scope: "tab", kind: "refused", message: SYNC_MESSAGES.refused, action: "retry" };
}

/** Turns any error of a sync step into words and a way on. */
export function syncFailure(error: unknown, encoding?: string): SyncFailure {
  if (error instanceof ReconnectNeededError || error instanceof SignInCancelledError) {
    return {
      scope: "notepad",
      kind: "reconnect",
      message: SYNC_MESSAGES.reconnect,
      action: "reconnect",
    };
  }
  if (error instanceof MissingScopesError) {
    return { scope: "notepad", kind: "reconnect", message: error.message, action: "reconnect" };
  }
  if (error instanceof DriveNetworkError) {
    return { scope: "notepad", kind: "offline", message: SYNC_MESSAGES.offline, action: "retry" };
  }
  if (error instanceof DriveTimeoutError) {
    return { scope: "notepad", kind: "timeout", message: SYNC_MESSAGES.timeout, action: "retry" };
  }
  if (error instanceof UnencodableTextError) {
    const name = encodingLabel(error.found.encoding) || encoding || "this encoding";
    return { scope: "tab", kind: "unencodable", message: unencodableMessage(name) };
  }
  if (error instanceof DriveHttpError) {
    if (error.status === 401) {
      return {
        scope: "notepad",
        kind: "reconnect",
        message: SYNC_MESSAGES.reconnect,
        action: "reconnect",
      };
    }
    const { retryAfterMs } = error;
    if (error.status === 429 || (error.status === 403 && isRateLimitBody(error.body))) {
      const message = SYNC_MESSAGES.rateLimited;
      return { scope: "notepad", kind: "rate-limited", message, retryAfterMs };
    }
    if (error.status === 503 && retryAfterMs !== undefined) {
      return { scope: "notepad", kind: "rate-limited", message: SYNC_MESSAGES.busy, retryAfterMs };
    }
    if (error.status === 403 && error.hasReason("storageQuotaExceeded", "quotaExceeded")) {
      return {
        scope: "notepad",
        kind: "drive-full",
        message: SYNC_MESSAGES.driveFull,
        action: "manage-storage",
      };
    }
    if (error.status === 404) {
      return {
        scope: "tab",
        kind: "file-deleted",
        message: error.hasReason("plainpadFileInBin")
          ? SYNC_MESSAGES.fileInBin
          : SYNC_MESSAGES.fileDeleted,
        action: "recreate-file",
      };
    }
    if (error.status === 403) return forbidden(error);
  }
  return { scope: "tab", kind: "failed", message: SYNC_MESSAGES.failed, action: "retry" };
}
