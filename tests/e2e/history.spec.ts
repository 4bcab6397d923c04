import { expect, type Page, test } from "@playwright/test";
import { installDiskHarness, putDiskFile, queuePicks } from "./disk-harness";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import { waitForHydration } from "./fixtures";
import {
  editorText,
  openNotepad,
  runMenu,
  tabButton,
  tabNames,
  typeInEditor,
  waitForSaved,
} from "./notepad-helpers";

/** Version history and recently closed tabs (issue 15). */

function historyDialog(page: Page) {
  return page.getByRole("dialog", { name: "Version history" });
}

function versions(page: Page) {
  return historyDialog(page).getByRole("list", { name: "Versions" }).getByRole("button");
}

test.describe("version history in the simple editor", () => {
  test("opening a file keeps the text it replaces; Restore brings it back as an undoable edit", async ({
    page,
  }) => {
    page.on("dialog", (dialog) => void dialog.accept());
    await installDiskHarness(page);
    await openEditor(page);
    await editorBox(page).click();
    await page.keyboard.type("My first draft, written by hand");
    await putDiskFile(page, "other.txt", "A file from the disk");
    await queuePicks(page, { open: ["other.txt"] });
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect.poll(() => documentText(page)).toBe("A file from the disk");

    await page.getByRole("button", { name: "Version history…" }).click();
    await expect(versions(page)).toHaveCount(1);
    await expect(versions(page).first()).toContainText("Before a file was opened over it");
    await expect(versions(page).first()).toContainText("6 words");
    await versions(page).first().click();
    const preview = historyDialog(page).getByTestId("history-preview");
    await expect(preview.locator("del")).toContainText("My first draft, written by hand");
    await expect(preview.locator("ins")).toContainText("A file from the disk");
    await historyDialog(page).getByRole("button", { name: "Restore this version" }).click();
    await expect(historyDialog(page)).toHaveCount(0);
    await expect.poll(() => documentText(page)).toBe("My first draft, written by hand");
    await expect(page.getByText(/^Restored the version from /)).toBeVisible();

    // The text the restore replaced is a version too, and Undo brings it back.
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => documentText(page)).toBe("A file from the disk");
    await page.keyboard.press("ControlOrMeta+Shift+h");
    await expect(versions(page)).toHaveCount(2);
    await expect(versions(page).first()).toContainText("Before an older version was restored");

    // Kept in the browser: still there after a reload.
    await page.keyboard.press("Escape");
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Version history…" }).click();
    await expect(versions(page)).toHaveCount(2);
  });
});

test.describe("version history in the notepad", () => {
  test("Replace All keeps the text before it; restoring it is one undoable step", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "alpha beta alpha");
    await runMenu(page, "Edit", "Replace");
    await page.getByRole("searchbox", { name: "Find" }).fill("alpha");
    await page.getByRole("textbox", { name: "Replace with" }).fill("gamma");
    await page.getByRole("button", { name: "Replace all" }).click();
    await expect.poll(() => editorText(page)).toBe("gamma beta gamma");

    await runMenu(page, "File", "Version history…");
    await expect(versions(page).first()).toContainText("Before Replace All");
    await versions(page).first().click();
    await historyDialog(page).getByRole("button", { name: "Restore this version" }).click();
    await expect.poll(() => editorText(page)).toBe("alpha beta alpha");
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => editorText(page)).toBe("gamma beta gamma");
  });

  test("each tab has its own history", async ({ page }) => {
    await openNotepad(page);
    await typeInEditor(page, "first tab text");
    await runMenu(page, "Edit", "Replace");
    await page.getByRole("searchbox", { name: "Find" }).fill("first");
    await page.getByRole("textbox", { name: "Replace with" }).fill("1st");
    await page.getByRole("button", { name: "Replace all" }).click();
    await runMenu(page, "File", "New tab");
    await runMenu(page, "File", "Version history…");
    await expect(historyDialog(page).getByText("No versions kept yet.")).toBeVisible();
  });
});

test.describe("recently closed tabs", () => {
  test("a closed tab comes back with its name and text: File menu, notice and list", async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await openNotepad(page);
    await runMenu(page, "File", "New tab");
    await typeInEditor(page, "Do not lose me");
    await runMenu(page, "File", "Rename tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Keeper");
    await page.keyboard.press("Enter");
    await waitForSaved(page);
    await runMenu(page, "File", "Close tab");
    // The spec's question, word for word; then a notice says the tab can be reopened.
    expect(dialogs).toEqual(["Keeper has unsaved changes. Close anyway?"]);
    await expect(tabButton(page, "Keeper*")).toHaveCount(0);
    await expect(page.getByText('Closed "Keeper". You can reopen it')).toBeVisible();

    await runMenu(page, "File", "Reopen closed tab");
    await expect(tabButton(page, "Keeper*")).toBeVisible();
    await expect.poll(() => editorText(page)).toBe("Do not lose me");

    // Closed again, then reopened from the list, after a reload.
    await runMenu(page, "File", "Close tab");
    await page.reload();
    await waitForHydration(page);
    await runMenu(page, "File", "Recently closed tabs…");
    const list = page.getByRole("dialog", { name: "Recently closed tabs" });
    await list.getByRole("button", { name: "Reopen Keeper" }).click();
    await expect(tabButton(page, "Keeper*")).toBeVisible();
    await expect.poll(() => editorText(page)).toBe("Do not lose me");
    expect((await tabNames(page)).length).toBe(2);

    // Nothing left to reopen: it says so.
    await runMenu(page, "File", "Reopen closed tab");
    await expect(page.getByText("There is no closed tab to reopen.")).toBeVisible();
  });
});

test.describe("backup and restore", () => {
  test("a backup restores every tab with identical names, text and order in a fresh browser", async ({
    page,
    browser,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "First tab\nwith an emoji 😀 and  two spaces");
    // Named: a fresh notepad has an "Untitled-1" of its own, beside which a restored
    // "Untitled-1" would open as "Untitled-1 (restored)".
    await runMenu(page, "File", "Rename tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Notes");
    await page.keyboard.press("Enter");
    await runMenu(page, "File", "New tab");
    await typeInEditor(page, "Second tab");
    await runMenu(page, "File", "Rename tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Plans");
    await page.keyboard.press("Enter");
    await waitForSaved(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      runMenu(page, "File", "Back up all documents"),
    ]);
    expect(download.suggestedFilename()).toMatch(/^plainpad-backup-\d{4}-\d\d-\d\d\.zip$/);
    const backupPath = test.info().outputPath("backup.zip");
    await download.saveAs(backupPath);
    const names = await tabNames(page);

    const context = await browser.newContext();
    const fresh = await context.newPage();
    await openNotepad(fresh);
    const [chooser] = await Promise.all([
      fresh.waitForEvent("filechooser"),
      runMenu(fresh, "File", "Restore from backup…"),
    ]);
    await chooser.setFiles(backupPath);
    await expect(fresh.getByText(/^Restored 2 documents from "backup\.zip"\./)).toBeVisible();
    // The fresh notepad's own empty tab, then the backup's tabs in their order.
    expect((await tabNames(fresh)).slice(1)).toEqual(names);
    await tabButton(fresh, names[0]).click();
    await expect.poll(() => editorText(fresh)).toBe("First tab\nwith an emoji 😀 and  two spaces");
    await tabButton(fresh, names[1]).click();
    await expect.poll(() => editorText(fresh)).toBe("Second tab");

    // Restoring the same backup again adds nothing: both are open with the same text.
    const [again] = await Promise.all([
      fresh.waitForEvent("filechooser"),
      runMenu(fresh, "File", "Restore from backup…"),
    ]);
    await again.setFiles(backupPath);
    await expect(fresh.getByText(/^Restored 0 documents .* 2 already open/)).toBeVisible();
    await context.close();
  });

  test("a file that is not a backup is refused with a message and changes nothing", async ({
    page,
  }) => {
    await openNotepad(page);
    const before = await tabNames(page);
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      runMenu(page, "File", "Restore from backup…"),
    ]);
    await chooser.setFiles({
      name: "notes.zip",
      mimeType: "application/zip",
      buffer: Buffer.from("not a zip"),
    });
    await expect(page.getByText("This file is not a Plainpad backup")).toBeVisible();
    expect(await tabNames(page)).toEqual(before);
  });
});

test.describe("storage health", () => {
  test("at 80% of the quota the notepad warns and offers a backup; About shows the storage", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const storage = navigator.storage as StorageManager & Record<string, unknown>;
      storage.estimate = async () => ({ usage: 90 * 1024 * 1024, quota: 100 * 1024 * 1024 });
      storage.persisted = async () => false;
    });
    await openNotepad(page);
    const warning = page.getByText(/^Plainpad uses 90 MB of the 100 MB .* Storage is nearly full/);
    await expect(warning).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Back up all documents" }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^plainpad-backup-/);
    await runMenu(page, "Help", "About");
    const about = page.getByRole("dialog", { name: "About the notepad" });
    await expect(
      about.getByText("This browser may delete these tabs if you don't visit for a while."),
    ).toBeVisible();
  });
});
