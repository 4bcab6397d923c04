import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import {
  FAKE_TOKEN,
  collectDialogs,
  drivePrompt,
  expectPopupsOnlyInClicks,
  installDriveFakes,
  pageFakeState,
  waitForSignInReady,
} from "./drive-fakes";

/**
 * Google Drive from the notepad's File menu, against the same stand-ins as drive.spec.ts and
 * the one fake Drive (tests/support/drive-model.ts), read back after each save; every test also
 * checks that Google's sign-in window was only asked for inside a click.
 */

// Page loads plus fake Google round trips; a busy 2-core CI needs headroom.
test.describe.configure({ timeout: 60_000 });
test.afterEach(() => expectPopupsOnlyInClicks());

async function openNotepad(page: Page): Promise<void> {
  await page.goto("/online-notepad/");
  await waitForHydration(page);
  await expect(page.locator(".cm-content").first()).toBeVisible();
}

/**
 * File › item. The pointer passes over the menu's items first, which prepares Google's sign-in
 * library (the File menu offers Drive commands); the click waits until it is ready, as a user's
 * slower hand does.
 */
async function fileMenu(page: Page, item: string): Promise<void> {
  await page.getByRole("menubar").getByRole("menuitem", { name: "File", exact: true }).click();
  await page.getByRole("menuitem", { name: item }).hover();
  await waitForSignInReady(page);
  await page.getByRole("menuitem", { name: item }).click();
}

function activeTab(page: Page) {
  return page.getByRole("list", { name: "Open tabs" }).locator('button[aria-current="true"]');
}

test("notepad: open from Drive into a new tab, save it back in place, save another tab as new", async ({
  page,
}) => {
  const fakes = await installDriveFakes(page, { pick: { id: "np-7", name: "np-7.txt" } });
  fakes.model.addFile("np-7.txt", "Notes kept in Drive", { id: "np-7" });
  const dialogs = collectDialogs(page);
  await openNotepad(page);
  expect(fakes.googleRequests).toEqual([]);

  await fileMenu(page, "Open from Google Drive");
  await expect(activeTab(page)).toHaveText(/np-7\.txt/);
  await expect(page.locator(".cm-content:visible")).toHaveText("Notes kept in Drive");
  expect((await pageFakeState(page)).tokenRequests).toEqual([""]);
  // The File menu prepared the sign-in library; the menu item's click opened the window.
  expect(fakes.popupCalls).toEqual([{ what: "token request", isActive: true, event: "click" }]);

  await page.locator(".cm-content:visible").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" (edited)");
  await fileMenu(page, "Save to Google Drive");
  await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
  const patch = fakes.driveCalls.find((call) => call.method === "PATCH");
  expect(patch?.url.pathname).toBe("/upload/drive/v3/files/np-7");
  expect(patch?.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
  expect(patch?.body).toContain('{"name":"np-7.txt","mimeType":"text/plain"}');
  expect(fakes.model.text("np-7")).toBe("Notes kept in Drive (edited)");

  // The first tab (never in Drive) is created as a new file in the app folder.
  await page.getByRole("list", { name: "Open tabs" }).getByRole("button").first().click();
  const firstName = ((await activeTab(page).textContent()) ?? "").replace(/\*$/, "").trim();
  await page.locator(".cm-content:visible").click();
  await page.keyboard.type("Tab one text");
  await fileMenu(page, "Save to Google Drive");
  await expect.poll(() => dialogs.length).toBe(2);
  const post = fakes.driveCalls.find(
    (call) => call.method === "POST" && call.url.pathname === "/upload/drive/v3/files",
  );
  expect(post?.body).toContain('"mimeType":"text/plain"');
  const [folder] = fakes.model.foldersNamed("Plainpad Documents");
  const [created] = fakes.model.fileList(["np-7"]);
  expect([created.name, created.parents, fakes.model.text(created.id)]).toEqual([
    firstName.endsWith(".txt") ? firstName : `${firstName}.txt`,
    [folder.id],
    "Tab one text",
  ]);
});

test("notepad: saving while signed out asks to sign in; a cancelled pick changes nothing", async ({
  page,
}) => {
  const fakes = await installDriveFakes(page, { pick: "cancel" });
  const dialogs = collectDialogs(page);
  await openNotepad(page);
  const tabs = page.getByRole("list", { name: "Open tabs" }).getByRole("listitem");
  const before = await tabs.count();
  await fileMenu(page, "Save to Google Drive");
  const prompt = drivePrompt(page, "Save to Google Drive");
  await expect(prompt).toContainText(
    "You need to sign in to save to Google Drive. Would you like to sign in now?",
  );
  await prompt.getByRole("button", { name: "Not now" }).click();
  await expect(prompt).toBeHidden();
  await fileMenu(page, "Open from Google Drive");
  await expect.poll(async () => (await pageFakeState(page)).picker?.shown).toBe(1);
  await expect(tabs).toHaveCount(before);
  expect(fakes.driveCalls).toEqual([]);
  expect(dialogs).toEqual([]);
});

test("notepad: a tab's Drive file is kept with the tab, so Save after a reload updates the same file", async ({
  page,
}) => {
  // A file in Drive with a 41-character name.
  const fileId = "a-rather-long-file-name-kept-in-drive";
  const longName = `${fileId}.txt`;
  const fakes = await installDriveFakes(page, { pick: { id: fileId, name: longName } });
  fakes.model.addFile(longName, "Drive text", { id: fileId });
  // After the reload the token is gone (memory only): Save asks to sign in first.
  const dialogs = collectDialogs(page);
  await openNotepad(page);
  await fileMenu(page, "Open from Google Drive");
  // Tab names from Drive obey the 30-character limit like any other.
  await expect(activeTab(page)).toHaveText(longName.slice(0, 30).trim());
  await expect(page.locator(".cm-content:visible")).toHaveText("Drive text");
  await page.waitForFunction(
    () =>
      (
        window as unknown as { __plainpadNotepad?: { isAllStored(): boolean } }
      ).__plainpadNotepad?.isAllStored() === true,
  );
  await page.reload();
  await waitForHydration(page);
  await expect(activeTab(page)).toHaveText(longName.slice(0, 30).trim());
  await page.locator(".cm-content:visible").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" after reload");
  // Signed out after the reload: the first Save signs in (the spec's flow), the second saves.
  await fileMenu(page, "Save to Google Drive");
  await drivePrompt(page, "Save to Google Drive").getByRole("button", { name: "Sign in" }).click();
  await expect
    .poll(async () => (await pageFakeState(page)).tokenRequests.length, { timeout: 10_000 })
    .toBe(1);
  await fileMenu(page, "Save to Google Drive");
  await expect.poll(() => dialogs.at(-1)).toBe("File saved successfully to Google Drive!");
  const writes = fakes.driveCalls.filter(
    (call) =>
      call.method === "PATCH" ||
      (call.method === "POST" && call.url.pathname.startsWith("/upload")),
  );
  expect(writes.map((call) => [call.method, call.url.pathname])).toEqual([
    ["PATCH", `/upload/drive/v3/files/${fileId}`],
  ]);
  expect(fakes.model.text(fileId)).toBe("Drive text after reload");
});

test("notepad: a file Plainpad may not change (appNotAuthorizedToFile) is saved as a new file the tab then keeps", async ({
  page,
}) => {
  const fakes = await installDriveFakes(page, { pick: { id: "np-9", name: "np-9.txt" } });
  const file = fakes.model.addFile("np-9.txt", "Opened elsewhere", { id: "np-9" });
  const dialogs = collectDialogs(page);
  await openNotepad(page);
  await fileMenu(page, "Open from Google Drive");
  await expect(page.locator(".cm-content:visible")).toHaveText("Opened elsewhere");
  // Drive refuses every upload of Plainpad to this file.
  fakes.model.faults.push({
    kind: "upload",
    fileId: file.id,
    status: 403,
    reason: "appNotAuthorizedToFile",
    times: Infinity,
  });
  await fileMenu(page, "Save to Google Drive");
  const prompt = drivePrompt(page, "Save to Google Drive");
  await prompt.getByRole("button", { name: "Save as a new file in Drive" }).click();
  await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
  await fileMenu(page, "Save to Google Drive");
  await expect.poll(() => dialogs).toHaveLength(2);
  const writes = fakes.driveCalls
    .filter((call) => call.url.pathname.startsWith("/upload"))
    .map((call) => `${call.method} ${call.url.pathname}`);
  const [copy] = fakes.model.fileList([file.id]);
  expect(writes).toEqual([
    "PATCH /upload/drive/v3/files/np-9",
    "POST /upload/drive/v3/files",
    `PATCH /upload/drive/v3/files/${copy.id}`,
  ]);
  expect(fakes.model.text(copy.id)).toBe("Opened elsewhere");
  expect(fakes.model.revisionTexts(file.id)).toEqual(["Opened elsewhere"]); // never written
});
