// Live collaboration across engines (issue 44): a Chromium page starts a live session in the
// notepad, and Firefox or WebKit joins it through the site server's one relay hub. Both type at
// once and end with one text holding every word; the view-only link shows the text in Firefox
// or WebKit and changes nothing.
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_LAUNCH } from "../../playwright.config";
import { type EnginePage, runnableEngines, waitUntil } from "./engine";
import { notepadText, open, pageErrors, useEngine, waitForControl } from "./plainpad";

/** How long two browsers may take to agree (a bound for a loaded machine, not a speed check). */
const CONVERGE_MS = 60_000;

/** The text the live status of the page's status bar shows ("Live", "Joining…"), or null. */
function liveState(page: EnginePage): Promise<string | null> {
  return page.evaluate(
    () =>
      document.querySelector('[data-testid="live-status"] [role="status"]')?.textContent ?? null,
  );
}

/** Opens a live link in an engine page and waits until it is live with `text`. */
async function joinInEngine(page: EnginePage, link: string, text: string): Promise<void> {
  await open(page, link);
  await waitUntil(
    () => liveState(page),
    (state) => state === "Live",
    "the page to be Live",
  );
  await waitUntil(
    () => notepadText(page),
    (shown) => shown === text,
    `text "${text}"`,
  );
}

/** The Chromium page's notepad text (exact, from its editor engine). */
function chromiumText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const notepad = (
      window as unknown as {
        __plainpadNotepad?: { getView(): { state: { doc: { toString(): string } } } | null };
      }
    ).__plainpadNotepad;
    return notepad?.getView()?.state.doc.toString() ?? null;
  });
}

/** Puts the caret at the end of line `line` (0-based) of the focused editor. */
async function chromiumToLineEnd(page: Page, line: number): Promise<void> {
  await page.keyboard.press("Control+Home");
  for (let i = 0; i < line; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
}

async function engineToLineEnd(page: EnginePage, line: number): Promise<void> {
  await page.press("Control+Home");
  for (let i = 0; i < line; i++) await page.press("ArrowDown");
  await page.press("End");
}

/**
 * A Chromium page on `origin` writes `text` in the notepad and starts a live session as the
 * notepad's File menu offers it; returns the page and the dialog's two links.
 */
async function chromiumStartsSession(
  chromiumBrowser: Browser,
  origin: string,
  text: string,
  errors: string[],
): Promise<{ page: Page; edit: string; view: string }> {
  const context = await chromiumBrowser.newContext();
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(`${origin}/online-notepad/`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.locator(".cm-content").click();
  await page.keyboard.type(text);
  await page.getByRole("menuitem", { name: "File", exact: true }).click();
  await page.getByRole("menu").getByText("Live collaboration…", { exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Live collaboration" });
  await dialog.getByLabel("Your name").fill("Chromium");
  await dialog.getByRole("button", { name: "Start live session" }).click();
  const edit = await dialog.getByLabel("Edit link", { exact: true }).inputValue();
  const view = await dialog.getByLabel("View-only link", { exact: true }).inputValue();
  await page.keyboard.press("Escape");
  await page
    .getByTestId("live-status")
    .getByRole("status")
    .filter({ hasText: /^Live$/ })
    .waitFor();
  return { page, edit, view };
}

/** Waits until every reader returns the same text, satisfying `accept`, and returns it. */
async function agreedText(
  readers: (() => Promise<string | null>)[],
  accept: (text: string) => boolean,
  what: string,
): Promise<string> {
  const texts = await waitUntil(
    () => Promise.all(readers.map((read) => read())),
    (seen) => seen.every((text) => text !== null && text === seen[0] && accept(text)),
    what,
    CONVERGE_MS,
  );
  return texts[0] ?? "";
}

describe.each(runnableEngines())("%s: live collaboration with Chromium", (engine) => {
  const t = useEngine(engine);
  let chromiumBrowser: Browser;
  const chromiumErrors: string[] = [];

  beforeAll(async () => {
    chromiumBrowser = await chromium.launch(CHROMIUM_LAUNCH);
  });
  afterAll(async () => {
    await chromiumBrowser?.close();
  });

  it("Chromium starts a session, this engine joins by the edit link, both type, one text", async () => {
    chromiumErrors.length = 0;
    const start = "shared\nchromium:\nengine:";
    const chrome = await chromiumStartsSession(chromiumBrowser, t.origin, start, chromiumErrors);
    expect(chrome.edit).toContain("/online-notepad/#live=e.");
    await joinInEngine(t.page, chrome.edit, start);

    // Each types on a line of its own, at the same time, so every word stays whole.
    const chromiumTokens = ["c0", "c1", "c2", "c3"];
    const engineTokens = ["e0", "e1", "e2", "e3"];
    await chrome.page.locator(".cm-content").click();
    await waitForControl(t.page, { role: "textbox", name: "Document text" });
    await t.page.click({ role: "textbox", name: "Document text" });
    await Promise.all([
      (async () => {
        await chromiumToLineEnd(chrome.page, 1);
        for (const token of chromiumTokens) await chrome.page.keyboard.type(` ${token}`);
      })(),
      (async () => {
        await engineToLineEnd(t.page, 2);
        for (const token of engineTokens) await t.page.type(` ${token}`);
      })(),
    ]);

    const expected = `shared\nchromium: ${chromiumTokens.join(" ")}\nengine: ${engineTokens.join(" ")}`;
    const text = await agreedText(
      [() => chromiumText(chrome.page), () => notepadText(t.page)],
      (shown) => shown === expected,
      `Chromium and ${engine} to both show ${JSON.stringify(expected)}`,
    );
    expect(text).toBe(expected);
    expect(await liveState(t.page)).toBe("Live");
    await chrome.page.context().close();
    expect(chromiumErrors, "uncaught errors in the Chromium page").toEqual([]);
  });

  it("the view-only link shows the text in this engine and cannot change it", async () => {
    chromiumErrors.length = 0;
    const start = "Only Chromium writes here.";
    const chrome = await chromiumStartsSession(chromiumBrowser, t.origin, start, chromiumErrors);
    expect(chrome.view).toContain("/online-notepad/#live=v.");
    await joinInEngine(t.page, chrome.view, start);
    await waitUntil(
      () =>
        t.page.evaluate(
          () => document.querySelector('[data-testid="live-status"]')?.textContent ?? "",
        ),
      (shown) => shown.includes("View only"),
      "the status bar to say View only",
    );

    // The viewer tries to type and to delete; the writer goes on.
    await t.page.click({ role: "textbox", name: "Document text" });
    await t.page.press("Control+End");
    await t.page.type(" viewer typing");
    await t.page.press("Backspace");
    await t.page.press("Control+a");
    await t.page.press("Delete");
    await chrome.page.locator(".cm-content").click();
    await chrome.page.keyboard.press("Control+End");
    await chrome.page.keyboard.type(" Still.");

    const expected = "Only Chromium writes here. Still.";
    const text = await agreedText(
      [() => chromiumText(chrome.page), () => notepadText(t.page)],
      (shown) => shown === expected,
      `Chromium and the ${engine} viewer to both show ${JSON.stringify(expected)}`,
    );
    expect(text).toBe(expected);
    expect(await liveState(t.page)).toBe("Live");
    expect(await pageErrors(t.page)).toEqual([]);
    await chrome.page.context().close();
    expect(chromiumErrors, "uncaught errors in the Chromium page").toEqual([]);
  });
});
