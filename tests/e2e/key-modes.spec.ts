import { expect, type Page, test } from "@playwright/test";
import { diskFileBytes, installDiskHarness, putDiskFile, queuePicks } from "./disk-harness";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import { waitForHydration } from "./fixtures";
import { editorText, openNotepad, runMenu, tabNames } from "./notepad-helpers";

/** Vim and Emacs keys (issue 31 item 5). */

function statusBar(page: Page) {
  return page.getByRole("contentinfo", { name: "Status bar" });
}

/**
 * Records every browser dialog (and dismisses it), opens `name` from disk holding `text` as a
 * second notepad tab, and turns Vim keys on. The dialogs' messages, for tests that expect none.
 */
async function openFileInVim(page: Page, name: string, text: string): Promise<string[]> {
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await putDiskFile(page, name, text);
  await queuePicks(page, { open: [name] });
  await runMenu(page, "File", "Open…");
  await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", name]);
  await runMenu(page, "View", "Vim keys");
  await expect(statusBar(page).getByText("Vim: NORMAL")).toBeVisible();
  await page.locator(".cm-content").focus();
  return asked;
}

test.describe("notepad: View › Keys", () => {
  test.beforeEach(async ({ page }) => {
    await installDiskHarness(page, { permission: "prompt", requestAnswer: "granted" });
    await openNotepad(page);
  });

  test("Vim keys: modes in the status bar, :w writes the file in place, :q closes the tab, remembered", async ({
    page,
  }) => {
    // Several menus, dialogs and steps: slow on a loaded machine.
    test.slow();
    await putDiskFile(page, "todo.txt", "buy milk\n");
    await queuePicks(page, { open: ["todo.txt"] });
    await runMenu(page, "File", "Open…");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "todo.txt"]);

    await runMenu(page, "View", "Vim keys");
    await expect(statusBar(page).getByText("Vim: NORMAL")).toBeVisible();
    await page.locator(".cm-content").focus();
    // Normal mode: typed letters are commands, not text.
    await page.keyboard.press("g");
    await page.keyboard.press("g");
    await page.keyboard.press("A");
    await expect(statusBar(page).getByText("Vim: INSERT")).toBeVisible();
    await page.keyboard.type(" and eggs");
    await page.keyboard.press("Escape");
    await expect(statusBar(page).getByText("Vim: NORMAL")).toBeVisible();
    await page.keyboard.type(":w");
    await page.keyboard.press("Enter");
    await expect
      .poll(async () => (await diskFileBytes(page, "todo.txt"))?.toString("utf8"))
      .toBe("buy milk and eggs\n");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "todo.txt"]);

    // Remembered after a reload. ":q" closes the shown tab: wait until the stored tabs are back.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "todo.txt"]);
    await expect(statusBar(page).getByText("Vim: NORMAL")).toBeVisible();
    await page.locator(".cm-content").focus();
    await page.keyboard.type(":q");
    await page.keyboard.press("Enter");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1"]);

    // Back to the standard keys: letters are text again.
    await runMenu(page, "View", "Standard keys");
    await expect(statusBar(page).getByText(/^Vim:/)).toHaveCount(0);
    await page.locator(".cm-content").focus();
    await page.keyboard.type("jk");
    await expect.poll(() => editorText(page)).toBe("jk");
  });

  test("Vim's :q on a tab with unsaved changes asks first", async ({ page }) => {
    await runMenu(page, "File", "New tab");
    await page.locator(".cm-content").focus();
    await page.keyboard.type("keep me");
    await runMenu(page, "View", "Vim keys");
    // Vim's library loads when first chosen: keys sent before its mode shows are still the
    // standard keys (":q" went into the text when the load was slow).
    await expect(statusBar(page).getByText("Vim: NORMAL")).toBeVisible();
    await page.locator(".cm-content").focus();
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.keyboard.type(":q");
    await page.keyboard.press("Enter");
    await expect.poll(() => asked).not.toBe("");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "Untitled-2*"]);
  });

  for (const command of [":wq", ":x"]) {
    test(`Vim's ${command} closes a modified tab once its save is written, without asking`, async ({
      page,
    }) => {
      const asked = await openFileInVim(page, "done.txt", "first line");
      await page.keyboard.press("G");
      await page.keyboard.press("o");
      await page.keyboard.type("second line");
      await page.keyboard.press("Escape");
      await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "done.txt*"]);

      await page.keyboard.type(command);
      await page.keyboard.press("Enter");
      await expect.poll(() => tabNames(page)).toEqual(["Untitled-1"]);
      expect(asked).toEqual([]);
      expect((await diskFileBytes(page, "done.txt"))?.toString("utf8")).toBe(
        "first line\nsecond line",
      );
    });
  }

  test("Vim's :wq keeps the tab open when its save is cancelled, without asking", async ({
    page,
  }) => {
    const asked = await openFileInVim(page, "shared.txt", "mine\n");
    await page.keyboard.press("A");
    await page.keyboard.type(" edited");
    await page.keyboard.press("Escape");
    // Another program changes the file: the save asks first, and the person cancels.
    await putDiskFile(page, "shared.txt", "theirs, a longer text\n");
    await page.keyboard.type(":wq");
    await page.keyboard.press("Enter");
    const question = page.getByRole("dialog", { name: '"shared.txt" changed on disk' });
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toBeHidden();
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "shared.txt*"]);
    await expect.poll(() => editorText(page)).toBe("mine edited\n");
    expect(asked).toEqual([]);
    expect((await diskFileBytes(page, "shared.txt"))?.toString("utf8")).toBe(
      "theirs, a longer text\n",
    );
  });

  test("Emacs keys: Ctrl+A and Ctrl+E move along the line, Ctrl+X Ctrl+S saves", async ({
    page,
  }) => {
    await putDiskFile(page, "list.txt", "middle");
    await queuePicks(page, { open: ["list.txt"] });
    await runMenu(page, "File", "Open…");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "list.txt"]);
    await runMenu(page, "View", "Emacs keys");
    await expect(statusBar(page).getByText("Emacs keys")).toBeVisible();
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+e");
    await page.keyboard.type(" end");
    await page.keyboard.press("Control+a");
    await page.keyboard.type("start ");
    await expect.poll(() => editorText(page)).toBe("start middle end");
    await page.keyboard.press("Control+x");
    await page.keyboard.press("Control+s");
    await expect
      .poll(async () => (await diskFileBytes(page, "list.txt"))?.toString("utf8"))
      .toBe("start middle end");
  });
});

test.describe("simple editor: Settings › Keys", () => {
  test("Vim keys from the settings panel; :w saves", async ({ page }) => {
    await openEditor(page);
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByLabel("Keys").selectOption("Vim");
    await page.getByRole("button", { name: "Close settings" }).click();
    await expect(page.getByText("Vim: NORMAL")).toBeVisible();
    await editorBox(page).click();
    await page.keyboard.press("i");
    await page.keyboard.type("hello vim");
    await page.keyboard.press("Escape");
    await page.keyboard.press("0");
    await page.keyboard.press("x");
    await expect.poll(() => documentText(page)).toBe("ello vim");
    const download = page.waitForEvent("download");
    await page.keyboard.type(":w");
    await page.keyboard.press("Enter");
    expect((await download).suggestedFilename()).toMatch(/\.txt$/);
  });
});
