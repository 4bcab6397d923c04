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

/** One thing wrong with the build's Drive configuration. */
export interface DriveConfigProblem {
  variable: "VITE_GOOGLE_CLIENT_ID" | "VITE_GOOGLE_API_KEY" | "VITE_GOOGLE_APP_ID";
  /** "not-a-project-number": the app id is set but is not all digits (a project id, say). */
  kind: "missing" | "not-a-project-number";
}

/** What a keyless build lacks: all three ids. */
export const ALL_IDS_MISSING: readonly DriveConfigProblem[] = [
  { variable: "VITE_GOOGLE_CLIENT_ID", kind: "missing" },
  { variable: "VITE_GOOGLE_API_KEY", kind: "missing" },
  { variable: "VITE_GOOGLE_APP_ID", kind: "missing" },
];

/** The client id, the API key or the app id is missing from the build, or the app id is wrong. */
export class DriveNotConfiguredError extends DriveError {
  constructor(readonly problems: readonly DriveConfigProblem[] = ALL_IDS_MISSING) {
    super(`Google Drive is not configured: ${describeConfigProblems(problems)}.`);
  }
}

/** "missing VITE_GOOGLE_CLIENT_ID, ..." and the like, for developers. */
export function describeConfigProblems(problems: readonly DriveConfigProblem[]): string {
  const missing = problems.filter((p) => p.kind === "missing").map((p) => p.variable);
  const parts: string[] = [];
  if (missing.length) parts.push(`missing ${missing.join(", ")}`);
  if (problems.some((p) => p.kind === "not-a-project-number")) {
    parts.push(
      "VITE_GOOGLE_APP_ID must be the Cloud project number (digits only), not the project ID",
    );
  }
  return parts.join("; ");
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
 * The `reason` of each entry of a Google error body (`error.errors[].reason`, and the newer
 * `error.details[].reason`); [] when the body is not such JSON.
 */
export function driveErrorReasons(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as {
      error?: { errors?: { reason?: unknown }[]; details?: { reason?: unknown }[] };
    };
    const entries = [...(parsed.error?.errors ?? []), ...(parsed.error?.details ?? [])];
    return entries
      .map((entry) => entry.reason)
      .filter((reason): reason is string => typeof reason === "string" && reason !== "");
  } catch {
    return [];
  }
}

/**
 * A Drive REST call answered with a non-ok status (after any retries). Uploads say
 * 'Drive upload failed: {status} {body}' and content reads 'Failed to load file content', as
 * the spec's catalogue fixes.
 */
export class DriveHttpError extends DriveError {
  /** Google's reasons from the body (e.g. "storageQuotaExceeded"), read once. */
  readonly reasons: readonly string[];

  constructor(
    readonly operation: DriveOperation,
    readonly status: number,
    readonly body: string,
    /** Google's Retry-After (429, 503), when it gave one: wait at least this long. */
    readonly retryAfterMs?: number,
  ) {
    super(httpMessage(operation, status, body));
    this.reasons = driveErrorReasons(body);
  }

  /** True when Google gave one of these reasons. */
  hasReason(...reasons: string[]): boolean {
    return this.reasons.some((reason) => reasons.includes(reason));
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

/**
 * The user unticked a permission on Google's consent screen that Drive needs (Google's granular
 * consent lets them); `missing` holds the scope URLs not granted.
 */
export class MissingScopesError extends DriveError {
  constructor(readonly missing: readonly string[]) {
    super(`Google did not grant: ${missing.join(" ")}`);
  }
}

/** The Google Picker reported an error. */
export class PickerError extends DriveError {
  constructor() {
    super("The Google Drive picker reported an error.");
  }
}
