import { expect, test } from "@playwright/test";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { installDiskHarness } from "./disk-harness";
import { editorText, openNotepad, runMenu } from "./notepad-helpers";
import { installWorkspaceHarness, writeWorkspaceFixture } from "./workspace-harness";

/**
 * Issue 52: rough edges of the folder panel. The tree's keys while a folder is still being
 * listed, and quick open on a phone-sized screen (390 px), where a long file name must not hide
 * which folder the file is in.
 */

test("Right on a folder still being listed goes to its first child once it is listed", async ({
  page,
}) => {
  // The listing of "src" waits until the test lets it go (a slow disk, a big folder).
  await page.addInitScript(() => {
    const held: (() => void)[] = [];
    const w = window as unknown as { __releaseListing(): void };
    w.__releaseListing = () => held.splice(0).forEach((release) => release());
    const proto = FileSystemDirectoryHandle.prototype as unknown as {
      values(this: FileSystemDirectoryHandle): AsyncIterable<unknown>;
    };
    const values = proto.values;
    proto.values = function () {
      const entries = values.call(this);
      if (this.name !== "src") return entries;
      const gate = new Promise<void>((resolve) => held.push(resolve));
      return (async function* () {
        await gate;
        yield* entries;
      })();
    };
  });
  await installWorkspaceHarness(page);
  await openNotepad(page);
  await writeWorkspaceFixture(page);
  await runMenu(page, "File", "Open folder…");
  const tree = page.getByRole("tree", { name: "Files of Workspace" });
  const item = (name: string) => tree.getByRole("treeitem", { name, exact: true });
  await item("docs").focus();
  await page.keyboard.press("ArrowDown");
  await expect(item("src")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(item("src")).toHaveAttribute("aria-expanded", "true");
  await expect(tree.getByText("Listing…")).toBeVisible();
  // Right again before the listing arrives: the tree goes in as soon as it does.
  await page.keyboard.press("ArrowRight");
  await expect(item("src")).toBeFocused();
  await page.evaluate(() => (window as unknown as { __releaseListing(): void }).__releaseListing());
  await expect(item("deep")).toBeFocused();
  await expect(item("deep")).toHaveAttribute("aria-selected", "true");
});

test("an empty folder chosen in the directory input opens, and its tree says it has no files", async ({
  page,
}, testInfo) => {
  await installDiskHarness(page, { hideApi: true });
  await openNotepad(page);
  const root = testInfo.outputPath("Empty");
  await mkdir(root, { recursive: true });
  const chooser = page.waitForEvent("filechooser");
  await runMenu(page, "File", "Open folder…");
  await (await chooser).setFiles(root);
  const panel = page.getByRole("complementary", { name: /^Folder / });
  await expect(panel).toBeVisible();
  await expect(
    panel.getByRole("status").filter({ hasText: "This folder has no files." }),
  ).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("quick open on a phone shows the folder of a long-named file", async ({
    page,
  }, testInfo) => {
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
});
