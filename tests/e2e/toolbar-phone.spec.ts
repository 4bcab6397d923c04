import { expect, type Page, test } from "@playwright/test";
import { openEditor } from "./editor-helpers";
import { openNotepad } from "./notepad-helpers";

test.use({ viewport: { width: 390, height: 800 } });

// The toolbar commands of each editor's registry (app/editor/commands.ts, app/notepad/commands.ts).
const EDITOR_TOOLBAR = [
  "New",
  "Open",
  "Save",
  "Save as…",
  "Undo",
  "Redo",
  "Bold",
  "Italic",
  "Underline",
  "Align left",
  "Align center",
  "Align right",
  "Bullet list",
  "Numbered list",
  "Decrease font size",
  "Increase font size",
  "Light theme",
  "Dark theme",
  "Blue theme",
  "Copy",
  "Cut",
  "Paste",
  "Find",
  "Settings",
];
const NOTEPAD_TOOLBAR = [
  "New tab",
  "Open",
  "Save",
  "Download all tabs",
  "Print",
  "Undo",
  "Redo",
  "Cut",
  "Copy",
  "Paste",
  "Find",
  "Replace",
  "Insert emoji",
  "Insert special character",
  "Font size down",
  "Font size up",
  "Fullscreen",
];

/** Every command is a visible button of the one-row toolbar or an item of its More menu. */
async function expectOneRowWithEverything(page: Page, toolbarName: string, labels: string[]) {
  const toolbar = page.getByRole("toolbar", { name: toolbarName });
  const box = await toolbar.boundingBox();
  expect(box, "toolbar is shown").not.toBeNull();
  // One row of 44 px touch targets (plus the row's padding).
  expect(box!.height).toBeLessThanOrEqual(56);
  const buttons = toolbar.getByRole("button");
  for (let i = 0; i < (await buttons.count()); i++) {
    const button = buttons.nth(i);
    if (!(await button.isVisible())) continue;
    const size = await button.boundingBox();
    expect(size!.height, "touch target").toBeGreaterThanOrEqual(44);
    expect(size!.width, "touch target").toBeGreaterThanOrEqual(44);
    expect(size!.y, "on the toolbar's one row").toBeLessThan(box!.y + 8);
  }
  const shown = new Set<string>();
  for (const label of labels) {
    if (await toolbar.getByRole("button", { name: label, exact: true }).isVisible())
      shown.add(label);
  }
  const more = toolbar.getByRole("button", { name: "More" });
  await expect(more).toBeVisible();
  await more.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  for (const label of labels.filter((l) => !shown.has(l))) {
    await expect(menu.getByText(label, { exact: true }), `${label} is in More`).toHaveCount(1);
  }
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
}

test("simple editor at 390 px: one toolbar row, the rest in More, the text gets the space", async ({
  page,
}) => {
  await openEditor(page);
  await expectOneRowWithEverything(page, "Editor toolbar", EDITOR_TOOLBAR);
  // Header and toolbar took about 215 px when the toolbar wrapped to three rows.
  const content = await page.locator(".cm-editor").boundingBox();
  expect(content!.y).toBeLessThan(170);
  // A command from the More menu works (keyboard).
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
});

test("notepad at 390 px: one toolbar row, the rest in More", async ({ page }) => {
  await openNotepad(page);
  await expectOneRowWithEverything(page, "Notepad tools", NOTEPAD_TOOLBAR);
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: "Insert special character" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});
