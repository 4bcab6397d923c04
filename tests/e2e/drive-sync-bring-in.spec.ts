import { expect, test } from "@playwright/test";
import {
  DriveModel,
  offerToBringInOne,
  openComputer,
  syncedAtWork,
  tabNames,
  tabText,
} from "./drive-sync-helpers";

/**
 * "Bring in your synced tabs" when Google Drive fails (issue 50): the failure is said in words
 * in the page (no unhandled rejection), and once Drive answers again the tabs come in.
 */

test.describe.configure({ timeout: 150_000 });

test("bring in: a Drive error is told in words, and a later try brings the tab in", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const work = await syncedAtWork(browser, drive, "Plans", "Kept at work");

  const home = await openComputer(browser, drive);
  const unhandled: string[] = [];
  home.page.on("pageerror", (error) => unhandled.push(error.message));
  const bringIn = await offerToBringInOne(home.page);
  // Drive's downloads fail (500, more times than the request layer tries).
  drive.faults.push({ kind: "media", status: 500, times: 1_000 });
  await bringIn.click();
  await expect(home.page.getByTestId("notices")).toContainText("Synced tabs were not brought in", {
    timeout: 60_000,
  });
  expect(await tabNames(home.page)).not.toContain("Plans");
  expect(unhandled).toEqual([]);

  // Drive answers again: the offer is still there and brings the tab in.
  drive.faults.length = 0;
  await expect(bringIn).toBeVisible({ timeout: 20_000 });
  await bringIn.click();
  await expect.poll(() => tabNames(home.page)).toContain("Plans");
  expect(await tabText(home.page, "Plans")).toBe("Kept at work");
  await work.context.close();
  await home.context.close();
});
