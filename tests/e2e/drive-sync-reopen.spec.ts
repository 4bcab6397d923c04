import { expect, test, type Page } from "@playwright/test";
import {
  DriveModel,
  expectDriveText,
  openComputer,
  openComputerWithTwoTabs,
  syncNow,
  tabItem,
  tabMark,
  tabNames,
  tabText,
  turnOnSync,
  typeAtEnd,
} from "./drive-sync-helpers";
import { runMenu } from "./notepad-helpers";

/**
 * Reopen closed tab on a synced tab (issue 50): the tab comes back with the text it last agreed
 * on with its Drive file, so its first sync merges what changed in Drive while it was closed
 * with what was typed before closing, instead of reverting Drive or opening a "(Drive copy)".
 */

test.describe.configure({ timeout: 120_000 });

test("a synced tab closed, changed in Drive meanwhile, and reopened keeps both edits", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputerWithTwoTabs(
    browser,
    drive,
    "first tab",
    "one\ntwo\nthree",
  );
  await turnOnSync(page, "Manual only", "all");
  await expectDriveText(drive, "Untitled-2.txt", "one\ntwo\nthree");
  const fileId = drive.fileNamed("Untitled-2.txt")!.id;

  // Typed on the first line, not synced yet (Manual only), and closed.
  await typeAtEnd(page, "Untitled-2", "");
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("End");
  await page.keyboard.type(" (here)");
  page.on("dialog", (dialog) => void dialog.accept());
  await tabItem(page, "Untitled-2").getByRole("button", { name: "Close Untitled-2" }).click();
  await expect(tabItem(page, "Untitled-2")).toHaveCount(0);

  // Meanwhile another computer (or Drive's own editor) changes the last line.
  drive.editFile(fileId, "one\ntwo\nthree (there)");

  await runMenu(page, "File", "Reopen closed tab");
  await expect(tabItem(page, "Untitled-2")).toHaveCount(1);
  await syncNow(page);
  const both = "one (here)\ntwo\nthree (there)";
  await expectDriveText(drive, "Untitled-2.txt", both);
  await expect.poll(() => tabText(page, "Untitled-2")).toBe(both);
  await expect(tabMark(page, "Untitled-2")).toHaveText("Synced");
  expect(await tabNames(page)).toEqual(["Untitled-1", "Untitled-2"]);
  await context.close();
});

/** The Drive file id the newest closed tab keeps (Reopen closed tab), or null. */
function closedTabFileId(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    type Closed = { extra: { driveFileId: string | null } };
    const notepad = (
      window as unknown as {
        __plainpadNotepad: { history: { store: { closedTabs: { list(): Promise<Closed[]> } } } };
      }
    ).__plainpadNotepad;
    const [newest] = await notepad.history.store.closedTabs.list();
    return newest?.extra.driveFileId ?? null;
  });
}

// Seed 797 of the randomized sync test (app/drive/sync/sync-random.test.ts), in the page.
test("a tab closed while its new Drive file is being made reopens on that same file", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputer(browser, drive);
  await typeAtEnd(page, "Untitled-1", "first tab");
  await turnOnSync(page, "Manual only", "all");
  await expectDriveText(drive, "Untitled-1.txt", "first tab");

  // The next file's create is held on its way to Drive until the tab is closed.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let createSent = () => undefined as void;
  const sent = new Promise<void>((resolve) => (createSent = resolve));
  const isUpload = (url: URL) => url.pathname === "/upload/drive/v3/files";
  await context.route(isUpload, async (route) => {
    const request = route.request();
    // The new tab's create (not the tab list's, which the first run may still be making).
    const creates = request.method() === "POST" && request.postData()?.includes("Untitled-2.txt");
    if (!creates) return route.fallback();
    createSent();
    await held;
    await route.fallback();
  });
  await page.getByRole("button", { name: "New tab" }).first().click();
  await page.keyboard.type("one\ntwo");
  await syncNow(page);
  await sent;
  page.on("dialog", (dialog) => void dialog.accept());
  await tabItem(page, "Untitled-2").getByRole("button", { name: "Close Untitled-2" }).click();
  await expect(tabItem(page, "Untitled-2")).toHaveCount(0);
  release();

  // The create lands after the close: the closed tab keeps the file it made.
  await expectDriveText(drive, "Untitled-2.txt", "one\ntwo");
  const fileId = drive.fileNamed("Untitled-2.txt")!.id;
  await expect.poll(() => closedTabFileId(page), { timeout: 20_000 }).toBe(fileId);
  // Drive's own editor adds a line while the tab is closed.
  drive.editFile(fileId, "one\ntwo\nthree");

  await runMenu(page, "File", "Reopen closed tab");
  await expect(tabItem(page, "Untitled-2")).toHaveCount(1);
  await syncNow(page);
  await expect.poll(() => tabText(page, "Untitled-2")).toBe("one\ntwo\nthree");
  await expect(tabMark(page, "Untitled-2")).toHaveText("Synced");
  // The same file, not a second one.
  const named = [...drive.files.values()].filter((f) => f.name === "Untitled-2.txt");
  expect(named.map((f) => f.id)).toEqual([fileId]);
  expect(drive.text(fileId)).toBe("one\ntwo\nthree");
  await context.close();
});
