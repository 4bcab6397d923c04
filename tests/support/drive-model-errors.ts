/**
 * Drive v3's error answers as "Resolve errors" documents them: a JSON body
 * `{ error: { errors: [{ domain, reason, message, locationType?, location? }], code, message } }`
 * with the documented message of each reason.
 */

/** The documented message of each reason the fake Drive sends ({id}: the file id). */
const MESSAGES: Record<string, string> = {
  badRequest: "Bad Request",
  invalid: "Invalid Value",
  authError: "Invalid Credentials",
  notFound: "File not found: {id}.",
  rateLimitExceeded: "Rate Limit Exceeded",
  userRateLimitExceeded: "User Rate Limit Exceeded",
  dailyLimitExceeded: "Daily Limit Exceeded",
  sharingRateLimitExceeded:
    'Rate limit exceeded. User message: "Sorry, you have exceeded your sharing quota."',
  storageQuotaExceeded: "The user's Drive storage quota has been exceeded.",
  insufficientFilePermissions: "The user does not have sufficient permissions for file {id}.",
  appNotAuthorizedToFile: "The user has not granted the app {appId} write access to the file {id}.",
  domainPolicy: "The domain administrators have disabled Drive apps.",
  insufficientPermissions:
    "Insufficient Permission: Request had insufficient authentication scopes.",
  duplicate: "A file already exists with the provided ID.",
  backendError: "Backend Error",
};

/** Where the error points, for the reasons Drive documents with a location. */
const LOCATIONS: Record<string, { locationType: string; location: string }> = {
  authError: { locationType: "header", location: "Authorization" },
  notFound: { locationType: "parameter", location: "fileId" },
};

/** The project number the fake's messages name. */
export const MODEL_APP_ID = "123456789012";

/** The JSON body Drive sends with `status` and `reason` (about file `fileId`, if any). */
export function driveErrorBody(
  status: number,
  reason: string,
  fileId = "",
  message?: string,
): string {
  const text = (message ?? MESSAGES[reason] ?? reason)
    .replace("{id}", fileId)
    .replace("{appId}", MODEL_APP_ID);
  return JSON.stringify({
    error: {
      errors: [
        {
          domain: /LimitExceeded$/.test(reason) ? "usageLimits" : "global",
          reason,
          message: text,
          ...LOCATIONS[reason],
        },
      ],
      code: status,
      message: text,
    },
  });
}
