import { expect, test } from "@playwright/test";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { installDiskHarness } from "./disk-harness";
import { editorText, openNotepad, runMenu } from "./notepad-helpers";

/**
 * Issue 52: the folder panel and quick open on a phone-sized screen (390 px), where a long
 * file name must not hide which folder the file is in.
 */

test.use({ viewport: { width: 390, height: 844 } });

test("quick open on a phone shows the folder of a long-named file", async ({ page }, testInfo) => {
  await installDiskHarness(page, { hideApi: true });
  await openNotepad(page);
  const root = testInfo.outputPath("Book");
  const longName = "a-very-long-chapter-file-name-that-does-not-fit-on-a-phone.md";
  for (const folder of ["drafts", "final"]) {
    await mkdir(path.join(root, "chapters", folder), { recursive: true });
    await writeFile(path.join(root, "chapters", folder, longName), `${folder}\n`);
  }
  const chooser = page.waitForEvent("filechooser");
  await runMenu(page, "File", "Open folder…");
  await (await chooser).setFiles(root);
  await expect(page.getByRole("complementary", { name: "Folder Book" })).toBeVisible();

  await page.keyboard.press("ControlOrMeta+p");
  const dialog = page.getByRole("dialog", { name: "Quick open" });
  await dialog.getByRole("combobox", { name: "File name" }).fill("chapter final");
  const option = dialog.getByRole("option").first();
  // The two files share a name: only the folder, on screen, tells them apart.
  const folder = option.getByText("chapters/final", { exact: true });
  const optionBox = (await option.boundingBox())!;
  const folderBox = (await folder.boundingBox())!;
  expect(folderBox.width).toBeGreaterThan(0);
  expect(folderBox.x).toBeGreaterThanOrEqual(optionBox.x);
  expect(folderBox.x + folderBox.width).toBeLessThanOrEqual(optionBox.x + optionBox.width);
  await option.click();
  await expect.poll(() => editorText(page)).toBe("final\n");
});
