import { existsSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "./fixtures";
import type { DriveModel } from "../support/drive-model";
import {
  FAKE_APP_ID,
  FAKE_EMAIL,
  FAKE_TOKEN,
  collectDialogs,
  drivePrompt,
  dumpAllStorage,
  expectPopupsOnlyInClicks,
  installDriveFakes,
  isDriveHost,
  pageFakeState,
  waitForSignInReady,
  type DriveFakes,
} from "./drive-fakes";

/**
 * Google Drive in the simple editor, against stand-ins for Google's scripts (tests/e2e/drive-fakes.ts)
 * and the one fake Drive (tests/support/drive-model.ts), read back after each save. Works on a keyless build (the test passes a configuration through
 * window.__PLAINPAD_DRIVE_CONFIG__) and on a build made with keys. Every test also checks that
 * Google's sign-in window was only ever asked for inside a click (afterEach).
 */

/** Whether the build under test was made with Google keys (environment or a local .env file). */
function buildHasKeys(): boolean {
  const sources = [".env", ".env.local", ".env.production", ".env.production.local"]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, "utf8"));
  const has = (name: string) =>
    Boolean(process.env[name]) ||
    sources.some((text) => new RegExp(`^[ \\t]*${name}[ \\t]*=[ \\t]*[^\\s#]`, "m").test(text));
  return has("VITE_GOOGLE_CLIENT_ID") || has("VITE_GOOGLE_API_KEY") || has("VITE_GOOGLE_APP_ID");
}

/** The scopes asked for by default (docs/decisions/006-drive-file-scope.md). */
const DEFAULT_SCOPES = ["https://www.googleapis.com/auth/drive.file", "openid", "email", "profile"];

/** Signs in with the header's button and waits for the address. */
async function signIn(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
}

/**
 * Opens the editor; unless told not to, points at the Drive controls and waits until the
 * sign-in library is ready, as a user's pointer does on its way to a click.
 */
async function openEditor(page: Page, { prepare = true } = {}): Promise<void> {
  await page.goto("/editor/");
  await waitForHydration(page);
  await expect(page.locator(".cm-content")).toBeVisible();
  if (prepare) {
    await page.getByRole("button", { name: "Sign in" }).hover();
    await waitForSignInReady(page);
  }
}

function editorText(page: Page) {
  return page.locator(".cm-content");
}

/** The editor header's unsaved-changes marker. */
function unsavedMarker(page: Page) {
  return page.locator("header").getByText("Unsaved changes");
}

/** Fakes installed, dialogs collected, the editor open and signed in. */
async function openSignedIn(page: Page) {
  const fakes = await installDriveFakes(page);
  const dialogs = collectDialogs(page);
  await openEditor(page);
  await signIn(page);
  return { fakes, dialogs };
}

/** Puts the cursor at the end of the document and types. */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  await editorText(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(text);
}

function uploads(fakes: DriveFakes) {
  return fakes.driveCalls.filter((call) => call.url.pathname.startsWith("/upload/"));
}

/** The user already has Plainpad's folder (so a save's first write is the file's upload). */
function withAppFolder(model: DriveModel): void {
  model.addFolder("Plainpad Documents").appProperties = { plainpadFolder: "1" };
}

/**
 * The editor signed in, `text` typed and Save to Drive pressed; the file's upload is held (the
 * status says "Uploading") until the test calls `release`.
 */
async function saveHeldWhileUploading(page: Page, text: string) {
  const fakes = await installDriveFakes(page);
  let release!: () => void;
  withAppFolder(fakes.model);
  fakes.model.faults.push({
    kind: "create",
    effect: "held",
    until: new Promise<void>((resolve) => (release = resolve)),
  });
  const dialogs = collectDialogs(page);
  await openEditor(page);
  await signIn(page);
  await typeAtEnd(page, text);
  await page.getByRole("button", { name: "Save to Drive" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Uploading" })).toBeVisible();
  return { fakes, dialogs, release };
}

test.describe("Google Drive in the simple editor", () => {
  // Several page loads and fake Google round trips per test; a busy 2-core CI needs headroom.
  test.describe.configure({ timeout: 60_000 });
  test.afterEach(() => expectPopupsOnlyInClicks());

  test("nothing of Google loads before the pointer reaches a Drive control; then the sign-in library is ready for the click", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page);
    for (const path of ["/", "/blog/", "/faq/", "/online-notepad/", "/editor/"]) {
      await page.goto(path);
      await waitForHydration(page);
    }
    await page.waitForTimeout(500);
    expect(fakes.googleRequests).toEqual([]);
    // Pointing at the Drive controls loads the sign-in library (only it: not gapi or the
    // picker), before any click.
    await page.getByRole("button", { name: "Sign in" }).hover();
    await expect
      .poll(() => pageFakeState(page).then((state) => state.clientConfig?.client_id))
      .toBe("test-client.apps.googleusercontent.com");
    expect(fakes.googleRequests.map((url) => new URL(url).host)).toEqual(["accounts.google.com"]);
    expect(fakes.popupCalls).toEqual([]);
    // The click opens Google's window inside the click.
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    expect(fakes.popupCalls).toEqual([{ what: "token request", isActive: true, event: "click" }]);
    expect(fakes.googleRequests.some((url) => url.startsWith("https://apis.google.com/"))).toBe(
      false,
    );
  });

  test("keyboard: focusing a Drive control prepares sign-in, Enter opens the window", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page);
    await openEditor(page, { prepare: false });
    expect(fakes.googleRequests).toEqual([]);
    await page.getByRole("button", { name: "Sign in" }).focus();
    await waitForSignInReady(page);
    await page.keyboard.press("Enter");
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    // Enter on a button is handled as its click.
    expect(fakes.popupCalls).toEqual([{ what: "token request", isActive: true, event: "click" }]);
  });

  test("the stand-in refuses a sign-in window asked for outside a click, as browsers do", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page);
    await openEditor(page);
    const error = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const oauth2 = (
            window as unknown as { google: { accounts: { oauth2: typeof google.accounts.oauth2 } } }
          ).google.accounts.oauth2;
          oauth2
            .initTokenClient({
              client_id: "x",
              scope: "openid",
              callback: () => resolve("granted"),
              error_callback: (e) => resolve(e.type),
            })
            .requestAccessToken();
        }),
    );
    expect(error).toBe("popup_failed_to_open");
    // (Playwright evaluates with a user gesture, so isActive is true; no event is handled.)
    expect(fakes.popupCalls).toEqual([{ what: "token request", isActive: true, event: "" }]);
    fakes.popupCalls.length = 0; // the deliberate call; the check after the test stays strict
  });

  test("a click that comes before the sign-in library is ready gets a Continue button instead of a blocked window", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page, { gisDelayMs: 1500 });
    const dialogs = collectDialogs(page);
    await openEditor(page, { prepare: false });
    await page.getByRole("button", { name: "Sign in" }).click();
    const prompt = drivePrompt(page, "Sign in with Google");
    await expect(prompt).toBeVisible();
    expect(fakes.popupCalls).toEqual([]);
    await expect(prompt.getByRole("button", { name: "Continue to Google Drive" })).toBeFocused();
    await prompt.getByRole("button", { name: "Continue to Google Drive" }).click();
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    await expect(prompt).toBeHidden();
    expect(fakes.popupCalls).toEqual([{ what: "token request", isActive: true, event: "click" }]);
    expect(dialogs).toEqual([]);
  });

  test("not configured: Drive buttons say so and load nothing", async ({ page }) => {
    test.skip(buildHasKeys(), "this build has Google keys");
    const fakes = await installDriveFakes(page, { configure: false });
    const dialogs = collectDialogs(page);
    await openEditor(page, { prepare: false });
    await page.getByRole("button", { name: "Open from Drive" }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toContain("not configured");
    expect(dialogs[0]).toContain("VITE_GOOGLE_CLIENT_ID");
    expect(dialogs[0]).toContain("VITE_GOOGLE_API_KEY");
    expect(dialogs[0]).toContain("VITE_GOOGLE_APP_ID (the Cloud project number)");
    expect(dialogs[0]).toContain("restart the dev server");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toContain("not configured");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialogs.length).toBe(3);
    expect(fakes.googleRequests).toEqual([]);
  });

  test("sign in shows the address, asks with consent and drive.file (not drive.readonly), and stores no token", async ({
    page,
  }) => {
    await installDriveFakes(page);
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await signIn(page);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    const state = await pageFakeState(page);
    expect(state.tokenRequests).toEqual(["consent"]);
    expect(state.clientConfig?.scope.split(" ")).toEqual(DEFAULT_SCOPES);
    // Give the draft saver time to write, then look everywhere for the token.
    await typeAtEnd(page, "some text");
    await page.waitForTimeout(1500);
    const storage = await dumpAllStorage(page);
    expect(storage).toContain("some text"); // the dump really sees the stored draft
    expect(storage).not.toContain(FAKE_TOKEN);
    expect(storage).not.toContain("ya29.");
    expect(dialogs).toEqual([]);
  });

  test("open a picked file, edit it and save: the file is updated in place (PATCH)", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page, { pick: { id: "file-123", name: "picked.txt" } });
    fakes.model.addFile("picked.txt", "Text from Drive", { id: "file-123" });
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Open from Drive" }).click();
    await expect(editorText(page)).toHaveText("Text from Drive");
    await expect(page.getByRole("button", { name: "Rename picked.txt" })).toBeVisible();
    // Signed in on the way, with an empty prompt; the picker got the spec's restrictions.
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    const state = await pageFakeState(page);
    expect(state.tokenRequests).toEqual([""]);
    expect(state.gapiInit?.apiKey).toBeTruthy();
    expect(state.gapiInit?.discoveryDocs).toEqual([
      "https://www.googleapis.com/discovery/v1/apis/drive/v3/rest",
    ]);
    expect(state.picker?.views).toEqual([
      expect.objectContaining({
        mimeTypes: "text/plain",
        ownedByMe: true,
        includeFolders: false,
        selectFolderEnabled: false,
      }),
    ]);
    expect(state.picker?.features).toEqual([]); // no multiselect
    expect(state.picker?.hasToken).toBe(true);
    // drive.file lets the app write the picked file only when the picker carried the app id.
    expect(state.picker?.appId).toBe(FAKE_APP_ID);
    expect(state.picker?.disposed).toBe(1);
    const reads = fakes.driveCalls.map(
      (call) => `${call.method} ${call.url.pathname}${call.url.search}`,
    );
    expect(reads).toContain("GET /drive/v3/files/file-123?alt=media");
    expect(reads).toContain("GET /drive/v3/files/file-123?fields=id%2Cname%2CmimeType");

    await typeAtEnd(page, " and more");
    await expect(unsavedMarker(page)).toBeVisible();
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
    expect(fakes.popupCalls.map((call) => call.isActive)).toEqual([true]);
    const [patch] = uploads(fakes);
    expect(patch.method).toBe("PATCH");
    expect(patch.url.pathname).toBe("/upload/drive/v3/files/file-123");
    expect(patch.url.searchParams.get("uploadType")).toBe("multipart");
    expect(patch.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
    expect(patch.body).toContain('{"name":"picked.txt","mimeType":"text/plain"}');
    expect(fakes.model.text("file-123")).toBe("Text from Drive and more");
    expect(uploads(fakes)).toHaveLength(1);
    await expect(unsavedMarker(page)).toBeHidden();
  });

  test("save a new document: folder made, file created (POST), its id kept for the next save", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page);
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    await typeAtEnd(page, "A brand new document");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
    const folderSearch = fakes.driveCalls.find(
      (call) => call.method === "GET" && call.url.pathname === "/drive/v3/files",
    );
    expect(folderSearch?.url.searchParams.get("q")).toBe(
      "name='Plainpad Documents' and mimeType='application/vnd.google-apps.folder' and 'me' in owners and trashed=false",
    );
    const folderCreate = fakes.driveCalls.find(
      (call) => call.method === "POST" && call.url.pathname === "/drive/v3/files",
    );
    expect(JSON.parse(folderCreate?.body ?? "{}")).toEqual({
      name: "Plainpad Documents",
      mimeType: "application/vnd.google-apps.folder",
      // Marked, so computers syncing the notepad can tell Plainpad's folders (issue 50).
      appProperties: { plainpadFolder: "1" },
    });
    const [create] = uploads(fakes);
    expect(create.method).toBe("POST");
    expect(create.url.pathname).toBe("/upload/drive/v3/files");
    const [folder] = fakes.model.foldersNamed("Plainpad Documents");
    const [file] = fakes.model.fileList();
    expect([file.name, file.parents, fakes.model.text(file.id)]).toEqual([
      "Untitled.txt",
      [folder.id],
      "A brand new document",
    ]);

    await typeAtEnd(page, "!");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    const second = uploads(fakes)[1];
    expect(second.method).toBe("PATCH");
    expect(second.url.pathname).toBe(`/upload/drive/v3/files/${file.id}`);
    expect(fakes.model.text(file.id)).toBe("A brand new document!");
    expect(fakes.model.fileList()).toHaveLength(1);
  });

  test("sign out revokes the token; saving signed out asks to sign in (in the page) and does not save", async ({
    page,
  }) => {
    const { fakes, dialogs } = await openSignedIn(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText(FAKE_EMAIL)).toBeHidden();
    await expect.poll(() => fakes.revokes).toEqual([`token=${FAKE_TOKEN}`]);

    await typeAtEnd(page, "keep me");
    const confirmText =
      "You need to sign in to save to Google Drive. Would you like to sign in now?";
    const prompt = drivePrompt(page, "Save to Google Drive");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect(prompt).toContainText(confirmText);
    await prompt.getByRole("button", { name: "Not now" }).click(); // declined
    await expect(prompt).toBeHidden();
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await prompt.getByRole("button", { name: "Sign in" }).click(); // accepted: signs in
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    const state = await pageFakeState(page);
    expect(state.tokenRequests).toEqual(["consent", "consent"]);
    expect(uploads(fakes)).toEqual([]);
    expect(dialogs).toEqual([]);
    await expect(unsavedMarker(page)).toBeVisible();
  });

  test("cancel in the picker does nothing", async ({ page }) => {
    const fakes = await installDriveFakes(page, { pick: "cancel" });
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await typeAtEnd(page, "my own text");
    await page.getByRole("button", { name: "Open from Drive" }).click();
    await expect.poll(async () => (await pageFakeState(page)).picker?.shown).toBe(1);
    await expect(page.getByRole("button", { name: "Open from Drive" })).toBeEnabled();
    await expect(editorText(page)).toHaveText("my own text");
    expect(fakes.driveCalls).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  test("a closed sign-in popup is a cancel, not an error", async ({ page }) => {
    await installDriveFakes(page, { token: "popup_closed" });
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(async () => (await pageFakeState(page)).tokenRequests).toEqual(["consent"]);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    expect(dialogs).toEqual([]);
  });

  test("a refused sign-in alerts the login failure", async ({ page }) => {
    await installDriveFakes(page, { token: "access_denied" });
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialogs).toEqual(["Failed to login. Please try again."]);
  });

  test("an upload failure alerts and keeps the text and the unsaved marker", async ({ page }) => {
    const fakes = await installDriveFakes(page);
    withAppFolder(fakes.model);
    fakes.model.faults.push({ kind: "create", status: 400, reason: "badRequest" });
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await signIn(page);
    await typeAtEnd(page, "precious words");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs).toEqual(["Failed to save file. Please try again."]);
    await expect(editorText(page)).toHaveText("precious words");
    await expect(unsavedMarker(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save to Drive" })).toBeEnabled();
    expect(fakes.model.fileList()).toEqual([]);
  });

  test("text typed while a save uploads stays marked unsaved", async ({ page }) => {
    const { fakes, dialogs, release } = await saveHeldWhileUploading(page, "first draft");
    await typeAtEnd(page, " and more");
    release();
    await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
    const [file] = fakes.model.fileList();
    expect(fakes.model.text(file.id)).toBe("first draft");
    await expect(unsavedMarker(page)).toBeVisible();
  });

  test("a document opened while a save uploads does not take the saved file's id", async ({
    page,
  }) => {
    const { fakes, dialogs, release } = await saveHeldWhileUploading(page, "first document");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await (
      await chooser
    ).setFiles({ name: "other.txt", mimeType: "text/plain", buffer: Buffer.from("other text") });
    await expect(editorText(page)).toHaveText("other text");
    release();
    await expect
      .poll(() => dialogs.filter((text) => text.startsWith("File saved")))
      .toEqual(["File saved successfully to Google Drive!"]);
    // Saving the other document creates a file of its own instead of overwriting the first.
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect
      .poll(() => dialogs.filter((text) => text.startsWith("File saved")))
      .toHaveLength(2);
    const second = uploads(fakes)[1];
    expect(second.method).toBe("POST");
    expect(second.url.pathname).toBe("/upload/drive/v3/files");
    expect(fakes.model.fileList().map((file) => fakes.model.text(file.id))).toEqual([
      "first document",
      "other text",
    ]);
  });

  test("the landing page's Open from Google Drive starts the picker in the editor", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page, { pick: { id: "landing-1", name: "landing.txt" } });
    fakes.model.addFile("landing.txt", "Opened from the landing page", { id: "landing-1" });
    collectDialogs(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open from Google Drive" }).click();
    await expect(page).toHaveURL(/\/editor\/$/);
    // Signed out: the sign-in popup needs a click of its own (browsers block it otherwise).
    const prompt = drivePrompt(page, "Open from Google Drive");
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("button", { name: "Continue to Google Drive" })).toBeFocused();
    await prompt.getByRole("button", { name: "Continue to Google Drive" }).click();
    await expect(editorText(page)).toHaveText("Opened from the landing page");
    expect(fakes.googleRequests.every((url) => isDriveHost(url))).toBe(true);
    expect(fakes.popupCalls).toEqual([{ what: "token request", isActive: true, event: "click" }]);
  });

  test("a deployment that opted into drive.readonly asks for it as well", async ({ page }) => {
    await installDriveFakes(page, { readonly: true });
    await openEditor(page);
    await signIn(page);
    const state = await pageFakeState(page);
    expect(state.clientConfig?.scope.split(" ")).toEqual([
      "https://www.googleapis.com/auth/drive.file",
      "https://www.googleapis.com/auth/drive.readonly",
      "openid",
      "email",
      "profile",
    ]);
  });

  test("a Drive permission unticked on Google's screen is named, and the user stays signed out", async ({
    page,
  }) => {
    await installDriveFakes(page, { grantedScopes: "openid email profile" });
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect
      .poll(() => dialogs)
      .toEqual([
        "You did not allow Plainpad to use the Google Drive files you open or save with it (that " +
          "permission was unticked on Google's screen). Sign in again and leave it ticked to open " +
          "and save files in Drive.",
      ]);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    await expect(page.getByText(FAKE_EMAIL)).toBeHidden();
  });

  test("a token refused during a save (401) asks to reconnect with a button, then the save ends", async ({
    page,
  }) => {
    const { fakes, dialogs } = await openSignedIn(page);
    await typeAtEnd(page, "written before the token expired");
    fakes.model.revokeTokens(); // Google refuses the token it gave

    await page.getByRole("button", { name: "Save to Drive" }).click();
    const prompt = drivePrompt(page, "Reconnect to Google Drive");
    await expect(prompt).toBeVisible();
    // No window was asked for outside the click: the button waits for one.
    expect(fakes.popupCalls).toHaveLength(1);
    await prompt.getByRole("button", { name: "Reconnect to Google Drive" }).click();
    await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
    expect((await pageFakeState(page)).tokenRequests).toEqual(["consent", ""]);
    expect(fakes.popupCalls.map((call) => call.event)).toEqual(["click", "click"]);
    await expect(unsavedMarker(page)).toBeHidden();
    const [file] = fakes.model.fileList();
    expect(fakes.model.text(file.id)).toBe("written before the token expired");
  });

  /**
   * Opens file-123 from Drive, edits it, and has Drive refuse its uploads with `reason`: a file
   * the user may only read, a full Drive, or (the other reasons) a refusal of every upload to it.
   */
  async function saveRefused(page: Page, reason: string) {
    const fakes = await installDriveFakes(page, { pick: { id: "file-123", name: "shared.txt" } });
    const shared = fakes.model.addFile("shared.txt", "Somebody's text", { id: "file-123" });
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Open from Drive" }).click();
    await expect(editorText(page)).toHaveText("Somebody's text");
    await typeAtEnd(page, " and mine");
    if (reason === "insufficientFilePermissions") shared.canEdit = false;
    else if (reason === "storageQuotaExceeded") fakes.model.quotaBytes = fakes.model.usedBytes();
    else
      fakes.model.faults.push({
        kind: "upload",
        fileId: shared.id,
        status: 403,
        reason,
        times: Infinity,
      });
    await page.getByRole("button", { name: "Save to Drive" }).click();
    return { fakes, dialogs };
  }

  test("appNotAuthorizedToFile: 'Save as a new file in Drive' creates one, and later saves go to it", async ({
    page,
  }) => {
    const { fakes, dialogs } = await saveRefused(page, "appNotAuthorizedToFile");
    const prompt = drivePrompt(page, "Save to Google Drive");
    await expect(prompt).toContainText(
      "Google Drive has not authorised Plainpad to change this file",
    );
    await expect(unsavedMarker(page)).toBeVisible();
    await prompt.getByRole("button", { name: "Save as a new file in Drive" }).click();
    await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
    await expect(unsavedMarker(page)).toBeHidden();
    expect(uploads(fakes).map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      "PATCH /upload/drive/v3/files/file-123",
      "POST /upload/drive/v3/files",
    ]);
    const [copy] = fakes.model.fileList(["file-123"]);
    expect(fakes.model.text(copy.id)).toBe("Somebody's text and mine");
    await typeAtEnd(page, "!");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(uploads(fakes)[2].url.pathname).toBe(`/upload/drive/v3/files/${copy.id}`);
    expect(fakes.model.text(copy.id)).toBe("Somebody's text and mine!");
    expect(fakes.model.text("file-123")).toBe("Somebody's text");
  });

  test("insufficientFilePermissions: 'You can view this file but not change it. Save a copy?'", async ({
    page,
  }) => {
    const { fakes, dialogs } = await saveRefused(page, "insufficientFilePermissions");
    const prompt = drivePrompt(page, "Save to Google Drive");
    await expect(prompt).toContainText("You can view this file but not change it. Save a copy?");
    await prompt.getByRole("button", { name: "Save a copy" }).click();
    await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
    expect(uploads(fakes).at(-1)?.method).toBe("POST");
    const [copy] = fakes.model.fileList(["file-123"]);
    expect(fakes.model.text(copy.id)).toBe("Somebody's text and mine");
    expect(fakes.model.text("file-123")).toBe("Somebody's text");
  });

  test("storageQuotaExceeded: says the Drive is full and links to Google's storage page", async ({
    page,
  }) => {
    const { dialogs } = await saveRefused(page, "storageQuotaExceeded");
    const prompt = drivePrompt(page, "Google Drive is full");
    await expect(prompt).toContainText("Your Google Drive is full, so the file was not saved.");
    await expect(prompt.getByRole("link", { name: "Manage Google storage" })).toHaveAttribute(
      "href",
      "https://one.google.com/storage",
    );
    await expectNoSeriousA11yViolations(page, "Drive prompt");
    await page
      .context()
      .route("https://one.google.com/**", (route) => route.fulfill({ body: "storage" }));
    const storagePage = page.context().waitForEvent("page");
    await prompt.getByRole("link", { name: "Manage Google storage" }).click();
    await (await storagePage).waitForURL("https://one.google.com/storage");
    await expect(prompt).toBeHidden();
    await expect(unsavedMarker(page)).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test("domainPolicy: says the organisation does not allow it", async ({ page }) => {
    const { dialogs } = await saveRefused(page, "domainPolicy");
    await expect
      .poll(() => dialogs)
      .toEqual([
        "Your organisation's Google Workspace settings do not let Plainpad use Google Drive. Ask " +
          "your administrator, or use Download to keep a copy on this device.",
      ]);
    await expect(unsavedMarker(page)).toBeVisible();
  });

  test("a failing discovery document does not stop opening from Drive", async ({ page }) => {
    const fakes = await installDriveFakes(page, { discoveryFails: true });
    fakes.model.addFile("picked.txt", "Still opens", { id: "file-123" });
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Open from Drive" }).click();
    await expect(editorText(page)).toHaveText("Still opens");
    expect((await pageFakeState(page)).gapiInit).toBeTruthy();
    expect(dialogs).toEqual([]);
  });

  test("a big document's upload resumes after a dropped connection and sends only the rest", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page);
    const dialogs = collectDialogs(page);
    await openEditor(page);
    const line = "Plainpad resumable upload test line, with some words to fill it up.\n";
    const text = line.repeat(Math.ceil((6 * 1024 * 1024) / line.length));
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await (
      await chooser
    ).setFiles({ name: "big.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
    await expect(page.getByRole("button", { name: "Rename big.txt" })).toBeVisible();
    await signIn(page);
    await typeAtEnd(page, "The end.");
    const expected = `${text}The end.`;
    const total = Buffer.byteLength(expected);
    const MB = 1024 * 1024;
    // The connection drops after 1 MB of the content has reached Drive.
    fakes.model.faults.push({ kind: "upload", effect: "lost", keepBytes: MB });
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect
      .poll(() => dialogs, { timeout: 60_000 })
      .toEqual(["File saved successfully to Google Drive!"]);
    const puts = uploads(fakes).filter((call) => call.method === "PUT");
    expect(puts.map((call) => call.contentRange)).toEqual([
      `bytes 0-${total - 1}/${total}`,
      `bytes */${total}`,
      `bytes ${MB}-${total - 1}/${total}`,
    ]);
    expect(fakes.model.text(fakes.model.fileNamed("big.txt")!.id)).toBe(expected);
    await expect(unsavedMarker(page)).toBeHidden();
  });
});
