import { expect, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import {
  freshEditor,
  joinLink,
  liveStatus,
  openLiveDialog,
  openLiveEditor,
  shownText,
  startedSession,
  startLiveSession,
  typeAt,
} from "./live-helpers";

/**
 * A live link opened in the simple editor starts its join from the page's first script, before
 * the editor asks whether to replace the document (issue 49). Keeping one's document must still
 * leave the session: nothing of it stays connected, and the document is untouched.
 */
test("keeping one's document when a live link opens leaves the session it had begun joining", async ({
  browser,
}) => {
  const owner = await startedSession(browser, "editor", "The session's own text.", "Ada");

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/editor/");
  await waitForHydration(page);
  await typeAt(page, "ControlOrMeta+End", "My own unsaved words.");
  await expect.poll(() => shownText(page)).toBe("My own unsaved words.");

  const relaySockets: { closed: boolean }[] = [];
  page.on("websocket", (socket) => {
    if (!new URL(socket.url()).pathname.startsWith("/relay")) return;
    const entry = { closed: false };
    relaySockets.push(entry);
    socket.on("close", () => (entry.closed = true));
  });
  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  // Opened as a visitor opens a link: a new page load with the link in the address.
  await page.goto(owner.edit);
  await waitForHydration(page);
  await expect(
    page.getByText("The live session was not opened; your document is unchanged."),
  ).toBeVisible();
  expect(questions).toEqual([
    "Open the live document in place of this one? Changes you have not downloaded or saved will be lost.",
  ]);
  expect(await shownText(page)).toBe("My own unsaved words.");
  // Whatever the early join had opened (if it got that far before the question) is closed.
  await expect.poll(() => relaySockets.every((socket) => socket.closed)).toBe(true);
  await expect(page.getByTestId("live-status")).toHaveCount(0);

  // The session itself is untouched: a joiner still gets its text.
  const joiner = await joinLink(browser, owner.edit, "Bob");
  await expect.poll(() => shownText(joiner.page)).toBe("The session's own text.");
  await joiner.context.close();
  await context.close();
  await owner.context.close();
});

/** The built chunk holding the live-session code (app/document/live/live-runtime.ts). */
const LIVE_CHUNK = /\/assets\/live-runtime-[^/]*\.js$/;

/**
 * The notepad joins a `#live=` link early too (issue 49): the live code is asked for from the
 * page's first script, before the notepad has loaded its tabs and made its editor (which is
 * when it used to be asked for), and the late joiner's new tab gets the whole text.
 */
test("a late joiner in the notepad gets the whole text, its live code asked for before the editor is made", async ({
  browser,
}) => {
  const owner = await freshEditor(browser, "notepad");
  // About 200 KB: the relay sends it back in more than one piece.
  const lines = Array.from(
    { length: 4000 },
    (_, i) => `Line ${i} of the shared notes, ${"x".repeat(30)}`,
  );
  const text = lines.join("\n");
  await owner.page.evaluate((value) => {
    const notepad = (
      window as unknown as {
        __plainpadNotepad: {
          getView(): { dispatch(spec: { changes: { from: number; insert: string } }): void };
        };
      }
    ).__plainpadNotepad;
    notepad.getView().dispatch({ changes: { from: 0, insert: value } });
  }, text);
  const { edit } = await startLiveSession(owner.page, "notepad", "Ada");
  // One edit after the start: the joiner gets the starting text and what came after it.
  await typeAt(owner.page, "ControlOrMeta+End", "\nWritten once live.");
  const whole = `${text}\nWritten once live.`;
  await expect.poll(() => shownText(owner.page)).toBe(whole);

  const context = await browser.newContext({ serviceWorkers: "block" });
  // When the notepad's editor first is in the page, on the page's own clock.
  await context.addInitScript(() => {
    const marks = window as unknown as { __editorMadeAt?: number };
    new MutationObserver((_, observer) => {
      if (!document.querySelector(".cm-editor")) return;
      marks.__editorMadeAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(edit);
  await waitForHydration(page);
  await expect(liveStatus(page).getByRole("status")).toHaveText("Live");
  await expect.poll(() => shownText(page), { timeout: 30_000 }).toBe(whole);
  await expect(page.getByRole("button", { name: "Close Live document" })).toBeVisible();

  // The live code was asked for once, and before the editor was made (not after its tabs).
  expect(requested.filter((path) => LIVE_CHUNK.test(path))).toHaveLength(1);
  const order = await page.evaluate((source) => {
    const chunk = performance
      .getEntriesByType("resource")
      .find((entry) => new RegExp(source).test(new URL(entry.name).pathname));
    return {
      chunkAskedAt: chunk?.startTime ?? null,
      editorMadeAt: (window as unknown as { __editorMadeAt?: number }).__editorMadeAt ?? null,
    };
  }, LIVE_CHUNK.source);
  expect(order.chunkAskedAt).not.toBeNull();
  expect(order.editorMadeAt).not.toBeNull();
  expect(order.chunkAskedAt!).toBeLessThan(order.editorMadeAt!);

  await context.close();
  await owner.context.close();
});

/**
 * The dialog's first sentence is the session's state (issue 49): "Connecting…" stays one
 * ellipsis, not "Connecting….", while the relay has not answered yet.
 */
test("the notepad's live dialog says Connecting… with one mark while the relay has not answered", async ({
  browser,
}) => {
  const context = await browser.newContext();
  // A relay that never answers: the session stays connecting.
  await context.routeWebSocket(/\/relay/, () => undefined);
  const page = await context.newPage();
  await openLiveEditor(page, "notepad");
  await typeAt(page, "ControlOrMeta+End", "Words to share.");
  await openLiveDialog(page, "notepad");
  const dialog = page.getByRole("dialog", { name: "Live collaboration" });
  await dialog.getByLabel("Your name").fill("Ada");
  await dialog.getByRole("button", { name: "Start live session" }).click();
  await expect(dialog.getByLabel("Edit link", { exact: true })).toHaveValue(/#live=e\./);
  const sentence = dialog.getByText(/^Connecting/);
  await expect(sentence).toHaveText(
    /^Connecting… Send a link to the people you want to write with\./,
  );
  expect(await dialog.innerText()).not.toMatch(/[.…][.…]/);
  await expect(liveStatus(page).getByRole("status")).toHaveText("Connecting…");
  await context.close();
});
