import { expect, type Page, test } from "@playwright/test";
import { installDiskHarness, putDiskFile, queuePicks } from "./disk-harness";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import { expectNoSeriousA11yViolations, useStoredTheme, waitForHydration } from "./fixtures";
import { editorText, openNotepad, runMenu, tabButton } from "./notepad-helpers";

/** Highlighting by file type, the language picker, folding and comments (issue 30). */

const JSON_TEXT = '{\n  "name": "plainpad",\n  "version": 3,\n  "offline": true\n}\n';
const PYTHON_TEXT =
  '#!/usr/bin/env python3\n# Greets people\ndef greet(name):\n    return "Hello " + name\n\nprint(greet("you"))\n';

/** The status bar's language button. */
function languageButton(page: Page, label: string) {
  return page.getByRole("button", { name: `Language: ${label}`, exact: true });
}

/** The colour of the first token of the text whose text is exactly `text`. */
function tokenColor(page: Page, text: string): Promise<string | null> {
  return page.evaluate((wanted) => {
    for (const span of document.querySelectorAll(".cm-content .cm-line span")) {
      if (span.textContent === wanted) return getComputedStyle(span).color;
    }
    return null;
  }, text);
}

/** The colour of plain text in the editor (a line's own colour). */
function textColor(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.querySelector(".cm-line")!).color);
}

/** Spans inside the text lines (highlighted tokens, bracket marks). */
function tokenCount(page: Page): Promise<number> {
  return page.locator(".cm-content .cm-line span:not(.cm-placeholder)").count();
}

async function openInEditor(page: Page, name: string, text: string) {
  await putDiskFile(page, name, text);
  await queuePicks(page, { open: [name] });
  await page.getByRole("button", { name: "Open", exact: true }).click();
}

test.describe("code in the simple editor", () => {
  test.beforeEach(async ({ page }) => {
    page.on("dialog", (dialog) => void dialog.accept());
    await installDiskHarness(page);
    await openEditor(page);
  });

  test("a .json file is highlighted; the picker changes the language and it survives a reload", async ({
    page,
  }) => {
    await expect(languageButton(page, "Plain text")).toBeVisible();
    await openInEditor(page, "data.json", JSON_TEXT);
    await expect(languageButton(page, "JSON")).toBeVisible();
    await expect.poll(() => tokenColor(page, '"plainpad"')).not.toBeNull();
    const stringColor = await tokenColor(page, '"plainpad"');
    expect(stringColor).not.toBe(await textColor(page));
    expect(await tokenColor(page, "3")).not.toBe(stringColor);

    await languageButton(page, "JSON").click();
    const picker = page.getByRole("dialog", { name: "Language of this document" });
    await expect(picker.getByRole("searchbox", { name: "Search languages" })).toBeFocused();
    await expectNoSeriousA11yViolations(page, "language picker");
    await page.keyboard.type("zzz");
    await expect(picker.getByText("No language matches")).toBeVisible();
    await picker.getByRole("searchbox", { name: "Search languages" }).fill("yam");
    await page.keyboard.press("Enter");
    await expect(picker).toHaveCount(0);
    await expect(languageButton(page, "YAML")).toBeVisible();
    // Focus went back to the status bar button.
    await expect(languageButton(page, "YAML")).toBeFocused();

    await page.waitForTimeout(1500);
    await page.reload();
    await waitForHydration(page);
    await expect(languageButton(page, "YAML")).toBeVisible();
    // Back to automatic: the name says JSON.
    await languageButton(page, "YAML").click();
    await picker.getByRole("button", { name: "Automatic (from the file name)" }).click();
    await expect(languageButton(page, "JSON")).toBeVisible();
  });

  test("a long Markdown file is highlighted line by line: the same colours, no folding", async ({
    page,
  }) => {
    // Two files opened, one of 180 KB: slow on a loaded machine.
    test.slow();
    /** The colour of the text "Section 0" (of the element holding that text). */
    const headingColour = () =>
      page.evaluate(() => {
        const walker = document.createTreeWalker(
          document.querySelector(".cm-content")!,
          NodeFilter.SHOW_TEXT,
        );
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.includes("Section 0"))
            return getComputedStyle(node.parentElement!).color;
        }
        return null;
      });
    const section = (i: number) =>
      `## Section ${i}\n\nSome **bold** text and \`code\` in section ${i}.\n\n- an item\n\n`;
    const short = Array.from({ length: 20 }, (_, i) => section(i)).join("");
    await openInEditor(page, "short.md", short);
    await expect(languageButton(page, "Markdown")).toBeVisible();
    await expect(page.locator(".cm-foldGutter")).toBeVisible();
    await expect.poll(headingColour).not.toBe(await textColor(page));
    const parsedHeading = await headingColour();

    // Over 100 KB: no section folding, headings in the same colour.
    const long = Array.from({ length: 2500 }, (_, i) => section(i)).join("");
    expect(long.length).toBeGreaterThan(100 * 1024);
    await openInEditor(page, "long.md", long);
    await expect(languageButton(page, "Markdown")).toBeVisible();
    // The fold gutter goes when the long file is shown line by line.
    await expect(page.locator(".cm-foldGutter")).toHaveCount(0);
    await expect.poll(headingColour).toBe(parsedHeading);
  });

  test("prose stays plain: a .txt file holding JSON and a new document show no colours", async ({
    page,
  }) => {
    await editorBox(page).click();
    await page.keyboard.type("Dear diary, today I wrote {notes} and [lists].");
    await expect(languageButton(page, "Plain text")).toBeVisible();
    expect(await tokenCount(page)).toBe(0);
    await openInEditor(page, "settings.txt", JSON_TEXT);
    await expect.poll(() => documentText(page)).toBe(JSON_TEXT);
    await expect(languageButton(page, "Plain text")).toBeVisible();
    expect(await tokenCount(page)).toBe(0);
    // No language code was loaded for any of it.
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => entry.name),
    );
    expect(loaded.filter((name) => /code-support|language-data/.test(name))).toEqual([]);
  });

  test("Highlight anyway is for one document: the next big file opened asks again", async ({
    page,
  }) => {
    // Two files of over 4 MB: slow on a loaded machine.
    test.slow();
    /** Opens a JSON file of 4.3 MB (over the highlighting limit), written in the page. */
    const openBigJson = async (name: string, key: string) => {
      await page.evaluate(
        async ({ name, key }) => {
          const root = await navigator.storage.getDirectory();
          const writable = await (
            await root.getFileHandle(name, { create: true })
          ).createWritable();
          await writable.write(
            `[\n${`  { "${key}": 12345, "note": "padding" },\n`.repeat(110_000)}  {}\n]\n`,
          );
          await writable.close();
        },
        { name, key },
      );
      await queuePicks(page, { open: [name] });
      await page.getByRole("button", { name: "Open", exact: true }).click();
      await expect.poll(() => documentText(page)).toContain(`"${key}"`);
    };
    const highlightAnyway = page.getByRole("button", { name: "Highlight anyway" });
    await openBigJson("first.json", "first");
    await expect(languageButton(page, "JSON")).toBeVisible();
    await highlightAnyway.click();
    await expect(page.getByTestId("status-highlight-off")).toHaveCount(0);

    await openBigJson("second.json", "second");
    await expect(languageButton(page, "JSON")).toBeVisible();
    await expect(page.getByTestId("status-highlight-off")).toBeVisible();
    await expect(highlightAnyway).toBeVisible();
    expect(await tokenCount(page)).toBe(0);
  });

  test("Python: shebang detection, Ctrl+/ comments lines, the gutter folds a function", async ({
    page,
  }) => {
    await openInEditor(page, "greet", PYTHON_TEXT);
    await expect(languageButton(page, "Python")).toBeVisible();
    await expect.poll(() => tokenColor(page, "def")).not.toBeNull();
    // Spell check is off in code.
    await expect(page.locator(".cm-content")).toHaveAttribute("spellcheck", "false");

    await page.getByText("print(greet").click();
    await page.keyboard.press("ControlOrMeta+/");
    await expect.poll(() => documentText(page)).toContain('# print(greet("you"))');
    await page.keyboard.press("ControlOrMeta+/");
    await expect.poll(() => documentText(page)).toContain('\nprint(greet("you"))');

    await page.locator(".cm-foldGutter .cm-gutterElement span[title='Fold line']").first().click();
    await expect(page.locator(".cm-foldPlaceholder")).toHaveCount(1);
    await expect(page.getByText('return "Hello " + name')).toHaveCount(0);
  });
});

test.describe("code in the notepad", () => {
  test("each tab has its language; a pasted JSON in a new tab is JSON; Markdown keeps spell check", async ({
    page,
  }) => {
    await installDiskHarness(page);
    await openNotepad(page);
    await putDiskFile(page, "greet.py", PYTHON_TEXT);
    await putDiskFile(page, "README.md", "# Title\n\nSome *emphasis* and `code`.\n");
    await queuePicks(page, { open: ["greet.py", "README.md"] });
    await runMenu(page, "File", "Open…");
    await expect(languageButton(page, "Markdown")).toBeVisible();
    await expect(page.locator(".cm-content")).toHaveAttribute("spellcheck", "true");
    await tabButton(page, "greet.py").click();
    await expect(languageButton(page, "Python")).toBeVisible();
    await expect.poll(() => tokenColor(page, "def")).not.toBeNull();
    await tabButton(page, "Untitled-1").click();
    await expect(languageButton(page, "Plain text")).toBeVisible();
    expect(await tokenCount(page)).toBe(0);

    // A paste into the empty tab: JSON by its look, since "Untitled-1" says nothing.
    await page.locator(".cm-content").focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      document
        .querySelector(".cm-content")!
        .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
    }, JSON_TEXT);
    await expect.poll(() => editorText(page)).toBe(JSON_TEXT);
    await expect(languageButton(page, "JSON")).toBeVisible();

    // Picked for the Python tab, and kept over a reload.
    await tabButton(page, "greet.py").click();
    await languageButton(page, "Python").click();
    await page.getByRole("searchbox", { name: "Search languages" }).fill("plain");
    await page.keyboard.press("Enter");
    await expect(languageButton(page, "Plain text")).toBeVisible();
    await expect.poll(() => tokenCount(page)).toBe(0);
    await page.waitForTimeout(1500);
    await page.reload();
    await waitForHydration(page);
    await tabButton(page, "greet.py").click();
    await expect(languageButton(page, "Plain text")).toBeVisible();
    await tabButton(page, "README.md").click();
    await expect(languageButton(page, "Markdown")).toBeVisible();
  });

  test("Edit › Spell check is remembered; code stays unchecked whatever it says", async ({
    page,
  }) => {
    await openNotepad(page);
    const content = page.locator(".cm-content");
    await expect(content).toHaveAttribute("spellcheck", "true");
    await runMenu(page, "Edit", "Spell check");
    await expect(content).toHaveAttribute("spellcheck", "false");
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator(".cm-content")).toHaveAttribute("spellcheck", "false");
    await runMenu(page, "Edit", "Spell check");
    await expect(page.locator(".cm-content")).toHaveAttribute("spellcheck", "true");
    await languageButton(page, "Plain text").click();
    await page.getByRole("searchbox", { name: "Search languages" }).fill("javascript");
    await page.keyboard.press("Enter");
    await expect(page.locator(".cm-content")).toHaveAttribute("spellcheck", "false");
  });

  test("Tab indents in a code tab, Escape then Tab leaves it; in prose Tab moves on", async ({
    page,
  }) => {
    await openNotepad(page);
    await languageButton(page, "Plain text").click();
    await page.getByRole("searchbox", { name: "Search languages" }).fill("python");
    await page.keyboard.press("Enter");
    await page.locator(".cm-content").focus();
    await page.keyboard.insertText("def f():\nreturn 1");
    await page.keyboard.press("Tab");
    await expect.poll(() => editorText(page)).toBe("def f():\nreturn 1  ");
    await page.keyboard.press("Home");
    await page.keyboard.press("Shift+End");
    await page.keyboard.press("Tab");
    await expect.poll(() => editorText(page)).toBe("def f():\n  return 1  ");
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => editorText(page)).toBe("def f():\nreturn 1  ");
    // Escape, then Tab: the focus leaves the text and nothing is typed.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    await expect(page.locator(".cm-content")).not.toBeFocused();
    expect(await editorText(page)).toBe("def f():\nreturn 1  ");

    // Plain text: Tab moves the focus, as it always did.
    await languageButton(page, "Python").click();
    await page.getByRole("searchbox", { name: "Search languages" }).fill("plain");
    await page.keyboard.press("Enter");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Tab");
    await expect(page.locator(".cm-content")).not.toBeFocused();
    expect(await editorText(page)).toBe("def f():\nreturn 1  ");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`highlighted code passes axe in ${theme} mode`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await openNotepad(page);
      await languageButton(page, "Plain text").click();
      await page.getByRole("searchbox", { name: "Search languages" }).fill("python");
      await page.keyboard.press("Enter");
      await page.locator(".cm-content").focus();
      await page.keyboard.insertText(PYTHON_TEXT);
      await expect.poll(() => tokenColor(page, "def")).not.toBeNull();
      await expectNoSeriousA11yViolations(page, `${theme} python`);
    });
  }
});
