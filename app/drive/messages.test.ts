import { describe, expect, it } from "vitest";
import {
  DriveHttpError,
  DriveNotConfiguredError,
  ScriptLoadError,
  SignInCancelledError,
  TokenError,
} from "./errors";
import { DRIVE_MESSAGES, driveFailureMessage } from "./messages";

describe("driveFailureMessage", () => {
  it("says nothing for a cancelled sign-in", () => {
    expect(driveFailureMessage(new SignInCancelledError(), "open")).toBeNull();
  });

  it("tells how to configure Drive when keys are missing", () => {
    const message = driveFailureMessage(new DriveNotConfiguredError(), "open");
    expect(message).toContain("VITE_GOOGLE_CLIENT_ID");
    expect(message).toContain("VITE_GOOGLE_API_KEY");
    expect(message).toContain("restart the dev server");
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

  it("says what happened for 404, permission errors and blocked scripts", () => {
    expect(driveFailureMessage(new DriveHttpError("upload", 404, ""), "save")).toMatch(
      /^Failed to save file\. Please try again\. The file was not found/,
    );
    expect(driveFailureMessage(new DriveHttpError("upload", 403, ""), "save")).toContain(
      "refused access",
    );
    expect(
      driveFailureMessage(
        new DriveHttpError("upload", 403, '{"error":{"errors":[{"reason":"rateLimitExceeded"}]}}'),
        "save",
      ),
    ).toBe(DRIVE_MESSAGES.saveFailure);
    expect(driveFailureMessage(new ScriptLoadError("https://x"), "open")).toContain(
      "could not be loaded",
    );
    expect(driveFailureMessage(new TokenError("popup_failed_to_open"), "sign-in")).toContain(
      DRIVE_MESSAGES.popupBlocked,
    );
  });
});
