import { describe, expect, it } from "vitest";
import type { OAuth2Api } from "./auth";
import { Drive } from "./drive";
import { DriveNotConfiguredError } from "./errors";
import { DrivePromptStore } from "./prompt";
import { ReconnectNeededError, syncHttpContext } from "./sync/sync-drive";

const CONFIG = { clientId: "cid", apiKey: "key", appId: "42", readonly: false };

/** A token client that grants "tok" and counts the windows it opened. */
function oauth2(): OAuth2Api & { requests: number } {
  const api = {
    requests: 0,
    initTokenClient(config: google.accounts.oauth2.TokenClientConfig) {
      return {
        requestAccessToken() {
          api.requests++;
          queueMicrotask(() =>
            config.callback({
              access_token: "tok",
              expires_in: "3600",
              scope: config.scope,
            } as google.accounts.oauth2.TokenResponse),
          );
        },
      };
    },
    revoke: (_token: string, done: () => void) => done(),
    hasGrantedAllScopes: () => true,
  };
  return api;
}

describe("Drive.syncAccess", () => {
  it("connects from a click, then hands the held token to background requests", async () => {
    const api = oauth2();
    const prompts = new DrivePromptStore();
    const drive = new Drive({
      config: CONFIG,
      loadOAuth2: async () => api,
      fetchImpl: async () => new Response(JSON.stringify({ email: "a@b.c" })),
      prompts,
    });
    const access = drive.syncAccess();
    expect(access.isConfigured()).toBe(true);
    expect(access.hasValidToken()).toBe(false);
    // Before the click: background requests fail without opening a window or a prompt.
    const tokens = syncHttpContext(access).tokens;
    await expect(tokens.getToken()).rejects.toBeInstanceOf(ReconnectNeededError);
    await expect(tokens.renewToken()).rejects.toBeInstanceOf(ReconnectNeededError);
    expect(prompts.getSnapshot().prompt).toBeNull();
    await drive.prepare();
    await access.connectInClick();
    expect(api.requests).toBe(1);
    expect(access.hasValidToken()).toBe(true);
    expect(await tokens.getToken()).toBe("tok");
    expect(api.requests).toBe(1);
  });

  it("after Google refuses the held token (a 401), Reconnect asks for a new one", async () => {
    const api = oauth2();
    const drive = new Drive({
      config: CONFIG,
      loadOAuth2: async () => api,
      fetchImpl: async () => new Response(JSON.stringify({ email: "a@b.c" })),
      prompts: new DrivePromptStore(),
    });
    const access = drive.syncAccess();
    await drive.prepare();
    await access.connectInClick();
    expect(api.requests).toBe(1);
    const tokens = syncHttpContext(access).tokens;
    // The request layer calls renewToken when Google answers 401.
    await expect(tokens.renewToken()).rejects.toBeInstanceOf(ReconnectNeededError);
    expect(access.hasValidToken()).toBe(false);
    await access.connectInClick();
    expect(api.requests).toBe(2);
    expect(access.hasValidToken()).toBe(true);
  });

  it("says a keyless build is not configured", async () => {
    const access = new Drive({ config: null }).syncAccess();
    expect(access.isConfigured()).toBe(false);
    await expect(access.connectInClick()).rejects.toBeInstanceOf(DriveNotConfiguredError);
  });
});
