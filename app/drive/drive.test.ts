import { afterEach, describe, expect, it, vi } from "vitest";
import { isWorkRunning } from "~/storage/pending-work";
import { DriveModel, FOLDER_MIME, type ModelFault } from "../../tests/support/drive-model";
import { modelFetch } from "../../tests/support/drive-model-fetch";
import { GRANT, fakeOAuth2 } from "../../tests/support/fake-oauth2";
import { Drive } from "./drive";
import { runOpen, runSave, runSignIn, type DriveDialogs } from "./flows";
import { DRIVE_MESSAGES, GOOGLE_STORAGE_URL } from "./messages";
import { DrivePromptStore, type DrivePrompt } from "./prompt";
import { APP_FOLDER_NAME, RESUMABLE_THRESHOLD_BYTES } from "./rest";
import type { PickedFile } from "./picker";

/*
 * Against the one fake Drive (tests/support/drive-model.ts): what a flow did is read back
 * from the Drive itself (files, their text, the requests it answered).
 */

const CONFIG = { clientId: "cid", apiKey: "key", appId: "42", readonly: false };

/** The writes Drive answered, in order: "POST" (a new file) or "PATCH <file id>". */
function writes(model: DriveModel): string[] {
  return model.seen
    .filter((seen) => seen.path.startsWith("/upload/"))
    .map((seen) => (seen.kind === "create" ? "POST" : `PATCH ${seen.fileId}`));
}

/** The file named `name` (not a folder) that is not `except`. */
function newFile(model: DriveModel, name: string, except?: string) {
  const file = [...model.files.values()].find(
    (f) => f.name === name && f.mimeType !== FOLDER_MIME && f.id !== except,
  );
  if (!file) throw new Error(`no new file ${name}`);
  return file;
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
  model = new DriveModel(),
) {
  const pickerOptions: unknown[] = [];
  const api = fakeOAuth2([], mode.closePopup ? { errorType: "popup_closed" } : GRANT);
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
    fetchImpl: modelFetch(model),
  });
  return { drive, pickerOptions, api, buttons: prompts.titles, model };
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
    const model = new DriveModel();
    model.accountEmail = "ada@example.com";
    model.addFile("From Drive.txt", "hello from drive", { id: "f1" });
    const { drive, pickerOptions } = makeDrive({ id: "f1", name: "picked.txt" }, {}, model);
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

  it("a file opened from Drive keeps its own MIME type when saved, small or big (issue 50)", async () => {
    const model = new DriveModel();
    model.addFile("notes.md", "# Notes", { id: "f1", mimeType: "text/markdown" });
    const { drive } = makeDrive({ id: "f1", name: "notes.md" }, {}, model);
    const d = dialogs();
    await runOpen(drive, d.value);
    const save = (content: string) =>
      runSave(drive, { fileId: "f1", name: "notes.md", content }, { dialogs: d.value });
    await expect(save("# Notes\n- one")).resolves.toEqual({ kind: "saved", fileId: "f1" });
    expect(model.files.get("f1")?.mimeType).toBe("text/markdown");
    // Over 5 MB the text goes by a resumable upload.
    const big = `# Notes\n${"- item\n".repeat(RESUMABLE_THRESHOLD_BYTES / 7 + 1)}`;
    await expect(save(big)).resolves.toEqual({ kind: "saved", fileId: "f1" });
    expect(model.text("f1")).toBe(big);
    expect(model.files.get("f1")?.mimeType).toBe("text/markdown");
    // The big one went by a session (its content PUT), not as one multipart PATCH.
    expect(model.seen.filter((seen) => seen.method === "PUT")).toHaveLength(1);
  });

  it("does nothing when the picker or the sign-in popup is cancelled", async () => {
    const d = dialogs();
    await expect(runOpen(makeDrive(null).drive, d.value)).resolves.toBeNull();
    await expect(
      runOpen(makeDrive({ id: "x", name: "x" }, { closePopup: true }).drive, d.value),
    ).resolves.toBeNull();
    expect(d.alerts).toEqual([]);
  });

  it("alerts the open failure when the content cannot be read", async () => {
    const model = new DriveModel();
    model.addFile("a", "unreadable", { id: "f1" });
    model.faults = [
      { kind: "get", status: 400, reason: "badRequest" },
      { kind: "media", status: 400, reason: "badRequest" },
    ];
    const d = dialogs();
    await runOpen(makeDrive({ id: "f1", name: "a" }, {}, model).drive, d.value);
    expect(d.alerts).toEqual([DRIVE_MESSAGES.openFailure]);
  });

  it("asks to sign in when saving signed out, signs in, and does not save", async () => {
    const { drive, model } = makeDrive(null);
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
    expect(writes(model)).toEqual([]);
  });

  it("saves a new file into the folder (made once), then updates it; failure alerts", async () => {
    const { drive, api, model } = makeDrive(null);
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
    const a = newFile(model, "a.txt");
    const [folder] = model.foldersNamed(APP_FOLDER_NAME);
    expect(a.parents).toEqual([folder.id]);
    expect(model.text(a.id)).toBe("a");
    expect(first).toEqual({ kind: "saved", fileId: a.id });
    expect(stages).toEqual(["folder", "uploading", `saved ${a.id}`]);
    await runSave(drive, { fileId: null, name: "b.txt", content: "b" }, { dialogs: d.value });
    expect(model.foldersNamed(APP_FOLDER_NAME)).toHaveLength(1);
    expect(newFile(model, "b.txt").parents).toEqual([folder.id]);
    await runSave(drive, { fileId: a.id, name: "a.txt", content: "a2" }, { dialogs: d.value });
    expect(model.text(a.id)).toBe("a2");
    model.faults = [{ kind: "upload", status: 400, reason: "badRequest" }];
    await expect(
      runSave(drive, { fileId: a.id, name: "a.txt", content: "a3" }, { dialogs: d.value }),
    ).resolves.toEqual({ kind: "failed" });
    expect(model.text(a.id)).toBe("a2");
    expect(writes(model)).toEqual(["POST", "POST", `PATCH ${a.id}`, `PATCH ${a.id}`]);
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
    const model = new DriveModel();
    const folder = model.addFolder(APP_FOLDER_NAME);
    const { drive } = makeDrive(null, {}, model);
    const d = dialogs();
    await runSignIn(drive, d.value);
    const outcome = await runSave(
      drive,
      { fileId: "deleted", name: "a.txt", content: "a" },
      { dialogs: d.value },
    );
    const replacement = newFile(model, "a.txt");
    expect(outcome).toEqual({ kind: "saved", fileId: replacement.id });
    expect(replacement.parents).toEqual([folder.id]);
    expect(model.text(replacement.id)).toBe("a");
    expect(writes(model)).toEqual(["PATCH deleted", "POST"]);
    expect(d.alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);
  });

  it("with Google's library prepared, sign-in, open and save ask for the token within the call", async () => {
    const model = new DriveModel();
    model.addFile("f1.txt", "text", { id: "f1" });
    const { drive, api, buttons } = makeDrive({ id: "f1", name: "f1.txt" }, {}, model);
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
    const { drive, api, buttons } = makeDrive(null);
    const d = dialogs();
    const signingIn = runSignIn(drive, d.value);
    expect(api.requests).toEqual([]); // no window outside a click
    await expect(signingIn).resolves.toBe(true);
    expect(buttons).toEqual(["Sign in with Google"]);
    expect(api.requests).toEqual(["consent"]);
  });

  it("a token refused mid-save (401) is renewed through the Reconnect button, then the save ends", async () => {
    const model = new DriveModel();
    model.addFile("a.txt", "before", { id: "f1" });
    model.faults = [{ kind: "upload", status: 401, reason: "authError" }];
    const { drive, api, buttons } = makeDrive(null, {}, model);
    await drive.prepare();
    const d = dialogs();
    await runSignIn(drive, d.value);
    await expect(
      runSave(drive, { fileId: "f1", name: "a.txt", content: "a" }, { dialogs: d.value }),
    ).resolves.toEqual({ kind: "saved", fileId: "f1" });
    expect(buttons).toEqual(["Reconnect to Google Drive"]);
    expect(api.requests).toEqual(["consent", ""]);
    expect(d.alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);
    expect(model.text("f1")).toBe("a");
  });

  it("a dismissed Reconnect button leaves the document unsaved and says so", async () => {
    const model = new DriveModel();
    model.addFile("a.txt", "before", { id: "f1" });
    model.faults = [{ kind: "upload", status: 401, reason: "authError", times: 5 }];
    const { drive } = makeDrive(null, { pressButtons: false }, model);
    await drive.prepare();
    const d = dialogs();
    await runSignIn(drive, d.value);
    await expect(
      runSave(drive, { fileId: "f1", name: "a.txt", content: "a" }, { dialogs: d.value }),
    ).resolves.toEqual({ kind: "failed" });
    expect(d.alerts).toEqual([DRIVE_MESSAGES.saveFailure]);
    expect(model.text("f1")).toBe("before");
  });

  /**
   * Saves "a" over "f1" (in the app's folder), whose updates meet `refuse` (faults, or a change
   * of the file such as taking edit rights away); a new file, if any, is the other "a.txt".
   */
  async function saveOverRefusedFile(
    refuse: ModelFault[] | ((model: DriveModel) => void),
    ...answers: (string | null)[]
  ) {
    const model = new DriveModel();
    const folder = model.addFolder(APP_FOLDER_NAME);
    model.addFile("a.txt", "before", { id: "f1", parents: [folder.id] });
    if (typeof refuse === "function") refuse(model);
    else model.faults = refuse.map((fault) => ({ ...fault, fileId: "f1" }));
    const { drive } = makeDrive(null, {}, model);
    await drive.prepare();
    const d = dialogs(...answers);
    await runSignIn(drive, d.value);
    const saved: string[] = [];
    const outcome = await runSave(
      drive,
      { fileId: "f1", name: "a.txt", content: "a" },
      { dialogs: d.value, onSaved: (id) => saved.push(id) },
    );
    const created = [...model.files.values()].find((f) => f.name === "a.txt" && f.id !== "f1");
    return { outcome, writes: writes(model), saved, d, model, created };
  }

  it("appNotAuthorizedToFile: offers 'Save as a new file in Drive', which creates one", async () => {
    const refused: ModelFault[] = [
      { kind: "upload", status: 403, reason: "appNotAuthorizedToFile", times: 5 },
    ];
    const accepted = await saveOverRefusedFile(refused, "save-as-new");
    expect(accepted.d.asked.map((prompt) => prompt.message)).toEqual([
      DRIVE_MESSAGES.appNotAuthorized,
    ]);
    expect(accepted.d.asked[0].actions.map((action) => action.label)).toEqual([
      "Save as a new file in Drive",
    ]);
    const copy = accepted.created!;
    expect(accepted.model.text(copy.id)).toBe("a");
    expect(accepted.model.text("f1")).toBe("before");
    expect(accepted.outcome).toEqual({ kind: "saved", fileId: copy.id });
    expect(accepted.writes).toEqual(["PATCH f1", "POST"]);
    expect(accepted.saved).toEqual([copy.id]);
    expect(accepted.d.alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);

    const declined = await saveOverRefusedFile(refused, null);
    expect(declined.outcome).toEqual({ kind: "failed" });
    expect(declined.writes).toEqual(["PATCH f1"]);
    expect(declined.saved).toEqual([]);
    expect(declined.created).toBeUndefined();
    expect(declined.d.alerts).toEqual([]);
  });

  it("insufficientFilePermissions: 'You can view this file but not change it. Save a copy?'", async () => {
    // A file shared with the user as a viewer: Drive itself refuses the update.
    const { outcome, writes, d, model, created } = await saveOverRefusedFile((drive) => {
      drive.files.get("f1")!.canEdit = false;
    }, "save-copy");
    expect(d.asked[0].message).toBe("You can view this file but not change it. Save a copy?");
    expect(d.asked[0].actions.map((action) => action.label)).toEqual(["Save a copy"]);
    expect(outcome).toEqual({ kind: "saved", fileId: created!.id });
    expect(model.text(created!.id)).toBe("a");
    expect(writes).toEqual(["PATCH f1", "POST"]);
  });

  it("storageQuotaExceeded: says the Drive is full and links to Google's storage page", async () => {
    const { outcome, writes, d } = await saveOverRefusedFile([
      { kind: "upload", status: 403, reason: "storageQuotaExceeded" },
    ]);
    expect(outcome).toEqual({ kind: "failed" });
    expect(writes).toEqual(["PATCH f1"]);
    expect(d.asked[0].message).toBe(DRIVE_MESSAGES.driveFull);
    expect(d.asked[0].actions).toEqual([
      { id: "storage", label: "Manage Google storage", href: GOOGLE_STORAGE_URL },
    ]);
    expect(d.alerts).toEqual([]);
  });

  it("domainPolicy: says the organisation blocks it, offers nothing that cannot work", async () => {
    const { outcome, writes, d } = await saveOverRefusedFile([
      { kind: "upload", status: 403, reason: "domainPolicy" },
    ]);
    expect(outcome).toEqual({ kind: "failed" });
    expect(writes).toEqual(["PATCH f1"]);
    expect(d.asked).toEqual([]);
    expect(d.alerts).toEqual([DRIVE_MESSAGES.domainPolicy]);
  });

  it("a rate-limit 403 is retried as before, then saves", async () => {
    const { outcome, d, model, writes } = await saveOverRefusedFile([
      { kind: "upload", status: 403, reason: "userRateLimitExceeded", times: 2 },
    ]);
    expect(outcome).toEqual({ kind: "saved", fileId: "f1" });
    expect(writes).toEqual(["PATCH f1", "PATCH f1", "PATCH f1"]);
    expect(model.text("f1")).toBe("a");
    expect(d.alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);
  });
});

describe("Drive flows offline", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("say 'You are offline' at once and never call Google", async () => {
    const { drive, api, model } = makeDrive({ id: "f1", name: "a.txt" });
    vi.stubGlobal("navigator", { onLine: false });
    const d = dialogs();
    expect(await runSignIn(drive, d.value)).toBe(false);
    expect(await runOpen(drive, d.value)).toBeNull();
    const request = { fileId: null, name: "notes.txt", content: "text" };
    expect(await runSave(drive, request, { dialogs: d.value })).toEqual({ kind: "failed" });
    expect(api.requests).toEqual([]);
    expect(model.seen).toEqual([]);
    expect(d.alerts).toEqual([
      DRIVE_MESSAGES.offline,
      DRIVE_MESSAGES.offline,
      DRIVE_MESSAGES.offline,
    ]);
    expect(DRIVE_MESSAGES.offline).toMatch(/^You are offline\./);
  });

  it("still name a missing configuration first: being online would not help", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const d = dialogs();
    const request = { fileId: null, name: "notes.txt", content: "text" };
    await runSave(new Drive({ config: null }), request, { dialogs: d.value });
    expect(d.alerts).toEqual([DRIVE_MESSAGES.notConfigured]);
  });
});

describe("runSave", () => {
  it("counts as running work until the upload ends (no reload for an update meanwhile)", async () => {
    const { drive, model } = makeDrive(null);
    const d = dialogs();
    await runSignIn(drive, d.value);
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    // The second write: the first makes the Plainpad folder, the second the file.
    model.faults.push({ kind: "create", skip: 1, effect: "held", until });
    const request = { fileId: null, name: "notes.txt", content: "text" };
    const outcome = runSave(drive, request, { dialogs: d.value });
    // The upload reached Drive (its fault was taken), and its answer is held.
    await vi.waitFor(() => expect(model.faults).toEqual([]));
    expect(isWorkRunning()).toBe(true);
    release();
    const saved = await outcome;
    expect(saved).toEqual({ kind: "saved", fileId: newFile(model, "notes.txt").id });
    expect(model.text(newFile(model, "notes.txt").id)).toBe("text");
    expect(isWorkRunning()).toBe(false);
    expect(d.alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);
  });
});
