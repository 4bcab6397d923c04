import { describe, expect, it } from "vitest";
import { DRIVE_SCOPES, DriveAuth, type OAuth2Api } from "./auth";
import { SignInCancelledError, TokenError } from "./errors";

type Answer =
  | { token: string; expiresIn?: string }
  | { error: string }
  | { errorType: "popup_closed" | "popup_failed_to_open" };

/** A stand-in for google.accounts.oauth2 answering each token request from a queue. */
function fakeOAuth2(answers: Answer[]) {
  const prompts: (string | undefined)[] = [];
  const revoked: string[] = [];
  let config: google.accounts.oauth2.TokenClientConfig | null = null;
  const api: OAuth2Api = {
    initTokenClient(c) {
      config = c;
      return {
        requestAccessToken(override) {
          prompts.push(override?.prompt);
          const answer = answers.shift();
          queueMicrotask(() => {
            if (!answer || !config) return;
            if ("token" in answer) {
              config.callback({
                access_token: answer.token,
                expires_in: answer.expiresIn ?? "3600",
              } as google.accounts.oauth2.TokenResponse);
            } else if ("error" in answer) {
              config.callback({ error: answer.error } as google.accounts.oauth2.TokenResponse);
            } else {
              config.error_callback?.({
                type: answer.errorType,
                message: answer.errorType,
                name: "Error",
              });
            }
          });
        },
      };
    },
    revoke(token, done) {
      revoked.push(token);
      done();
    },
  };
  return { api, prompts, revoked, config: () => config };
}

function makeAuth(answers: Answer[], email = "ada@example.com") {
  let now = 1_000_000;
  const fake = fakeOAuth2(answers);
  const emailsFetched: string[] = [];
  const auth = new DriveAuth({
    clientId: "client-1",
    loadOAuth2: async () => fake.api,
    fetchEmail: async (token) => {
      emailsFetched.push(token);
      return email;
    },
    now: () => now,
  });
  return { auth, fake, emailsFetched, advance: (ms: number) => (now += ms) };
}

describe("DriveAuth", () => {
  it("signs in with the consent prompt and the spec's scopes, then shows the e-mail", async () => {
    const { auth, fake } = makeAuth([{ token: "tok-1" }]);
    const changes: string[] = [];
    auth.subscribe(() => changes.push(auth.getSnapshot().status));
    await expect(auth.signIn()).resolves.toBe("ada@example.com");
    expect(fake.prompts).toEqual(["consent"]);
    expect(fake.config()?.client_id).toBe("client-1");
    expect(fake.config()?.scope).toBe(DRIVE_SCOPES);
    expect(DRIVE_SCOPES.split(" ")).toEqual([
      "https://www.googleapis.com/auth/drive.file",
      "https://www.googleapis.com/auth/drive.readonly",
      "openid",
      "email",
      "profile",
    ]);
    expect(auth.getSnapshot()).toEqual({ status: "signed-in", email: "ada@example.com" });
    expect(changes).toEqual(["signing-in", "signed-in"]);
  });

  it("asks with an empty prompt on demand and reuses a live token", async () => {
    const { auth, fake } = makeAuth([{ token: "tok-1" }]);
    await expect(auth.getToken()).resolves.toBe("tok-1");
    await expect(auth.getToken()).resolves.toBe("tok-1");
    expect(fake.prompts).toEqual([""]);
  });

  it("renews silently once the token's lifetime is over, keeping the e-mail", async () => {
    const { auth, fake, advance, emailsFetched } = makeAuth([
      { token: "tok-1", expiresIn: "3600" },
      { token: "tok-2", expiresIn: "3600" },
    ]);
    await auth.signIn();
    advance(3600 * 1000);
    await expect(auth.getToken()).resolves.toBe("tok-2");
    expect(fake.prompts).toEqual(["consent", ""]);
    expect(emailsFetched).toEqual(["tok-1"]);
    expect(auth.getSnapshot().email).toBe("ada@example.com");
  });

  it("looks the address up again on an explicit sign-in (it may be another account)", async () => {
    const { auth, advance, emailsFetched } = makeAuth([
      { token: "tok-1", expiresIn: "3600" },
      { error: "interaction_required" },
      { token: "tok-3" },
    ]);
    await auth.signIn();
    advance(3600 * 1000);
    await expect(auth.getToken()).rejects.toBeInstanceOf(TokenError);
    await auth.signIn();
    expect(emailsFetched).toEqual(["tok-1", "tok-3"]);
  });

  it("shares one request between concurrent callers", async () => {
    const { auth, fake } = makeAuth([{ token: "tok-1" }]);
    const [a, b] = await Promise.all([auth.getToken(), auth.getToken()]);
    expect([a, b]).toEqual(["tok-1", "tok-1"]);
    expect(fake.prompts).toHaveLength(1);
  });

  it("treats a closed popup as a cancel and passes token errors through", async () => {
    const { auth } = makeAuth([{ errorType: "popup_closed" }, { error: "access_denied" }]);
    await expect(auth.signIn()).rejects.toBeInstanceOf(SignInCancelledError);
    expect(auth.getSnapshot().status).toBe("signed-out");
    const error = await auth.signIn().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).code).toBe("access_denied");
    expect(auth.isSignedIn()).toBe(false);
  });

  it("signs out by revoking and forgetting the token", async () => {
    const { auth, fake } = makeAuth([{ token: "tok-1" }, { token: "tok-2" }]);
    await auth.signIn();
    await auth.signOut();
    expect(fake.revoked).toEqual(["tok-1"]);
    expect(auth.isSignedIn()).toBe(false);
    expect(auth.getSnapshot()).toEqual({ status: "signed-out", email: "" });
    // A later call asks Google again instead of reusing the revoked token.
    await expect(auth.getToken()).resolves.toBe("tok-2");
  });

  it("keeps an empty e-mail when user info failed", async () => {
    const { auth } = makeAuth([{ token: "tok-1" }], "");
    await expect(auth.signIn()).resolves.toBe("");
    expect(auth.getSnapshot()).toEqual({ status: "signed-in", email: "" });
  });
});
