import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { diskFileBytes, installDiskHarness, putDiskFile, queuePicks } from "./disk-harness";
import { collectDialogs, installDriveFakes } from "./drive-fakes";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import { waitForHydration } from "./fixtures";
import { editorText, openNotepad, runMenu, typeInEditor, waitForSaved } from "./notepad-helpers";
import { waitForServiceWorker } from "./offline-helpers";

/**
 * Offline use (issue 14): after one online visit the service worker has precached every page
 * and file, so with the browser offline the site and both editors still load, keep text
 * across reloads, and open and save local files. Service workers are allowed here (they are
 * by default; no spec blocks them).
 */
test.describe("offline after one visit", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the editors and the content pages load offline, and text survives reloads", async ({
    page,
    context,
  }) => {
    await openEditor(page);
    await waitForServiceWorker(page);
    await context.setOffline(true);

    await page.reload();
    await waitForHydration(page);
    await editorBox(page).click();
    await page.keyboard.type("Written on a train");
    // Stored within a second of the last edit (as the editor tests wait too).
    await page.waitForTimeout(1200);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => documentText(page)).toBe("Written on a train");

    await openNotepad(page);
    await typeInEditor(page, "A tab written offline");
    await waitForSaved(page);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => editorText(page)).toBe("A tab written offline");

    await page.goto("/faq/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    await page.goto("/blog/keyboard-shortcuts-writers/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Keyboard Shortcuts Every Writer Should Know",
    );
    // A link followed inside the app loads the article's data from the cache too.
    await page.goto("/blog/");
    await waitForHydration(page);
    const article = page.locator('main a[href="/blog/writing-tips-for-students/"]').first();
    await article.click();
    await expect(page).toHaveURL(/\/blog\/writing-tips-for-students\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Students");

    // An unknown address gets the site's 404 screen, not the browser's offline page.
    await page.goto("/no-such-page-offline/");
    await expect(page.getByText("404 Not Found")).toBeVisible();
    await expect(page).toHaveTitle("404 Not Found | Plainpad");
    // "/editor" without its slash still reaches the editor.
    await page.goto("/editor");
    await expect(page).toHaveURL(/\/editor\/$/);
    await expect(editorBox(page)).toBeVisible();
  });

  test("the service worker is registered after the page has loaded, never before", async ({
    page,
  }) => {
    let workerRequestedAt = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/sw.js" && !workerRequestedAt) {
        workerRequestedAt = Date.now();
      }
    });
    await page.goto("/");
    await waitForServiceWorker(page);
    const loadedAt = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      return performance.timeOrigin + navigation.loadEventEnd;
    });
    expect(loadedAt).toBeGreaterThan(0);
    if (workerRequestedAt) expect(workerRequestedAt).toBeGreaterThanOrEqual(Math.floor(loadedAt));
  });

  test("opening and saving a file on this computer works offline", async ({ page, context }) => {
    await installDiskHarness(page);
    await openEditor(page);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await waitForHydration(page);
    await putDiskFile(page, "train.txt", "from the disk\n");
    await queuePicks(page, { open: ["train.txt"] });
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.getByTestId("status-location")).toHaveText("train.txt · on this computer");
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("and back");
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByText('Saved "train.txt" on this computer.')).toBeVisible();
    expect((await diskFileBytes(page, "train.txt"))?.toString("utf8")).toBe(
      "from the disk\nand back",
    );
  });

  test("Google Drive actions say at once that the browser is offline, and call nobody", async ({
    page,
    context,
  }) => {
    const fakes = await installDriveFakes(page);
    const dialogs = collectDialogs(page);
    await openEditor(page);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await waitForHydration(page);
    await reportOffline(context, page);

    await page.getByRole("button", { name: "Open from Drive" }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    await page.getByRole("button", { name: "Save to Drive" }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => dialogs.length).toBe(3);

    await openNotepad(page);
    await reportOffline(context, page);
    await runMenu(page, "File", "Open from Google Drive");
    await expect.poll(() => dialogs.length).toBe(4);
    await runMenu(page, "File", "Save to Google Drive");
    await expect.poll(() => dialogs.length).toBe(5);

    for (const message of dialogs) expect(message).toMatch(/^You are offline\. /);
    expect(fakes.googleRequests).toEqual([]);
  });
});

/**
 * Chromium 150 loses the emulated offline state of `navigator.onLine` when a page is loaded
 * again (the load itself is served offline, by the service worker): it is set once more after
 * each load, so the page reports what a browser still offline reports.
 */
async function reportOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}
