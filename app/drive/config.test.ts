// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  TEST_CONFIG_GLOBAL,
  checkDriveConfig,
  readDriveConfig,
  requireDriveConfig,
} from "./config";
import { DriveNotConfiguredError } from "./errors";

const globals = window as unknown as Record<string, unknown>;
afterEach(() => {
  delete globals[TEST_CONFIG_GLOBAL];
});

const FULL = {
  VITE_GOOGLE_CLIENT_ID: " id.apps.googleusercontent.com ",
  VITE_GOOGLE_API_KEY: "key",
  VITE_GOOGLE_APP_ID: "123456789012",
};

describe("checkDriveConfig", () => {
  it("reads the three VITE_ variables; drive.readonly stays off unless set to true", () => {
    expect(readDriveConfig(FULL)).toEqual({
      clientId: "id.apps.googleusercontent.com",
      apiKey: "key",
      appId: "123456789012",
      readonly: false,
    });
    expect(readDriveConfig({ ...FULL, VITE_GOOGLE_DRIVE_READONLY: "true" })?.readonly).toBe(true);
    expect(readDriveConfig({ ...FULL, VITE_GOOGLE_DRIVE_READONLY: "1" })?.readonly).toBe(false);
    expect(readDriveConfig({ ...FULL, VITE_GOOGLE_DRIVE_READONLY: "yes" })?.readonly).toBe(false);
  });

  it("names every missing id, the app id included", () => {
    expect(checkDriveConfig({ VITE_GOOGLE_API_KEY: "key", VITE_GOOGLE_APP_ID: "1" })).toEqual({
      ok: false,
      problems: [{ variable: "VITE_GOOGLE_CLIENT_ID", kind: "missing" }],
    });
    expect(checkDriveConfig({ VITE_GOOGLE_CLIENT_ID: "id", VITE_GOOGLE_API_KEY: "key" })).toEqual({
      ok: false,
      problems: [{ variable: "VITE_GOOGLE_APP_ID", kind: "missing" }],
    });
    expect(readDriveConfig({ VITE_GOOGLE_CLIENT_ID: "id" })).toBeNull();
    expect(() => requireDriveConfig({})).toThrow(DriveNotConfiguredError);
    expect(() => requireDriveConfig({})).toThrow(
      /not configured: missing VITE_GOOGLE_CLIENT_ID, VITE_GOOGLE_API_KEY, VITE_GOOGLE_APP_ID/,
    );
  });

  it("refuses an app id that is not the project number (a project id, say)", () => {
    for (const appId of ["plainpad-4711", "12 34", "123abc", "-1"]) {
      expect(checkDriveConfig({ ...FULL, VITE_GOOGLE_APP_ID: appId })).toEqual({
        ok: false,
        problems: [{ variable: "VITE_GOOGLE_APP_ID", kind: "not-a-project-number" }],
      });
    }
    expect(() => requireDriveConfig({ ...FULL, VITE_GOOGLE_APP_ID: "plainpad-4711" })).toThrow(
      /project number \(digits only\), not the project ID/,
    );
  });

  it("accepts the window test override only when the build has no ids", () => {
    globals[TEST_CONFIG_GLOBAL] = { clientId: "test-id", apiKey: "test-key", appId: "9" };
    expect(readDriveConfig({})).toEqual({
      clientId: "test-id",
      apiKey: "test-key",
      appId: "9",
      readonly: false,
    });
    globals[TEST_CONFIG_GLOBAL] = { clientId: "t", apiKey: "k", appId: "9", readonly: true };
    expect(readDriveConfig({})?.readonly).toBe(true);
    // A build with any id of its own ignores the override (and here lacks the app id).
    expect(
      checkDriveConfig({ VITE_GOOGLE_CLIENT_ID: "real-id", VITE_GOOGLE_API_KEY: "real-key" }),
    ).toEqual({ ok: false, problems: [{ variable: "VITE_GOOGLE_APP_ID", kind: "missing" }] });
    globals[TEST_CONFIG_GLOBAL] = "not an object";
    expect(readDriveConfig({})).toBeNull();
  });
});
