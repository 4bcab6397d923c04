import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, useStoredTheme, waitForHydration } from "./fixtures";
import { documentText, editorBox, openEditor, selectText, typeDocument } from "./editor-helpers";

test.describe("simple editor: toolbar", () => {
  test.beforeEach(async ({ page }) => openEditor(page));

  test("every toolbar button has an accessible name equal to its tooltip", async ({ page }) => {
    const buttons = page.getByRole("toolbar", { name: "Editor toolbar" }).locator("button, a");
    const count = await buttons.count();
    expect(count).toBe(26);
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i);
      const title = await button.getAttribute("title");
      expect(title, `button ${i} has a tooltip`).toBeTruthy();
      await expect(button).toHaveAccessibleName(title ?? "");
    }
    for (const name of ["Download", "Share", "Print", "Open from Drive", "Save to Drive"]) {
      await expect(page.getByRole("button", { name, exact: true })).toHaveAttribute("title", name);
    }
    await expect(editorBox(page)).toHaveAttribute("aria-label", "Document text");
  });

  test("bold, italic and underline wrap the selection and remove the markers again", async ({
    page,
  }) => {
    await typeDocument(page, "say hello now");
    await selectText(page, "hello");
    await page.getByRole("button", { name: "Bold" }).click();
    expect(await documentText(page)).toBe("say **hello** now");
    await expect(page.locator(".cm-content").getByText("hello", { exact: true })).toHaveCSS(
      "font-weight",
      "700",
    );
    await page.getByRole("button", { name: "Bold" }).click();
    expect(await documentText(page)).toBe("say hello now");
    await page.getByRole("button", { name: "Italic" }).click();
    expect(await documentText(page)).toBe("say _hello_ now");
    await page.getByRole("button", { name: "Italic" }).click();
    await page.getByRole("button", { name: "Underline" }).click();
    expect(await documentText(page)).toBe("say <u>hello</u> now");
    await expect(page.locator(".cm-pp-underline")).toHaveText("hello");
    await page.getByRole("button", { name: "Underline" }).click();
    expect(await documentText(page)).toBe("say hello now");
  });

  test("undo and redo", async ({ page }) => {
    // CodeMirror starts a new undo step after a 500 ms pause (by Date.now). A fixed clock keeps
    // a slow moment from splitting the typing; moving it on a second makes the new step.
    await page.clock.setFixedTime(new Date("2026-11-23T10:00:00Z"));
    await typeDocument(page, "abc");
    await page.clock.setFixedTime(new Date("2026-11-23T10:00:01Z"));
    await page.keyboard.type(" def");
    await page.getByRole("button", { name: "Undo" }).click();
    expect(await documentText(page)).toBe("abc");
    await page.getByRole("button", { name: "Redo" }).click();
    expect(await documentText(page)).toBe("abc def");
  });

  test("alignment buttons change the view only", async ({ page }) => {
    await typeDocument(page, "centred line");
    const line = page.locator(".cm-line").first();
    await page.getByRole("button", { name: "Align center" }).click();
    await expect(line).toHaveCSS("text-align", "center");
    await expect(page.getByRole("button", { name: "Align center" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("button", { name: "Align right" }).click();
    await expect(line).toHaveCSS("text-align", "right");
    await page.getByRole("button", { name: "Align left" }).click();
    await expect(line).toHaveCSS("text-align", "start");
    expect(await documentText(page)).toBe("centred line");
  });

  test("bullet and numbered lists by nesting level, toggled off again", async ({ page }) => {
    await typeDocument(page, "");
    await page.keyboard.insertText("one\n  two\nthree");
    await page.keyboard.press("ControlOrMeta+a");
    await page.getByRole("button", { name: "Bullet list" }).click();
    expect(await documentText(page)).toBe("• one\n  ◦ two\n• three");
    await page.keyboard.press("ControlOrMeta+a");
    await page.getByRole("button", { name: "Bullet list" }).click();
    expect(await documentText(page)).toBe("one\n  two\nthree");
    await page.keyboard.press("ControlOrMeta+a");
    await page.getByRole("button", { name: "Numbered list" }).click();
    expect(await documentText(page)).toBe("1. one\n  2. two\n3. three");
    await page.keyboard.press("ControlOrMeta+a");
    await page.getByRole("button", { name: "Numbered list" }).click();
    expect(await documentText(page)).toBe("one\n  two\nthree");
  });

  test("font size steps by 2 within 8-72 and is shown", async ({ page }) => {
    const editor = page.locator(".cm-editor");
    const shown = page.getByTitle("Font size", { exact: true });
    await expect(shown).toHaveText("Font size 16px");
    await page.getByRole("button", { name: "Increase font size" }).click();
    await expect(shown).toHaveText("Font size 18px");
    await expect(editor).toHaveCSS("font-size", "18px");
    for (let i = 0; i < 5; i++) {
      await page.getByRole("button", { name: "Decrease font size" }).click();
    }
    await expect(shown).toHaveText("Font size 8px");
    await expect(page.getByRole("button", { name: "Decrease font size" })).toBeDisabled();
    await expect(editor).toHaveCSS("font-size", "8px");
  });

  test("light, dark and blue editor themes", async ({ page }) => {
    const editor = page.locator(".cm-editor");
    await expect(editor).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await page.getByRole("button", { name: "Dark theme" }).click();
    await expect(editor).toHaveCSS("background-color", "rgb(17, 24, 39)");
    await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("button", { name: "Blue theme" }).click();
    await expect(editor).toHaveCSS("background-color", "rgb(11, 37, 69)");
    await page.getByRole("button", { name: "Light theme" }).click();
    await expect(editor).toHaveCSS("background-color", "rgb(255, 255, 255)");
  });

  test("copy, cut and paste through the clipboard", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await typeDocument(page, "alpha beta");
    await selectText(page, "beta");
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Copied to the clipboard.")).toBeVisible();
    await page.keyboard.press("End");
    await page.keyboard.type(" ");
    await page.getByRole("button", { name: "Paste" }).click();
    await expect.poll(() => documentText(page)).toBe("alpha beta beta");
    await selectText(page, "alpha ");
    await page.getByRole("button", { name: "Cut" }).click();
    await expect.poll(() => documentText(page)).toBe("beta beta");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("alpha ");
  });

  test("a denied clipboard shows a short message", async ({ page }) => {
    await page.evaluate(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: {
          readText: () => Promise.reject(new DOMException("denied", "NotAllowedError")),
          writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")),
        },
      });
    });
    await typeDocument(page, "text");
    await page.getByRole("button", { name: "Paste" }).click();
    await expect(
      page.getByRole("alert").getByText(/did not allow Plainpad to paste/),
    ).toBeVisible();
    expect(await documentText(page)).toBe("text");
  });

  test("New asks before discarding changes and starts an empty document", async ({ page }) => {
    await typeDocument(page, "draft text");
    await expect(page.getByTitle("Unsaved changes")).toBeVisible();
    page.once("dialog", (dialog) => dialog.dismiss());
    await page.getByRole("button", { name: "New" }).click();
    expect(await documentText(page)).toBe("draft text");
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toContain("Start a new document?");
      void dialog.accept();
    });
    await page.getByRole("button", { name: "New" }).click();
    await expect.poll(() => documentText(page)).toBe("");
    await expect(page.getByTitle("Unsaved changes")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Rename Untitled.txt" })).toBeVisible();
  });

  test("links to the Advanced Notepad", async ({ page }) => {
    const toolbar = page.getByRole("toolbar", { name: "Editor toolbar" });
    await expect(toolbar.getByRole("link", { name: "Advanced Notepad" })).toHaveAttribute(
      "href",
      "/online-notepad/",
    );
  });

  test("Drive buttons explain that Drive is not configured", async ({ page }) => {
    // The Drive controls say so in an alert dialog or in their own message area.
    const seen = Promise.race([
      page.waitForEvent("dialog").then(async (dialog) => {
        const message = dialog.message();
        await dialog.dismiss();
        return message;
      }),
      page
        .getByText(/not configured/i)
        .first()
        .waitFor()
        .then(() => "not configured"),
    ]);
    await page.getByRole("button", { name: "Open from Drive" }).click();
    expect(await seen).toMatch(/not configured/i);
  });

  test("word count line, hidden by the writing preference", async ({ page }) => {
    await typeDocument(page, "one two three");
    await expect(page.getByTestId("word-count")).toContainText("3 words");
    await expect(page.getByTestId("word-count")).toContainText("13 characters");
    await page.evaluate(() =>
      localStorage.setItem(
        "plainpad-writing-preferences",
        JSON.stringify({
          schema: 1,
          showWordCount: false,
          showLineNumbers: false,
          checkSpelling: true,
        }),
      ),
    );
    await page.reload();
    await expect(page.locator(".cm-content")).toBeVisible();
    await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
    await expect(page.getByTestId("word-count")).toHaveCount(0);
  });
});

test.describe("simple editor: file name, keyboard", () => {
  test.beforeEach(async ({ page }) => openEditor(page));

  test("file name: click to edit, Enter or blur to finish, always .txt", async ({ page }) => {
    await page.getByRole("button", { name: "Rename Untitled.txt" }).click();
    const field = page.getByRole("textbox", { name: "File name" });
    await field.fill("report");
    await field.press("Enter");
    await expect(page.getByRole("button", { name: "Rename report.txt" })).toBeVisible();
    await page.getByRole("button", { name: "Rename report.txt" }).click();
    await field.fill("final.txt");
    await editorBox(page).click();
    await expect(page.getByRole("button", { name: "Rename final.txt" })).toBeVisible();
    await page.getByRole("button", { name: "Rename final.txt" }).click();
    await field.fill("ignored");
    await field.press("Escape");
    await expect(page.getByRole("button", { name: "Rename final.txt" })).toBeVisible();
  });

  test("Tab indents selected lines by two spaces, Shift+Tab outdents", async ({ page }) => {
    await typeDocument(page, "a\nb");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Tab");
    expect(await documentText(page)).toBe("  a\n  b");
    await page.keyboard.press("Shift+Tab");
    expect(await documentText(page)).toBe("a\nb");
  });

  test("Ctrl shortcuts: B, I, U, L, E, R, Z, Y, F, P", async ({ page }) => {
    await typeDocument(page, "word");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Control+b");
    expect(await documentText(page)).toBe("**word**");
    await page.keyboard.press("Control+b");
    await page.keyboard.press("Control+i");
    expect(await documentText(page)).toBe("_word_");
    await page.keyboard.press("Control+i");
    await page.keyboard.press("Control+u");
    expect(await documentText(page)).toBe("<u>word</u>");
    await page.keyboard.press("Control+z");
    expect(await documentText(page)).toBe("word");
    await page.keyboard.press("Control+y");
    expect(await documentText(page)).toBe("<u>word</u>");
    const line = page.locator(".cm-line").first();
    await page.keyboard.press("Control+e");
    await expect(line).toHaveCSS("text-align", "center");
    await page.keyboard.press("Control+r");
    await expect(line).toHaveCSS("text-align", "right");
    await page.keyboard.press("Control+l");
    await expect(line).toHaveCSS("text-align", "start");
    await page.keyboard.press("Control+f");
    await expect(page.getByPlaceholder("Type and press Enter to search...")).toBeFocused();
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.open = () => {
        (window as unknown as { printed: number }).printed++;
        return null;
      };
    });
    await page.keyboard.press("Control+p");
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });

  test("Ctrl+S downloads like the toolbar's Download, Ctrl+O opens a file, also outside the text", async ({
    page,
  }) => {
    await typeDocument(page, "saved with the keyboard");
    const download = page.waitForEvent("download");
    await page.keyboard.press("Control+s");
    expect((await download).suggestedFilename()).toBe("Untitled.txt");
    await expect(page.getByTitle("Unsaved changes")).toHaveCount(0);
    // From a toolbar button (focus outside the text) too.
    await page.getByRole("button", { name: "Find" }).focus();
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Control+o");
    await chooser;
  });

  test("Undo and Redo are disabled when there is nothing to undo or redo", async ({ page }) => {
    const undo = page.getByRole("button", { name: "Undo" });
    const redo = page.getByRole("button", { name: "Redo" });
    await expect(undo).toBeDisabled();
    await expect(redo).toBeDisabled();
    await typeDocument(page, "x");
    await expect(undo).toBeEnabled();
    await expect(redo).toBeDisabled();
    await undo.click();
    await expect(redo).toBeEnabled();
    await expect.poll(() => documentText(page)).toBe("");
    await expect(undo).toBeDisabled();
  });

  test("shortcut list for the platform in the settings panel", async ({ page }) => {
    await page.getByRole("button", { name: "Settings" }).click();
    const panel = page.getByRole("complementary", { name: "Settings" });
    await expect(panel.getByText("Ctrl+B")).toBeVisible();
    await expect(panel.getByText("Ctrl+Y")).toBeVisible();
    await expect(panel.getByText("Ctrl+P")).toBeVisible();
  });
});

test("macOS users see Cmd shortcuts and Cmd+Shift+Z redo", async ({ browser }) => {
  const context = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "platform", { get: () => "MacIntel" });
  });
  await openEditor(page);
  await page.getByRole("button", { name: "Settings" }).click();
  const panel = page.getByRole("complementary", { name: "Settings" });
  await expect(panel.getByText("Cmd+Shift+Z")).toBeVisible();
  await expect(panel.getByText("Cmd+B")).toBeVisible();
  await context.close();
});

test.describe("simple editor: accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`no serious axe violations (${theme})`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await openEditor(page);
      await typeDocument(page, "Some **text** to check.");
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByRole("button", { name: "Settings" }).click();
      await expectNoSeriousA11yViolations(page, theme);
    });
  }
});

test("landing and content pages do not load CodeMirror; the editor does", async ({ page }) => {
  const scripts = new Map<string, string>();
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") {
      scripts.set(response.url(), await response.text().catch(() => ""));
    }
  });
  // Scripts load after the first paint: wait until the page has started (hydrated) and the
  // network is quiet, so "not loaded" means not loaded rather than not loaded yet.
  for (const path of ["/", "/faq/"]) {
    scripts.clear();
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.size, path).toBeGreaterThan(0);
    const withCodeMirror = [...scripts].filter(([, body]) => body.includes("cm-scroller"));
    expect(
      withCodeMirror.map(([url]) => url),
      path,
    ).toEqual([]);
  }
  scripts.clear();
  await page.goto("/editor/");
  await waitForHydration(page);
  await expect
    .poll(() => [...scripts.values()].some((body) => body.includes("cm-scroller")))
    .toBe(true);
});

test("the long guide and FAQ below the editor are in the prerendered HTML, with FAQPage data", async ({
  request,
}) => {
  const html = await (await request.get("/editor/")).text();
  expect(html).toContain("A plain-text editor that opens in a second");
  expect(html).toContain("Frequently asked questions");
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  const types = blocks.flatMap(([, json]) => {
    const data = JSON.parse(json) as { "@type"?: string } | { "@type"?: string }[];
    return (Array.isArray(data) ? data : [data]).map((item) => item["@type"]);
  });
  expect(types).toContain("FAQPage");
});

test("leaving with unsaved changes asks first", async ({ page }) => {
  await openEditor(page);
  await typeDocument(page, "not downloaded yet");
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(["beforeunload"]);
});
