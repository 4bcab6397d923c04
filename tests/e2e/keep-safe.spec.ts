import { expect, type Page, test } from "@playwright/test";
import { editorBox, openEditor } from "./editor-helpers";
import { openNotepad, runMenu, typeInEditor } from "./notepad-helpers";

/** Issue 32: asking to keep storage, Safari's seven-day rule, the weekly backup reminder. */

const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Safari/605.1.15";
const DAY = 24 * 60 * 60 * 1000;

/**
 * Stands in for the browser's answer to persist(): counts the requests in localStorage (so the
 * count survives navigation) and answers `grant`; persisted() is true once granted.
 */
async function stubPersist(page: Page, grant: boolean): Promise<void> {
  await page.addInitScript((answer) => {
    const storage = navigator.storage as StorageManager & Record<string, unknown>;
    storage.persist = async () => {
      localStorage.setItem(
        "test-persist-calls",
        String(Number(localStorage.getItem("test-persist-calls") ?? 0) + 1),
      );
      if (answer) localStorage.setItem("test-persisted", "yes");
      return answer;
    };
    storage.persisted = async () => localStorage.getItem("test-persisted") === "yes";
  }, grant);
}

const persistCalls = (page: Page) =>
  page.evaluate(() => Number(localStorage.getItem("test-persist-calls") ?? 0));

/** A record as a week of use without a backup leaves it. */
async function weekOldEdits(page: Page, collection: "editor" | "notepad"): Promise<void> {
  await page.addInitScript(
    ({ key, at }) => {
      if (localStorage.getItem("test-record-set")) return;
      localStorage.setItem("test-record-set", "yes");
      localStorage.setItem(key, JSON.stringify({ firstStoredAt: at, lastEditAt: at }));
    },
    { key: `plainpad-keep-safe-${collection}`, at: Date.now() - 8 * DAY },
  );
}

test.describe("asking the browser to keep the text", () => {
  test("content pages and an empty editor never ask; the first stored document asks once", async ({
    page,
  }) => {
    await stubPersist(page, true);
    await page.goto("/");
    await page.goto("/faq/");
    await openEditor(page);
    expect(await persistCalls(page)).toBe(0);
    await editorBox(page).click();
    await page.keyboard.type("Worth keeping");
    await expect.poll(() => persistCalls(page)).toBe(1);
    await openNotepad(page);
    await typeInEditor(page, "More to keep");
    await page.reload();
    await typeInEditor(page, " and more");
    // Asked once per browser: the answer is remembered.
    await page.waitForTimeout(1500);
    expect(await persistCalls(page)).toBe(1);
    await runMenu(page, "Help", "About");
    const about = page.getByRole("dialog", { name: "About the notepad" });
    await expect(about.getByText("Kept for good:")).toBeVisible();
    await expect(about.getByText(/^Kept for good:\s*yes$/)).toBeVisible();
    await expect(about.getByRole("button", { name: "Ask the browser to keep it" })).toHaveCount(0);
  });

  test("About › Storage asks from a click and says what the browser answered", async ({ page }) => {
    await stubPersist(page, false);
    await openNotepad(page);
    await runMenu(page, "Help", "About");
    const about = page.getByRole("dialog", { name: "About the notepad" });
    await expect(about.getByText(/^Kept for good:\s*no$/)).toBeVisible();
    await expect(
      about.getByText("This browser may delete these tabs if you don't visit for a while.", {
        exact: false,
      }),
    ).toBeVisible();
    await about.getByRole("button", { name: "Ask the browser to keep it" }).click();
    await expect(about.getByRole("status")).toHaveText(/^The browser said no\./);
    expect(await persistCalls(page)).toBe(1);
  });
});

test.describe("Safari's seven-day rule", () => {
  test.use({ userAgent: SAFARI });

  test("the notepad and the editor each say it until it is answered, with a backup and the way to add to the Dock", async ({
    page,
  }) => {
    await openNotepad(page);
    const notice = page.getByRole("region", { name: "Safari and your stored text" });
    await expect(notice).toContainText("Safari deletes a website's stored data");
    // Seen in passing, not answered: the next visit says it again.
    await page.reload();
    await expect(page.getByRole("textbox").first()).toBeVisible();
    await expect(notice).toContainText("these tabs");
    await notice.getByRole("button", { name: "How to add to the Dock or Home Screen" }).click();
    await expect(notice).toContainText("File › Add to Dock");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      notice.getByRole("button", { name: "Back up all documents" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^plainpad-backup-\d{4}-\d\d-\d\d\.zip$/);
    await notice.getByRole("button", { name: "Got it" }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("textbox").first()).toBeVisible();
    await expect(notice).toHaveCount(0);

    await openEditor(page);
    const editorNotice = page.getByRole("region", { name: "Safari and your stored text" });
    await expect(editorNotice).toContainText("this document");
    await expect(editorNotice.getByRole("button", { name: "Download a copy" })).toBeVisible();
    await page.reload();
    await expect(editorBox(page)).toBeVisible();
    await expect(editorNotice).toContainText("this document");
    await editorNotice.getByRole("button", { name: "Got it" }).click();
    await expect(editorNotice).toHaveCount(0);
    await page.reload();
    await expect(editorBox(page)).toBeVisible();
    await expect(editorNotice).toHaveCount(0);
  });
});

test("other browsers are not told Safari's rule", async ({ page }) => {
  await openNotepad(page);
  await openEditor(page);
  await expect(page.getByRole("region", { name: "Safari and your stored text" })).toHaveCount(0);
});

test.describe("the weekly backup reminder", () => {
  test("the notepad offers a backup a week after edits; backing up ends it", async ({ page }) => {
    await weekOldEdits(page, "notepad");
    await openNotepad(page);
    const statusBar = page.getByRole("contentinfo", { name: "Status bar" });
    await expect(statusBar.getByText("No backup yet:")).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      statusBar.getByRole("button", { name: "Back up now" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^plainpad-backup-/);
    await expect(statusBar.getByRole("button", { name: "Back up now" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("textbox").first()).toBeVisible();
    await expect(statusBar.getByRole("button", { name: "Back up now" })).toHaveCount(0);
  });

  test("the editor's reminder downloads the document; Later keeps it away", async ({ page }) => {
    await weekOldEdits(page, "editor");
    await openEditor(page);
    await editorBox(page).click();
    await page.keyboard.type("A week of writing");
    const statusBar = page.getByLabel("Status bar");
    await expect(statusBar.getByText("No backup yet:")).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      statusBar.getByRole("button", { name: "Back up now" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Untitled.txt");
    await page.evaluate(() => localStorage.removeItem("test-record-set"));
    await page.reload();
    await expect(statusBar.getByText("No backup yet:")).toBeVisible();
    await statusBar.getByRole("button", { name: "Later" }).click();
    await expect(statusBar.getByText("No backup yet:")).toHaveCount(0);
    await page.evaluate(() => localStorage.setItem("test-record-set", "yes"));
    await page.reload();
    await expect(editorBox(page)).toBeVisible();
    await expect(statusBar.getByText("No backup yet:")).toHaveCount(0);
  });
});
