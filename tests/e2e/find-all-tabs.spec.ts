import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures";
import {
  editorText,
  openNotepad,
  renameActiveTab,
  runMenu,
  tabButton,
  typeInEditor,
} from "./notepad-helpers";

/** Find and Replace All in all tabs (issue 31 item 2). */

async function threeTabs(page: Page) {
  await openNotepad(page);
  await typeInEditor(page, "apple pie\nno fruit here\nApple juice");
  await renameActiveTab(page, "Recipes");
  await runMenu(page, "File", "New tab");
  await typeInEditor(page, "nothing to see");
  await renameActiveTab(page, "Empty");
  await runMenu(page, "File", "New tab");
  await typeInEditor(page, "one apple a day");
  await renameActiveTab(page, "Sayings");
}

test.describe("find in all tabs", () => {
  test("lists every match grouped by tab; a click shows it in its tab", async ({ page }) => {
    // Several menus, dialogs and steps: slow on a loaded machine.
    test.slow();
    await threeTabs(page);
    await runMenu(page, "Edit", "Find");
    await page.getByRole("searchbox", { name: "Find" }).fill("apple");
    await page.getByRole("checkbox", { name: "In all tabs" }).check();
    await page.getByRole("button", { name: "Find all" }).click();
    await expect(page.getByText("3 matches in 2 tabs.")).toBeVisible();
    const results = page.getByRole("region", { name: "Matches in all tabs" });
    await expect(results.getByRole("heading")).toHaveText([
      "Recipes (2 matches)",
      "Sayings (1 match)",
    ]);
    await expect(results.getByRole("button")).toHaveText([
      "Line 1: apple pie",
      "Line 3: Apple juice",
      "Line 1: one apple a day",
    ]);
    await expectNoSeriousA11yViolations(page);
    await results.getByRole("button", { name: "Line 3: Apple juice" }).click();
    await expect(tabButton(page, "Recipes*")).toHaveAttribute("aria-current", "true");
    await expect
      .poll(() =>
        page.evaluate(() => {
          const view = (
            window as unknown as {
              __plainpadNotepad: {
                getView(): { state: { selection: { main: { from: number; to: number } } } };
              };
            }
          ).__plainpadNotepad.getView();
          const { from, to } = view.state.selection.main;
          return [from, to];
        }),
      )
      .toEqual([24, 29]);
  });

  test("Replace All in all tabs: one undo step per tab, each tab's text kept in its history first", async ({
    page,
  }) => {
    // Several menus, dialogs and steps: slow on a loaded machine.
    test.slow();
    await threeTabs(page);
    await runMenu(page, "Edit", "Replace");
    await page.getByRole("searchbox", { name: "Find" }).fill("apple");
    await page.getByRole("textbox", { name: "Replace with" }).fill("pear");
    await page.getByRole("checkbox", { name: "In all tabs" }).check();
    await page.getByRole("button", { name: "Replace all" }).click();
    // Replace All is case-sensitive, as in one tab: "Apple" stays.
    await expect(page.getByText("Replaced 2 occurrences in 2 tabs.")).toBeVisible();
    await expect.poll(() => editorText(page)).toBe("one pear a day");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => editorText(page)).toBe("one apple a day");

    await tabButton(page, "Recipes*").click();
    await expect.poll(() => editorText(page)).toBe("pear pie\nno fruit here\nApple juice");
    await runMenu(page, "File", "Version history…");
    const history = page.getByRole("dialog", { name: "Version history" });
    await expect(history.getByText("Before Replace All").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => editorText(page)).toBe("apple pie\nno fruit here\nApple juice");
  });
});
