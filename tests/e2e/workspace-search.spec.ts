import { expect, type Page, test } from "@playwright/test";
import { loadLegacyEncoders } from "../../app/text/legacy-encodings";
import {
  FIXTURE_FILES,
  type FixtureFile,
  fixtureBytes,
} from "../../app/workspace/workspace-fixture";
import { editorText, openNotepad, runMenu } from "./notepad-helpers";
import {
  installWorkspaceHarness,
  workspaceFileBytes,
  writeWorkspaceFiles,
} from "./workspace-harness";

/**
 * Issue 52: Find in files and Replace in files on a real folder (the Origin Private File
 * System's handles, handed out by the folder picker): UTF-8, UTF-16 LE with its BOM,
 * Windows-1252, Shift_JIS, GBK and KOI8-R files, CRLF and LF, searched for one word in each,
 * a result opened at its line, a replace with one match left unticked compared byte for byte,
 * and its undo giving back the original bytes.
 */

/** A line with the same non-ASCII word in every file, each in its own encoding. */
const WORD = "21°C";
const REPLACEMENT = "70°F";

/** The fixture files, each with a line holding WORD, as its bytes. */
const files: FixtureFile[] = FIXTURE_FILES.map((file) => ({
  ...file,
  text: file.text + `Temperatur ${WORD} heute\n`,
}));
/** The file whose match is left unticked. */
const LEFT_AS_IS = "china/note.txt";

function bytesOf(file: FixtureFile, replaced = false): Buffer {
  const text = replaced ? file.text.replace(WORD, REPLACEMENT) : file.text;
  return Buffer.from(fixtureBytes({ ...file, text }));
}

/** Writes the fixture folder into the origin-private file system, as the picker's folder. */
async function writeFolder(page: Page): Promise<void> {
  await loadLegacyEncoders();
  const data = files.map((file) => ({ path: file.path, bytes: Array.from(bytesOf(file)) }));
  await writeWorkspaceFiles(page, data);
}

function searchView(page: Page) {
  return page.getByRole("search", { name: /in files/ });
}

test.describe("find and replace in the files of a folder", () => {
  test("a match late in a long line is in view in its result row", async ({ page }) => {
    await installWorkspaceHarness(page);
    await openNotepad(page);
    const line =
      "A long line of words that goes on and on before the word we want: needle, then more.";
    await writeWorkspaceFiles(page, [
      { path: "long.txt", bytes: Array.from(Buffer.from(`${line}\n`)) },
    ]);
    await runMenu(page, "File", "Open folder…");
    await expect(page.getByRole("treeitem", { name: "long.txt" })).toBeVisible();
    await page.keyboard.press("ControlOrMeta+Shift+F");
    const view = searchView(page);
    await view.getByLabel("Find", { exact: true }).fill("needle");
    await view.getByRole("button", { name: "Find all" }).click();
    const row = page
      .getByRole("region", { name: "Results" })
      .getByRole("list", { name: "Matches in long.txt" })
      .getByRole("button");
    await expect(row).toHaveCount(1);
    // The marked word ends inside the row's text box (the button cuts what overflows it with
    // an ellipsis), so it is seen.
    const mark = row.locator("mark");
    await expect(mark).toHaveText("needle");
    const overflow = await mark.evaluate((element) => {
      const button = element.closest("button")!;
      const textRight =
        button.getBoundingClientRect().right - parseFloat(getComputedStyle(button).paddingRight);
      return element.getBoundingClientRect().right - textRight;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("finds a word in every encoding, opens a result at its line, replaces with a review and undoes byte for byte", async ({
    page,
  }) => {
    await installWorkspaceHarness(page);
    await openNotepad(page);
    await writeFolder(page);
    await runMenu(page, "File", "Open folder…");
    // The key does nothing until a folder is open, as a person sees it open in the panel.
    await expect(page.getByRole("treeitem", { name: files[0].path.split("/")[0] })).toBeVisible();
    // Ctrl+Shift+F (Cmd on a Mac) opens the panel's Search view, the Find field focused.
    await page.keyboard.press("ControlOrMeta+Shift+F");
    const view = searchView(page);
    await expect(view.getByLabel("Find", { exact: true })).toBeFocused();
    await expect(view.getByLabel("Replace with")).toHaveCount(0);
    await runMenu(page, "Edit", "Replace in files…");
    await view.getByLabel("Find", { exact: true }).fill(WORD);
    await view.getByLabel("Replace with").fill(REPLACEMENT);
    await view.getByRole("button", { name: "Find all" }).click();
    await expect(page.getByRole("status").filter({ hasText: "matches in" })).toHaveText(
      `${files.length} matches in ${files.length} files (${files.length} searched).`,
    );
    const results = page.getByRole("region", { name: "Results" });
    for (const file of files) {
      const row = results
        .getByRole("list", { name: `Matches in ${file.path}` })
        .getByRole("button");
      await expect(row.locator("mark")).toHaveText(WORD);
    }

    // A result opens its file in a tab, the cursor on the match's line.
    const japanese = files.find((file) => file.encoding === "shift_jis")!;
    const line = japanese.text.split("\n").findIndex((text) => text.includes(WORD)) + 1;
    await results
      .getByRole("list", { name: `Matches in ${japanese.path}` })
      .getByRole("button")
      .click();
    await expect(page.getByRole("button", { name: "Shift_JIS" })).toBeVisible();
    await expect(page.getByTestId("status-line")).toHaveText(`Line ${line}`);

    // The review: every match ticked; one left as it is.
    await runMenu(page, "Edit", "Replace in files…");
    await view.getByRole("button", { name: "Replace all…" }).click();
    const leftAsIs = files.find((file) => file.path === LEFT_AS_IS)!;
    const leftLine = leftAsIs.text.split("\n").findIndex((text) => text.includes(WORD)) + 1;
    await page.getByLabel(`Replace on line ${leftLine} of ${LEFT_AS_IS}`).uncheck();
    await page
      .getByRole("button", {
        name: `Replace ${files.length - 1} matches in ${files.length - 1} files`,
      })
      .click();
    await expect(page.getByText(`Replaced ${files.length - 1} matches`)).toBeVisible();
    for (const file of files) {
      expect(await workspaceFileBytes(page, file.path), file.path).toEqual(
        bytesOf(file, file.path !== LEFT_AS_IS),
      );
    }
    // The tab open on the Japanese file (no unsaved edits) shows the file's new text.
    await expect.poll(() => editorText(page)).toContain(`Temperatur ${REPLACEMENT} heute`);

    await page.getByRole("button", { name: "Undo replace in files" }).click();
    await expect(page.getByText(/^Put back \d+ files/)).toBeVisible();
    for (const file of files) {
      expect(await workspaceFileBytes(page, file.path), file.path).toEqual(bytesOf(file));
    }
    await expect.poll(() => editorText(page)).toContain(`Temperatur ${WORD} heute`);
  });

  test("a file open in a tab with unsaved edits is not written: it is listed, and the edits stay", async ({
    page,
  }) => {
    await installWorkspaceHarness(page);
    await openNotepad(page);
    await writeFolder(page);
    await runMenu(page, "File", "Open folder…");
    await runMenu(page, "Edit", "Replace in files…");
    const view = searchView(page);
    await view.getByLabel("Find", { exact: true }).fill(WORD);
    await view.getByLabel("Replace with").fill(REPLACEMENT);
    await view.getByRole("button", { name: "Find all" }).click();
    const russian = files.find((file) => file.encoding === "koi8-r")!;
    await page
      .getByRole("region", { name: "Results" })
      .getByRole("list", { name: `Matches in ${russian.path}` })
      .getByRole("button")
      .click();
    await expect(page.getByRole("button", { name: "KOI8-R" })).toBeVisible();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("Мои правки");
    await expect(page.getByTestId("status-modified")).toBeVisible();

    await runMenu(page, "Edit", "Replace in files…");
    await view.getByRole("button", { name: "Replace all…" }).click();
    await page
      .getByRole("button", { name: `Replace ${files.length} matches in ${files.length} files` })
      .click();
    await expect(page.getByText(`Replaced ${files.length - 1} matches`)).toBeVisible();
    await expect(
      page.getByText(`"${russian.path}" is open in a tab with changes not saved yet`),
    ).toBeVisible();
    expect(await workspaceFileBytes(page, russian.path)).toEqual(bytesOf(russian));
    expect(await editorText(page)).toContain(`Temperatur ${WORD} heute\nМои правки`);
    for (const file of files.filter((other) => other !== russian)) {
      expect(await workspaceFileBytes(page, file.path), file.path).toEqual(bytesOf(file, true));
    }
  });
});
