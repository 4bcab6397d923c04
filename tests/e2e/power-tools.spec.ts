import { expect, type Page, test } from "@playwright/test";
import { documentText, editorBox, openEditor, typeDocument } from "./editor-helpers";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { editorText, openNotepad, typeInEditor } from "./notepad-helpers";

/** Line tools and multiple cursors in both editors (issue 31 items 3 and 4). */

/** Opens Edit › `submenu` in the notepad's menu bar and chooses `item` in it. */
async function runSubmenu(page: Page, submenu: string, item: string): Promise<void> {
  await page.getByRole("menuitem", { name: "Edit", exact: true }).click();
  await page.getByRole("menuitem", { name: submenu, exact: true }).click();
  await page.getByRole("menu", { name: submenu }).getByRole("menuitem", { name: item }).click();
}

/** The notepad's status bar. */
function statusBar(page: Page) {
  return page.getByRole("contentinfo", { name: "Status bar" });
}

test.describe("notepad: Edit › Lines", () => {
  test("sorts, removes duplicates and changes case, each one undo step", async ({ page }) => {
    // Several menus, dialogs and steps: slow on a loaded machine.
    test.slow();
    await openNotepad(page);
    await typeInEditor(page, "pear\napple\nBanana\napple\n\nfig  ");
    await runSubmenu(page, "Lines", "Sort lines A to Z");
    await expect.poll(() => editorText(page)).toBe("\napple\napple\nBanana\nfig  \npear");
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => editorText(page)).toBe("pear\napple\nBanana\napple\n\nfig  ");

    await runSubmenu(page, "Lines", "Remove duplicate lines");
    await expect.poll(() => editorText(page)).toBe("pear\napple\nBanana\n\nfig  ");
    await runSubmenu(page, "Lines", "Remove empty lines");
    await runSubmenu(page, "Lines", "Trim trailing spaces");
    await expect.poll(() => editorText(page)).toBe("pear\napple\nBanana\nfig");

    // Case changes act on the selection: the first line (the keys go to the text, wherever the
    // closing menu left the focus on a slow machine).
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("Shift+End");
    await runSubmenu(page, "Lines", "UPPER CASE");
    await expect.poll(() => editorText(page)).toBe("PEAR\napple\nBanana\nfig");

    // Nothing to do says so.
    await page.keyboard.press("ControlOrMeta+a");
    await runSubmenu(page, "Lines", "Remove duplicate lines");
    await expect(page.getByText("There are no duplicate lines.")).toBeVisible();
  });

  test("the submenu works from the keyboard and is accessible", async ({ page }) => {
    // Several menus, dialogs and steps: slow on a loaded machine.
    test.slow();
    await openNotepad(page);
    await typeInEditor(page, "b\na");
    await page.getByRole("menuitem", { name: "Edit", exact: true }).click();
    const lines = page.getByRole("menuitem", { name: "Lines", exact: true });
    await lines.focus();
    await expect(lines).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("ArrowRight");
    await expect(lines).toHaveAttribute("aria-expanded", "true");
    const submenu = page.getByRole("menu", { name: "Lines" });
    await expect(submenu.getByRole("menuitem", { name: "Sort lines A to Z" })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    // Left closes the submenu and stays in Edit.
    await page.keyboard.press("ArrowLeft");
    await expect(lines).toBeFocused();
    await expect(submenu).toHaveCount(0);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect.poll(() => editorText(page)).toBe("a\nb");
    await expect(page.getByRole("menu")).toHaveCount(0);
  });

  test("Alt+Up moves a line and Ctrl+Shift+D duplicates it", async ({ page }) => {
    await openNotepad(page);
    await typeInEditor(page, "one\ntwo");
    await page.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => editorText(page)).toBe("two\none");
    await page.keyboard.press("ControlOrMeta+Shift+d");
    await expect.poll(() => editorText(page)).toBe("two\ntwo\none");
  });
});

test.describe("multiple cursors", () => {
  test("Alt+Shift+arrows make a column; typing writes on every line; Escape goes back to one", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "abc\ndef\nghi");
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("Alt+Shift+ArrowDown");
    await page.keyboard.press("Alt+Shift+ArrowDown");
    await expect(statusBar(page).getByText("3 selections")).toBeVisible();
    await page.keyboard.type("> ");
    await expect.poll(() => editorText(page)).toBe("> abc\n> def\n> ghi");
    await page.keyboard.press("Escape");
    await expect(statusBar(page).getByText("3 selections")).toHaveCount(0);
    await page.keyboard.type("!");
    await expect.poll(() => editorText(page)).toBe("> abc\n> def\n> !ghi");
  });

  test("Ctrl+D adds the next occurrence and Ctrl+Shift+L selects them all", async ({ page }) => {
    await openNotepad(page);
    await typeInEditor(page, "cat dog cat bird cat");
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("ControlOrMeta+d");
    await page.keyboard.press("ControlOrMeta+d");
    await page.keyboard.type("cow");
    await expect.poll(() => editorText(page)).toBe("cow dog cow bird cat");
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("ControlOrMeta+Shift+l");
    await expect(statusBar(page).getByText("2 selections")).toBeVisible();
    await page.keyboard.type("ox");
    await expect.poll(() => editorText(page)).toBe("ox dog ox bird cat");
  });

  test("Alt+drag draws a box and a paste gives each cursor its own line", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openEditor(page);
    await typeDocument(page, "alpha\nbravo\ncharlie");
    const lines = page.locator(".cm-content .cm-line");
    const first = await lines.nth(0).boundingBox();
    const third = await lines.nth(2).boundingBox();
    if (!first || !third) throw new Error("lines not laid out");
    await page.keyboard.down("Alt");
    await page.mouse.move(first.x + 2, first.y + first.height / 2);
    await page.mouse.down();
    await page.mouse.move(third.x + 2, third.y + third.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up("Alt");
    await expect(page.getByText("3 selections")).toBeVisible();
    await page.evaluate(() => navigator.clipboard.writeText("1\n2\n3"));
    await page.keyboard.press("ControlOrMeta+v");
    await expect.poll(() => documentText(page)).toBe("1alpha\n2bravo\n3charlie");
  });
});

test.describe("simple editor: More › Lines", () => {
  test("sorts by number and changes case from the toolbar's More menu", async ({ page }) => {
    await openEditor(page);
    await typeDocument(page, "10 pears\n9 figs\n100 plums");
    await page.getByRole("button", { name: "More" }).click();
    await page.getByRole("menuitem", { name: "Lines", exact: true }).click();
    await page.getByRole("menuitem", { name: "Sort lines by number" }).click();
    await expect.poll(() => documentText(page)).toBe("9 figs\n10 pears\n100 plums");
    await expect(editorBox(page)).toBeFocused();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("Shift+End");
    await page.getByRole("button", { name: "More" }).click();
    await page.getByRole("menuitem", { name: "Lines", exact: true }).click();
    await page.getByRole("menuitem", { name: "Title Case" }).click();
    await expect.poll(() => documentText(page)).toBe("9 Figs\n10 pears\n100 plums");
  });
});

test.describe("line tools on a big text", () => {
  // The worker's script is held back by a route below; a service worker serving it from its
  // cache would go around the route.
  test.use({ serviceWorkers: "block" });

  /** Puts `lines` in the active notepad tab, as one edit. */
  async function fillTab(page: Page, lines: string[]) {
    await page.evaluate((text) => {
      const view = (
        window as unknown as {
          __plainpadNotepad: {
            getView(): {
              state: { doc: { length: number } };
              dispatch(spec: unknown): void;
            };
          };
        }
      ).__plainpadNotepad.getView();
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    }, lines.join("\n"));
  }

  /** 200,000 numbered lines (about 2.4 MB), last first. */
  const descending = Array.from(
    { length: 200_000 },
    (_, index) => `line ${String(199_999 - index).padStart(6, "0")}`,
  );

  test("a sort of 200,000 lines runs off the page, is one undo step, and says what it does", async ({
    page,
  }) => {
    test.slow();
    await openNotepad(page);
    await fillTab(page, descending);
    // The progress words may be replaced by the result before a look could see them: the page
    // notes that they were shown.
    await page.evaluate(() => {
      const seen = window as unknown as { sawSorting?: boolean };
      new MutationObserver(() => {
        if (document.body.textContent?.includes("Sorting 200,000 lines…")) seen.sawSorting = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await runSubmenu(page, "Lines", "Sort lines A to Z");
    await expect(page.getByText("Done: one step to undo.")).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { sawSorting?: boolean }).sawSorting),
    ).toBe(true);
    const text = (await editorText(page)) ?? "";
    expect(text.split("\n")).toEqual([...descending].reverse());
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(async () => (await editorText(page))?.slice(0, 11)).toBe("line 199999");
  });

  test("an edit made while the tool works keeps the edit and drops the result", async ({
    page,
  }) => {
    test.slow();
    // The worker's script arrives a second late: time enough to type.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/text-tool-worker[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openNotepad(page);
    await fillTab(page, descending);
    await runSubmenu(page, "Lines", "Reverse lines");
    await expect(page.getByText("Reversing 200,000 lines…")).toBeVisible();
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.type("x");
    release();
    await expect(
      page.getByText(
        "The text changed while the tool was working, so its result was not applied. Try again.",
      ),
    ).toBeVisible();
    expect((await editorText(page))?.slice(0, 12)).toBe("xline 199999");
  });
});
