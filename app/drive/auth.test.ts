import { describe, expect, it } from "vitest";
import {
  DRIVE_FILE_SCOPE,
  DRIVE_READONLY_SCOPE,
  DriveAuth,
  driveScopes,
  type ClickPromptKind,
} from "./auth";
import { MissingScopesError, SignInCancelledError, TokenError } from "./errors";
import { fakeOAuth2, type OAuth2Answer } from "../../tests/support/fake-oauth2";

// An empty queue leaves a request unanswered here: each test says how Google answers.
const UNANSWERED: OAuth2Answer = { silent: true };

/** Buttons asked for: press (true) or dismiss (false) them per the queue; default press. */
function clickAsker(presses: boolean[] = []) {
  const asked: ClickPromptKind[] = [];
  const askForClick = async (kind: ClickPromptKind, onClick: () => void) => {
    asked.push(kind);
    const press = presses.shift() ?? true;
    if (press) onClick();
    return press;
  };
  return { asked, askForClick };
}

function makeAuth(
  answers: OAuth2Answer[],
  options: { email?: string; presses?: boolean[]; readonly?: boolean } = {},
) {
  let now = 1_000_000;
  const fake = fakeOAuth2(answers, UNANSWERED);
  const emailsFetched: string[] = [];
  const clicks = clickAsker(options.presses);
  let loads = 0;
  const auth = new DriveAuth({
    clientId: "client-1",
    scopes: driveScopes(options.readonly ?? false),
    loadOAuth2: async () => {
      loads++;
      return fake;
    },
    fetchEmail: async (token) => {
      emailsFetched.push(token);
      return options.email ?? "ada@example.com";
    },
    askForClick: clicks.askForClick,
    now: () => now,
  });
  return {
    auth,
    fake,
    emailsFetched,
    asked: clicks.asked,
    loads: () => loads,
    advance: (ms: number) => (now += ms),
  };
}

describe("driveScopes", () => {
  it("asks for drive.file and the sign-in scopes; drive.readonly only when configured", () => {
    expect(driveScopes(false)).toEqual([DRIVE_FILE_SCOPE, "openid", "email", "profile"]);
    expect(driveScopes(true)).toEqual([
      DRIVE_FILE_SCOPE,
      DRIVE_READONLY_SCOPE,
      "openid",
      "email",
      "profile",
    ]);
  });
});

describe("DriveAuth", () => {
  it("signs in with the consent prompt and the drive.file scopes, then shows the e-mail", async () => {
    const { auth, fake } = makeAuth([{ token: "tok-1" }]);
    await auth.prepare();
    const changes: string[] = [];
    auth.subscribe(() => changes.push(auth.getSnapshot().status));
    await expect(auth.signIn()).resolves.toBe("ada@example.com");
    expect(fake.requests).toEqual(["consent"]);
    expect(fake.config()?.client_id).toBe("client-1");
    expect(fake.config()?.scope).toBe(
      "https://www.googleapis.com/auth/drive.file openid email profile",
    );
    expect(auth.getSnapshot()).toEqual({ status: "signed-in", email: "ada@example.com" });
    expect(changes).toEqual(["signing-in", "signed-in"]);
  });

  it("opens Google's window synchronously when the client is ready (inside the click)", async () => {
    const { auth, fake, asked } = makeAuth([{ token: "tok-1" }, { token: "tok-2" }]);
    await auth.prepare();
    const signIn = auth.signIn();
    // No await between the call and the request: the browser still sees the click.
    expect(fake.requests).toEqual(["consent"]);
    await signIn;
    expect(asked).toEqual([]);
  });

  it("loads Google's library once, and again after a failed load", async () => {
    let fail = true;
    const fake = fakeOAuth2([], UNANSWERED);
    let loads = 0;
    const auth = new DriveAuth({
      clientId: "c",
      scopes: driveScopes(false),
      loadOAuth2: async () => {
        loads++;
        if (fail) throw new Error("offline");
        return fake;
      },
      fetchEmail: async () => "",
      askForClick: async () => false,
    });
    await expect(auth.prepare()).rejects.toThrow("offline");
    expect(auth.isReady()).toBe(false);
    fail = false;
    await Promise.all([auth.prepare(), auth.prepare()]);
    await auth.prepare();
    expect(loads).toBe(2);
    expect(auth.isReady()).toBe(true);
  });

  it("a click before the library is ready asks for one more click instead of a blocked window", async () => {
    const { auth, fake, asked } = makeAuth([{ token: "tok-1" }]);
    const signIn = auth.signIn(); // not prepared
    expect(fake.requests).toEqual([]);
    await expect(signIn).resolves.toBe("ada@example.com");
    expect(asked).toEqual(["continue"]);
    // The request went out from inside the button's click, with the sign-in's consent prompt.
    expect(fake.requests).toEqual(["consent"]);
  });

  it("a dismissed button is a cancel", async () => {
    const { auth, fake } = makeAuth([{ token: "tok-1" }], { presses: [false] });
    await expect(auth.signIn()).rejects.toBeInstanceOf(SignInCancelledError);
    expect(fake.requests).toEqual([]);
    expect(auth.getSnapshot().status).toBe("signed-out");
  });

  it("in a click, asks with an empty prompt on demand and reuses a live token", async () => {
    const { auth, fake } = makeAuth([{ token: "tok-1" }]);
    await auth.prepare();
    await expect(auth.getTokenInClick()).resolves.toBe("tok-1");
    await expect(auth.getTokenInClick()).resolves.toBe("tok-1");
    await expect(auth.getToken()).resolves.toBe("tok-1");
    expect(fake.requests).toEqual([""]);
  });

  it("outside a click, renews an expired token only through the Reconnect button", async () => {
    const { auth, fake, advance, emailsFetched, asked } = makeAuth([
      { token: "tok-1", expiresIn: "3600" },
      { token: "tok-2", expiresIn: "3600" },
    ]);
    await auth.prepare();
    await auth.signIn();
    advance(3600 * 1000);
    await expect(auth.getToken()).resolves.toBe("tok-2");
    expect(asked).toEqual(["reconnect"]);
    expect(fake.requests).toEqual(["consent", ""]);
    expect(emailsFetched).toEqual(["tok-1"]);
    expect(auth.getSnapshot().email).toBe("ada@example.com");
  });

  it("after a 401 renews through the Reconnect button; dismissing it fails the call", async () => {
    const { auth, fake, asked } = makeAuth([{ token: "tok-1" }, { token: "tok-2" }], {
      presses: [true, false],
    });
    await auth.prepare();
    await auth.getTokenInClick();
    await expect(auth.renewToken()).resolves.toBe("tok-2");
    await expect(auth.renewToken()).rejects.toBeInstanceOf(SignInCancelledError);
    expect(asked).toEqual(["reconnect", "reconnect"]);
    expect(fake.requests).toEqual(["", ""]);
    expect(auth.isSignedIn()).toBe(false);
  });

  it("looks the address up again on an explicit sign-in (it may be another account)", async () => {
    const { auth, advance, emailsFetched } = makeAuth([
      { token: "tok-1", expiresIn: "3600" },
      { error: "interaction_required" },
      { token: "tok-3" },
    ]);
    await auth.prepare();
    await auth.signIn();
    advance(3600 * 1000);
    await expect(auth.getToken()).rejects.toBeInstanceOf(TokenError);
    await auth.signIn();
    expect(emailsFetched).toEqual(["tok-1", "tok-3"]);
  });

  it("shares one request between concurrent callers", async () => {
    const { auth, fake } = makeAuth([{ token: "tok-1" }]);
    await auth.prepare();
    const [a, b] = await Promise.all([auth.getTokenInClick(), auth.getToken()]);
    expect([a, b]).toEqual(["tok-1", "tok-1"]);
    expect(fake.requests).toHaveLength(1);
  });

  it("treats a closed popup as a cancel and passes token errors through", async () => {
    const { auth } = makeAuth([{ errorType: "popup_closed" }, { error: "access_denied" }]);
    await auth.prepare();
    await expect(auth.signIn()).rejects.toBeInstanceOf(SignInCancelledError);
    expect(auth.getSnapshot().status).toBe("signed-out");
    const error = await auth.signIn().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).code).toBe("access_denied");
    expect(auth.isSignedIn()).toBe(false);
  });

  it("refuses a token without drive.file (unticked on the consent screen) and says which", async () => {
    const { auth } = makeAuth([{ token: "tok-1", scope: "openid email profile" }]);
    await auth.prepare();
    const error = await auth.signIn().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingScopesError);
    expect((error as MissingScopesError).missing).toEqual([DRIVE_FILE_SCOPE]);
    expect(auth.isSignedIn()).toBe(false);
  });

  it("does not need drive.readonly even where it is asked for", async () => {
    const { auth, fake } = makeAuth([{ token: "tok-1", scope: `${DRIVE_FILE_SCOPE} openid` }], {
      readonly: true,
    });
    await auth.prepare();
    await expect(auth.signIn()).resolves.toBe("ada@example.com");
    expect(fake.config()?.scope.split(" ")).toContain(DRIVE_READONLY_SCOPE);
  });

  it("signs out by revoking and forgetting the token; the next token is a new sign-in", async () => {
    const { auth, fake, asked } = makeAuth([{ token: "tok-1" }, { token: "tok-2" }]);
    await auth.prepare();
    await auth.signIn();
    await auth.signOut();
    expect(fake.revoked).toEqual(["tok-1"]);
    expect(auth.isSignedIn()).toBe(false);
    expect(auth.getSnapshot()).toEqual({ status: "signed-out", email: "" });
    // Outside a click after sign-out: a "continue" button, not "reconnect".
    await expect(auth.getToken()).resolves.toBe("tok-2");
    expect(asked).toEqual(["continue"]);
  });

  it("keeps an empty e-mail when user info failed", async () => {
    const { auth } = makeAuth([{ token: "tok-1" }], { email: "" });
    await auth.prepare();
    await expect(auth.signIn()).resolves.toBe("");
    expect(auth.getSnapshot()).toEqual({ status: "signed-in", email: "" });
  });
});
