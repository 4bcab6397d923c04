import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import { installDriveFakes } from "./drive-fakes";
import { DriveModel } from "../support/drive-model";

export { DriveModel };

/**
 * Shared steps of the notepad's Drive sync tests (drive-sync*.spec.ts): a "computer" is a
 * browser context of its own (its own storage) on one shared fake Drive (tests/support/drive-model.ts,
 * the same Drive the engine's unit tests and the bench use), with the one fake sign-in (drive-fakes.ts).
 */

/** The notepad engine the page exposes to tests (navigator.webdriver). */
interface TestNotepad {
  isAllStored(): boolean;
  getContent(id: string): string;
  store: { getState(): { tabs: { tabs: { id: string; name: string }[]; activeId: string } } };
  tabs: { newTab(name?: string, text?: string): string | null };
}

/** A new computer: a browser context with its own storage on `drive`, the notepad open. */
export async function openComputer(
  browser: Browser,
  drive: DriveModel,
  options: { clock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await installDriveFakes(context, { model: drive });
  const page = await context.newPage();
  // The page's timers then run as usual, and a test can jump minutes ahead.
  if (options.clock) await page.clock.install();
  await openNotepad(page);
  return { context, page };
}

/**
 * A new computer on `drive` with two tabs: "Untitled-1" holding `first`, and a new tab,
 * "Untitled-2" (the active one), holding `second`. Sync is still off.
 */
export async function openComputerWithTwoTabs(
  browser: Browser,
  drive: DriveModel,
  first: string,
  second: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openComputer(browser, drive);
  await typeAtEnd(opened.page, "Untitled-1", first);
  await opened.page.getByRole("button", { name: "New tab" }).first().click();
  await opened.page.keyboard.type(second);
  return opened;
}

/** Opens the notepad and waits until its stored tabs are shown. */
export async function openNotepad(page: Page): Promise<void> {
  await page.goto("/online-notepad/");
  await waitForHydration(page);
  await expect(page.locator(".cm-content").first()).toBeVisible();
  await page.waitForFunction(
    () =>
      (window as unknown as { __plainpadNotepad?: TestNotepad }).__plainpadNotepad !== undefined,
  );
}

/** Opens File › Sync with Google Drive (the submenu). */
export async function openSyncMenu(page: Page): Promise<void> {
  await page.getByRole("menubar").getByRole("menuitem", { name: "File", exact: true }).click();
  const submenu = page.getByRole("menuitem", { name: "Sync with Google Drive" });
  await submenu.hover();
  // Google's sign-in code is prepared while the pointer is in the File menu.
  await page.waitForFunction(
    () =>
      (window as unknown as { __driveFake?: { clientConfig?: unknown } }).__driveFake
        ?.clientConfig !== undefined,
  );
  await submenu.click();
}

/** Closes the submenu, then the File menu. */
export async function closeMenus(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
}

/**
 * Turns sync on: File › Sync with Google Drive › `interval`, then all tabs or the active one in
 * the dialog (whose click signs in). Waits until the status bar shows it on.
 */
export async function turnOnSync(
  page: Page,
  interval: "Real-time" | "Every 30 seconds" | "Every 5 minutes" | "Manual only",
  scope: "all" | "active" = "all",
): Promise<void> {
  await openSyncMenu(page);
  await page.getByRole("menuitemradio", { name: interval }).click();
  const dialog = page.getByRole("dialog", { name: "Sync with Google Drive" });
  await dialog
    .getByRole("button", { name: scope === "all" ? "Sync all tabs" : "Sync only this tab" })
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("drive-sync-summary")).toContainText(`(${interval})`);
}

/** The button of the tab named `name` (shown as "name*" while modified). */
export function tabButton(page: Page, name: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.locator("[data-tab-id]", { hasText: new RegExp(`^${escaped}\\*?$`) });
}

/** The tab strip's item of the tab named `name`. */
export function tabItem(page: Page, name: string) {
  return page
    .getByRole("list", { name: "Open tabs" })
    .getByRole("listitem")
    .filter({ has: tabButton(page, name) });
}

/** The sync mark of tab `name` (its words are read by screen readers). */
export function tabMark(page: Page, name: string) {
  return tabItem(page, name).getByTestId("tab-sync-status");
}

/** Shows tab `name` and types `text` at the end of its text. */
export async function typeAtEnd(page: Page, name: string, text: string): Promise<void> {
  await tabButton(page, name).click();
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(text);
}

/** The text of tab `name` as the notepad holds it. */
export function tabText(page: Page, name: string): Promise<string> {
  return page.evaluate((tabName) => {
    const notepad = (window as unknown as { __plainpadNotepad: TestNotepad }).__plainpadNotepad;
    const tab = notepad.store.getState().tabs.tabs.find((t) => t.name === tabName);
    return tab ? notepad.getContent(tab.id) : "(no such tab)";
  }, name);
}

/** The names of the open tabs, in order. */
export function tabNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __plainpadNotepad: TestNotepad }).__plainpadNotepad.store
      .getState()
      .tabs.tabs.map((tab) => tab.name),
  );
}

/** Renames the active tab (F2) to `name`. */
export async function renameActiveTab(page: Page, name: string): Promise<void> {
  await page
    .getByRole("list", { name: "Open tabs" })
    .locator('button[aria-current="true"]')
    .dblclick();
  const input = page.getByRole("textbox", { name: "Tab name" });
  await input.fill(name);
  await input.press("Enter");
}

/** Sync now, by its key (F9; Ctrl/Cmd+Alt+S also works: decision 025). */
export async function syncNow(page: Page): Promise<void> {
  await page.keyboard.press("F9");
}

/**
 * "At work": a new computer whose first tab, renamed `name` and holding `text`, is synced with
 * every tab (Manual only) and in Drive as `name`.txt.
 */
export async function syncedAtWork(
  browser: Browser,
  drive: DriveModel,
  name: string,
  text: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const work = await openComputer(browser, drive);
  await typeAtEnd(work.page, "Untitled-1", text);
  await renameActiveTab(work.page, name);
  await turnOnSync(work.page, "Manual only", "all");
  await expectDriveText(drive, `${name}.txt`, text);
  return work;
}

/**
 * Turns sync on for this tab only (Manual only) on a computer where another one synced a tab,
 * and waits for the offer to bring it in; returns the offer's button.
 */
export async function offerToBringInOne(page: Page) {
  await turnOnSync(page, "Manual only", "active");
  const bringIn = page.getByRole("button", { name: "Bring in your 1 synced tab" });
  await expect(bringIn).toBeVisible({ timeout: 20_000 });
  return bringIn;
}

/** The text of Drive's file named `name` (polls until it equals `text`). */
export async function expectDriveText(drive: DriveModel, name: string, text: string) {
  await expect.poll(() => driveText(drive, name) ?? "(no file)", { timeout: 20_000 }).toBe(text);
}

/** The UTF-8 text of Drive's file named `name` (not trashed), or undefined. */
export function driveText(drive: DriveModel, name: string): string | undefined {
  const file = drive.fileNamed(name);
  return file ? drive.text(file.id) : undefined;
}
