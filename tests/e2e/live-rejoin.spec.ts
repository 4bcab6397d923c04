import { expect, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import {
  convergedText,
  freshEditor,
  joinLink,
  type LiveEditor,
  liveStatus,
  openLiveDialog,
  shownText,
  startLiveSession,
} from "./live-helpers";

/**
 * A live document is still the editor's document (issue 44): a reload rejoins its session, and
 * when the session ends or is stopped, the text stays as an ordinary document.
 */

for (const editor of ["notepad", "editor"] as const satisfies readonly LiveEditor[]) {
  test(`a reload rejoins the session in the ${editor}, with edits made meanwhile`, async ({
    browser,
  }) => {
    const first = await freshEditor(browser, editor);
    await first.page.locator(".cm-content").click();
    await first.page.keyboard.type("Before the reload.");
    const { edit } = await startLiveSession(first.page, editor, "Ada");
    const second = await joinLink(browser, edit, "Bob");

    await second.page.reload();
    await waitForHydration(second.page);
    await expect(liveStatus(second.page).getByRole("status")).toHaveText("Live");
    expect(await shownText(second.page)).toBe("Before the reload.");
    // Typed by the other person while this one was away: it arrives after the rejoin.
    await first.page.locator(".cm-content").click();
    await first.page.keyboard.press("ControlOrMeta+End");
    await first.page.keyboard.type(" After.");
    await second.page.locator(".cm-content").click();
    await second.page.keyboard.press("ControlOrMeta+Home");
    await second.page.keyboard.type("Bob: ");
    expect(await convergedText([first.page, second.page])).toBe("Bob: Before the reload. After.");
    await second.context.close();
    await first.context.close();
  });
}

test("ending for everyone leaves each person the text as an ordinary document", async ({
  browser,
}) => {
  const first = await freshEditor(browser, "notepad");
  await first.page.locator(".cm-content").click();
  await first.page.keyboard.type("Kept by everyone.");
  const { edit } = await startLiveSession(first.page, "notepad", "Ada");
  const second = await joinLink(browser, edit, "Bob");

  await openLiveDialog(first.page, "notepad");
  const dialog = first.page.getByRole("dialog", { name: "Live collaboration" });
  await dialog
    .getByRole("button", { name: "End for everyone and delete the relay's copy" })
    .click();
  await dialog.getByRole("button", { name: "End for everyone", exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(liveStatus(second.page).getByRole("status")).toHaveText(
    "Ended: The person who started this live session ended it.",
  );
  // The text stays, and can be edited as an ordinary tab.
  await second.page.locator(".cm-content").click();
  await second.page.keyboard.press("ControlOrMeta+End");
  await second.page.keyboard.type(" Mine now.");
  await expect.poll(() => shownText(second.page)).toBe("Kept by everyone. Mine now.");
  expect(await shownText(first.page)).toBe("Kept by everyone.");
  // The link no longer opens anything.
  const late = await browser.newContext();
  const latePage = await late.newPage();
  await latePage.goto(edit);
  await waitForHydration(latePage);
  await expect(
    latePage.getByText("This live session has ended or expired on the relay."),
  ).toBeVisible();
  await late.close();
  await second.context.close();
  await first.context.close();
});

test("Stop keeps the document as an ordinary one, with its own undo again", async ({ browser }) => {
  const first = await freshEditor(browser, "editor");
  await first.page.locator(".cm-content").click();
  await first.page.keyboard.type("Shared text.");
  await startLiveSession(first.page, "editor", "Ada");
  await openLiveDialog(first.page, "editor");
  await first.page.getByRole("button", { name: "Stop live session" }).click();
  await expect(liveStatus(first.page)).toHaveCount(0);
  await first.page.locator(".cm-content").click();
  await first.page.keyboard.press("ControlOrMeta+End");
  await first.page.keyboard.type(" Alone.");
  expect(await shownText(first.page)).toBe("Shared text. Alone.");
  await first.page.keyboard.press("ControlOrMeta+z");
  await expect.poll(() => shownText(first.page)).toBe("Shared text.");
  // A reload does not rejoin a session that was stopped.
  await first.page.reload();
  await waitForHydration(first.page);
  await expect.poll(() => shownText(first.page)).toBe("Shared text.");
  await expect(liveStatus(first.page)).toHaveCount(0);
  await first.context.close();
});
