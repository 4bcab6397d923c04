import { expect, test } from "@playwright/test";
import { documentText, editorBox, openEditor, typeDocument } from "./editor-helpers";

test.describe("simple editor: search bar", () => {
  test.beforeEach(async ({ page }) => {
    await openEditor(page);
    await typeDocument(page, "Cat cat\ndog CAT\nbird");
    await page.getByRole("button", { name: "Find" }).click();
  });

  test("counts case-insensitive matches and wraps next and previous", async ({ page }) => {
    const field = page.getByPlaceholder("Type and press Enter to search...");
    const counter = page.getByTestId("search-counter");
    await field.fill("cat");
    await field.press("Enter");
    await expect(counter).toHaveText("1/3");
    await expect(page.locator(".cm-pp-match-current")).toHaveText("Cat");
    await expect(page.locator(".cm-pp-match")).toHaveCount(2);
    await page.getByRole("button", { name: "Next match" }).click();
    await expect(counter).toHaveText("2/3");
    await page.getByRole("button", { name: "Next match" }).click();
    await expect(counter).toHaveText("3/3");
    await expect(page.locator(".cm-pp-match-current")).toHaveText("CAT");
    await page.getByRole("button", { name: "Next match" }).click();
    await expect(counter).toHaveText("1/3");
    await page.getByRole("button", { name: "Previous match" }).click();
    await expect(counter).toHaveText("3/3");
  });

  test("regular expressions, no matches, invalid pattern", async ({ page }) => {
    const field = page.getByPlaceholder("Type and press Enter to search...");
    const counter = page.getByTestId("search-counter");
    await field.fill("d.g|b\\w+");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(counter).toHaveText("1/2");
    await field.fill("zebra");
    await field.press("Enter");
    await expect(counter).toHaveText("No matches");
    await field.fill("(unclosed");
    await field.press("Enter");
    await expect(counter).toHaveText("Invalid pattern");
  });

  test("close clears the query and the highlights", async ({ page }) => {
    const field = page.getByPlaceholder("Type and press Enter to search...");
    await field.fill("cat");
    await field.press("Enter");
    await expect(page.locator(".cm-pp-match-current")).toHaveCount(1);
    await page.getByRole("button", { name: "Close search" }).click();
    await expect(field).toHaveCount(0);
    await expect(page.locator(".cm-pp-match, .cm-pp-match-current")).toHaveCount(0);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(field).toHaveValue("");
  });

  test("a search after an edit sees the new text", async ({ page }) => {
    const field = page.getByPlaceholder("Type and press Enter to search...");
    await field.fill("bird");
    await field.press("Enter");
    await expect(page.getByTestId("search-counter")).toHaveText("1/1");
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" bird");
    await page.getByRole("button", { name: "Next match" }).click();
    await expect(page.getByTestId("search-counter")).toHaveText("1/2");
  });
});

test.describe("simple editor: settings panel", () => {
  test.beforeEach(async ({ page }) => {
    await openEditor(page);
    await typeDocument(page, "a\tb c " + "x".repeat(30));
    await page.getByRole("button", { name: "Settings" }).click();
  });

  test("every option applies, persists across a reload and resets", async ({ page }) => {
    // Every option, a reload and a reset: 23 s on a loaded CI machine, past 30 s on a busier one.
    test.slow();
    const panel = page.getByRole("complementary", { name: "Settings" });
    const editor = page.locator(".cm-editor");
    // Defaults.
    await expect(panel.getByLabel("Line numbers")).toBeChecked();
    await expect(panel.getByLabel("Word wrap")).toBeChecked();
    await expect(panel.getByLabel("Show whitespace")).not.toBeChecked();
    await expect(panel.getByLabel("Print margin guide (column 80)")).not.toBeChecked();
    await expect(panel.getByLabel("Spell check")).toBeChecked();
    await expect(panel.getByLabel("Indent size")).toHaveValue("2");
    await expect(editorBox(page)).toHaveAttribute("spellcheck", "true");
    await expect(page.locator(".cm-lineNumbers")).toHaveCount(1);
    await expect(page.locator(".cm-content")).toHaveClass(/cm-lineWrapping/);

    await panel.getByLabel("Line numbers").uncheck();
    await expect(page.locator(".cm-lineNumbers")).toHaveCount(0);
    await panel.getByLabel("Word wrap").uncheck();
    await expect(page.locator(".cm-content")).not.toHaveClass(/cm-lineWrapping/);
    await panel.getByLabel("Show whitespace").check();
    await expect(page.locator(".cm-highlightSpace").first()).toBeVisible();
    await expect(page.locator(".cm-highlightTab")).toHaveCount(1);
    await panel.getByLabel("Print margin guide (column 80)").check();
    await expect(page.locator(".cm-content")).toHaveCSS("background-image", /linear-gradient/);
    await panel.getByLabel("Spell check").uncheck();
    await expect(editorBox(page)).toHaveAttribute("spellcheck", "false");
    await panel.getByLabel("Font size (px)").fill("30");
    await expect(editor).toHaveCSS("font-size", "30px");
    await panel.getByLabel("Font size (px)").fill("100");
    await panel.getByLabel("Font size (px)").press("Enter");
    await expect(panel.getByLabel("Font size (px)")).toHaveValue("72");
    await expect(editor).toHaveCSS("font-size", "72px");
    await panel.getByLabel("Indent size").selectOption("8");
    await expect(page.locator(".cm-content")).toHaveCSS("tab-size", "8");
    await panel.getByLabel("Editor theme").selectOption("blue");
    await expect(editor).toHaveCSS("background-color", "rgb(11, 37, 69)");

    await page.reload();
    await expect(page.locator(".cm-content")).toBeVisible();
    await expect(editor).toHaveCSS("background-color", "rgb(11, 37, 69)");
    await expect(editor).toHaveCSS("font-size", "72px");
    await expect(page.locator(".cm-lineNumbers")).toHaveCount(0);
    await expect(editorBox(page)).toHaveAttribute("spellcheck", "false");

    await page.getByRole("button", { name: "Settings" }).click();
    await panel.getByRole("button", { name: "Reset to defaults" }).click();
    await expect(editor).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(editor).toHaveCSS("font-size", "16px");
    await expect(page.locator(".cm-lineNumbers")).toHaveCount(1);
    await expect(page.locator(".cm-content")).toHaveClass(/cm-lineWrapping/);
    await expect(page.locator(".cm-highlightSpace")).toHaveCount(0);
    await expect(editorBox(page)).toHaveAttribute("spellcheck", "true");
    await expect(panel.getByLabel("Indent size")).toHaveValue("2");
    expect(await documentText(page)).toContain("a\tb c");
  });

  test("Escape and the close button close the panel", async ({ page }) => {
    const panel = page.getByRole("complementary", { name: "Settings" });
    await panel.getByLabel("Word wrap").focus();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await page.getByRole("button", { name: "Settings" }).click();
    await panel.getByRole("button", { name: "Close settings" }).click();
    await expect(panel).toHaveCount(0);
  });
});
