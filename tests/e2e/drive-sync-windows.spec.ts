import { expect, test } from "@playwright/test";
import {
  DriveModel,
  driveText,
  expectDriveText,
  openComputer,
  openNotepad,
  openSyncMenu,
  syncNow,
  tabMark,
  turnOnSync,
  typeAtEnd,
} from "./drive-sync-helpers";
import { waitForSaved } from "./notepad-helpers";

/**
 * Two windows of one browser (one context: one storage, Web Locks and BroadcastChannel) with
 * the notepad's Drive sync (issue 50): one window syncs, the other shows its status, and "Off"
 * in either is off in both.
 */

test.describe.configure({ timeout: 120_000 });

test("two windows of one browser: the later one shows the sync, and Off there stops the first", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page: first } = await openComputer(browser, drive);
  await typeAtEnd(first, "Untitled-1", "from the first window");
  await turnOnSync(first, "Manual only");
  await expectDriveText(drive, "Untitled-1.txt", "from the first window");

  const second = await context.newPage();
  await openNotepad(second);
  await expect(second.getByTestId("drive-sync-summary")).toContainText("(Manual only)");
  await expect(tabMark(second, "Untitled-1")).toHaveText("Synced");

  await openSyncMenu(second);
  await second.getByRole("menuitemradio", { name: "Off" }).click();
  await expect(first.getByTestId("drive-sync-status")).toHaveCount(0);

  const writesBefore = drive.count("upload") + drive.count("create");
  await typeAtEnd(first, "Untitled-1", ", typed after Off");
  // The edit is stored (what tells a running sync of it), and Sync now is answered in words.
  await waitForSaved(first);
  await syncNow(first);
  await expect(first.getByTestId("notices")).toContainText("Sync with Google Drive is off.");
  expect(drive.count("upload") + drive.count("create")).toBe(writesBefore);
  expect(driveText(drive, "Untitled-1.txt")).toBe("from the first window");
  await context.close();
});
