import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures";
import {
  editorText,
  openNotepad,
  renameActiveTab,
  replaceAll,
  runMenu,
  typeInEditor,
} from "./notepad-helpers";

/** View › Compare with… (issue 31 item 1). */

/** Two tabs: "Old" and then "New" (active), differing in two lines. */
async function twoTabs(page: Page) {
  await openNotepad(page);
  await typeInEditor(page, "one\ntwo\nthree\nfour\nfive");
  await renameActiveTab(page, "Old");
  await runMenu(page, "File", "New tab");
  await typeInEditor(page, "one\n2\nthree\nfour\nfive!");
  await renameActiveTab(page, "New");
}

test.describe("compare tabs", () => {
  test("side by side: changes counted and marked, next/previous, a change copied in, Done keeps it undoable", async ({
    page,
  }) => {
    // Several menus, dialogs and steps: slow on a loaded machine.
    test.slow();
    await twoTabs(page);
    await runMenu(page, "View", "Compare with…");
    const dialog = page.getByRole("dialog", { name: "Compare" });
    await expect(dialog.getByLabel('Compare "New" with')).toHaveValue(/.+/);
    await expect(dialog.getByText("2 changes")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: '"Old"' })).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: '"New"' })).toBeVisible();
    // Changed text is marked within the lines.
    await expect(dialog.locator(".cm-changedText").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // F7 moves to the next change (the registry's key), the button too.
    await dialog.getByRole("textbox", { name: '"New"' }).click();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("F7");
    await dialog.getByRole("button", { name: "Next change" }).click();
    await dialog.getByRole("button", { name: "Previous change" }).click();

    // Copy the first change ("two") from Old into New.
    await dialog
      .getByRole("button", { name: "Copy this change into the text on the right" })
      .first()
      .click();
    await expect(dialog.getByText("1 change")).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => editorText(page)).toBe("one\ntwo\nthree\nfour\nfive!");
    // One undo step brings the tab back.
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => editorText(page)).toBe("one\n2\nthree\nfour\nfive!");
  });

  test("long texts: every change is found, not one block from the first change to the last", async ({
    page,
  }) => {
    test.slow();
    await openNotepad(page);
    await page.evaluate(() => {
      const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i} of a long text to compare`);
      const edited = lines.map((line, i) => (i % 8_000 === 4_000 ? `${line}, edited` : line));
      const notepad = (
        window as unknown as {
          __plainpadNotepad: { tabs: { newTab(name: string, text: string): void } };
        }
      ).__plainpadNotepad;
      notepad.tabs.newTab("Old", lines.join("\n"));
      notepad.tabs.newTab("New", edited.join("\n"));
    });
    await runMenu(page, "View", "Compare with…");
    const dialog = page.getByRole("dialog", { name: "Compare" });
    await dialog.getByLabel('Compare "New" with').selectOption({ label: '"Old"' });
    await expect(dialog.getByText("5 changes")).toBeVisible();
    await expect(dialog.getByText(/simplified/)).toHaveCount(0);
  });

  test("on a phone the comparison is one column", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await twoTabs(page);
    await runMenu(page, "View", "Compare with…");
    const dialog = page.getByRole("dialog", { name: "Compare" });
    await expect(dialog.getByText("2 changes")).toBeVisible();
    await expect(dialog.getByRole("textbox")).toHaveCount(1);
    await expect(dialog.locator(".cm-deletedChunk").first()).toBeVisible();
    // Each change has one button, "Copy in": by mouse, then by keyboard.
    const copyIn = dialog.getByRole("button", {
      name: "Copy this change from the other text into this one",
    });
    await expect(copyIn).toHaveCount(2);
    await copyIn.first().click();
    await expect(copyIn).toHaveCount(1);
    await copyIn.focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("No differences.")).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => editorText(page)).toBe("one\ntwo\nthree\nfour\nfive");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+z");
    await expect.poll(() => editorText(page)).toBe("one\n2\nthree\nfour\nfive!");
  });

  test("with one tab, a file from the computer is compared; a binary file is refused in words", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "alpha\nbeta\ngamma");
    await runMenu(page, "View", "Compare with…");
    const dialog = page.getByRole("dialog", { name: "Compare" });
    await expect(dialog.getByRole("status")).toHaveText(/Choose a file to compare/);

    let chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Compare with a file…" }).click();
    await (
      await chooser
    ).setFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    });
    await expect(dialog.getByRole("status")).toContainText(
      '"photo.png" does not look like a text file',
    );

    chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Compare with a file…" }).click();
    await (
      await chooser
    ).setFiles({
      name: "draft.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("alpha\nBETA\ngamma\n"),
    });
    // "beta" changed and the file's last line break: neighbouring lines, one change.
    await expect(dialog.getByText("1 change:")).toBeVisible();
    await expect(dialog.getByRole("combobox")).toHaveValue(/file/);
    await expect(dialog.getByRole("textbox", { name: 'the file "draft.txt"' })).toContainText(
      "BETA",
    );
    await dialog.getByRole("button", { name: "Done" }).click();
    // Only looked at: the tab's text is unchanged.
    expect(await editorText(page)).toBe("alpha\nbeta\ngamma");
  });
});

test("the History panel compares a kept version side by side in the same view", async ({
  page,
}) => {
  await openNotepad(page);
  await typeInEditor(page, "alpha beta alpha");
  await replaceAll(page, "alpha", "gamma");
  await expect.poll(() => editorText(page)).toBe("gamma beta gamma");
  await runMenu(page, "File", "Version history…");
  const history = page.getByRole("dialog", { name: "Version history" });
  await history.getByRole("list", { name: "Versions" }).getByRole("button").first().click();
  await history.getByRole("button", { name: "Compare side by side" }).click();
  const dialog = page.getByRole("dialog", { name: "Compare with a kept version" });
  // One line changed in two places: one change.
  await expect(dialog.getByText("1 change:")).toBeVisible();
  await dialog
    .getByRole("button", { name: "Copy this change into the text on the right" })
    .first()
    .click();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect.poll(() => editorText(page)).toBe("alpha beta alpha");
});
