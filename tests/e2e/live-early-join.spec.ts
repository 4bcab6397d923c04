import { expect, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import { joinLink, shownText, startedSession, typeAt } from "./live-helpers";

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
