import { existsSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import {
  FAKE_EMAIL,
  FAKE_TOKEN,
  collectDialogs,
  dumpAllStorage,
  installDriveFakes,
  isDriveHost,
  pageFakeState,
  type DriveFakes,
} from "./drive-fakes";

/**
 * Google Drive in the simple editor, against stand-ins for Google's scripts and the Drive API
 * (tests/e2e/drive-fakes.ts). Works on a keyless build (the test passes a configuration through
 * window.__PLAINPAD_DRIVE_CONFIG__) and on a build made with keys.
 */

/** Whether the build under test was made with Google keys (environment or a local .env file). */
function buildHasKeys(): boolean {
  const sources = [".env", ".env.local", ".env.production", ".env.production.local"]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, "utf8"));
  const has = (name: string) =>
    Boolean(process.env[name]) ||
    sources.some((text) => new RegExp(`^[ \\t]*${name}[ \\t]*=[ \\t]*[^\\s#]`, "m").test(text));
  return has("VITE_GOOGLE_CLIENT_ID") || has("VITE_GOOGLE_API_KEY");
}

async function openEditor(page: Page): Promise<void> {
  await page.goto("/editor/");
  await waitForHydration(page);
  await expect(page.locator(".cm-content")).toBeVisible();
}

function editorText(page: Page) {
  return page.locator(".cm-content");
}

/** The editor header's unsaved-changes marker. */
function unsavedMarker(page: Page) {
  return page.locator("header").getByText("Unsaved changes");
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

test.describe("Google Drive in the simple editor", () => {
  // Several page loads and fake Google round trips per test; a busy 2-core CI needs headroom.
  test.describe.configure({ timeout: 60_000 });

  test("nothing of Google loads on the landing, content, notepad and editor pages before a Drive action", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page);
    for (const path of ["/", "/blog/", "/faq/", "/online-notepad/", "/editor/"]) {
      await page.goto(path);
      await waitForHydration(page);
    }
    await page.waitForTimeout(500);
    expect(fakes.googleRequests).toEqual([]);
    // Signing in needs only the sign-in library, not gapi or the picker.
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    expect(
      fakes.googleRequests.some((url) => url.startsWith("https://accounts.google.com/gsi/client")),
    ).toBe(true);
    expect(fakes.googleRequests.some((url) => url.startsWith("https://apis.google.com/"))).toBe(
      false,
    );
  });

  test("not configured: Drive buttons say so and load nothing", async ({ page }) => {
    test.skip(buildHasKeys(), "this build has Google keys");
    const fakes = await installDriveFakes(page, { configure: false });
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Open from Drive" }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toContain("not configured");
    expect(dialogs[0]).toContain("VITE_GOOGLE_CLIENT_ID");
    expect(dialogs[0]).toContain("VITE_GOOGLE_API_KEY");
    expect(dialogs[0]).toContain("restart the dev server");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toContain("not configured");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialogs.length).toBe(3);
    expect(fakes.googleRequests).toEqual([]);
  });

  test("sign in shows the address, asks with consent and the spec's scopes, and stores no token", async ({
    page,
  }) => {
    await installDriveFakes(page);
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    const state = await pageFakeState(page);
    expect(state.tokenRequests).toEqual(["consent"]);
    expect(state.clientConfig?.scope.split(" ")).toEqual([
      "https://www.googleapis.com/auth/drive.file",
      "https://www.googleapis.com/auth/drive.readonly",
      "openid",
      "email",
      "profile",
    ]);
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
    fakes.contents.set("file-123", "Text from Drive");
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Open from Drive" }).click();
    await expect(editorText(page)).toHaveText("Text from Drive");
    await expect(page.getByRole("button", { name: "Rename file-123.txt" })).toBeVisible();
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
    expect(state.picker?.appId).toBeTruthy();
    const reads = fakes.driveCalls.map(
      (call) => `${call.method} ${call.url.pathname}${call.url.search}`,
    );
    expect(reads).toContain("GET /drive/v3/files/file-123?alt=media");
    expect(reads).toContain("GET /drive/v3/files/file-123?fields=id%2Cname%2CmimeType");

    await typeAtEnd(page, " and more");
    await expect(unsavedMarker(page)).toBeVisible();
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
    const [patch] = uploads(fakes);
    expect(patch.method).toBe("PATCH");
    expect(patch.url.pathname).toBe("/upload/drive/v3/files/file-123");
    expect(patch.url.searchParams.get("uploadType")).toBe("multipart");
    expect(patch.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
    expect(patch.body).toContain('{"name":"file-123.txt","mimeType":"text/plain"}');
    expect(patch.body).toContain("Text from Drive and more");
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
    });
    const [create] = uploads(fakes);
    expect(create.method).toBe("POST");
    expect(create.url.pathname).toBe("/upload/drive/v3/files");
    expect(create.body).toContain(
      '{"name":"Untitled.txt","mimeType":"text/plain","parents":["folder-1"]}',
    );
    expect(create.body).toContain("A brand new document");

    await typeAtEnd(page, "!");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    const second = uploads(fakes)[1];
    expect(second.method).toBe("PATCH");
    expect(second.url.pathname).toBe("/upload/drive/v3/files/new-file-1");
  });

  test("sign out revokes the token; saving signed out asks to sign in and does not save", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page);
    const dialogs = collectDialogs(page, [false, true]);
    await openEditor(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText(FAKE_EMAIL)).toBeHidden();
    await expect.poll(() => fakes.revokes).toEqual([`token=${FAKE_TOKEN}`]);

    await typeAtEnd(page, "keep me");
    const confirmText =
      "You need to sign in to save to Google Drive. Would you like to sign in now?";
    await page.getByRole("button", { name: "Save to Drive" }).click(); // declined
    await expect.poll(() => dialogs).toEqual([confirmText]);
    await page.getByRole("button", { name: "Save to Drive" }).click(); // accepted: signs in
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    expect(dialogs).toEqual([confirmText, confirmText]);
    const state = await pageFakeState(page);
    expect(state.tokenRequests).toEqual(["consent", "consent"]);
    expect(uploads(fakes)).toEqual([]);
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
    fakes.uploadStatus = 400;
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    await typeAtEnd(page, "precious words");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs).toEqual(["Failed to save file. Please try again."]);
    await expect(editorText(page)).toHaveText("precious words");
    await expect(unsavedMarker(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save to Drive" })).toBeEnabled();
  });

  test("text typed while a save uploads stays marked unsaved", async ({ page }) => {
    const fakes = await installDriveFakes(page);
    let release!: () => void;
    fakes.uploadGate = new Promise((resolve) => (release = resolve));
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    await typeAtEnd(page, "first draft");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Uploading" })).toBeVisible();
    await typeAtEnd(page, " and more");
    release();
    await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
    const upload = fakes.driveCalls.find((call) => call.url.pathname.startsWith("/upload/"));
    expect(upload?.body).toContain("first draft");
    expect(upload?.body).not.toContain("and more");
    await expect(unsavedMarker(page)).toBeVisible();
  });

  test("a document opened while a save uploads does not take the saved file's id", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page);
    let release!: () => void;
    fakes.uploadGate = new Promise((resolve) => (release = resolve));
    const dialogs = collectDialogs(page, [true]);
    await openEditor(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(FAKE_EMAIL)).toBeVisible();
    await typeAtEnd(page, "first document");
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Uploading" })).toBeVisible();
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
    expect(second.body).toContain("other text");
  });

  test("the landing page's Open from Google Drive starts the picker in the editor", async ({
    page,
  }) => {
    const fakes = await installDriveFakes(page, { pick: { id: "landing-1", name: "landing.txt" } });
    fakes.contents.set("landing-1", "Opened from the landing page");
    collectDialogs(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open from Google Drive" }).click();
    await expect(page).toHaveURL(/\/editor\/$/);
    // Signed out: the sign-in popup needs a click of its own (browsers block it otherwise).
    const prompt = page.getByRole("dialog", { name: "Open from Google Drive" });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("button", { name: "Continue to Google Drive" })).toBeFocused();
    await prompt.getByRole("button", { name: "Continue to Google Drive" }).click();
    await expect(editorText(page)).toHaveText("Opened from the landing page");
    expect(fakes.googleRequests.every((url) => isDriveHost(url))).toBe(true);
  });
});
