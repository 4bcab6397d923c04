import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import { waitForSaved } from "./notepad-helpers";
import {
  convergedText,
  joinLink,
  type LiveEditor,
  liveStatus,
  openLiveDialog,
  shownText,
  startedSession,
  typeAt,
} from "./live-helpers";

/**
 * A live document is still the editor's document (issue 44): a reload rejoins its session, and
 * when the session ends or is stopped, the text stays as an ordinary document.
 */

for (const editor of ["notepad", "editor"] as const satisfies readonly LiveEditor[]) {
  test(`a reload rejoins the session in the ${editor}, with edits made meanwhile`, async ({
    browser,
  }) => {
    const { edit, ...first } = await startedSession(browser, editor, "Before the reload.", "Ada");
    const second = await joinLink(browser, edit, "Bob");

    const here = liveStatus(first.page).getByRole("button", { name: /here/ });
    await expect(here).toHaveText("2 here");
    await second.page.reload();
    await waitForHydration(second.page);
    await expect(liveStatus(second.page).getByRole("status")).toHaveText("Live");
    expect(await shownText(second.page)).toBe("Before the reload.");
    // The page said goodbye as it unloaded: Bob is counted once, not as the old and the new
    // Bob until presence times out (30 s, longer than this check waits).
    await expect(here).toHaveText("2 here");
    // Typed by the other person while this one was away: it arrives after the rejoin.
    await typeAt(first.page, "ControlOrMeta+End", " After.");
    await typeAt(second.page, "ControlOrMeta+Home", "Bob: ");
    expect(await convergedText([first.page, second.page])).toBe("Bob: Before the reload. After.");
    await second.context.close();
    await first.context.close();
  });
}

/** How many rooms this page's browser keeps in its store of live rooms. */
function keptRooms(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open("plainpad-live");
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains("rooms")) return resolve(0);
          const count = db.transaction("rooms").objectStore("rooms").count();
          count.onsuccess = () => resolve(count.result);
        };
        request.onerror = () => resolve(0);
      }),
  );
}

for (const kept of [true, false]) {
  test(`a reload keeps what was typed just before it, when neither the relay nor the kept room state got it (${kept ? "with" : "without"} an earlier kept state)`, async ({
    browser,
  }) => {
    const { edit, ...first } = await startedSession(browser, "notepad", "Shared start.", "Ada");
    const second = await joinLink(browser, edit, "Bob");
    await expect(liveStatus(first.page).getByRole("button", { name: /here/ })).toHaveText("2 here");
    if (kept) await expect.poll(() => keptRooms(second.page)).toBe(1);
    // Bob's page as it is about to die: nothing more reaches the relay, and its store of live
    // rooms refuses writes. Only the notepad's own storage of the tab gets the typing.
    await second.page.evaluate(() => {
      WebSocket.prototype.send = () => {};
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args) {
        if (this.transaction.db.name === "plainpad-live") {
          throw new DOMException("full", "QuotaExceededError");
        }
        return put.apply(this, args);
      };
    });
    await typeAt(second.page, "ControlOrMeta+End", " Bob's last words.");
    await waitForSaved(second.page);
    await second.page.reload();
    await waitForHydration(second.page);
    await expect(liveStatus(second.page).getByRole("status")).toHaveText("Live");
    expect(await convergedText([first.page, second.page])).toBe("Shared start. Bob's last words.");
    await second.context.close();
    await first.context.close();
  });
}

test("ending for everyone leaves each person the text as an ordinary document", async ({
  browser,
}) => {
  const { edit, ...first } = await startedSession(browser, "notepad", "Kept by everyone.", "Ada");
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
  await typeAt(second.page, "ControlOrMeta+End", " Mine now.");
  await expect.poll(() => shownText(second.page)).toBe("Kept by everyone. Mine now.");
  expect(await shownText(first.page)).toBe("Kept by everyone.");
  // The link no longer opens anything, and says why (the relay keeps the signed end).
  const late = await browser.newContext();
  const latePage = await late.newPage();
  await latePage.goto(edit);
  await waitForHydration(latePage);
  await expect(
    latePage.getByText("The person who started this live session ended it."),
  ).toBeVisible();
  await late.close();
  await second.context.close();
  await first.context.close();
});

test("Stop keeps the document as an ordinary one, with its own undo again", async ({ browser }) => {
  const first = await startedSession(browser, "editor", "Shared text.", "Ada");
  await openLiveDialog(first.page, "editor");
  await first.page.getByRole("button", { name: "Stop live session" }).click();
  await expect(liveStatus(first.page)).toHaveCount(0);
  await typeAt(first.page, "ControlOrMeta+End", " Alone.");
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

test("Forget this session keeps the text and leaves nothing of the session in the browser", async ({
  browser,
}) => {
  const first = await startedSession(browser, "notepad", "Shared text.", "Ada");
  // While in the session, the browser keeps its link and its changes (for a reload).
  await expect
    .poll(() => first.page.evaluate(() => localStorage.getItem("plainpad-live-links") ?? ""))
    .toContain("live=");
  await openLiveDialog(first.page, "notepad");
  await first.page.getByRole("button", { name: "Forget this session" }).click();
  await expect(liveStatus(first.page)).toHaveCount(0);
  expect(await shownText(first.page)).toBe("Shared text.");
  const keptRooms = () =>
    first.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open("plainpad-live");
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains("rooms")) return resolve(0);
            const count = db.transaction("rooms").objectStore("rooms").count();
            count.onsuccess = () => {
              resolve(count.result);
              db.close();
            };
          };
        }),
    );
  await expect.poll(keptRooms).toBe(0);
  expect(await first.page.evaluate(() => localStorage.getItem("plainpad-live-links"))).toBeNull();
  await first.context.close();
});
