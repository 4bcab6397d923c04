import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OAuth2Api } from "./auth";
import { Drive } from "./drive";
import { runOpen, runSave, runSignIn, type DriveDialogs } from "./flows";
import { DRIVE_MESSAGES } from "./messages";
import { DRIVE_FILES_URL, DRIVE_UPLOAD_URL, USERINFO_URL } from "./rest";
import type { PickedFile } from "./picker";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const CONFIG = { clientId: "cid", apiKey: "key", appId: "42" };

/** Token client granting "tok" (or closing the popup when told to). */
function oauth2(mode: { closePopup?: boolean } = {}): OAuth2Api & { revoked: string[] } {
  const revoked: string[] = [];
  return {
    revoked,
    initTokenClient(config) {
      return {
        requestAccessToken() {
          queueMicrotask(() => {
            if (mode.closePopup) {
              config.error_callback?.({ type: "popup_closed", message: "closed", name: "Error" });
            } else {
              config.callback({
                access_token: "tok",
                expires_in: "3600",
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
  };
}

function dialogs(confirmAnswer = true) {
  const alerts: string[] = [];
  const confirms: string[] = [];
  const value: DriveDialogs = {
    alert: (message) => alerts.push(message),
    confirm: (message) => {
      confirms.push(message);
      return confirmAnswer;
    },
  };
  return { value, alerts, confirms };
}

function makeDrive(pickResult: PickedFile | null, mode: { closePopup?: boolean } = {}) {
  const pickerOptions: unknown[] = [];
  const api = oauth2(mode);
  const drive = new Drive({
    config: CONFIG,
    loadOAuth2: async () => api,
    loadPickerApi: async () => ({}) as typeof google.picker,
    pick: async (_api, options) => {
      pickerOptions.push(options);
      return pickResult;
    },
    sleep: async () => undefined,
  });
  return { drive, pickerOptions, api };
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
    const declined = dialogs(false);
    await expect(
      runSave(drive, { fileId: null, name: "a.txt", content: "a" }, { dialogs: declined.value }),
    ).resolves.toEqual({ kind: "declined" });
    expect(drive.isSignedIn()).toBe(false);
    const accepted = dialogs(true);
    await expect(
      runSave(drive, { fileId: null, name: "a.txt", content: "a" }, { dialogs: accepted.value }),
    ).resolves.toEqual({ kind: "signed-in-instead" });
    expect(accepted.confirms).toEqual([DRIVE_MESSAGES.confirmSignInToSave]);
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
});
