import { expect, type Page, test } from "@playwright/test";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fixtureBytes, installDiskHarness } from "./disk-harness";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { editorText, openNotepad, runMenu, tabButtons } from "./notepad-helpers";
import {
  installWorkspaceHarness,
  workspaceFileBytes,
  writeWorkspaceFixture,
} from "./workspace-harness";

/**
 * Issue 52: File › Open folder… in the notepad, on a real folder (the Origin Private File
 * System's handles, handed out by the folder picker): the panel and its tree, files opened as
 * tabs bound to them, quick open, and the workspace coming back after a reload.
 */

function panel(page: Page) {
  return page.getByRole("complementary", { name: "Folder Workspace" });
}

function tree(page: Page) {
  return page.getByRole("tree", { name: "Files of Workspace" });
}

function treeItem(page: Page, name: string) {
  return tree(page).getByRole("treeitem", { name, exact: true });
}

/** The names of the tree's items, in order. */
async function treeNames(page: Page): Promise<string[]> {
  return tree(page)
    .getByRole("treeitem")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-path") ?? ""));
}

async function openWorkspace(page: Page): Promise<void> {
  await installWorkspaceHarness(page);
  await openNotepad(page);
  await writeWorkspaceFixture(page);
  await runMenu(page, "File", "Open folder…");
  await expect(panel(page)).toBeVisible();
}

/** Holds the reads of the file named `name` in the page (a big file, a slow disk) until released. */
async function holdReadsOf(page: Page, name: string): Promise<void> {
  await page.evaluate((held) => {
    const w = window as unknown as { releaseReads?: () => void; realGetFile?: () => Promise<File> };
    const gate = new Promise<void>((resolve) => (w.releaseReads = resolve));
    w.realGetFile ??= FileSystemFileHandle.prototype.getFile;
    const realGetFile = w.realGetFile;
    FileSystemFileHandle.prototype.getFile = async function (this: FileSystemFileHandle) {
      if (this.name === held) await gate;
      return realGetFile.call(this);
    };
  }, name);
}

async function releaseReads(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { releaseReads: () => void }).releaseReads());
}

test.describe("a folder as a workspace", () => {
  test("Open folder shows the panel; it hides, shows again, resizes by keys and pointer", async ({
    page,
  }) => {
    await openWorkspace(page);
    await page.getByRole("button", { name: "Hide folder panel" }).click();
    await expect(panel(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Show folder panel" }).click();
    const separator = page.getByRole("separator", { name: "Resize folder panel" });
    await expect(separator).toHaveAttribute("aria-orientation", "vertical");
    const before = (await panel(page).boundingBox())!.width;
    await separator.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await panel(page).boundingBox())!.width).toBe(before + 32);
    // Dragged 40 px narrower with the pointer.
    const bar = (await separator.boundingBox())!;
    await page.mouse.move(bar.x + bar.width / 2, bar.y + 100);
    await page.mouse.down();
    await page.mouse.move(bar.x + bar.width / 2 - 20, bar.y + 100);
    await page.mouse.move(bar.x + bar.width / 2 - 40, bar.y + 100);
    await page.mouse.up();
    await expect.poll(async () => (await panel(page).boundingBox())!.width).toBe(before - 8);
    await expect(separator).toHaveAttribute("aria-valuenow", String(before - 8));
    // The width is remembered.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await runMenu(page, "File", "Open folder…");
    await expect.poll(async () => (await panel(page).boundingBox())!.width).toBe(before - 8);
    await runMenu(page, "File", "Close folder");
    await expect(panel(page)).toHaveCount(0);
  });

  test("a file opens in a tab bound to it: decoded right, saved in place in its encoding", async ({
    page,
  }) => {
    await openWorkspace(page);
    await treeItem(page, "Windows.txt").click();
    await expect(page.getByRole("button", { name: "Windows-1252" })).toBeVisible();
    expect(await editorText(page)).toBe("Price: € 5, café\n“quoted” – naïve\n");
    await page.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("é");
    await expect(page.getByRole("button", { name: "Windows.txt*" })).toBeVisible();
    await page.keyboard.press("ControlOrMeta+s");
    const expected = Buffer.concat([fixtureBytes("windows-1252.txt"), Buffer.from([0xe9])]);
    await expect(page.getByRole("button", { name: "Windows.txt*" })).toHaveCount(0);
    expect((await workspaceFileBytes(page, "Windows.txt")).equals(expected)).toBe(true);
    // Opening it again shows the same tab.
    const count = await tabButtons(page).count();
    await treeItem(page, "utf16.txt").click();
    await expect(tabButtons(page)).toHaveCount(count + 1);
    await treeItem(page, "Windows.txt").click();
    await expect(tabButtons(page)).toHaveCount(count + 1);
    await expect.poll(() => editorText(page)).toBe("Price: € 5, café\n“quoted” – naïve\né");
  });

  test("the tree: sorted, expanded by keyboard, ignored files behind the switch, filtered", async ({
    page,
  }) => {
    await openWorkspace(page);
    await expect
      .poll(() => treeNames(page))
      .toEqual(["docs", "src", "a-readme.md", "b-notes.txt", "utf16.txt", "Windows.txt"]);
    await expectNoSeriousA11yViolations(page, "folder panel");
    // Keyboard: the first item takes the focus; Down, Right opens "src", Right again its child.
    await treeItem(page, "docs").focus();
    await page.keyboard.press("ArrowDown");
    await expect(treeItem(page, "src")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(treeItem(page, "src")).toHaveAttribute("aria-expanded", "true");
    await expect(treeItem(page, "deep")).toHaveAttribute("aria-level", "2");
    await page.keyboard.press("ArrowRight");
    await expect(treeItem(page, "deep")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    // Listed when opened: Right goes in once its items show.
    await expect(treeItem(page, "quick-target.ts")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(treeItem(page, "quick-target.ts")).toBeFocused();
    await expect(treeItem(page, "quick-target.ts")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect.poll(() => editorText(page)).toBe("line one\nline two\n");
    await treeItem(page, "quick-target.ts").focus();
    await page.keyboard.press("ArrowLeft");
    await expect(treeItem(page, "deep")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(treeItem(page, "deep")).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("End");
    await expect(treeItem(page, "Windows.txt")).toBeFocused();

    // The .gitignore'd and hidden files show only with the switch.
    await expect(treeItem(page, "debug.log")).toHaveCount(0);
    await expect(treeItem(page, ".hidden-notes.txt")).toHaveCount(0);
    await page.getByRole("switch", { name: "Show ignored and hidden files" }).check();
    await expect(treeItem(page, "debug.log")).toBeVisible();
    await expect(treeItem(page, ".hidden-notes.txt")).toBeVisible();
    await page.getByRole("switch", { name: "Show ignored and hidden files" }).uncheck();
    await expect(treeItem(page, "debug.log")).toHaveCount(0);

    await page.getByRole("searchbox", { name: "Filter files" }).fill("guide");
    await expect(treeItem(page, "guide-2.md")).toHaveCount(0); // "docs" is not listed yet
    await expect(panel(page).getByText("No files match.")).toBeVisible();
    await page.getByRole("searchbox", { name: "Filter files" }).fill("target");
    await expect
      .poll(() => treeNames(page))
      .toEqual(["src", "src/deep", "src/deep/quick-target.ts"]);
  });

  test("Reveal active tab selects its file; a vanished file gets its own words", async ({
    page,
  }) => {
    await openWorkspace(page);
    await treeItem(page, "src").click();
    await treeItem(page, "deep").click();
    await treeItem(page, "quick-target.ts").click();
    await expect.poll(() => editorText(page)).toBe("line one\nline two\n");
    await treeItem(page, "deep").click(); // closed again
    await treeItem(page, "Windows.txt").click();
    // Its tab is shown once the file is read: clicking the other tab before that would be
    // undone by the open's own activation.
    await expect.poll(() => editorText(page)).toBe("Price: € 5, café\n“quoted” – naïve\n");
    await tabButtons(page).filter({ hasText: "quick-target.ts" }).click();
    await expect.poll(() => editorText(page)).toBe("line one\nline two\n");
    await runMenu(page, "View", "Reveal active tab");
    await expect(treeItem(page, "quick-target.ts")).toBeFocused();
    await expect(treeItem(page, "quick-target.ts")).toHaveAttribute("aria-selected", "true");

    await treeItem(page, "b-notes.txt").click();
    await expect.poll(() => editorText(page)).toBe("Notes in UTF-8: naïve\n");
    await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      const folder = await root.getDirectoryHandle("Workspace");
      await folder.removeEntry("b-notes.txt");
    });
    // The folder's watch (on focus, and every few seconds) lists it again and tells its tab.
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(treeItem(page, "b-notes.txt")).toHaveCount(0);
    await expect(
      page.getByText('"b-notes.txt" was moved or deleted by another program.', { exact: false }),
    ).toBeVisible();
  });

  test("Mod-p: quick open with a folder (fuzzy, recent on top), Print without", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // A stand-in print window that counts prints.
      const w = window as unknown as { prints: number };
      w.prints = 0;
      window.open = () =>
        ({
          document: { open() {}, write() {}, close() {} },
          focus() {},
          print() {
            w.prints += 1;
          },
          close() {},
        }) as unknown as Window;
    });
    const prints = () => page.evaluate(() => (window as unknown as { prints: number }).prints);
    await installWorkspaceHarness(page);
    await openNotepad(page);
    await writeWorkspaceFixture(page);
    await page.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+p");
    await expect.poll(prints).toBe(1);
    await expect(page.getByRole("dialog", { name: "Quick open" })).toHaveCount(0);

    await runMenu(page, "File", "Open folder…");
    await treeItem(page, "b-notes.txt").click();
    await expect.poll(() => editorText(page)).toBe("Notes in UTF-8: naïve\n");
    await page.keyboard.press("ControlOrMeta+p");
    const dialog = page.getByRole("dialog", { name: "Quick open" });
    const input = dialog.getByRole("combobox", { name: "File name" });
    await expect(input).toBeFocused();
    // Empty: the file opened in this workspace first.
    await expect(dialog.getByRole("option").first()).toContainText("b-notes.txt");
    await expect(dialog.getByRole("option").first()).toContainText("recently opened");
    await input.fill("qtarg");
    const first = dialog.getByRole("option").first();
    await expect(first).toContainText("quick-target.ts");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await expectNoSeriousA11yViolations(page, "quick open");
    await input.fill("zzzz");
    await expect(dialog.getByRole("status")).toHaveText('No file of the folder matches "zzzz".');
    await input.fill("deep/quick");
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => editorText(page)).toBe("line one\nline two\n");
    await expect(tabButtons(page).filter({ hasText: "quick-target.ts" })).toHaveCount(1);
    expect(await prints()).toBe(1);
  });

  test("a file still being read when quick open opens takes neither its keys nor the view", async ({
    page,
  }) => {
    await openWorkspace(page);
    await holdReadsOf(page, "Windows.txt");
    const windowsTab = tabButtons(page).filter({ hasText: "Windows.txt" });
    const dialog = page.getByRole("dialog", { name: "Quick open" });
    const input = dialog.getByRole("combobox", { name: "File name" });

    // Its read ends while the dialog is open: its tab opens, the typing stays in the dialog.
    await treeItem(page, "Windows.txt").click();
    await page.keyboard.press("ControlOrMeta+p");
    await input.fill("qtarget");
    await expect(dialog.getByRole("option").first()).toContainText("quick-target.ts");
    await releaseReads(page);
    await expect(windowsTab).toHaveCount(1);
    await expect(input).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => editorText(page)).toBe("line one\nline two\n");
    await windowsTab.click();
    await expect.poll(() => editorText(page)).toBe("Price: € 5, café\n“quoted” – naïve\n");
    await expect(page.getByRole("contentinfo", { name: "Status bar" })).not.toContainText(
      "Modified",
    );

    // Its read ends after the file picked in quick open is shown: that one stays in view.
    await page.getByRole("button", { name: "Close Windows.txt" }).click();
    await holdReadsOf(page, "Windows.txt");
    await treeItem(page, "Windows.txt").click();
    await page.keyboard.press("ControlOrMeta+p");
    await input.fill("b-notes");
    await expect(dialog.getByRole("option").first()).toContainText("b-notes.txt");
    await page.keyboard.press("Enter");
    await expect.poll(() => editorText(page)).toBe("Notes in UTF-8: naïve\n");
    await releaseReads(page);
    await expect(windowsTab).toHaveCount(1);
    await expect(page.getByRole("contentinfo", { name: "Status bar" })).toContainText(
      "b-notes.txt",
    );
    expect(await editorText(page)).toBe("Notes in UTF-8: naïve\n");
  });

  test("coming back: Reopen <name>, one permission prompt, the tree and the folder's tabs", async ({
    page,
  }) => {
    await openWorkspace(page);
    await treeItem(page, "Windows.txt").click();
    await page.keyboard.press("ControlOrMeta+p");
    await page.getByRole("combobox", { name: "File name" }).fill("qtarget");
    await page.keyboard.press("Enter");
    await expect.poll(() => editorText(page)).toBe("line one\nline two\n");
    const count = await tabButtons(page).count();

    // A restart: the folder's permission lapses.
    await page.evaluate(() => sessionStorage.setItem("__permission", "prompt"));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByText('The folder "Workspace" was open last time.')).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Reopen Workspace" }).click();
    await expect(panel(page)).toBeVisible();
    await expect.poll(() => treeNames(page)).toContain("Windows.txt");
    const requests = await page.evaluate(
      () => (window as unknown as { __diskLog: { permissionRequests: boolean[] } }).__diskLog,
    );
    expect(requests.permissionRequests).toEqual([true]);
    // The folder's tabs are its own again: no second tab, and quick open lists them as recent.
    await expect(tabButtons(page)).toHaveCount(count);
    await treeItem(page, "Windows.txt").click();
    await expect(tabButtons(page)).toHaveCount(count);
    await page.keyboard.press("ControlOrMeta+p");
    const options = page.getByRole("dialog", { name: "Quick open" }).getByRole("option");
    await expect(options.nth(0)).toContainText("Windows.txt");
    await expect(options.nth(1)).toContainText("quick-target.ts");
    await expect(options.nth(1)).toContainText("recently opened");
    await page.keyboard.press("Escape");

    // File › Recent folders… lists it.
    await runMenu(page, "File", "Recent folders…");
    await expect(
      page.getByRole("dialog", { name: "Recent folders" }).getByRole("button", {
        name: "Reopen Workspace",
      }),
    ).toBeVisible();
  });

  test("a browser without the folder API reads the folder, says it is read only", async ({
    page,
  }, testInfo) => {
    await installDiskHarness(page, { hideApi: true });
    await openNotepad(page);
    const root = testInfo.outputPath("Plain folder");
    await mkdir(path.join(root, "sub"), { recursive: true });
    await writeFile(path.join(root, "first.txt"), "first file\n");
    await writeFile(path.join(root, "sub", "second.txt"), "second\n");
    const chooser = page.waitForEvent("filechooser");
    await runMenu(page, "File", "Open folder…");
    await (await chooser).setFiles(root);
    const readOnly = page.getByRole("complementary", { name: "Folder Plain folder" });
    await expect(readOnly).toBeVisible();
    await expect(page.getByText("This browser cannot write to folders")).toBeVisible();
    await expect(page.getByText("It cannot be reopened next time either")).toBeVisible();
    await readOnly.getByRole("treeitem", { name: "first.txt" }).click();
    await expect.poll(() => editorText(page)).toBe("first file\n");
  });
});
