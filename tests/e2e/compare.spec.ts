import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { editorText, openNotepad, renameActiveTab, runMenu, typeInEditor } from "./notepad-helpers";

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
    const dialog = page.getByRole("dialog", { name: "Compare tabs" });
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

  test("on a phone the comparison is one column", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await twoTabs(page);
    await runMenu(page, "View", "Compare with…");
    const dialog = page.getByRole("dialog", { name: "Compare tabs" });
    await expect(dialog.getByText("2 changes")).toBeVisible();
    await expect(dialog.getByRole("textbox")).toHaveCount(1);
    await expect(dialog.locator(".cm-deletedChunk").first()).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => editorText(page)).toBe("one\n2\nthree\nfour\nfive!");
  });

  test("is offered only with two tabs or more", async ({ page }) => {
    await openNotepad(page);
    await page.getByRole("menuitem", { name: "View", exact: true }).click();
    await expect(page.getByRole("menuitem", { name: "Compare with…" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });
});

test("the History panel compares a kept version side by side in the same view", async ({
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
