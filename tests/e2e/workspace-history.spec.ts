import { expect, type Locator, type Page, test } from "@playwright/test";
import { editorText, openNotepad, runMenu } from "./notepad-helpers";
import {
  installWorkspaceHarness,
  workspaceFileBytes,
  writeWorkspaceFixture,
} from "./workspace-harness";

/**
 * Issue 52: Replace in files keeps a History version of each file it changes while the file is
 * not open in a tab; opening that file from the tree later, its Version history lists it
 * ("Before Replace in files"), and restoring it puts the text before in the tab (Save writes it).
 */

const BEFORE = "Notes in UTF-8: naïve\n";
const AFTER = "Memos in UTF-8: naïve\n";

/**
 * Opens the fixture folder and replaces "Notes in" with "Memos in" through Replace in files,
 * which changes b-notes.txt (not open in a tab), then shows the panel's Files view again.
 */
async function replaceInClosedFile(page: Page): Promise<void> {
  await installWorkspaceHarness(page);
  await openNotepad(page);
  await writeWorkspaceFixture(page);
  await runMenu(page, "File", "Open folder…");

  await runMenu(page, "Edit", "Replace in files…");
  const search = page.getByRole("search", { name: /in files/ });
  await search.getByLabel("Find", { exact: true }).fill("Notes in");
  await search.getByLabel("Replace with").fill("Memos in");
  await search.getByRole("button", { name: "Find all" }).click();
  await expect(
    page
      .getByRole("region", { name: "Results" })
      .getByRole("list", { name: "Matches in b-notes.txt" }),
  ).toBeVisible();
  await search.getByRole("button", { name: "Replace all…" }).click();
  await page.getByRole("button", { name: /^Replace 1 match in 1 file$/ }).click();
  await expect(page.getByText("Replaced 1 match")).toBeVisible();
  expect((await workspaceFileBytes(page, "b-notes.txt")).toString("utf8")).toBe(AFTER);

  await page
    .getByRole("tablist", { name: "Folder views" })
    .getByRole("tab", { name: "Files" })
    .click();
}

/**
 * Opens Version history of the active tab and picks its one "Before Replace in files"
 * version, whose preview shows the text before; resolves with the dialog.
 */
async function pickVersionBeforeReplace(page: Page): Promise<Locator> {
  await runMenu(page, "File", "Version history…");
  const history = page.getByRole("dialog", { name: "Version history" });
  const version = history
    .getByRole("list", { name: "Versions" })
    .getByRole("button")
    .filter({ hasText: "Before Replace in files" });
  await expect(version).toHaveCount(1);
  await version.click();
  await expect(history.getByTestId("history-preview")).toContainText("Notes in UTF-8");
  return history;
}

test("a file changed by Replace in files while not open: its tab's History restores the text before", async ({
  page,
}) => {
  await replaceInClosedFile(page);
  // Opened from the tree now: the tab shows the file as Replace in files left it.
  await page
    .getByRole("tree", { name: "Files of Workspace" })
    .getByRole("treeitem", { name: "b-notes.txt", exact: true })
    .click();
  await expect.poll(() => editorText(page)).toBe(AFTER);

  const history = await pickVersionBeforeReplace(page);
  await history.getByRole("button", { name: "Restore this version" }).click();
  await expect(history).toHaveCount(0);
  await expect.poll(() => editorText(page)).toBe(BEFORE);

  // Restored as an unsaved edit of the tab: Save writes it back into the file.
  await expect(page.getByRole("button", { name: "b-notes.txt*" })).toBeVisible();
  await page.locator(".cm-content").focus();
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByRole("button", { name: "b-notes.txt*" })).toHaveCount(0);
  expect((await workspaceFileBytes(page, "b-notes.txt")).toString("utf8")).toBe(BEFORE);
});

test("a file changed by Replace in files, then renamed: its tab's History still lists the text before", async ({
  page,
}) => {
  await replaceInClosedFile(page);
  // Renamed in the tree, then opened under its new name.
  const tree = page.getByRole("tree", { name: "Files of Workspace" });
  await tree.getByRole("treeitem", { name: "b-notes.txt", exact: true }).focus();
  await page.keyboard.press("F2");
  const rename = page.getByRole("dialog", { name: "Rename" });
  await rename.getByRole("textbox", { name: "Name" }).fill("c-notes.txt");
  await rename.getByRole("button", { name: "Rename" }).click();
  await tree.getByRole("treeitem", { name: "c-notes.txt", exact: true }).click();
  await expect.poll(() => editorText(page)).toBe(AFTER);

  await pickVersionBeforeReplace(page);
});
