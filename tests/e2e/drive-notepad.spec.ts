import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import { FAKE_TOKEN, collectDialogs, installDriveFakes, pageFakeState } from "./drive-fakes";

/** Google Drive from the notepad's File menu, against the same stand-ins as drive.spec.ts. */

// Page loads plus fake Google round trips; a busy 2-core CI needs headroom.
test.describe.configure({ timeout: 60_000 });

async function openNotepad(page: Page): Promise<void> {
  await page.goto("/online-notepad/");
  await waitForHydration(page);
  await expect(page.locator(".cm-content").first()).toBeVisible();
}

async function fileMenu(page: Page, item: string): Promise<void> {
  await page.getByRole("menubar").getByRole("menuitem", { name: "File", exact: true }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

function activeTab(page: Page) {
  return page.getByRole("list", { name: "Open tabs" }).locator('button[aria-current="true"]');
}

test("notepad: open from Drive into a new tab, save it back in place, save another tab as new", async ({
  page,
}) => {
  const fakes = await installDriveFakes(page, { pick: { id: "np-7", name: "np-7.txt" } });
  fakes.contents.set("np-7", "Notes kept in Drive");
  const dialogs = collectDialogs(page);
  await openNotepad(page);
  expect(fakes.googleRequests).toEqual([]);

  await fileMenu(page, "Open from Google Drive");
  await expect(activeTab(page)).toHaveText(/np-7\.txt/);
  await expect(page.locator(".cm-content:visible")).toHaveText("Notes kept in Drive");
  expect((await pageFakeState(page)).tokenRequests).toEqual([""]);

  await page.locator(".cm-content:visible").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" (edited)");
  await fileMenu(page, "Save to Google Drive");
  await expect.poll(() => dialogs).toEqual(["File saved successfully to Google Drive!"]);
  const patch = fakes.driveCalls.find((call) => call.method === "PATCH");
  expect(patch?.url.pathname).toBe("/upload/drive/v3/files/np-7");
  expect(patch?.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
  expect(patch?.body).toContain('{"name":"np-7.txt","mimeType":"text/plain"}');
  expect(patch?.body).toContain("Notes kept in Drive (edited)");

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
  expect(post?.body).toContain(
    JSON.stringify({
      name: firstName.endsWith(".txt") ? firstName : `${firstName}.txt`,
      mimeType: "text/plain",
      parents: ["folder-1"],
    }),
  );
  expect(post?.body).toContain("Tab one text");
});

test("notepad: saving while signed out asks to sign in; a cancelled pick changes nothing", async ({
  page,
}) => {
  const fakes = await installDriveFakes(page, { pick: "cancel" });
  const dialogs = collectDialogs(page, [false]);
  await openNotepad(page);
  const tabs = page.getByRole("list", { name: "Open tabs" }).getByRole("listitem");
  const before = await tabs.count();
  await fileMenu(page, "Save to Google Drive");
  await expect
    .poll(() => dialogs)
    .toEqual(["You need to sign in to save to Google Drive. Would you like to sign in now?"]);
  await fileMenu(page, "Open from Google Drive");
  await expect.poll(async () => (await pageFakeState(page)).picker?.shown).toBe(1);
  await expect(tabs).toHaveCount(before);
  expect(fakes.driveCalls).toEqual([]);
  expect(dialogs).toHaveLength(1);
});

test("notepad: a tab's Drive file is kept with the tab, so Save after a reload updates the same file", async ({
  page,
}) => {
  // The stand-in names a file "<id>.txt" in its metadata: a 41-character name.
  const fileId = "a-rather-long-file-name-kept-in-drive";
  const longName = `${fileId}.txt`;
  const fakes = await installDriveFakes(page, { pick: { id: fileId, name: longName } });
  fakes.contents.set(fileId, "Drive text");
  // After the reload the token is gone (memory only): Save asks to sign in first; accept.
  const dialogs = collectDialogs(page, [true]);
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
  expect(writes[0].body).toContain("Drive text after reload");
});
