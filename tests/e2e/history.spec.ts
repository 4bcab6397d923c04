import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { installDiskHarness, putDiskFile, queuePicks } from "./disk-harness";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import { waitForHydration } from "./fixtures";
import {
  editorText,
  openNotepad,
  renameActiveTab,
  replaceAll,
  runMenu,
  tabButton,
  tabButtons,
  tabNames,
  typeInEditor,
  waitForSaved,
} from "./notepad-helpers";

/** Version history and recently closed tabs (issue 15). */

function historyDialog(page: Page) {
  return page.getByRole("dialog", { name: "Version history" });
}

function versions(page: Page) {
  return historyDialog(page).getByRole("list", { name: "Versions" }).getByRole("button");
}

test.describe("version history in the simple editor", () => {
  test("opening a file keeps the text it replaces; Restore brings it back as an undoable edit", async ({
    page,
  }) => {
    page.on("dialog", (dialog) => void dialog.accept());
    await installDiskHarness(page);
    await openEditor(page);
    await editorBox(page).click();
    await page.keyboard.type("My first draft, written by hand");
    await putDiskFile(page, "other.txt", "A file from the disk");
    await queuePicks(page, { open: ["other.txt"] });
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect.poll(() => documentText(page)).toBe("A file from the disk");

    await page.getByRole("button", { name: "Version history…" }).click();
    await expect(versions(page)).toHaveCount(1);
    await expect(versions(page).first()).toContainText("Before a file was opened over it");
    await expect(versions(page).first()).toContainText("6 words");
    await versions(page).first().click();
    const preview = historyDialog(page).getByTestId("history-preview");
    await expect(preview.locator("del")).toContainText("My first draft, written by hand");
    await expect(preview.locator("ins")).toContainText("A file from the disk");
    await historyDialog(page).getByRole("button", { name: "Restore this version" }).click();
    await expect(historyDialog(page)).toHaveCount(0);
    await expect.poll(() => documentText(page)).toBe("My first draft, written by hand");
    await expect(page.getByText(/^Restored the version from /)).toBeVisible();

    // The text the restore replaced is a version too, and Undo brings it back. Undo once the
    // caret is back in the text, as a person would: the dialog hands focus back a frame after
    // it closes, and a key sent before then (a late frame on a busy machine) reached no editor.
    await expect(editorBox(page)).toBeFocused();
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => documentText(page)).toBe("A file from the disk");
    await page.keyboard.press("ControlOrMeta+Shift+h");
    await expect(versions(page)).toHaveCount(2);
    await expect(versions(page).first()).toContainText("Before an older version was restored");

    // Kept in the browser: still there after a reload.
    await page.keyboard.press("Escape");
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Version history…" }).click();
    await expect(versions(page)).toHaveCount(2);
  });
});

test.describe("version history in the notepad", () => {
  test("Replace All keeps the text before it; restoring it is one undoable step", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "alpha beta alpha");
    await replaceAll(page, "alpha", "gamma");
    await expect.poll(() => editorText(page)).toBe("gamma beta gamma");

    await runMenu(page, "File", "Version history…");
    await expect(versions(page).first()).toContainText("Before Replace All");
    await versions(page).first().click();
    await historyDialog(page).getByRole("button", { name: "Restore this version" }).click();
    await expect.poll(() => editorText(page)).toBe("alpha beta alpha");
    // Undo once the caret is back in the text (see the simple editor's test above).
    await expect(page.locator(".cm-content")).toBeFocused();
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => editorText(page)).toBe("gamma beta gamma");
  });

  test("Undo right after Restore, before the page draws again, takes the restore back", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "alpha beta alpha");
    // The find bar stays open: its button had the focus before the History dialog opened.
    await replaceAll(page, "alpha", "gamma", { keepBarOpen: true });
    await runMenu(page, "File", "Version history…");
    await versions(page).first().click();
    // No frame is drawn from the restore until the Undo: as on a machine too busy to draw, where
    // the key came before the frame that gave the text its focus back.
    await page.evaluate(() => {
      const held: FrameRequestCallback[] = [];
      const draw = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => held.push(callback);
      Object.assign(window, {
        drawHeldFrames() {
          window.requestAnimationFrame = draw;
          for (const callback of held) draw(callback);
        },
      });
    });
    await historyDialog(page).getByRole("button", { name: "Restore this version" }).click();
    await expect.poll(() => editorText(page)).toBe("alpha beta alpha");
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => editorText(page)).toBe("gamma beta gamma");
    await page.evaluate(() => (window as unknown as { drawHeldFrames(): void }).drawHeldFrames());
    await expect(page.locator(".cm-content")).toBeFocused();
  });

  test("each tab has its own history", async ({ page }) => {
    await openNotepad(page);
    await typeInEditor(page, "first tab text");
    await replaceAll(page, "first", "1st");
    await runMenu(page, "File", "New tab");
    await runMenu(page, "File", "Version history…");
    await expect(historyDialog(page).getByText("No versions kept yet.")).toBeVisible();
  });
});

test.describe("recently closed tabs", () => {
  test("a closed tab comes back with its name and text: File menu, notice and list", async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await openNotepad(page);
    await runMenu(page, "File", "New tab");
    await typeInEditor(page, "Do not lose me");
    await renameActiveTab(page, "Keeper");
    await waitForSaved(page);
    await runMenu(page, "File", "Close tab");
    // The spec's question, word for word; then a notice says the tab can be reopened.
    await expect.poll(() => dialogs).toEqual(["Keeper has unsaved changes. Close anyway?"]);
    await expect(tabButton(page, "Keeper*")).toHaveCount(0);
    await expect(page.getByText('Closed "Keeper". You can reopen it')).toBeVisible();

    await runMenu(page, "File", "Reopen closed tab");
    await expect(tabButton(page, "Keeper*")).toBeVisible();
    await expect.poll(() => editorText(page)).toBe("Do not lose me");

    // Closed again, then reopened from the list, after a reload. The reload waits until the
    // close is stored (a reload racing it is the next describe's test).
    await runMenu(page, "File", "Close tab");
    await waitForSaved(page);
    await page.reload();
    await waitForHydration(page);
    await runMenu(page, "File", "Recently closed tabs…");
    const list = page.getByRole("dialog", { name: "Recently closed tabs" });
    await list.getByRole("button", { name: "Reopen Keeper" }).click();
    await expect(tabButton(page, "Keeper*")).toBeVisible();
    await expect.poll(() => editorText(page)).toBe("Do not lose me");
    await expect(tabButtons(page)).toHaveCount(2);

    // Nothing left to reopen: it says so.
    await runMenu(page, "File", "Reopen closed tab");
    await expect(page.getByText("There is no closed tab to reopen.")).toBeVisible();
  });
});

/**
 * Runs in the page: every write to IndexedDB store `storeName` fails with QuotaExceededError,
 * as on a full disk.
 */
function refuseWritesAsFull(storeName: string) {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args) {
    if (this.name === storeName) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return put.apply(this, args);
  } as typeof put;
}

/** Runs in the page: how many recently closed tabs the history database holds. */
function closedTabCount(): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open("plainpad-history");
    // Not there yet (the page opens it when it first needs it): creating an empty one here
    // would hold the page's own upgrade back, so abort and count none.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(0);
    request.onsuccess = () => {
      const db = request.result;
      // Never keep the page's upgrade waiting on this connection.
      db.onversionchange = () => db.close();
      try {
        const count = db.transaction("closed-tabs").objectStore("closed-tabs").count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => {
          db.close();
          reject(count.error);
        };
      } catch (error) {
        db.close();
        reject(error);
      }
    };
  });
}

test.describe("closing a tab loses nothing", () => {
  /** A notepad with a second tab "Keeper" holding unsaved text, stored in this browser. */
  async function notepadWithKeeper(page: Page) {
    page.on("dialog", (dialog) => void dialog.accept());
    await openNotepad(page);
    await runMenu(page, "File", "New tab");
    await typeInEditor(page, "Do not lose me");
    await renameActiveTab(page, "Keeper");
    await waitForSaved(page);
  }

  test("a page closed before the closed tab is kept finds the tab again", async ({ page }) => {
    await notepadWithKeeper(page);
    // Keeping a closed tab goes through the compression worker: hold it there, as a slow
    // machine does, so the page is gone before the copy is written.
    await page.evaluate(() => {
      Worker.prototype.postMessage = () => undefined;
    });
    await runMenu(page, "File", "Close tab");
    await expect(tabButton(page, "Keeper*")).toHaveCount(0);
    await page.reload();
    await waitForHydration(page);
    await tabButton(page, "Keeper*").click();
    await expect.poll(() => editorText(page)).toBe("Do not lose me");
  });

  test("a page closed after the closed tab is kept but before its delete lists it only as closed", async ({
    page,
  }) => {
    await notepadWithKeeper(page);
    // The stored document's delete never happens in this page, as when it closes right after
    // the closed copy is written.
    // Only the notepad's own store: the version history may thin its snapshots as the tab
    // closes, and that must still work (a blocked delete there stopped the close itself).
    await page.evaluate(() => {
      const deleteRecord = IDBObjectStore.prototype.delete;
      IDBObjectStore.prototype.delete = function (this: IDBObjectStore, key: IDBValidKey) {
        if (this.name === "notepad-tabs") throw new Error("The page went away");
        return deleteRecord.call(this, key);
      };
    });
    await runMenu(page, "File", "Close tab");
    await expect(tabButton(page, "Keeper*")).toHaveCount(0);
    // The closed copy is written (in the history's own database) before the page goes.
    await expect.poll(() => page.evaluate(closedTabCount)).toBe(1);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1"]);
    // Settled for good: the next load neither shows it as a tab nor lists it twice.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1"]);
    await runMenu(page, "File", "Recently closed tabs…");
    const list = page.getByRole("dialog", { name: "Recently closed tabs" });
    await expect(list.getByRole("button", { name: "Reopen Keeper" })).toHaveCount(1);
    await list.getByRole("button", { name: "Reopen Keeper" }).click();
    await expect(tabButton(page, "Keeper*")).toHaveCount(1);
    await expect.poll(() => editorText(page)).toBe("Do not lose me");
  });

  test("a closed tab that cannot be kept (storage full) is offered as a download", async ({
    page,
  }) => {
    await notepadWithKeeper(page);
    await page.evaluate(refuseWritesAsFull, "closed-tab-text");
    await runMenu(page, "File", "Close tab");
    const notice = page.getByRole("alert").filter({ hasText: "could not be kept" });
    await expect(notice).toContainText(
      '"Keeper" could not be kept among the recently closed tabs: this browser\'s storage is full. Download its text to keep it.',
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      notice.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Keeper.txt");
    const path = test.info().outputPath("Keeper.txt");
    await download.saveAs(path);
    expect(await readFile(path, "utf8")).toBe("Do not lose me");
  });
});

/** File › Back up all documents…, saving the download at `path`. */
async function backUp(page: Page, path: string, { withHistory = false } = {}): Promise<void> {
  await runMenu(page, "File", "Back up all documents…");
  const dialog = page.getByRole("dialog", { name: "Back up all documents" });
  await dialog.getByRole("checkbox", { name: "Include version history" }).setChecked(withHistory);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Back up" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^plainpad-backup-\d{4}-\d\d-\d\d\.zip$/);
  await download.saveAs(path);
  await expect(dialog).toHaveCount(0);
}

/** File › Restore from backup… with the backup at `path`. */
async function restore(page: Page, path: string, { withSettings = false } = {}): Promise<void> {
  await runMenu(page, "File", "Restore from backup…");
  const dialog = page.getByRole("dialog", { name: "Restore from backup" });
  await dialog.getByRole("checkbox", { name: "Restore settings" }).setChecked(withSettings);
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    dialog.getByRole("button", { name: "Choose backup file…" }).click(),
  ]);
  await chooser.setFiles(path);
  await expect(dialog).toHaveCount(0);
}

test.describe("backup and restore", () => {
  test("a backup restores every tab with identical names, text and order in a fresh browser", async ({
    page,
    browser,
  }) => {
    // Two pages (or two viewports with an accessibility scan each) and many steps: slow on
    // a loaded machine.
    test.slow();
    await openNotepad(page);
    await typeInEditor(page, "First tab\nwith an emoji 😀 and  two spaces");
    // Named: a fresh notepad has an "Untitled-1" of its own, beside which a restored
    // "Untitled-1" would open as "Untitled-1 (restored)".
    await renameActiveTab(page, "Notes");
    await runMenu(page, "File", "New tab");
    await typeInEditor(page, "Second tab");
    await renameActiveTab(page, "Plans");
    await waitForSaved(page);
    const backupPath = test.info().outputPath("backup.zip");
    await backUp(page, backupPath);
    const names = await tabNames(page);

    const context = await browser.newContext();
    const fresh = await context.newPage();
    await openNotepad(fresh);
    await restore(fresh, backupPath);
    await expect(fresh.getByText(/^Restored 2 documents from "backup\.zip"\./)).toBeVisible();
    // The fresh notepad's own empty tab, then the backup's tabs in their order.
    await expect.poll(async () => (await tabNames(fresh)).slice(1)).toEqual(names);
    await tabButton(fresh, names[0]).click();
    await expect.poll(() => editorText(fresh)).toBe("First tab\nwith an emoji 😀 and  two spaces");
    await tabButton(fresh, names[1]).click();
    await expect.poll(() => editorText(fresh)).toBe("Second tab");

    // Restoring the same backup again adds nothing: both are open with the same text.
    await restore(fresh, backupPath);
    await expect(fresh.getByText(/^Restored 0 documents .* 2 already open/)).toBeVisible();
    await context.close();
  });

  test("a backup can carry the version history and the settings, restored when asked", async ({
    page,
    browser,
  }) => {
    // Two pages (or two viewports with an accessibility scan each) and many steps: slow on
    // a loaded machine.
    test.slow();
    await openNotepad(page);
    await typeInEditor(page, "alpha beta alpha");
    await renameActiveTab(page, "Greek");
    await replaceAll(page, "alpha", "omega");
    await expect.poll(() => editorText(page)).toBe("omega beta omega");
    await runMenu(page, "View", "Line numbers");
    await waitForSaved(page);
    const backupPath = test.info().outputPath("backup-with-history.zip");
    await backUp(page, backupPath, { withHistory: true });
    await expect(page.getByText(/^Backed up 1 document with 1 kept version to/)).toBeVisible();

    const context = await browser.newContext();
    const fresh = await context.newPage();
    await openNotepad(fresh);
    await expect(fresh.locator(".cm-lineNumbers")).toHaveCount(0);
    await restore(fresh, backupPath, { withSettings: true });
    await expect(
      fresh.getByText(/^Restored 1 document .* with 1 kept version\..* settings were restored/),
    ).toBeVisible();
    await expect(fresh.locator(".cm-lineNumbers")).toBeVisible();
    await tabButton(fresh, "Greek*").click();
    await expect.poll(() => editorText(fresh)).toBe("omega beta omega");
    await runMenu(fresh, "File", "Version history…");
    await expect(versions(fresh)).toHaveCount(1);
    await expect(versions(fresh).first()).toContainText("Before Replace All");
    await versions(fresh).first().click();
    await historyDialog(fresh).getByRole("button", { name: "Restore this version" }).click();
    await expect.poll(() => editorText(fresh)).toBe("alpha beta alpha");
    await context.close();
  });

  test("a file that is not a backup is refused with a message and changes nothing", async ({
    page,
  }) => {
    await openNotepad(page);
    const before = await tabNames(page);
    await runMenu(page, "File", "Restore from backup…");
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page
        .getByRole("dialog", { name: "Restore from backup" })
        .getByRole("button", { name: "Choose backup file…" })
        .click(),
    ]);
    await chooser.setFiles({
      name: "notes.zip",
      mimeType: "application/zip",
      buffer: Buffer.from("not a zip"),
    });
    await expect(page.getByText("This file is not a Plainpad backup")).toBeVisible();
    expect(await tabNames(page)).toEqual(before);
  });
});

test.describe("storage health", () => {
  test("at 80% of the quota the notepad warns and offers a backup; About shows the storage", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const storage = navigator.storage as StorageManager & Record<string, unknown>;
      storage.estimate = async () => ({ usage: 90 * 1024 * 1024, quota: 100 * 1024 * 1024 });
      storage.persisted = async () => false;
    });
    await openNotepad(page);
    const warning = page.getByText(/^Plainpad uses 90 MB of the 100 MB .* Storage is nearly full/);
    await expect(warning).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Back up all documents" }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^plainpad-backup-/);
    await runMenu(page, "Help", "About");
    const about = page.getByRole("dialog", { name: "About the notepad" });
    await expect(
      about.getByText("This browser may delete these tabs if you don't visit for a while."),
    ).toBeVisible();
  });
});

/** Every kept version in this browser, as "<why it was kept>: <text>". */
async function keptVersions(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const history = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("plainpad-history");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const get = <T>(store: string, key?: string) =>
      new Promise<T>((resolve, reject) => {
        const objects = history.transaction(store).objectStore(store);
        const request = key === undefined ? objects.getAll() : objects.get(key);
        request.onsuccess = () => resolve(request.result as T);
        request.onerror = () => reject(request.error);
      });
    const versions: string[] = [];
    for (const meta of await get<{ id: string; reason: string }[]>("snapshot-meta")) {
      const data = await get<Uint8Array<ArrayBuffer>>("snapshot-data", meta.id);
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      versions.push(`${meta.reason}: ${await new Response(stream).text()}`);
    }
    history.close();
    return versions;
  });
}

/** The text of every tab, in tab order (each tab is shown in turn). */
async function tabTexts(page: Page): Promise<string[]> {
  const texts: string[] = [];
  for (const name of await tabNames(page)) {
    await tabButton(page, name).click();
    await expect(tabButton(page, name)).toHaveAttribute("aria-current", "true");
    await expect(page.locator(".cm-editor")).toBeVisible();
    texts.push((await editorText(page)) ?? "");
  }
  return texts;
}

test.describe("history faults", () => {
  test("two windows restoring different versions of one tab at once keep both texts", async ({
    context,
  }) => {
    // Two windows, each through its menus and dialogs: 26 s on a loaded CI machine, past the
    // 30 s limit on a busier one.
    test.slow();
    const first = await context.newPage();
    await openNotepad(first);
    await typeInEditor(first, "version one");
    await replaceAll(first, "one", "two");
    await replaceAll(first, "two", "three");
    await expect.poll(() => editorText(first)).toBe("version three");
    await waitForSaved(first);
    const second = await context.newPage();
    await openNotepad(second);
    await expect.poll(() => editorText(second)).toBe("version three");

    // The first window picks "version one", the second "version two"; both restore at once.
    for (const page of [first, second]) {
      await runMenu(page, "File", "Version history…");
      await expect(versions(page)).toHaveCount(2);
    }
    await versions(first).nth(1).click();
    await versions(second).nth(0).click();
    await expect(historyDialog(first).getByTestId("history-preview")).toContainText("version one");
    await expect(historyDialog(second).getByTestId("history-preview")).toContainText("version two");
    await Promise.all(
      [first, second].map((page) =>
        historyDialog(page).getByRole("button", { name: "Restore this version" }).click(),
      ),
    );

    // Both windows settle on the same tabs; each restored text is a tab's text or was kept
    // as a version when the other window's text replaced it. Nothing restored is lost.
    await expect.poll(async () => (await tabNames(second)).length).toBe(2);
    await expect.poll(() => tabNames(first)).toEqual(await tabNames(second));
    const texts = await tabTexts(first);
    expect(await tabTexts(second)).toEqual(texts);
    expect([...texts].sort()).toEqual(["version one", "version two"]);
    // Whichever window's restore lost the race, its text was also kept as a version of the tab
    // when the other window's text replaced it.
    const kept = await keptVersions(first);
    expect(kept.filter((version) => /^other-window: version (one|two)$/.test(version))).not.toEqual(
      [],
    );
  });

  test("a full disk while keeping a version keeps the text, drops the version and says so", async ({
    page,
  }) => {
    // The browser's storage refuses every new version, as on a full disk.
    await page.addInitScript(refuseWritesAsFull, "snapshot-data");
    await openNotepad(page);
    await typeInEditor(page, "alpha beta alpha");
    await replaceAll(page, "alpha", "gamma");
    await expect(
      page.getByText(/^Browser storage is full, so no new version of your text could be kept/),
    ).toBeVisible();
    await expect.poll(() => editorText(page)).toBe("gamma beta gamma");
    await waitForSaved(page);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => editorText(page)).toBe("gamma beta gamma");
    await runMenu(page, "File", "Version history…");
    await expect(historyDialog(page).getByText("No versions kept yet.")).toBeVisible();
  });
});
