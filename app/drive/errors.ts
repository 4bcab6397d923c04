/**
 * Typed errors of the Drive integration. Messages follow the spec's error catalogue where it
 * fixes one; the UI turns them into alerts through `messages.ts` only.
 */

/** Base class: every failure the Drive layer reports is one of these. */
export class DriveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The client id or API key is missing from the build's environment. */
export class DriveNotConfiguredError extends DriveError {
  constructor() {
    super(
      "Google Drive is not configured: missing client ID or API key configuration " +
        "(VITE_GOOGLE_CLIENT_ID, VITE_GOOGLE_API_KEY).",
    );
  }
}

/** A Google script (sign-in, gapi, picker) did not load: 'Failed to load script: {url}'. */
export class ScriptLoadError extends DriveError {
  constructor(readonly url: string) {
    super(`Failed to load script: ${url}`);
  }
}

/** The user closed the Google sign-in popup: treated like a cancel, never shown as an error. */
export class SignInCancelledError extends DriveError {
  constructor() {
    super("Sign-in was cancelled.");
  }
}

/**
 * The token client answered with an error (e.g. access_denied, popup_failed_to_open); the
 * spec passes token errors through as rejections.
 */
export class TokenError extends DriveError {
  constructor(
    readonly code: string,
    description?: string,
  ) {
    super(description ? `${code}: ${description}` : code);
  }
}

/** A Drive action that needs a signed-in user was asked for while signed out. */
export class NotSignedInError extends DriveError {
  constructor() {
    super("Not signed in to Google Drive.");
  }
}

/** Which Drive call failed: decides the message of {@link DriveHttpError}. */
export type DriveOperation = "upload" | "content" | "metadata" | "folder" | "userinfo";

/**
 * A Drive REST call answered with a non-ok status (after any retries). Uploads say
 * 'Drive upload failed: {status} {body}' and content reads 'Failed to load file content', as
 * the spec's catalogue fixes.
 */
export class DriveHttpError extends DriveError {
  constructor(
    readonly operation: DriveOperation,
    readonly status: number,
    readonly body: string,
  ) {
    super(httpMessage(operation, status, body));
  }

  /** 403 for a reason other than rate limiting: the user or app lacks access. */
  get isPermissionDenied(): boolean {
    return this.status === 403;
  }

  /** 404: the file is gone or not visible to this app. */
  get isNotFound(): boolean {
    return this.status === 404;
  }
}

function httpMessage(operation: DriveOperation, status: number, body: string): string {
  switch (operation) {
    case "upload":
      return `Drive upload failed: ${status} ${body}`;
    case "content":
      return "Failed to load file content";
    default:
      return `Drive ${operation} request failed: ${status} ${body}`;
  }
}

/** A Drive call got no answer within its time limit (aborted so nothing spins forever). */
export class DriveTimeoutError extends DriveError {
  constructor(
    readonly operation: DriveOperation,
    readonly timeoutMs: number,
  ) {
    super(`Google Drive did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
  }
}

/** The request never reached Google (offline, DNS, blocked by an extension...). */
export class DriveNetworkError extends DriveError {
  constructor(readonly operation: DriveOperation) {
    super("Could not reach Google Drive. Check your internet connection.");
  }
}

/** The Google Picker reported an error. */
export class PickerError extends DriveError {
  constructor() {
    super("The Google Drive picker reported an error.");
  }
}
