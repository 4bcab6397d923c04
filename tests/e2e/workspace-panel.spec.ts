import { expect, type Page, test } from "@playwright/test";
import { fixtureBytes } from "./disk-harness";
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

async function openWorkspace(page: Page): Promise<void> {
  await installWorkspaceHarness(page);
  await openNotepad(page);
  await writeWorkspaceFixture(page);
  await runMenu(page, "File", "Open folder…");
  await expect(panel(page)).toBeVisible();
}

test.describe("a folder as a workspace", () => {
  test("Open folder shows the panel; it hides, shows again and resizes by keyboard", async ({
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
    // The width is remembered.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await runMenu(page, "File", "Open folder…");
    await expect.poll(async () => (await panel(page).boundingBox())!.width).toBe(before + 32);
    await runMenu(page, "File", "Close folder");
    await expect(panel(page)).toHaveCount(0);
  });

  test("a file opens in a tab bound to it: decoded right, saved in place in its encoding", async ({
    page,
  }) => {
    await openWorkspace(page);
    await panel(page).getByText("Windows.txt", { exact: true }).click();
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
    await panel(page).getByText("utf16.txt", { exact: true }).click();
    await expect(tabButtons(page)).toHaveCount(count + 1);
    await panel(page).getByText("Windows.txt", { exact: true }).click();
    await expect(tabButtons(page)).toHaveCount(count + 1);
    await expect.poll(() => editorText(page)).toBe("Price: € 5, café\n“quoted” – naïve\né");
  });
});
