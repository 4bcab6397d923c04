import { expect, test } from "@playwright/test";
import {
  DriveModel,
  expectDriveText,
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
