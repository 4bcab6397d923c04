import { describe, expect, it } from "vitest";
import { UnencodableTextError, findUnencodable } from "~/text/text-encoding";
import { DriveHttpError, DriveNetworkError, DriveTimeoutError } from "../errors";
import { ReconnectNeededError } from "./sync-drive";
import { SYNC_MESSAGES, syncFailure } from "./sync-messages";

const body = (status: number, reason: string) =>
  JSON.stringify({ error: { code: status, errors: [{ reason }] } });

describe("syncFailure", () => {
  it("gives each failure its own words, reach and way on", () => {
    const cases: [unknown, object][] = [
      [new ReconnectNeededError(), { scope: "notepad", kind: "reconnect", action: "reconnect" }],
      [new DriveHttpError("upload", 401, ""), { scope: "notepad", kind: "reconnect" }],
      [
        new DriveNetworkError("content"),
        { scope: "notepad", kind: "offline", message: SYNC_MESSAGES.offline },
      ],
      [new DriveTimeoutError("content", 1000), { scope: "notepad", kind: "timeout" }],
      [new DriveHttpError("upload", 429, ""), { scope: "notepad", kind: "rate-limited" }],
      [new DriveHttpError("upload", 403, body(403, "rateLimitExceeded")), { kind: "rate-limited" }],
      [
        new DriveHttpError("upload", 403, body(403, "userRateLimitExceeded")),
        { kind: "rate-limited" },
      ],
      [
        new DriveHttpError("upload", 403, body(403, "storageQuotaExceeded")),
        { scope: "notepad", kind: "drive-full", action: "manage-storage" },
      ],
      [
        new DriveHttpError("content", 404, body(404, "notFound")),
        { scope: "tab", kind: "file-deleted", action: "recreate-file" },
      ],
      [
        new DriveHttpError("upload", 403, body(403, "insufficientFilePermissions")),
        { scope: "tab", kind: "read-only", message: SYNC_MESSAGES.readOnly },
      ],
      [
        new DriveHttpError("upload", 403, body(403, "appNotAuthorizedToFile")),
        { scope: "tab", kind: "not-authorized", message: SYNC_MESSAGES.notAuthorized },
      ],
      [
        new DriveHttpError("upload", 403, body(403, "dailyLimitExceeded")),
        { scope: "notepad", kind: "daily-limit", message: SYNC_MESSAGES.dailyLimit },
      ],
      [
        new DriveHttpError("upload", 403, body(403, "insufficientPermissions")),
        { scope: "notepad", kind: "reconnect", message: SYNC_MESSAGES.noPermission },
      ],
      [
        new DriveHttpError("metadata", 403, body(403, "insufficientScopes")),
        { scope: "notepad", kind: "reconnect", action: "reconnect" },
      ],
      [
        new DriveHttpError("upload", 403, body(403, "domainPolicy")),
        { scope: "notepad", kind: "domain-policy", message: SYNC_MESSAGES.domainPolicy },
      ],
      [
        new DriveHttpError("upload", 403, body(403, "somethingNew")),
        { scope: "tab", kind: "refused", action: "retry" },
      ],
      [
        new DriveHttpError("upload", 503, "", 120_000),
        {
          scope: "notepad",
          kind: "rate-limited",
          message: SYNC_MESSAGES.busy,
          retryAfterMs: 120_000,
        },
      ],
      [new DriveHttpError("upload", 500, ""), { scope: "tab", kind: "failed", action: "retry" }],
      [new Error("anything"), { scope: "tab", kind: "failed" }],
    ];
    for (const [error, expected] of cases) expect(syncFailure(error)).toMatchObject(expected);
  });

  it("offers a new file only where one helps: a read-only or unauthorised file", () => {
    const forks = ["insufficientFilePermissions", "appNotAuthorizedToFile"];
    const others = ["dailyLimitExceeded", "insufficientPermissions", "insufficientScopes"];
    for (const reason of [...forks, ...others, "domainPolicy", "somethingNew"]) {
      const failure = syncFailure(new DriveHttpError("upload", 403, body(403, reason)));
      expect(failure.action === "recreate-file", reason).toBe(forks.includes(reason));
      expect(failure.kind === "read-only", reason).toBe(reason === "insufficientFilePermissions");
    }
  });

  it("names the encoding a tab's characters do not fit", () => {
    const error = new UnencodableTextError(findUnencodable("日本", "windows-1252"));
    const failure = syncFailure(error);
    expect(failure).toMatchObject({ scope: "tab", kind: "unencodable" });
    expect(failure.message).toMatch(/cannot be written in .*1252/);
  });
});
