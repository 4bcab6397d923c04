// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { TEST_CONFIG_GLOBAL, readDriveConfig, requireDriveConfig } from "./config";
import { DriveNotConfiguredError } from "./errors";

const globals = window as unknown as Record<string, unknown>;
afterEach(() => {
  delete globals[TEST_CONFIG_GLOBAL];
});

describe("readDriveConfig", () => {
  it("reads the three VITE_ variables", () => {
    expect(
      readDriveConfig({
        VITE_GOOGLE_CLIENT_ID: " id.apps.googleusercontent.com ",
        VITE_GOOGLE_API_KEY: "key",
        VITE_GOOGLE_APP_ID: "123",
      }),
    ).toEqual({ clientId: "id.apps.googleusercontent.com", apiKey: "key", appId: "123" });
  });

  it("is null when the client id or the API key is missing", () => {
    expect(readDriveConfig({ VITE_GOOGLE_API_KEY: "key" })).toBeNull();
    expect(readDriveConfig({ VITE_GOOGLE_CLIENT_ID: "id" })).toBeNull();
    expect(() => requireDriveConfig({})).toThrow(DriveNotConfiguredError);
    expect(() => requireDriveConfig({})).toThrow(/not configured/);
  });

  it("accepts the window test override only when the build has no keys", () => {
    globals[TEST_CONFIG_GLOBAL] = { clientId: "test-id", apiKey: "test-key", appId: "9" };
    expect(readDriveConfig({})).toEqual({ clientId: "test-id", apiKey: "test-key", appId: "9" });
    expect(
      readDriveConfig({ VITE_GOOGLE_CLIENT_ID: "real-id", VITE_GOOGLE_API_KEY: "real-key" }),
    ).toEqual({ clientId: "real-id", apiKey: "real-key", appId: "" });
    globals[TEST_CONFIG_GLOBAL] = "not an object";
    expect(readDriveConfig({})).toBeNull();
  });
});
