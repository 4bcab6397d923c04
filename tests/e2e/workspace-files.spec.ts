import { expect, type Page, test } from "@playwright/test";
import { fixtureBytes } from "./disk-harness";
import { editorText, openNotepad, runMenu, tabButton } from "./notepad-helpers";
import {
  installWorkspaceHarness,
  WORKSPACE_FOLDER,
  workspaceFileBytes,
  writeWorkspaceFixture,
} from "./workspace-harness";

/**
 * Issue 52: the tree's file commands on a real folder (the Origin Private File System's
 * handles, handed out by the folder picker): New file…, Rename… (an open tab follows and saves
 * under the new name), Move to…, Delete into the session trash and Restore byte for byte, a bad
 * name's words, and a file written by another program (the test) noticed by its open tab.
 */

function tree(page: Page) {
  return page.getByRole("tree", { name: `Files of ${WORKSPACE_FOLDER}` });
}

function treeItem(page: Page, name: string) {
  return tree(page).getByRole("treeitem", { name, exact: true });
}

async function openWorkspace(page: Page): Promise<void> {
  await installWorkspaceHarness(page);
  await openNotepad(page);
  await writeWorkspaceFixture(page);
  await runMenu(page, "File", "Open folder…");
  await expect(treeItem(page, "b-notes.txt")).toBeVisible();
}

/** Right-clicks an entry of the tree and chooses a command of its menu. */
async function treeCommand(page: Page, name: string, command: string): Promise<void> {
  await treeItem(page, name).click({ button: "right" });
  await page
    .getByRole("menu", { name: "File actions" })
    .getByRole("menuitem", { name: command })
    .click();
}

/** Writes a file of the folder as another program would (not through the editor). */
async function writeOutside(page: Page, path: string, text: string): Promise<void> {
  await page.evaluate(
    async ({ folderName, path, text }) => {
      const root = await navigator.storage.getDirectory();
      const folder = await root.getDirectoryHandle(folderName);
      const writable = await (await folder.getFileHandle(path)).createWritable();
      await writable.write(new TextEncoder().encode(text));
      await writable.close();
    },
    { folderName: WORKSPACE_FOLDER, path, text },
  );
}

/** A file's text, or null while it cannot be read (being written: the browser swaps it in). */
function textOf(page: Page, path: string): Promise<string | null> {
  return workspaceFileBytes(page, path).then(
    (bytes) => bytes.toString("utf8"),
    () => null,
  );
}

async function missing(page: Page, path: string): Promise<boolean> {
  return workspaceFileBytes(page, path).then(
    () => false,
    () => true,
  );
}

/** Opens b-notes.txt in a tab, then renames it "c-notes.txt" with F2: the tab follows. */
async function renameOpenNotes(page: Page): Promise<void> {
  await treeItem(page, "b-notes.txt").click();
  await expect.poll(() => editorText(page)).toBe("Notes in UTF-8: naïve\n");
  await treeItem(page, "b-notes.txt").focus();
  await page.keyboard.press("F2");
  const rename = page.getByRole("dialog", { name: "Rename" });
  await rename.getByRole("textbox", { name: "Name" }).fill("c-notes.txt");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(tabButton(page, "c-notes.txt")).toBeVisible();
}

/** Types `text` at the end of the active tab's text. */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(text);
}

test.describe("the tree's file commands", () => {
  test("New file, Rename with the open tab following it and saving there, Move to", async ({
    page,
  }) => {
    await openWorkspace(page);
    await treeCommand(page, "docs", "New file…");
    const dialog = page.getByRole("dialog", { name: "New file" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("fresh.md");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(treeItem(page, "fresh.md")).toBeVisible();
    expect((await workspaceFileBytes(page, "docs/fresh.md")).length).toBe(0);

    // An open tab follows its file's new name, and Save writes under it.
    await renameOpenNotes(page);
    await expect(treeItem(page, "c-notes.txt")).toBeVisible();
    await expect(treeItem(page, "b-notes.txt")).toHaveCount(0);
    await typeAtEnd(page, "more");
    await expect(tabButton(page, "c-notes.txt*")).toBeVisible();
    await page.keyboard.press("ControlOrMeta+s");
    await expect(tabButton(page, "c-notes.txt")).toBeVisible();
    await expect.poll(() => textOf(page, "c-notes.txt")).toBe("Notes in UTF-8: naïve\nmore");
    expect(await missing(page, "b-notes.txt")).toBe(true);

    // Move to… (the keyboard's way to move): into "src".
    const readme = await workspaceFileBytes(page, "a-readme.md");
    await treeCommand(page, "a-readme.md", "Move to…");
    const move = page.getByRole("dialog", { name: "Move to" });
    await move.getByRole("combobox", { name: "Folder" }).selectOption("src");
    await move.getByRole("button", { name: "Move" }).click();
    await expect(treeItem(page, "a-readme.md")).toBeVisible();
    await expect.poll(() => textOf(page, "src/a-readme.md")).toBe(readme.toString("utf8"));
    expect(await missing(page, "a-readme.md")).toBe(true);
  });

  test("a rename done by copying (no FileSystemHandle.move): the tab saves there without asking", async ({
    page,
  }) => {
    // As in a browser without `move`: the rename copies the file and removes the original.
    await page.addInitScript(() => {
      for (const kind of [FileSystemHandle, FileSystemFileHandle, FileSystemDirectoryHandle])
        delete (kind.prototype as { move?: unknown }).move;
    });
    await openWorkspace(page);
    await renameOpenNotes(page);
    await typeAtEnd(page, "typed after the rename");
    await page.keyboard.press("ControlOrMeta+s");
    // The copy's new time is not taken for another program's change: no question, written.
    await expect(tabButton(page, "c-notes.txt")).toBeVisible();
    await expect
      .poll(() => textOf(page, "c-notes.txt"))
      .toBe("Notes in UTF-8: naïve\ntyped after the rename");
    await expect(page.getByRole("dialog", { name: /changed on disk/ })).toHaveCount(0);
    expect(await missing(page, "b-notes.txt")).toBe(true);
  });

  test("a file dragged onto a folder moves there, every byte kept", async ({ page }) => {
    await openWorkspace(page);
    const before = await workspaceFileBytes(page, "utf16.txt");
    await treeItem(page, "utf16.txt").dragTo(treeItem(page, "docs"));
    await expect(treeItem(page, "utf16.txt")).toBeVisible();
    await expect(treeItem(page, "docs")).toHaveAttribute("aria-expanded", "true");
    expect((await workspaceFileBytes(page, "docs/utf16.txt")).equals(before)).toBe(true);
    expect(await missing(page, "utf16.txt")).toBe(true);
  });

  test("Delete into the trash and Restore byte for byte; a bad or taken name in words", async ({
    page,
  }) => {
    await openWorkspace(page);
    await treeItem(page, "Windows.txt").focus();
    await page.keyboard.press("Delete");
    await expect(page.getByText('"Windows.txt" was moved to the trash.')).toBeVisible();
    await expect(treeItem(page, "Windows.txt")).toHaveCount(0);
    expect(await missing(page, "Windows.txt")).toBe(true);
    const trash = page.getByRole("region", { name: "Trash" });
    await trash.getByRole("button", { name: "Restore Windows.txt" }).click();
    await expect(treeItem(page, "Windows.txt")).toBeVisible();
    expect(
      (await workspaceFileBytes(page, "Windows.txt")).equals(fixtureBytes("windows-1252.txt")),
    ).toBe(true);
    await expect(trash).toHaveCount(0);

    await treeCommand(page, "docs", "New file…");
    const dialog = page.getByRole("dialog", { name: "New file" });
    const name = dialog.getByRole("textbox", { name: "Name" });
    await name.fill("a:b.txt");
    await expect(dialog.getByRole("alert")).toHaveText(/cannot contain ":"/);
    await expect(dialog.getByRole("button", { name: "Create" })).toBeDisabled();
    await name.fill("guide-2.MD");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(/There is already "docs\/guide-2.md"/);
    expect((await workspaceFileBytes(page, "docs/guide-2.md")).toString("utf8")).toBe("two\n");
  });

  test("a file another program writes is noticed by its open tab: the on-disk conflict flow", async ({
    page,
  }) => {
    await openWorkspace(page);
    await treeItem(page, "b-notes.txt").click();
    await expect.poll(() => editorText(page)).toBe("Notes in UTF-8: naïve\n");
    await page.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("mine");

    await writeOutside(page, "b-notes.txt", "written by another program\n");
    // The page's focus is when it looks (as well as every few seconds).
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(
      page.getByText('"b-notes.txt" was changed on disk by another program.', { exact: false }),
    ).toBeVisible();

    // Save does not write over it blindly: the question of any file changed on disk.
    await page.keyboard.press("ControlOrMeta+s");
    const question = page.getByRole("dialog", { name: '"b-notes.txt" changed on disk' });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Reload from disk" }).click();
    await expect.poll(() => editorText(page)).toBe("written by another program\n");
    expect((await workspaceFileBytes(page, "b-notes.txt")).toString("utf8")).toBe(
      "written by another program\n",
    );
  });
});
