import { describe, expect, it } from "vitest";
import {
  DriveHttpError,
  DriveNotConfiguredError,
  MissingScopesError,
  ScriptLoadError,
  SignInCancelledError,
  TokenError,
} from "./errors";
import {
  DRIVE_MESSAGES,
  driveFailureAdvice,
  driveFailureMessage,
  notConfiguredMessage,
} from "./messages";

/** A 403 body as Drive sends it (developers.google.com/drive/api/guides/handle-errors). */
function googleError(code: number, reason: string, message = "x"): string {
  return JSON.stringify({
    error: { code, message, errors: [{ domain: "global", reason, message }] },
  });
}

describe("driveFailureAdvice", () => {
  it("says nothing for a cancelled sign-in", () => {
    expect(driveFailureMessage(new SignInCancelledError(), "open")).toBeNull();
  });

  it("tells how to configure Drive, naming what is missing or wrong", () => {
    const message = driveFailureMessage(new DriveNotConfiguredError(), "open");
    expect(message).toBe(DRIVE_MESSAGES.notConfigured);
    expect(message).toContain("VITE_GOOGLE_CLIENT_ID");
    expect(message).toContain("VITE_GOOGLE_API_KEY");
    expect(message).toContain("VITE_GOOGLE_APP_ID");
    expect(message).toContain("restart the dev server");
    expect(notConfiguredMessage([{ variable: "VITE_GOOGLE_APP_ID", kind: "missing" }])).toMatch(
      /^Google Drive is not configured: VITE_GOOGLE_APP_ID is missing\. Set /,
    );
    expect(
      driveFailureMessage(
        new DriveNotConfiguredError([
          { variable: "VITE_GOOGLE_APP_ID", kind: "not-a-project-number" },
        ]),
        "save",
      ),
    ).toContain("must be the Cloud project number (digits only), not the project ID");
  });

  it("uses the catalogue text per action", () => {
    expect(driveFailureMessage(new TokenError("access_denied"), "sign-in")).toBe(
      "Failed to login. Please try again.",
    );
    expect(driveFailureMessage(new DriveHttpError("upload", 400, "bad"), "save")).toBe(
      "Failed to save file. Please try again.",
    );
    expect(driveFailureMessage(new DriveHttpError("content", 400, "x"), "open")).toBe(
      "Failed to load file from Google Drive. Please try again.",
    );
    // Server errors were already retried with backoff: the catalogue text alone.
    expect(driveFailureMessage(new DriveHttpError("upload", 503, "down"), "save")).toBe(
      "Failed to save file. Please try again.",
    );
  });

  it("tells the 403 reasons apart, each with the action that helps", () => {
    const save = (reason: string) =>
      driveFailureAdvice(new DriveHttpError("upload", 403, googleError(403, reason)), "save");
    expect(save("storageQuotaExceeded")).toEqual({
      message: DRIVE_MESSAGES.driveFull,
      remedy: "manage-storage",
    });
    expect(save("appNotAuthorizedToFile")).toEqual({
      message: DRIVE_MESSAGES.appNotAuthorized,
      remedy: "save-as-new",
    });
    expect(save("insufficientFilePermissions")).toEqual({
      message: "You can view this file but not change it. Save a copy?",
      remedy: "save-copy",
    });
    expect(save("domainPolicy")).toEqual({ message: DRIVE_MESSAGES.domainPolicy });
    // Rate limits were retried; what is left to say is to wait.
    expect(save("userRateLimitExceeded")?.message).toBe(
      `${DRIVE_MESSAGES.saveFailure} Google Drive is busy right now. Wait a minute, then try again.`,
    );
    expect(save("somethingElse")?.message).toContain("refused access");
    // Opening: the catalogue text with what happened.
    expect(
      driveFailureMessage(
        new DriveHttpError("content", 403, googleError(403, "appNotAuthorizedToFile")),
        "open",
      ),
    ).toBe(
      `${DRIVE_MESSAGES.openFailure} Google Drive has not authorised Plainpad to read this file.`,
    );
    expect(
      driveFailureMessage(
        new DriveHttpError("content", 403, googleError(403, "domainPolicy")),
        "open",
      ),
    ).toBe(DRIVE_MESSAGES.domainPolicy);
  });

  it("says which permission is missing and what blocked the sign-in", () => {
    expect(
      driveFailureMessage(
        new MissingScopesError(["https://www.googleapis.com/auth/drive.file"]),
        "sign-in",
      ),
    ).toBe(DRIVE_MESSAGES.missingPermission);
    expect(driveFailureMessage(new TokenError("admin_policy_enforced"), "sign-in")).toBe(
      DRIVE_MESSAGES.domainPolicy,
    );
    expect(driveFailureMessage(new TokenError("popup_failed_to_open"), "sign-in")).toContain(
      DRIVE_MESSAGES.popupBlocked,
    );
  });

  it("says what happened for 404 and blocked scripts", () => {
    expect(driveFailureMessage(new DriveHttpError("upload", 404, ""), "save")).toMatch(
      /^Failed to save file\. Please try again\. The file was not found/,
    );
    expect(driveFailureMessage(new ScriptLoadError("https://x"), "open")).toContain(
      "could not be loaded",
    );
  });
});
