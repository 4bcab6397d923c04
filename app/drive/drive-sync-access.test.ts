import { describe, expect, it } from "vitest";
import { DriveModel } from "../../tests/support/drive-model";
import { modelFetch } from "../../tests/support/drive-model-fetch";
import { fakeOAuth2 } from "../../tests/support/fake-oauth2";
import { Drive } from "./drive";
import { DriveNotConfiguredError } from "./errors";
import { DrivePromptStore } from "./prompt";
import { ReconnectNeededError, syncHttpContext } from "./sync/sync-drive";

const CONFIG = { clientId: "cid", apiKey: "key", appId: "42", readonly: false };

/** A Drive of one account, signed in as a@b.c. */
function accountModel(): DriveModel {
  const model = new DriveModel();
  model.accountEmail = "a@b.c";
  return model;
}

describe("Drive.syncAccess", () => {
  it("connects from a click, then hands the held token to background requests", async () => {
    const api = fakeOAuth2();
    const prompts = new DrivePromptStore();
    const drive = new Drive({
      config: CONFIG,
      loadOAuth2: async () => api,
      fetchImpl: modelFetch(accountModel()),
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
    expect(api.requests).toHaveLength(1);
    expect(access.hasValidToken()).toBe(true);
    expect(await tokens.getToken()).toBe("tok");
    expect(api.requests).toHaveLength(1);
  });

  it("after Google refuses the held token (a 401), Reconnect asks for a new one", async () => {
    const api = fakeOAuth2();
    const drive = new Drive({
      config: CONFIG,
      loadOAuth2: async () => api,
      fetchImpl: modelFetch(accountModel()),
      prompts: new DrivePromptStore(),
    });
    const access = drive.syncAccess();
    await drive.prepare();
    await access.connectInClick();
    expect(api.requests).toHaveLength(1);
    const tokens = syncHttpContext(access).tokens;
    // The request layer calls renewToken when Google answers 401.
    await expect(tokens.renewToken()).rejects.toBeInstanceOf(ReconnectNeededError);
    expect(access.hasValidToken()).toBe(false);
    await access.connectInClick();
    expect(api.requests).toHaveLength(2);
    expect(access.hasValidToken()).toBe(true);
  });

  it("says a keyless build is not configured", async () => {
    const access = new Drive({ config: null }).syncAccess();
    expect(access.isConfigured()).toBe(false);
    await expect(access.connectInClick()).rejects.toBeInstanceOf(DriveNotConfiguredError);
  });
});
