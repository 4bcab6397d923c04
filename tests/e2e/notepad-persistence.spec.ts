import { expect, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import {
  editorText,
  openNotepad,
  tabButton,
  tabButtons,
  tabNames,
  typeInEditor,
  waitForSaved,
} from "./notepad-helpers";

test.describe("notepad persistence", () => {
  test("a reload restores every tab, its name, its text and the active tab", async ({ page }) => {
    await openNotepad(page);
    await typeInEditor(page, "first tab text");
    await page.getByRole("button", { name: "New tab" }).first().click();
    await typeInEditor(page, "second tab text");
    await tabButtons(page).nth(1).dblclick();
    await page.getByRole("textbox", { name: "Tab name" }).fill("Ideas");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "New tab" }).first().click();
    await typeInEditor(page, "third");
    await tabButton(page, "Ideas*").click();
    await waitForSaved(page);
    expect(await page.evaluate(() => localStorage.getItem("notepad-activeFileId"))).not.toBeNull();
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1*", "Ideas*", "Untitled-3*"]);
    await expect(tabButton(page, "Ideas*")).toHaveAttribute("aria-current", "true");
    expect(await editorText(page)).toBe("second tab text");
    await tabButtons(page).first().click();
    expect(await editorText(page)).toBe("first tab text");
    await tabButtons(page).nth(2).click();
    expect(await editorText(page)).toBe("third");
  });

  test("a page closed 1.5 s after the last keystroke loses nothing", async ({ page, context }) => {
    await openNotepad(page);
    await typeInEditor(page, "typed just before closing");
    await page.waitForTimeout(1500);
    await page.close();
    const again = await context.newPage();
    await openNotepad(again);
    await expect.poll(() => editorText(again)).toBe("typed just before closing");
  });

  test("a tab's stored lastModified is the time of its last edit", async ({ page }) => {
    const storedLastModified = () =>
      page.evaluate(() => {
        const controller = (
          window as unknown as {
            __plainpadNotepad: {
              store: { getState(): { tabs: { tabs: { lastModified: number }[] } } };
            };
          }
        ).__plainpadNotepad;
        return controller.store.getState().tabs.tabs[0].lastModified;
      });
    await openNotepad(page);
    await typeInEditor(page, "first edit");
    await waitForSaved(page);
    await page.waitForTimeout(1200);
    const beforeSecondEdit = await page.evaluate(() => Date.now());
    await page.keyboard.type(", second edit");
    await waitForSaved(page);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => editorText(page)).toBe("first edit, second edit");
    expect(await storedLastModified()).toBeGreaterThanOrEqual(beforeSecondEdit);
  });

  test("tab order survives a reload after dragging", async ({ page }) => {
    await openNotepad(page);
    await page.getByRole("button", { name: "New tab" }).first().click();
    await tabButton(page, "Untitled-2").dragTo(tabButton(page, "Untitled-1"));
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-2", "Untitled-1"]);
    await waitForSaved(page);
    await page.waitForTimeout(300);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-2", "Untitled-1"]);
  });

  test("unreadable saved data is kept aside, defaults are used and the user is told", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "good tab");
    await waitForSaved(page);
    // Seed a broken tab record and broken settings before the next load.
    await page.evaluate(async () => {
      localStorage.setItem("notepad-settings", "{this is not json");
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("plainpad");
        request.onsuccess = () => {
          const tx = request.result.transaction("notepad-tabs", "readwrite");
          tx.objectStore("notepad-tabs").put({ id: 7, content: ["not", "text"] }, "tab/broken");
          tx.oncomplete = () => {
            request.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        request.onerror = () => reject(request.error);
      });
    });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("Some saved tabs could not be read")).toBeVisible();
    await expect(page.getByText("Your saved notepad settings could not be read")).toBeVisible();
    await expect.poll(() => editorText(page)).toBe("good tab");
    const kept = await page.evaluate(async () => {
      const keys = Object.keys(localStorage).filter((key) =>
        key.startsWith("notepad-settings-unreadable-"),
      );
      const settingsCopy = keys.length ? localStorage.getItem(keys[0]) : null;
      const idbCopy = await new Promise<unknown>((resolve) => {
        const request = indexedDB.open("plainpad");
        request.onsuccess = () => {
          const store = request.result.transaction("notepad-tabs").objectStore("notepad-tabs");
          const all = store.getAllKeys();
          all.onsuccess = () => {
            const key = (all.result as string[]).find(
              (k) => k.startsWith("unreadable/") && k.endsWith("/tab/broken"),
            );
            if (!key) return resolve(null);
            const get = store.get(key);
            get.onsuccess = () => resolve(get.result);
          };
        };
      });
      return { settingsCopy, idbCopy };
    });
    expect(kept.settingsCopy).toBe("{this is not json");
    expect(kept.idbCopy).toEqual({ id: 7, content: ["not", "text"] });
  });

  test("legacy 'notepad-files' tabs are migrated once", async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem(
        "notepad-files",
        JSON.stringify([
          {
            id: "1",
            name: "Old notes",
            content: "from the old version",
            lastModified: "2025-01-01T00:00:00.000Z",
            isModified: false,
          },
        ]),
      );
    });
    await openNotepad(page);
    await expect.poll(() => tabNames(page)).toEqual(["Old notes"]);
    expect(await editorText(page)).toBe("from the old version");
    expect(await page.evaluate(() => localStorage.getItem("notepad-files"))).toBeNull();
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => tabNames(page)).toEqual(["Old notes"]);
  });

  test("a full store shows a warning, keeps the edits, offers the download and stores them later", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (
        this: IDBObjectStore,
        ...args: Parameters<IDBObjectStore["put"]>
      ) {
        if ((window as unknown as { failPuts?: boolean }).failPuts) {
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        }
        return put.apply(this, args);
      };
    });
    await openNotepad(page);
    await page.evaluate(() => ((window as unknown as { failPuts: boolean }).failPuts = true));
    await typeInEditor(page, "must not be lost");
    const warning = page.getByRole("alert").filter({ hasText: "latest edits are not stored yet" });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("button", { name: "Download all tabs" })).toBeVisible();
    // A backup needs no browser storage: it is offered right there too.
    const [backup] = await Promise.all([
      page.waitForEvent("download"),
      warning.getByRole("button", { name: "Back up all documents" }).click(),
    ]);
    expect(backup.suggestedFilename()).toMatch(/^plainpad-backup-/);
    expect(await editorText(page)).toBe("must not be lost");
    await typeInEditor(page, "!");
    await expect(warning).toBeVisible();
    // Storage has room again: the retry stores everything and the warning goes away.
    await page.evaluate(() => ((window as unknown as { failPuts: boolean }).failPuts = false));
    await expect(warning).toHaveCount(0, { timeout: 10_000 });
    await waitForSaved(page);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => editorText(page)).toBe("must not be lost!");
  });

  test("two windows at once: each shows the other's edits and both end with every edit", async ({
    context,
  }) => {
    // Two windows of the notepad at once: slow on a loaded machine.
    test.slow();
    const a = await context.newPage();
    await openNotepad(a);
    const b = await context.newPage();
    await openNotepad(b);
    await typeInEditor(a, "from A");
    await expect.poll(() => editorText(b), { timeout: 10_000 }).toBe("from A");
    await b.locator(".cm-content").focus();
    await b.keyboard.press("Control+End");
    await b.keyboard.type(" and B");
    await expect.poll(() => editorText(a), { timeout: 10_000 }).toBe("from A and B");
    // New tabs in both windows at once.
    await b.getByRole("button", { name: "New tab" }).first().click();
    await typeInEditor(b, "B's own tab");
    await a.getByRole("button", { name: "New tab" }).first().click();
    await typeInEditor(a, "A's own tab");
    await waitForSaved(a);
    await waitForSaved(b);
    const contents = async (page: typeof a) =>
      page.evaluate(() => {
        const c = (
          window as unknown as {
            __plainpadNotepad: {
              store: { getState(): { tabs: { tabs: { id: string }[] } } };
              getContent(id: string): string;
            };
          }
        ).__plainpadNotepad;
        return c.store
          .getState()
          .tabs.tabs.map((tab) => c.getContent(tab.id))
          .sort();
      });
    const expected = ["A's own tab", "B's own tab", "from A and B"];
    await expect.poll(() => contents(a), { timeout: 10_000 }).toEqual(expected);
    await expect.poll(() => contents(b), { timeout: 10_000 }).toEqual(expected);
    const c = await context.newPage();
    await openNotepad(c);
    await expect.poll(() => contents(c)).toEqual(expected);
  });

  test("simultaneous edits of one tab in two windows keep both versions", async ({ context }) => {
    const a = await context.newPage();
    const b = await context.newPage();
    // Both pages' clocks run as usual, then stand still while both windows type: on a busy
    // machine the second window's edit could otherwise come after the first window's edit was
    // stored and shown there (then it is typed into that text: "version Bversion A", rightly).
    for (const page of [a, b]) await page.clock.install();
    await openNotepad(a);
    await openNotepad(b);
    // Paused a moment ahead of the page's time (which runs on while this is sent).
    for (const page of [a, b]) {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    }
    // Both windows edit tab 1 before either has stored: the second write must not win silently.
    await a.evaluate(() => {
      const c = (
        window as unknown as { __plainpadNotepad: { text: { insertText(t: string): void } } }
      ).__plainpadNotepad;
      c.text.insertText("version A");
    });
    await b.evaluate(() => {
      const c = (
        window as unknown as { __plainpadNotepad: { text: { insertText(t: string): void } } }
      ).__plainpadNotepad;
      c.text.insertText("version B");
    });
    for (const page of [a, b]) await page.clock.resume();
    await waitForSaved(a);
    await waitForSaved(b);
    const all = async (page: typeof a) =>
      page.evaluate(() => {
        const c = (
          window as unknown as {
            __plainpadNotepad: {
              store: { getState(): { tabs: { tabs: { id: string }[] } } };
              getContent(id: string): string;
            };
          }
        ).__plainpadNotepad;
        return c.store
          .getState()
          .tabs.tabs.map((tab) => c.getContent(tab.id))
          .sort();
      });
    const fresh = await context.newPage();
    await openNotepad(fresh);
    await expect.poll(() => all(fresh), { timeout: 10_000 }).toEqual(["version A", "version B"]);
  });
});
