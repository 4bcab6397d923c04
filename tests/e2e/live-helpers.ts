import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";

/** Which editor a live test drives. */
export type LiveEditor = "notepad" | "editor";

/** The page of each editor. */
export const EDITOR_PATH: Record<LiveEditor, string> = {
  notepad: "/online-notepad/",
  editor: "/editor/",
};

/** Opens an editor and waits until its document is loaded. */
export async function openLiveEditor(page: Page, editor: LiveEditor, path = EDITOR_PATH[editor]) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator(".cm-content")).toBeVisible();
}

/** The text shown, as the editor engine has it (exact). */
export function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const notepad = (
      window as unknown as {
        __plainpadNotepad?: { getView(): { state: { doc: { toString(): string } } } | null };
      }
    ).__plainpadNotepad;
    const view = notepad?.getView();
    if (view) return view.state.doc.toString();
    return Array.from(document.querySelectorAll(".cm-content .cm-line"))
      .map((line) => {
        const clone = line.cloneNode(true) as HTMLElement;
        clone
          .querySelectorAll(".cm-placeholder, .cm-ySelectionCaret, .cm-widgetBuffer")
          .forEach((node) => node.remove());
        return clone.textContent ?? "";
      })
      .join("\n");
  });
}

/** Opens the Live collaboration dialog from the editor's own place for it. */
export async function openLiveDialog(page: Page, editor: LiveEditor): Promise<void> {
  if (editor === "editor") {
    await page.getByRole("button", { name: "Live", exact: true }).click();
  } else {
    await page.getByRole("menuitem", { name: "File", exact: true }).click();
    await page.getByRole("menu").getByText("Live collaboration…", { exact: true }).click();
  }
  await expect(page.getByRole("dialog", { name: "Live collaboration" })).toBeVisible();
}

/** The live status of the page's status bar. */
export function liveStatus(page: Page) {
  return page.getByTestId("live-status");
}

/** Starts a session for the shown document; returns its edit and view-only links. */
export async function startLiveSession(
  page: Page,
  editor: LiveEditor,
  name: string,
): Promise<{ edit: string; view: string }> {
  await openLiveDialog(page, editor);
  const dialog = page.getByRole("dialog", { name: "Live collaboration" });
  await dialog.getByLabel("Your name").fill(name);
  await dialog.getByRole("button", { name: "Start live session" }).click();
  const edit = await dialog.getByLabel("Edit link", { exact: true }).inputValue();
  const view = await dialog.getByLabel("View-only link", { exact: true }).inputValue();
  await page.keyboard.press("Escape");
  await expect(liveStatus(page).getByRole("status")).toHaveText("Live");
  return { edit, view };
}

/** Opens a live link in a fresh context and waits until the text has arrived. */
export async function joinLink(browser: Browser, link: string, name?: string) {
  const context = await browser.newContext();
  if (name) {
    await context.addInitScript((value) => {
      try {
        window.localStorage.setItem("plainpad-live-name", value);
      } catch {
        // about:blank
      }
    }, name);
  }
  const page = await context.newPage();
  await page.goto(link);
  await waitForHydration(page);
  await expect(liveStatus(page).getByRole("status")).toHaveText(/^Live$/);
  return { context, page };
}

/** A fresh context and page in one editor. */
export async function freshEditor(browser: Browser, editor: LiveEditor) {
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  await openLiveEditor(page, editor);
  return { context, page };
}

/** Clicks into the text, presses `key` (a caret move, e.g. "ControlOrMeta+End") and types. */
export async function typeAt(page: Page, key: string, text: string): Promise<void> {
  await page.locator(".cm-content").click();
  await page.keyboard.press(key);
  await page.keyboard.type(text);
}

/**
 * A fresh context and page in one editor where `text` was typed and a live session started as
 * `name`; with the session's edit and view-only links.
 */
export async function startedSession(
  browser: Browser,
  editor: LiveEditor,
  text: string,
  name: string,
) {
  const owner = await freshEditor(browser, editor);
  await owner.page.locator(".cm-content").click();
  await owner.page.keyboard.type(text);
  const links = await startLiveSession(owner.page, editor, name);
  return { ...owner, ...links };
}

/** Waits until every page shows the same text, and returns it. */
export async function convergedText(pages: Page[], timeout = 60_000): Promise<string> {
  let texts: string[] = [];
  await expect
    .poll(
      async () => {
        texts = await Promise.all(pages.map((page) => shownText(page)));
        return texts.every((text) => text === texts[0]);
      },
      { timeout },
    )
    .toBe(true);
  return texts[0];
}
