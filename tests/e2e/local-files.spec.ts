import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import {
  deleteDiskFile,
  diskFileBytes,
  diskLog,
  fixtureBytes,
  installDiskHarness,
  putDiskFile,
  queuePicks,
} from "./disk-harness";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import {
  editorText,
  openNotepad,
  renameActiveTab,
  runMenu,
  tabNames,
  typeInEditor,
  waitForSaved,
} from "./notepad-helpers";

/** Opens `name` (already in the private file system) with the editor's Open button. */
async function openInEditor(page: Page, name: string) {
  await queuePicks(page, { open: [name] });
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page.getByTestId("status-location")).toHaveText(`${name} · on this computer`);
}

const unsaved = (page: Page) => page.getByTitle("Unsaved changes");

test.describe("simple editor: files on this computer", () => {
  test.beforeEach(async ({ page }) => {
    await installDiskHarness(page);
    await openEditor(page);
  });

  test("Open keeps the file; Ctrl+S writes the edit back into it with its CRLF line endings", async ({
    page,
  }) => {
    await putDiskFile(page, "notes.txt", "first line\r\nsecond line\r\n");
    await openInEditor(page, "notes.txt");
    await expect(page.getByRole("button", { name: "Windows (CRLF)" })).toBeVisible();
    await expect(page.getByRole("button", { name: "UTF-8", exact: true })).toBeVisible();
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("third line");
    await expect(unsaved(page)).toBeVisible();
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByText('Saved "notes.txt" on this computer.')).toBeVisible();
    await expect(unsaved(page)).toHaveCount(0);
    expect((await diskFileBytes(page, "notes.txt"))?.toString("utf8")).toBe(
      "first line\r\nsecond line\r\nthird line",
    );
    expect((await diskLog(page)).savePicks).toEqual([]);
  });

  for (const fixture of [
    "lf.txt",
    "crlf.txt",
    "cr.txt",
    "utf8-bom.txt",
    "utf16le.txt",
    "utf16be.txt",
    "utf16le-nobom.txt",
    "utf16be-nobom.txt",
    "windows-1252.txt",
  ]) {
    test(`opening and saving ${fixture} unchanged gives the same bytes`, async ({ page }) => {
      const original = fixtureBytes(fixture);
      await putDiskFile(page, fixture, original);
      await openInEditor(page, fixture);
      await editorBox(page).click();
      await page.keyboard.press("ControlOrMeta+s");
      await expect(page.getByText(`Saved "${fixture}" on this computer.`)).toBeVisible();
      expect((await diskFileBytes(page, fixture))?.equals(original)).toBe(true);
    });
  }

  test("a mixed file says so and is saved with the majority's line ending", async ({ page }) => {
    await putDiskFile(page, "mixed.txt", fixtureBytes("mixed.txt"));
    await openInEditor(page, "mixed.txt");
    await expect(page.getByText("Mixed line endings")).toBeVisible();
    await expect(page.getByText(/"mixed.txt" mixes line endings/)).toBeVisible();
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByText('Saved "mixed.txt" on this computer.')).toBeVisible();
    const saved = (await diskFileBytes(page, "mixed.txt"))!.toString("utf8");
    expect(saved).not.toMatch(/[^\r]\n/);
    expect(saved.replace(/\r\n/g, "\n")).toBe(
      fixtureBytes("mixed.txt").toString("utf8").replace(/\r\n/g, "\n"),
    );
  });

  test("the status bar changes line ending and encoding for the next save", async ({ page }) => {
    await putDiskFile(page, "plain.txt", "a\nb");
    await openInEditor(page, "plain.txt");
    await page.getByRole("button", { name: "Unix (LF)" }).click();
    await page.getByRole("menuitemradio", { name: "Windows (CRLF)" }).click();
    await page.getByRole("button", { name: "UTF-8", exact: true }).click();
    await page.getByRole("menuitemradio", { name: "UTF-16 LE" }).click();
    await expect(unsaved(page)).toBeVisible();
    await page.keyboard.press("ControlOrMeta+s");
    await expect(unsaved(page)).toHaveCount(0);
    const bytes = await diskFileBytes(page, "plain.txt");
    expect(bytes?.equals(Buffer.from([0xff, 0xfe, 0x61, 0, 0x0d, 0, 0x0a, 0, 0x62, 0]))).toBe(true);
  });

  test("a character the encoding cannot hold is refused before writing", async ({ page }) => {
    await putDiskFile(page, "ansi.txt", fixtureBytes("windows-1252.txt"));
    await openInEditor(page, "ansi.txt");
    await expect(page.getByRole("button", { name: "Windows-1252" })).toBeVisible();
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" € 😀");
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByRole("alert")).toContainText(
      '"ansi.txt" cannot be saved as Windows-1252',
    );
    await expect(page.getByRole("alert")).toContainText("😀");
    await expect(unsaved(page)).toBeVisible();
    expect((await diskFileBytes(page, "ansi.txt"))?.equals(fixtureBytes("windows-1252.txt"))).toBe(
      true,
    );
  });

  test("a file changed on disk is never overwritten blindly", async ({ page }) => {
    await putDiskFile(page, "shared.txt", "original");
    await openInEditor(page, "shared.txt");
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" + mine");
    // Another program writes the file (a later modification time, another size).
    await page.waitForTimeout(20);
    await putDiskFile(page, "shared.txt", "changed elsewhere");
    await page.keyboard.press("ControlOrMeta+s");
    const dialog = page.getByRole("dialog", { name: '"shared.txt" changed on disk' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    expect((await diskFileBytes(page, "shared.txt"))?.toString()).toBe("changed elsewhere");
    await expect(unsaved(page)).toBeVisible();

    await page.keyboard.press("ControlOrMeta+s");
    await dialog.getByRole("button", { name: "Reload from disk" }).click();
    await expect.poll(() => documentText(page)).toBe("changed elsewhere");
    await expect(unsaved(page)).toHaveCount(0);
    // The text that was here is one undo away.
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => documentText(page)).toBe("original + mine");

    await page.waitForTimeout(20);
    await putDiskFile(page, "shared.txt", "changed again");
    await page.keyboard.press("ControlOrMeta+s");
    await dialog.getByRole("button", { name: "Overwrite" }).click();
    await expect
      .poll(async () => (await diskFileBytes(page, "shared.txt"))?.toString())
      .toBe("original + mine");
    await expect(unsaved(page)).toHaveCount(0);
    // What Overwrite replaced on disk is kept in the document's version history.
    await page.keyboard.press("ControlOrMeta+Shift+h");
    const history = page.getByRole("dialog", { name: "Version history" });
    const newest = history.getByRole("list", { name: "Versions" }).getByRole("button").first();
    await expect(newest).toContainText("Before it was overwritten");
    await newest.click();
    await expect(history.getByTestId("history-preview").locator("del")).toContainText(
      "changed again",
    );
  });

  test("a failed write keeps the unsaved marker and names the file", async ({ page }) => {
    await putDiskFile(page, "gone.txt", "soon deleted");
    await openInEditor(page, "gone.txt");
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.type("edit ");
    await deleteDiskFile(page, "gone.txt");
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByRole("alert")).toContainText('"gone.txt" was not saved');
    await expect(unsaved(page)).toBeVisible();
    // Save as… is offered, and writes a new file.
    await queuePicks(page, { saveAs: "found.txt" });
    await page.getByRole("alert").getByRole("button", { name: "Save as…" }).click();
    await expect(page.getByTestId("status-location")).toHaveText("found.txt · on this computer");
    expect((await diskFileBytes(page, "found.txt"))?.toString()).toBe("edit soon deleted");
    await expect(unsaved(page)).toHaveCount(0);
  });

  test("an opened trip.md stays trip.md: its name, Download and Save As; a new document is .txt", async ({
    page,
  }) => {
    page.on("dialog", (dialog) => void dialog.accept());
    await putDiskFile(page, "trip.md", "# Trip\n\n- tickets\n");
    await openInEditor(page, "trip.md");
    await expect(page.getByRole("button", { name: "Rename trip.md", exact: true })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("trip.md");
    expect((await readFile(await file.path())).toString("utf8")).toBe("# Trip\n\n- tickets\n");

    await queuePicks(page, { saveAs: "trip copy.md" });
    await editorBox(page).press("ControlOrMeta+Shift+s");
    await expect(page.getByTestId("status-location")).toHaveText("trip copy.md · on this computer");
    expect((await diskLog(page)).savePicks).toEqual(["trip.md"]);
    await expect(
      page.getByRole("button", { name: "Rename trip copy.md", exact: true }),
    ).toBeVisible();

    // A name typed without an extension, and a new document, end in .txt as before.
    await page.getByRole("button", { name: "Rename trip copy.md" }).click();
    await page.getByRole("textbox", { name: "File name" }).fill("packing list");
    await page.getByRole("textbox", { name: "File name" }).press("Enter");
    await expect(
      page.getByRole("button", { name: "Rename packing list.txt", exact: true }),
    ).toBeVisible();
    await page.getByRole("button", { name: "New", exact: true }).click();
    await expect(
      page.getByRole("button", { name: "Rename Untitled.txt", exact: true }),
    ).toBeVisible();
  });

  test("Save As picks a new file, suggests the document name and keeps saving there", async ({
    page,
  }) => {
    await editorBox(page).click();
    await page.keyboard.type("brand new");
    await queuePicks(page, { saveAs: "report.txt" });
    await page.keyboard.press("ControlOrMeta+Shift+s");
    await expect(page.getByTestId("status-location")).toHaveText("report.txt · on this computer");
    expect((await diskLog(page)).savePicks).toEqual(["Untitled.txt"]);
    await expect(page.getByRole("button", { name: "Rename report.txt" })).toBeVisible();
    await page.keyboard.type(" text");
    await page.keyboard.press("ControlOrMeta+s");
    await expect
      .poll(async () => (await diskFileBytes(page, "report.txt"))?.toString())
      .toBe("brand new text");
    expect((await diskLog(page)).savePicks).toHaveLength(1);
  });

  test("Ctrl+S on a document with no file downloads it (spec), in its line ending", async ({
    page,
  }) => {
    await editorBox(page).click();
    await page.keyboard.type("one");
    await page.keyboard.press("Enter");
    await page.keyboard.type("two");
    await page.getByRole("button", { name: "Unix (LF)" }).click();
    await page.getByRole("menuitemradio", { name: "Windows (CRLF)" }).click();
    const download = page.waitForEvent("download");
    await editorBox(page).press("ControlOrMeta+s");
    const file = await download;
    expect(file.suggestedFilename()).toBe("Untitled.txt");
    expect((await readFile(await file.path())).toString("utf8")).toBe("one\r\ntwo");
    await expect(page.getByText(/Downloaded "Untitled.txt"/)).toBeVisible();
    await expect(page.getByTestId("status-location")).toHaveText("this browser only");
  });
});

test.describe("simple editor: permission after a reload", () => {
  test("the first Save after a reload asks for write permission from the key press", async ({
    page,
  }) => {
    await installDiskHarness(page, { permission: "prompt", requestAnswer: "granted" });
    await openEditor(page);
    await putDiskFile(page, "kept.txt", "kept");
    await openInEditor(page, "kept.txt");
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" and edited");
    await page.waitForTimeout(1500); // the draft (with the file handle) is stored
    await page.reload();
    await expect(page.getByTestId("status-location")).toHaveText("kept.txt · on this computer");
    await expect(unsaved(page)).toBeVisible();
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByText('Saved "kept.txt" on this computer.')).toBeVisible();
    expect((await diskLog(page)).permissionRequests).toEqual([true]);
    expect((await diskFileBytes(page, "kept.txt"))?.toString()).toBe("kept and edited");
  });

  test("refused permission goes on as Save As, never a silent download", async ({ page }) => {
    await installDiskHarness(page, { permission: "prompt", requestAnswer: "denied" });
    await openEditor(page);
    await putDiskFile(page, "locked.txt", "locked");
    await openInEditor(page, "locked.txt");
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.type("new ");
    await queuePicks(page, { saveAs: "copy.txt" });
    let downloads = 0;
    page.on("download", () => (downloads += 1));
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByTestId("status-location")).toHaveText("copy.txt · on this computer");
    expect((await diskFileBytes(page, "copy.txt"))?.toString()).toBe("new locked");
    expect((await diskFileBytes(page, "locked.txt"))?.toString()).toBe("locked");
    expect((await diskLog(page)).savePicks).toEqual(["locked.txt"]);
    expect(downloads).toBe(0);
  });
});

test.describe("simple editor: a browser without the File System Access API", () => {
  test("Open uses the file chooser and Save downloads the file in its own encoding", async ({
    page,
  }) => {
    await installDiskHarness(page, { hideApi: true });
    await openEditor(page);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await (
      await chooser
    ).setFiles({
      name: "utf16le.txt",
      mimeType: "text/plain",
      buffer: fixtureBytes("utf16le.txt"),
    });
    await expect(page.getByRole("button", { name: "UTF-16 LE" })).toBeVisible();
    await expect(page.getByTestId("status-location")).toHaveText("this browser only");
    const download = page.waitForEvent("download");
    await editorBox(page).press("ControlOrMeta+s");
    const file = await download;
    expect(file.suggestedFilename()).toBe("utf16le.txt");
    expect((await readFile(await file.path())).equals(fixtureBytes("utf16le.txt"))).toBe(true);
    await expect(
      page.getByText(/Downloaded "utf16le.txt" \(this browser saves by downloading\)/),
    ).toBeVisible();
    // Save As downloads too.
    const again = page.waitForEvent("download");
    await editorBox(page).press("ControlOrMeta+Shift+s");
    expect((await again).suggestedFilename()).toBe("utf16le.txt");
  });
});

test.describe("notepad: files on this computer", () => {
  test.beforeEach(async ({ page }) => {
    await installDiskHarness(page, { permission: "prompt", requestAnswer: "granted" });
    await openNotepad(page);
  });

  test("Open keeps each file with its tab; Save writes the active tab back in its encoding", async ({
    page,
  }) => {
    await putDiskFile(page, "one.txt", fixtureBytes("utf16be.txt"));
    await putDiskFile(page, "two.md", "# Two\r\n");
    await queuePicks(page, { open: ["one.txt", "two.md"] });
    await runMenu(page, "File", "Open…");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "one.txt", "two.md"]);
    const status = page.getByRole("contentinfo", { name: "Status bar" });
    await expect(status.getByTestId("status-location")).toHaveText("two.md · on this computer");
    await expect(status.getByRole("button", { name: "Windows (CRLF)" })).toBeVisible();
    await page
      .getByRole("list", { name: "Open tabs" })
      .getByRole("button", { name: "one.txt", exact: true })
      .click();
    await expect(status.getByTestId("status-location")).toHaveText("one.txt · on this computer");
    await expect(status.getByRole("button", { name: "UTF-16 BE" })).toBeVisible();
    await typeInEditor(page, "Start: ");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "one.txt*", "two.md"]);
    await page.keyboard.press("ControlOrMeta+s");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "one.txt", "two.md"]);
    const saved = (await diskFileBytes(page, "one.txt"))!;
    expect(saved.subarray(0, 2).equals(Buffer.from([0xfe, 0xff]))).toBe(true);
    const expected = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from("Start: ", "utf16le").swap16(),
      fixtureBytes("utf16be.txt").subarray(2),
    ]);
    expect(saved.equals(expected)).toBe(true);
    expect((await diskLog(page)).permissionRequests).toEqual([true]);
  });

  test("a tab named trip.md without a file downloads as trip.md (decision 020)", async ({
    page,
  }) => {
    await renameActiveTab(page, "trip.md");
    await typeInEditor(page, "# Trip");
    const download = page.waitForEvent("download");
    await page.keyboard.press("ControlOrMeta+s");
    const file = await download;
    expect(file.suggestedFilename()).toBe("trip.md");
    expect((await readFile(await file.path())).toString("utf8")).toBe("# Trip");
  });

  test("a tab keeps its file after a reload; Save As moves it to a new file", async ({ page }) => {
    await putDiskFile(page, "keep.txt", "keep me");
    await queuePicks(page, { open: ["keep.txt"] });
    await runMenu(page, "File", "Open…");
    await expect.poll(() => editorText(page)).toBe("keep me");
    await typeInEditor(page, ">> ");
    await waitForSaved(page);
    await page.reload();
    await expect.poll(() => editorText(page)).toBe(">> keep me");
    await expect(page.getByTestId("status-location")).toHaveText("keep.txt · on this computer");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+s");
    await expect
      .poll(async () => (await diskFileBytes(page, "keep.txt"))?.toString())
      .toBe(">> keep me");
    await queuePicks(page, { saveAs: "moved.txt" });
    await runMenu(page, "File", "Save as…");
    await expect(page.getByTestId("status-location")).toHaveText("moved.txt · on this computer");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "moved.txt"]);
    expect((await diskFileBytes(page, "moved.txt"))?.toString()).toBe(">> keep me");
  });

  test("Overwrite of a file changed on disk keeps the disk's text in the tab's history", async ({
    page,
  }) => {
    await putDiskFile(page, "notes.txt", "first");
    await queuePicks(page, { open: ["notes.txt"] });
    await runMenu(page, "File", "Open…");
    await expect.poll(() => editorText(page)).toBe("first");
    await typeInEditor(page, "mine: ");
    await page.waitForTimeout(20);
    await putDiskFile(page, "notes.txt", "their version");
    await page.keyboard.press("ControlOrMeta+s");
    const question = page.getByRole("dialog", { name: '"notes.txt" changed on disk' });
    await question.getByRole("button", { name: "Overwrite" }).click();
    await expect
      .poll(async () => (await diskFileBytes(page, "notes.txt"))?.toString())
      .toBe("mine: first");
    await runMenu(page, "File", "Version history…");
    const history = page.getByRole("dialog", { name: "Version history" });
    const newest = history.getByRole("list", { name: "Versions" }).getByRole("button").first();
    await expect(newest).toContainText("Before it was overwritten");
    await newest.click();
    await history.getByRole("button", { name: "Restore this version" }).click();
    await expect.poll(() => editorText(page)).toBe("their version");
  });

  test("a dropped file keeps its handle, so Save writes back into it", async ({ page }) => {
    await putDiskFile(page, "dropped.txt", "dropped text");
    await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      const handle = await root.getFileHandle("dropped.txt");
      const file = await handle.getFile();
      // Chromium gives handles for files dragged from the desktop; a synthetic drag has none,
      // so the item answers as the browser would for a real one.
      (DataTransferItem.prototype as unknown as Record<string, unknown>).getAsFileSystemHandle =
        async () => handle;
      const transfer = new DataTransfer();
      transfer.items.add(file);
      document
        .querySelector(".cm-content")!
        .dispatchEvent(
          new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
    });
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "dropped.txt"]);
    await expect(page.getByTestId("status-location")).toHaveText("dropped.txt · on this computer");
    await typeInEditor(page, "more ");
    await page.keyboard.press("ControlOrMeta+s");
    await expect
      .poll(async () => (await diskFileBytes(page, "dropped.txt"))?.toString())
      .toBe("more dropped text");
  });
});
