import { expect, test } from "@playwright/test";
import {
  expectDriveText,
  offerToBringInOne,
  openComputer,
  syncedAtWork,
  syncNow,
  DriveModel,
  tabMark,
  tabNames,
  tabText,
  typeAtEnd,
} from "./drive-sync-helpers";

/**
 * Two computers (two browser contexts, each with its own storage) and one Google Drive: the
 * tabs turned on at one are brought in at the other, edits made apart and together reach both,
 * and a tab whose same lines changed on both sides keeps both texts (issue 45).
 */

test.describe.configure({ timeout: 150_000 });

test("two computers: bring in the synced tabs, edits apart and together are merged, the same lines give a Drive copy", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const work = await syncedAtWork(browser, drive, "Plans", "Line one\nLine two\nLine three");

  // At home: sign in, and the synced tab from work is offered.
  const home = await openComputer(browser, drive);
  await (await offerToBringInOne(home.page)).click();
  await expect.poll(() => tabNames(home.page)).toContain("Plans");
  expect(await tabText(home.page, "Plans")).toBe("Line one\nLine two\nLine three");
  await expect(tabMark(home.page, "Plans")).toHaveText("Synced");

  // Apart: work changes the first line, home the last; each syncs in turn.
  await typeAtEnd(work.page, "Plans", "");
  await work.page.keyboard.press("ControlOrMeta+Home");
  await work.page.keyboard.press("End");
  await work.page.keyboard.type(" (work)");
  await syncNow(work.page);
  await expectDriveText(drive, "Plans.txt", "Line one (work)\nLine two\nLine three");
  await typeAtEnd(home.page, "Plans", " (home)");
  await syncNow(home.page);
  await expectDriveText(drive, "Plans.txt", "Line one (work)\nLine two\nLine three (home)");
  await expect
    .poll(() => tabText(home.page, "Plans"))
    .toBe("Line one (work)\nLine two\nLine three (home)");
  await syncNow(work.page);
  await expect
    .poll(() => tabText(work.page, "Plans"))
    .toBe("Line one (work)\nLine two\nLine three (home)");

  // Together: both change lines far apart before either syncs; both sides end with both.
  await typeAtEnd(work.page, "Plans", "\nLine four (work)");
  await home.page.locator(".cm-content").click();
  await home.page.keyboard.press("ControlOrMeta+Home");
  await home.page.keyboard.type("Title (home)\n");
  await syncNow(home.page);
  await expectDriveText(
    drive,
    "Plans.txt",
    "Title (home)\nLine one (work)\nLine two\nLine three (home)",
  );
  await syncNow(work.page);
  const merged = "Title (home)\nLine one (work)\nLine two\nLine three (home)\nLine four (work)";
  await expectDriveText(drive, "Plans.txt", merged);
  await expect.poll(() => tabText(work.page, "Plans")).toBe(merged);
  await syncNow(home.page);
  await expect.poll(() => tabText(home.page, "Plans")).toBe(merged);

  // The same line on both sides: the tab keeps its own text, Drive's opens beside it.
  await typeAtEnd(home.page, "Plans", " [home edit]");
  await syncNow(home.page);
  await expectDriveText(drive, "Plans.txt", `${merged} [home edit]`);
  await typeAtEnd(work.page, "Plans", " [work edit]");
  await syncNow(work.page);
  await expect.poll(() => tabNames(work.page)).toContain("Plans (Drive copy)");
  expect(await tabText(work.page, "Plans")).toBe(`${merged} [work edit]`);
  expect(await tabText(work.page, "Plans (Drive copy)")).toBe(`${merged} [home edit]`);
  await expect(work.page.getByTestId("notices")).toContainText("Plans (Drive copy)");
  // No word is lost: the work text is Drive's now, the home text is in the copy tab.
  await expectDriveText(drive, "Plans.txt", `${merged} [work edit]`);

  await work.context.close();
  await home.context.close();
});
