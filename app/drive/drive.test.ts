import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OAuth2Api } from "./auth";
import { Drive } from "./drive";
import { runOpen, runSave, runSignIn, type DriveDialogs } from "./flows";
import { DRIVE_MESSAGES, GOOGLE_STORAGE_URL } from "./messages";
import { DrivePromptStore, type DrivePrompt } from "./prompt";
import { DRIVE_FILES_URL, DRIVE_UPLOAD_URL, USERINFO_URL } from "./rest";
import type { PickedFile } from "./picker";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const CONFIG = { clientId: "cid", apiKey: "key", appId: "42", readonly: false };

/** A Drive error body as Google sends it (error.errors[].reason). */
function googleError(status: number, reason: string, message: string) {
  return HttpResponse.json(
    { error: { code: status, message, errors: [{ domain: "global", reason, message }] } },
    { status },
  );
}

/** Token client granting "tok" (or closing the popup when told to). */
function oauth2(
  mode: { closePopup?: boolean } = {},
): OAuth2Api & { revoked: string[]; requests: string[] } {
  const revoked: string[] = [];
  const requests: string[] = [];
  return {
    revoked,
    requests,
    initTokenClient(config) {
      return {
        requestAccessToken(override) {
          requests.push(override?.prompt ?? "");
          queueMicrotask(() => {
            if (mode.closePopup) {
              config.error_callback?.({ type: "popup_closed", message: "closed", name: "Error" });
            } else {
              config.callback({
                access_token: "tok",
                expires_in: "3600",
                scope: config.scope,
              } as google.accounts.oauth2.TokenResponse);
            }
          });
        },
      };
    },
    revoke(token, done) {
      revoked.push(token);
      done();
    },
    hasGrantedAllScopes: () => true,
  };
}

/**
 * Alerts recorded; in-page questions answered from `answers` (an action id to press, or null
 * to dismiss; default: the first action), the action's `run` called as a click would.
 */
function dialogs(...answers: (string | null)[]) {
  const alerts: string[] = [];
  const asked: DrivePrompt[] = [];
  const value: DriveDialogs = {
    alert: (message) => alerts.push(message),
    ask: async (prompt) => {
      asked.push(prompt);
      const answer = answers.length ? answers.shift() : prompt.actions[0]?.id;
      const action = prompt.actions.find((candidate) => candidate.id === answer);
      action?.run?.();
      return action?.id ?? null;
    },
  };
  return { value, alerts, asked, confirms: () => asked.map((prompt) => prompt.message) };
}

/**
 * The page's "Continue / Reconnect" buttons: recorded, and pressed at once (a user who clicks
 * them), unless `press` is false.
 */
function autoPressedPrompts(press = true) {
  const store = new DrivePromptStore();
  const titles: string[] = [];
  store.subscribe(() => {
    const prompt = store.getSnapshot().prompt;
    if (!prompt) return;
    titles.push(prompt.title);
    queueMicrotask(() => store.choose(press ? (prompt.actions[0]?.id ?? null) : null));
  });
  return { store, titles };
}

function makeDrive(
  pickResult: PickedFile | null,
  mode: { closePopup?: boolean; pressButtons?: boolean } = {},
) {
  const pickerOptions: unknown[] = [];
  const api = oauth2(mode);
  const prompts = autoPressedPrompts(mode.pressButtons);
  const drive = new Drive({
    config: CONFIG,
    loadOAuth2: async () => api,
    loadPickerApi: async () => ({}) as typeof google.picker,
    pick: async (_api, options) => {
      pickerOptions.push(options);
      return pickResult;
    },
    sleep: async () => undefined,
    prompts: prompts.store,
  });
  return { drive, pickerOptions, api, buttons: prompts.titles };
}

describe("Drive flows", () => {
  it("refuses everything when not configured", async () => {
    const drive = new Drive({ config: null });
    const d = dialogs();
    await expect(runOpen(drive, d.value)).resolves.toBeNull();
    await runSave(drive, { fileId: null, name: "a.txt", content: "a" }, { dialogs: d.value });
    await runSignIn(drive, d.value);
    expect(d.alerts).toEqual([
      DRIVE_MESSAGES.notConfigured,
      DRIVE_MESSAGES.notConfigured,
      DRIVE_MESSAGES.notConfigured,
    ]);
  });

  it("opens a picked file: token, picker options, content and metadata name", async () => {
    server.use(
      http.get(USERINFO_URL, () => HttpResponse.json({ email: "ada@example.com" })),
      http.get(`${DRIVE_FILES_URL}/:id`, ({ request }) =>
        new URL(request.url).searchParams.get("alt") === "media"
          ? HttpResponse.text("hello from drive")
          : HttpResponse.json({ id: "f1", name: "From Drive.txt", mimeType: "text/plain" }),
      ),
    );
    const { drive, pickerOptions } = makeDrive({ id: "f1", name: "picked.txt" });
    const d = dialogs();
    await expect(runOpen(drive, d.value)).resolves.toEqual({
      id: "f1",
      name: "From Drive.txt",
      content: "hello from drive",
    });
    expect(pickerOptions).toEqual([{ oauthToken: "tok", developerKey: "key", appId: "42" }]);
    expect(drive.getSnapshot()).toEqual({ status: "signed-in", email: "ada@example.com" });
    expect(d.alerts).toEqual([]);
  });

  it("does nothing when the picker or the sign-in popup is cancelled", async () => {
    server.use(http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })));
    const d = dialogs();
    await expect(runOpen(makeDrive(null).drive, d.value)).resolves.toBeNull();
    await expect(
      runOpen(makeDrive({ id: "x", name: "x" }, { closePopup: true }).drive, d.value),
    ).resolves.toBeNull();
    expect(d.alerts).toEqual([]);
  });

  it("alerts the open failure when the content cannot be read", async () => {
    server.use(
      http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })),
      http.get(`${DRIVE_FILES_URL}/:id`, () => new HttpResponse("no", { status: 400 })),
    );
    const d = dialogs();
    await runOpen(makeDrive({ id: "f1", name: "a" }).drive, d.value);
    expect(d.alerts).toEqual([DRIVE_MESSAGES.openFailure]);
  });

  it("asks to sign in when saving signed out, signs in, and does not save", async () => {
    server.use(http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })));
    const { drive } = makeDrive(null);
    const declined = dialogs(null);
    await expect(
      runSave(drive, { fileId: null, name: "a.txt", content: "a" }, { dialogs: declined.value }),
    ).resolves.toEqual({ kind: "declined" });
    expect(drive.isSignedIn()).toBe(false);
    const accepted = dialogs("sign-in");
    await expect(
      runSave(drive, { fileId: null, name: "a.txt", content: "a" }, { dialogs: accepted.value }),
    ).resolves.toEqual({ kind: "signed-in-instead" });
    expect(accepted.confirms()).toEqual([DRIVE_MESSAGES.confirmSignInToSave]);
    expect(accepted.asked[0].actions.map((action) => action.label)).toEqual(["Sign in"]);
    expect(drive.isSignedIn()).toBe(true);
    expect(accepted.alerts).toEqual([]);
  });

  it("saves a new file into the folder (made once), then updates it; failure alerts", async () => {
    let folderCreates = 0;
    const uploads: string[] = [];
    let failNext = false;
    server.use(
      http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })),
      http.get(DRIVE_FILES_URL, () => HttpResponse.json({ files: [] })),
      http.post(DRIVE_FILES_URL, () => {
        folderCreates++;
        return HttpResponse.json({ id: "folder-1" });
      }),
      http.post(DRIVE_UPLOAD_URL, () => {
        uploads.push("POST");
        return HttpResponse.json({ id: `new-${uploads.length}` });
      }),
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, ({ params }) => {
        uploads.push(`PATCH ${params.id}`);
        return failNext
          ? new HttpResponse("broken", { status: 400 })
          : HttpResponse.json({ id: params.id });
      }),
    );
    const { drive, api } = makeDrive(null);
    const d = dialogs();
    await runSignIn(drive, d.value);
    const stages: string[] = [];
    const first = await runSave(
      drive,
      { fileId: null, name: "a.txt", content: "a" },
      {
        onStage: (stage) => stages.push(stage),
        onSaved: (id) => stages.push(`saved ${id}`),
        dialogs: d.value,
      },
    );
    expect(first).toEqual({ kind: "saved", fileId: "new-1" });
    expect(stages).toEqual(["folder", "uploading", "saved new-1"]);
    await runSave(drive, { fileId: null, name: "b.txt", content: "b" }, { dialogs: d.value });
    expect(folderCreates).toBe(1);
    await runSave(drive, { fileId: "new-1", name: "a.txt", content: "a2" }, { dialogs: d.value });
    failNext = true;
    await expect(
      runSave(drive, { fileId: "new-1", name: "a.txt", content: "a3" }, { dialogs: d.value }),
    ).resolves.toEqual({ kind: "failed" });
    expect(uploads).toEqual(["POST", "POST", "PATCH new-1", "PATCH new-1"]);
    expect(d.alerts).toEqual([
      DRIVE_MESSAGES.saveSuccess,
      DRIVE_MESSAGES.saveSuccess,
      DRIVE_MESSAGES.saveSuccess,
      DRIVE_MESSAGES.saveFailure,
    ]);
    await drive.signOut();
    expect(api.revoked).toEqual(["tok"]);
    expect(drive.getSnapshot().status).toBe("signed-out");
  });

  it("saves into a new file when the document's Drive file is gone (404)", async () => {
    const uploads: string[] = [];
    server.use(
      http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })),
      http.get(DRIVE_FILES_URL, () => HttpResponse.json({ files: [{ id: "folder-1" }] })),
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, ({ params }) => {
        uploads.push(`PATCH ${params.id}`);
        return new HttpResponse("File not found", { status: 404 });
      }),
      http.post(DRIVE_UPLOAD_URL, () => {
        uploads.push("POST");
        return HttpResponse.json({ id: "replacement" });
      }),
    );
    const { drive } = makeDrive(null);
    const d = dialogs();
    await runSignIn(drive, d.value);
    await expect(
      runSave(drive, { fileId: "deleted", name: "a.txt", content: "a" }, { dialogs: d.value }),
    ).resolves.toEqual({ kind: "saved", fileId: "replacement" });
    expect(uploads).toEqual(["PATCH deleted", "POST"]);
    expect(d.alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);
  });

  it("with Google's library prepared, sign-in, open and save ask for the token within the call", async () => {
    server.use(
      http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })),
      http.get(`${DRIVE_FILES_URL}/:id`, ({ request }) =>
        new URL(request.url).searchParams.get("alt") === "media"
          ? HttpResponse.text("text")
          : HttpResponse.json({ id: "f1", name: "f1.txt" }),
      ),
    );
    const { drive, api, buttons } = makeDrive({ id: "f1", name: "f1.txt" });
    await drive.prepare();
    const d = dialogs();
    // The request is made before the flow's first await: still inside the user's click.
    const opening = runOpen(drive, d.value);
    expect(api.requests).toEqual([""]);
    await opening;
    const signingIn = runSignIn(drive, d.value);
    expect(api.requests).toEqual(["", "consent"]);
    await signingIn;
    expect(buttons).toEqual([]);
    expect(d.alerts).toEqual([]);
  });

  it("a click that came before Google's library was ready asks for one more click", async () => {
    server.use(http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })));
    const { drive, api, buttons } = makeDrive(null);
    const d = dialogs();
    const signingIn = runSignIn(drive, d.value);
    expect(api.requests).toEqual([]); // no window outside a click
    await expect(signingIn).resolves.toBe(true);
    expect(buttons).toEqual(["Sign in with Google"]);
    expect(api.requests).toEqual(["consent"]);
  });

  it("a token refused mid-save (401) is renewed through the Reconnect button, then the save ends", async () => {
    let patches = 0;
    server.use(
      http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })),
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, ({ params }) => {
        patches++;
        return patches === 1
          ? googleError(401, "authError", "Invalid Credentials")
          : HttpResponse.json({ id: params.id });
      }),
    );
    const { drive, api, buttons } = makeDrive(null);
    await drive.prepare();
    const d = dialogs();
    await runSignIn(drive, d.value);
    await expect(
      runSave(drive, { fileId: "f1", name: "a.txt", content: "a" }, { dialogs: d.value }),
    ).resolves.toEqual({ kind: "saved", fileId: "f1" });
    expect(buttons).toEqual(["Reconnect to Google Drive"]);
    expect(api.requests).toEqual(["consent", ""]);
    expect(d.alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);
  });

  it("a dismissed Reconnect button leaves the document unsaved and says so", async () => {
    server.use(
      http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })),
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, () =>
        googleError(401, "authError", "Invalid Credentials"),
      ),
    );
    const { drive } = makeDrive(null, { pressButtons: false });
    await drive.prepare();
    const d = dialogs();
    await runSignIn(drive, d.value);
    await expect(
      runSave(drive, { fileId: "f1", name: "a.txt", content: "a" }, { dialogs: d.value }),
    ).resolves.toEqual({ kind: "failed" });
    expect(d.alerts).toEqual([DRIVE_MESSAGES.saveFailure]);
  });

  /** Saves over "f1", which answers PATCH with `failure`; a new file gets id "new-1". */
  async function saveOverRefusedFile(failure: () => Response, ...answers: (string | null)[]) {
    const writes: string[] = [];
    server.use(
      http.get(USERINFO_URL, () => HttpResponse.json({ email: "a@b.c" })),
      http.get(DRIVE_FILES_URL, () => HttpResponse.json({ files: [{ id: "folder-1" }] })),
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, ({ params }) => {
        writes.push(`PATCH ${params.id}`);
        return failure();
      }),
      http.post(DRIVE_UPLOAD_URL, () => {
        writes.push("POST");
        return HttpResponse.json({ id: "new-1" });
      }),
    );
    const { drive } = makeDrive(null);
    await drive.prepare();
    const d = dialogs(...answers);
    await runSignIn(drive, d.value);
    const saved: string[] = [];
    const outcome = await runSave(
      drive,
      { fileId: "f1", name: "a.txt", content: "a" },
      { dialogs: d.value, onSaved: (id) => saved.push(id) },
    );
    return { outcome, writes, saved, d };
  }

  it("appNotAuthorizedToFile: offers 'Save as a new file in Drive', which creates one", async () => {
    const refused = () =>
      googleError(
        403,
        "appNotAuthorizedToFile",
        "The user has not granted the app 42 write access to the file f1.",
      );
    const accepted = await saveOverRefusedFile(refused, "save-as-new");
    expect(accepted.d.asked.map((prompt) => prompt.message)).toEqual([
      DRIVE_MESSAGES.appNotAuthorized,
    ]);
    expect(accepted.d.asked[0].actions.map((action) => action.label)).toEqual([
      "Save as a new file in Drive",
    ]);
    expect(accepted.outcome).toEqual({ kind: "saved", fileId: "new-1" });
    expect(accepted.writes).toEqual(["PATCH f1", "POST"]);
    expect(accepted.saved).toEqual(["new-1"]);
    expect(accepted.d.alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);

    const declined = await saveOverRefusedFile(refused, null);
    expect(declined.outcome).toEqual({ kind: "failed" });
    expect(declined.writes).toEqual(["PATCH f1"]);
    expect(declined.saved).toEqual([]);
    expect(declined.d.alerts).toEqual([]);
  });

  it("insufficientFilePermissions: 'You can view this file but not change it. Save a copy?'", async () => {
    const { outcome, writes, d } = await saveOverRefusedFile(
      () =>
        googleError(
          403,
          "insufficientFilePermissions",
          "The user does not have sufficient permissions for file f1.",
        ),
      "save-copy",
    );
    expect(d.asked[0].message).toBe("You can view this file but not change it. Save a copy?");
    expect(d.asked[0].actions.map((action) => action.label)).toEqual(["Save a copy"]);
    expect(outcome).toEqual({ kind: "saved", fileId: "new-1" });
    expect(writes).toEqual(["PATCH f1", "POST"]);
  });

  it("storageQuotaExceeded: says the Drive is full and links to Google's storage page", async () => {
    const { outcome, writes, d } = await saveOverRefusedFile(() =>
      googleError(403, "storageQuotaExceeded", "The user's Drive storage quota has been exceeded."),
    );
    expect(outcome).toEqual({ kind: "failed" });
    expect(writes).toEqual(["PATCH f1"]);
    expect(d.asked[0].message).toBe(DRIVE_MESSAGES.driveFull);
    expect(d.asked[0].actions).toEqual([
      { id: "storage", label: "Manage Google storage", href: GOOGLE_STORAGE_URL },
    ]);
    expect(d.alerts).toEqual([]);
  });

  it("domainPolicy: says the organisation blocks it, offers nothing that cannot work", async () => {
    const { outcome, writes, d } = await saveOverRefusedFile(() =>
      googleError(403, "domainPolicy", "The domain administrators have disabled Drive apps."),
    );
    expect(outcome).toEqual({ kind: "failed" });
    expect(writes).toEqual(["PATCH f1"]);
    expect(d.asked).toEqual([]);
    expect(d.alerts).toEqual([DRIVE_MESSAGES.domainPolicy]);
  });

  it("a rate-limit 403 is retried as before, then saves", async () => {
    let patches = 0;
    const { outcome, d } = await saveOverRefusedFile(() => {
      patches++;
      return patches < 3
        ? googleError(403, "userRateLimitExceeded", "User Rate Limit Exceeded")
        : HttpResponse.json({ id: "f1" });
    });
    expect(outcome).toEqual({ kind: "saved", fileId: "f1" });
    expect(d.alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);
  });
});
