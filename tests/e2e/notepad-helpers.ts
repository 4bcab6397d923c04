import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";

/** Opens the notepad and waits until its stored tabs are loaded and the editor is live. */
export async function openNotepad(page: Page, path = "/online-notepad/"): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator(".cm-content")).toBeVisible();
}

/**
 * The active tab's full text, read from the editor engine (exact, unlike the rendered DOM);
 * null while the notepad is still loading (right after a reload), so polls wait for it.
 */
export function editorText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const controller = (
      window as unknown as {
        __plainpadNotepad?: { getView(): { state: { doc: { toString(): string } } } | null };
      }
    ).__plainpadNotepad;
    return controller?.getView()?.state.doc.toString() ?? null;
  });
}

/** Types into the editor at the current cursor. */
export async function typeInEditor(page: Page, text: string): Promise<void> {
  await page.locator(".cm-content").focus();
  await page.keyboard.type(text);
}

/** Opens a top-level menu and runs one of its items by visible name. */
export async function runMenu(page: Page, menu: string, item: string | RegExp): Promise<void> {
  await page.getByRole("menuitem", { name: menu, exact: true }).click();
  await page
    .getByRole("menu")
    .getByText(item, { exact: typeof item === "string" })
    .click();
}

/** File › Rename tab, typing `name` over the active tab's name. */
export async function renameActiveTab(page: Page, name: string): Promise<void> {
  await runMenu(page, "File", "Rename tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
}

/** The tab buttons of the tab bar. */
export function tabButtons(page: Page) {
  return page.getByRole("list", { name: "Open tabs" }).locator("[data-tab-id]");
}

/** One tab button by its shown label (e.g. "Untitled-2*"). */
export function tabButton(page: Page, label: string) {
  return page
    .getByRole("list", { name: "Open tabs" })
    .getByRole("button", { name: label, exact: true });
}

/** The tab names as shown (with "*" for modified tabs). */
export function tabNames(page: Page): Promise<string[]> {
  return tabButtons(page).allInnerTexts();
}

/** Waits until no tab has unstored edits (autosave finished). */
export async function waitForSaved(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const controller = (window as unknown as { __plainpadNotepad: { isAllStored(): boolean } })
      .__plainpadNotepad;
    return controller.isAllStored();
  });
}

/**
 * Edit › Replace: replaces every `find` in the active tab with `replacement`, waits until the
 * find bar says how many it replaced, and closes the bar (unless `keepBarOpen`).
 */
export async function replaceAll(
  page: Page,
  find: string,
  replacement: string,
  { keepBarOpen = false } = {},
): Promise<void> {
  await runMenu(page, "Edit", "Replace");
  const bar = page.getByRole("search", { name: "Find and replace" });
  await bar.getByRole("searchbox", { name: "Find" }).fill(find);
  await bar.getByRole("textbox", { name: "Replace with" }).fill(replacement);
  await bar.getByRole("button", { name: "Replace all" }).click();
  await expect(bar.getByRole("status")).toHaveText(/^Replaced \d+ occurrences?\.$/);
  if (keepBarOpen) return;
  await page.keyboard.press("Escape");
  await expect(bar).toHaveCount(0);
}
