import { expect, type Page, test } from "@playwright/test";
import {
  type LiveEditor,
  openLiveDialog,
  openLiveEditor,
  shownText,
  startLiveSession,
} from "./live-helpers";

/**
 * The live-collaboration code (Yjs, the crypto, the session) is not in the editors' first load
 * (issue 44): it loads when a session is started, and Start waits for it saying "Loading…".
 */

/** The built chunk holding the live-session code (app/document/live/live-runtime.ts). */
const LIVE_CHUNK = /\/assets\/live-runtime-[^/]*\.js$/;

/** True once the page has fetched the live-session code. */
function liveCodeFetched(page: Page): Promise<boolean> {
  return page.evaluate(
    (source) =>
      performance
        .getEntriesByType("resource")
        .some((entry) => new RegExp(source).test(new URL(entry.name).pathname)),
    LIVE_CHUNK.source,
  );
}

for (const editor of ["editor", "notepad"] as LiveEditor[]) {
  test(`the ${editor} fetches the live code only when a session is started`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    await openLiveEditor(page, editor);
    await page.locator(".cm-content").click();
    await page.keyboard.type("Plain typing needs no live code.");
    await expect.poll(() => shownText(page)).toContain("Plain typing needs no live code.");
    expect(await liveCodeFetched(page)).toBe(false);

    const { edit } = await startLiveSession(page, editor, "Ada");
    expect(edit).toMatch(/#live=e\./);
    expect(await liveCodeFetched(page)).toBe(true);
    await context.close();
  });
}

test("Start says Loading… until the live code is here, then starts", async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: "block" });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(LIVE_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  const page = await context.newPage();
  await openLiveEditor(page, "editor");
  await page.locator(".cm-content").click();
  await page.keyboard.type("Text to share.");
  await openLiveDialog(page, "editor");
  const dialog = page.getByRole("dialog", { name: "Live collaboration" });
  await dialog.getByRole("button", { name: "Start live session" }).click();
  await expect(dialog.getByRole("button", { name: "Loading…" })).toBeDisabled();

  release();
  await expect(dialog.getByLabel("Edit link", { exact: true })).toHaveValue(/#live=e\./);
  expect(await shownText(page)).toBe("Text to share.");
  await context.close();
});
