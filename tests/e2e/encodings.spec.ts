import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import {
  diskFileBytes,
  fixtureBytes,
  installDiskHarness,
  putDiskFile,
  queuePicks,
} from "./disk-harness";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { editorText, openNotepad, runMenu, tabNames, typeInEditor } from "./notepad-helpers";

/** Every encoding the browser reads (issue 31 item 6): detected, kept on save, reopened. */

function statusBar(page: Page) {
  return page.getByRole("contentinfo", { name: "Status bar" });
}

const legacy = (name: string) => fixtureBytes(`legacy/${name}`);

test.describe("notepad: legacy encodings", () => {
  test.beforeEach(async ({ page }) => {
    await installDiskHarness(page, { permission: "prompt", requestAnswer: "granted" });
    await openNotepad(page);
  });

  for (const [name, label, short, words] of [
    ["shift_jis.txt", "Japanese (Shift_JIS)", "Shift_JIS", "メモ帳のテスト"],
    ["gbk.txt", "Chinese Simplified (GBK)", "GBK", "记事本测试"],
  ] as const) {
    test(`a ${short} file is detected, says how sure, and saves back byte for byte`, async ({
      page,
    }) => {
      const original = legacy(name);
      await putDiskFile(page, name, original);
      await queuePicks(page, { open: [name] });
      await runMenu(page, "File", "Open…");
      await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", name]);
      await expect.poll(async () => (await editorText(page)) ?? "").toContain(words);
      await expect(
        page.getByText(
          new RegExp(`"${name}" was read as ${label.replace(/[()]/g, "\\$&")}, a guess \\d+% sure`),
        ),
      ).toBeVisible();
      await expect(statusBar(page).getByRole("button", { name: short, exact: true })).toBeVisible();
      // An edit and its undo: the tab is saved with the text as it came.
      await typeInEditor(page, "x");
      await page.keyboard.press("Backspace");
      await page.keyboard.press("ControlOrMeta+s");
      await expect.poll(async () => (await diskFileBytes(page, name))?.equals(original)).toBe(true);
      await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", name]);
    });
  }

  test("a character Shift_JIS cannot hold is refused with a message, nothing written", async ({
    page,
  }) => {
    const original = legacy("shift_jis.txt");
    await putDiskFile(page, "jp.txt", original);
    await queuePicks(page, { open: ["jp.txt"] });
    await runMenu(page, "File", "Open…");
    await expect.poll(async () => (await editorText(page)) ?? "").toContain("メモ帳");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("한");
    await page.keyboard.press("ControlOrMeta+s");
    await expect(
      page.getByText(
        /"jp\.txt" cannot be saved as Japanese \(Shift_JIS\): 한 \(line 3, column 1\) is not in that encoding/,
      ),
    ).toBeVisible();
    expect((await diskFileBytes(page, "jp.txt"))?.equals(original)).toBe(true);
  });

  test("the encoding menu lists every encoding and reopens the file in another", async ({
    page,
  }) => {
    // Several menus, dialogs and steps: slow on a loaded machine.
    test.slow();
    await putDiskFile(page, "ru.txt", legacy("windows-1251.txt"));
    await queuePicks(page, { open: ["ru.txt"] });
    await runMenu(page, "File", "Open…");
    await expect.poll(async () => (await editorText(page)) ?? "").toContain("Привет");
    await statusBar(page).getByRole("button", { name: "Windows-1251", exact: true }).click();
    await page.getByRole("menuitem", { name: "More encodings" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Cyrillic (KOI8-R)" })).toBeVisible();
    await expect(
      page.getByRole("menuitemradio", { name: "Cyrillic (Windows-1251)" }),
    ).toHaveAttribute("aria-checked", "true");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("menuitem", { name: "Reopen with encoding" }).click();
    await page
      .getByRole("menu", { name: "Reopen with encoding" })
      .getByRole("menuitem", { name: "Cyrillic (KOI8-R)" })
      .click();
    await expect(page.getByText('Reopened "ru.txt" as Cyrillic (KOI8-R).')).toBeVisible();
    await expect(
      statusBar(page).getByRole("button", { name: "KOI8-R", exact: true }),
    ).toBeVisible();
    await expect.poll(async () => (await editorText(page)) ?? "").not.toContain("Привет");
    // Undo brings the text back as it was.
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(async () => (await editorText(page)) ?? "").toContain("Привет");
  });
});

test.describe("notepad: UTF-16 without a byte-order mark", () => {
  test.beforeEach(async ({ page }) => {
    await installDiskHarness(page, { permission: "prompt", requestAnswer: "granted" });
    await openNotepad(page);
  });

  test("a UTF-16 BE file without a BOM is detected and saved back without one", async ({
    page,
  }) => {
    const original = fixtureBytes("utf16be-nobom.txt");
    await putDiskFile(page, "be.txt", original);
    await queuePicks(page, { open: ["be.txt"] });
    await runMenu(page, "File", "Open…");
    await expect.poll(async () => (await editorText(page)) ?? "").toContain("日本語のテキスト");
    await expect(
      statusBar(page).getByRole("button", { name: "UTF-16 BE, no BOM", exact: true }),
    ).toBeVisible();
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("Ω");
    await page.keyboard.press("ControlOrMeta+s");
    const expected = Buffer.concat([original, Buffer.from([0x03, 0xa9])]);
    await expect
      .poll(async () => (await diskFileBytes(page, "be.txt"))?.equals(expected))
      .toBe(true);
  });

  test("a file with no zero bytes to tell by is reopened as UTF-16 LE without BOM", async ({
    page,
  }) => {
    test.slow();
    // Chinese characters only: no byte is zero, so nothing marks it as UTF-16.
    const original = Buffer.from("中文文本你好", "utf16le");
    await putDiskFile(page, "zh.txt", original);
    await queuePicks(page, { open: ["zh.txt"] });
    await runMenu(page, "File", "Open…");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "zh.txt"]);
    await statusBar(page).getByTitle("Encoding: choose how the text is saved").click();
    await page.getByRole("menuitem", { name: "Reopen with encoding" }).click();
    await page
      .getByRole("menu", { name: "Reopen with encoding" })
      .getByRole("menuitem", { name: "UTF-16 LE without BOM" })
      .click();
    await expect(page.getByText('Reopened "zh.txt" as UTF-16 LE without BOM.')).toBeVisible();
    await expect.poll(async () => (await editorText(page)) ?? "").toBe("中文文本你好");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+s");
    await expect
      .poll(async () => (await diskFileBytes(page, "zh.txt"))?.equals(original))
      .toBe(true);
  });
});

test.describe("simple editor: legacy encodings", () => {
  for (const [fixture, label, words] of [
    ["shift_jis.txt", "Shift_JIS", "メモ帳"],
    ["gbk.txt", "GBK", "记事本"],
  ] as const) {
    test(`the first Download of a ${label} file gives its bytes back`, async ({ page }) => {
      // The file chooser (no file handle): Download is the only way to get the bytes out.
      await openEditor(page);
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Open", exact: true }).click();
      const original = legacy(fixture);
      await (await chooser).setFiles({ name: fixture, mimeType: "text/plain", buffer: original });
      await expect.poll(() => documentText(page)).toContain(words);
      await expect(page.getByRole("button", { name: label, exact: true })).toBeVisible();
      // At once: the encoder may still be on its way, and the Download waits for it.
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download", exact: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(fixture);
      expect((await readFile(await file.path())).equals(original)).toBe(true);
      await expect(page.getByTitle("Unsaved changes")).toHaveCount(0);
    });
  }

  test("a Big5 file opens detected and saves back unchanged", async ({ page }) => {
    await installDiskHarness(page);
    await openEditor(page);
    const original = legacy("big5.txt");
    await putDiskFile(page, "tw.txt", original);
    await queuePicks(page, { open: ["tw.txt"] });
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect.poll(() => documentText(page)).toContain("繁體中文");
    await expect(page.getByRole("button", { name: "Big5", exact: true })).toBeVisible();
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("新");
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByText('Saved "tw.txt" on this computer.')).toBeVisible();
    const expected = Buffer.concat([original, Buffer.from([0xb7, 0x73])]);
    expect((await diskFileBytes(page, "tw.txt"))?.equals(expected)).toBe(true);
  });
});
