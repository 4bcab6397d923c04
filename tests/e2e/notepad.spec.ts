import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, useStoredTheme, waitForHydration } from "./fixtures";
import {
  editorText,
  openNotepad,
  runMenu,
  tabButton,
  tabButtons,
  tabNames,
  typeInEditor,
} from "./notepad-helpers";

test.describe("notepad menus", () => {
  test("the menu bar works with the keyboard and Escape returns focus", async ({ page }) => {
    await openNotepad(page);
    const file = page.getByRole("menuitem", { name: "File", exact: true });
    await file.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(page.getByRole("menuitem", { name: /New tab/ })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Open…" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("menu")).toHaveAccessibleName("Edit");
    await expect(page.getByRole("menuitem", { name: /^Paste/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Edit", exact: true })).toBeFocused();
    // Enter on an item runs it.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "Untitled-2"]);
  });

  test("every File, Insert, View and Help item is present", async ({ page }) => {
    await openNotepad(page);
    const expected: Record<string, RegExp[]> = {
      File: [
        /New tab/,
        /Open/,
        /^Save/,
        /Save as…/,
        /Export…/,
        /Download all tabs/,
        /Rename tab/,
        /Duplicate tab/,
        /Print/,
        /Close tab/,
        /Close other tabs/,
        /Open from Google Drive/,
        /Save to Google Drive/,
      ],
      Edit: [/Undo/, /Redo/, /Cut/, /Copy/, /Paste/, /Select all/, /Find/, /Replace/],
      Insert: [/Date\/time/, /Emoji/, /Special character/],
      View: [
        /Font size up/,
        /Font size down/,
        /Reset font size/,
        /Consolas/,
        /Verdana/,
        /Word wrap/,
        /Line numbers/,
        /Fullscreen/,
      ],
      Help: [/Keyboard shortcuts/, /About/],
    };
    for (const [menu, items] of Object.entries(expected)) {
      await page.getByRole("menuitem", { name: menu, exact: true }).click();
      const open = page.getByRole("menu");
      for (const item of items) await expect(open.getByText(item).first()).toBeVisible();
      await page.keyboard.press("Escape");
    }
  });

  test("Drive items explain that Drive is not configured", async ({ page }) => {
    await openNotepad(page);
    const messages: string[] = [];
    page.on("dialog", (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await runMenu(page, "File", "Open from Google Drive");
    await expect
      .poll(
        async () =>
          [...messages, ...(await page.getByTestId("notices").allTextContents())].join(" "),
        {
          timeout: 20_000,
        },
      )
      .toMatch(/not configured/i);
  });

  test("a menu taller than a short window scrolls, passes axe and is reached and scrolled by keyboard", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 360 });
    await openNotepad(page);
    await page.getByRole("menuitem", { name: "View", exact: true }).click();
    const menu = page.getByRole("menu", { name: "View" });
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const results = await new AxeBuilder({ page }).include('[role="menu"]').analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    // From the keyboard: Tab from the menu's button enters the scrolling menu, End reaches (and
    // shows) its last item, Home its first, and the arrows walk through the items between.
    const items = menu.locator('[role^="menuitem"]');
    await page.keyboard.press("Tab");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(items.last()).toBeFocused();
    await expect(items.last()).toBeInViewport();
    expect(await menu.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page.keyboard.press("Home");
    await expect(items.first()).toBeFocused();
    await expect(items.first()).toBeInViewport();
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
  });

  test("Help shows the shortcut list and About mentions clearing site data", async ({ page }) => {
    await openNotepad(page);
    await runMenu(page, "Help", "Keyboard shortcuts");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(dialog).toContainText("Insert date and time");
    await expect(dialog).toContainText("Ctrl+H");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    // Focus goes back to the menu the dialog was opened from, not to the page body.
    await expect(page.getByRole("menuitem", { name: "Help", exact: true })).toBeFocused();
    await runMenu(page, "Help", "About");
    await expect(page.getByRole("dialog", { name: "About the notepad" })).toContainText(
      "Clearing your browser's site data deletes the tabs",
    );
  });
});

test.describe("notepad tabs", () => {
  test("new tabs are Untitled-N, modified tabs show * and • Modified", async ({ page }) => {
    await openNotepad(page);
    await expect(page.getByTestId("status-name")).toHaveText("Untitled-1");
    await expect(page.getByTestId("status-modified")).toHaveCount(0);
    await typeInEditor(page, "abc");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1*"]);
    await expect(page.getByTestId("status-modified")).toHaveText("• Modified");
    await page.getByRole("button", { name: "New tab" }).first().click();
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1*", "Untitled-2"]);
    await expect(tabButton(page, "Untitled-2")).toHaveAttribute("aria-current", "true");
    expect(await editorText(page)).toBe("");
  });

  test("rename by double-click: Enter keeps a trimmed name, Escape cancels, blank is ignored, 30 chars max", async ({
    page,
  }) => {
    await openNotepad(page);
    await tabButtons(page).first().dblclick();
    const input = page.getByRole("textbox", { name: "Tab name" });
    await input.fill("  Shopping list  ");
    await input.press("Enter");
    await expect.poll(() => tabNames(page)).toEqual(["Shopping list*"]);
    await tabButtons(page).first().dblclick();
    await input.fill("Something else");
    await input.press("Escape");
    await expect.poll(() => tabNames(page)).toEqual(["Shopping list*"]);
    await tabButtons(page).first().dblclick();
    await input.fill("   ");
    await page.locator(".cm-content").click(); // blur commits, blank is ignored
    await expect.poll(() => tabNames(page)).toEqual(["Shopping list*"]);
    await tabButtons(page).first().dblclick();
    await input.fill("x".repeat(40));
    await expect(input).toHaveValue("x".repeat(30));
    await page.locator(".cm-content").click();
    await expect.poll(() => tabNames(page)).toEqual([`${"x".repeat(30)}*`]);
  });

  test("the last tab cannot be closed; closing a modified tab asks first; the first remaining tab activates", async ({
    page,
  }) => {
    await openNotepad(page);
    await expect(page.getByRole("button", { name: "Close Untitled-1" })).toBeDisabled();
    await page.getByRole("button", { name: "New tab" }).first().click();
    await page.getByRole("button", { name: "New tab" }).first().click();
    await typeInEditor(page, "draft");
    const messages: string[] = [];
    page.once("dialog", (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Close Untitled-3" }).click();
    expect(messages).toEqual(["Untitled-3 has unsaved changes. Close anyway?"]);
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "Untitled-2", "Untitled-3*"]);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Close Untitled-3" }).click();
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "Untitled-2"]);
    await expect(tabButton(page, "Untitled-1")).toHaveAttribute("aria-current", "true");
  });

  test("duplicate, close others, Ctrl+1..9 and keyboard reorder", async ({ page }) => {
    await openNotepad(page);
    await typeInEditor(page, "original text");
    await runMenu(page, "File", "Duplicate tab");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1*", "Untitled-1 (Copy)*"]);
    expect(await editorText(page)).toBe("original text");
    await page.keyboard.press("Control+1");
    await expect(tabButton(page, "Untitled-1*")).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("Control+2");
    await expect(tabButton(page, "Untitled-1 (Copy)*")).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("Control+Shift+PageUp");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1 (Copy)*", "Untitled-1*"]);
    page.on("dialog", (dialog) => void dialog.accept());
    await runMenu(page, "File", "Close other tabs");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1 (Copy)*"]);
  });

  test("tabs reorder by dragging", async ({ page }) => {
    await openNotepad(page);
    await page.getByRole("button", { name: "New tab" }).first().click();
    await page.getByRole("button", { name: "New tab" }).first().click();
    await tabButton(page, "Untitled-3").dragTo(tabButton(page, "Untitled-1"));
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-3", "Untitled-1", "Untitled-2"]);
  });

  test("each tab keeps its own undo history and cursor", async ({ page }) => {
    await openNotepad(page);
    // One undo step per typed text, however slow the machine (see the 50-step test below).
    await page.clock.setFixedTime(new Date("2026-11-23T10:00:00Z"));
    await typeInEditor(page, "first tab");
    await page.keyboard.press("Home");
    await page.getByRole("button", { name: "New tab" }).first().click();
    await typeInEditor(page, "second tab");
    await tabButtons(page).first().click();
    await page.keyboard.type(">> ");
    expect(await editorText(page)).toBe(">> first tab");
    await page.keyboard.press("Control+z");
    expect(await editorText(page)).toBe("first tab");
    await tabButtons(page).nth(1).click();
    expect(await editorText(page)).toBe("second tab");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+z");
    expect(await editorText(page)).toBe("");
    await page.keyboard.press("Control+y");
    expect(await editorText(page)).toBe("second tab");
  });

  test("undo steps back at most the last 50 edits", async ({ page }) => {
    // 180 key presses: on a loaded machine (two workers beside an accessibility scan) they ran
    // past 30 s.
    test.slow();
    await openNotepad(page);
    // CodeMirror starts a new undo step after a 500 ms pause (by Date.now): a slow moment on a
    // busy machine would split a step. A fixed Date.now (timers keep running) makes the steps
    // depend on the edits alone.
    await page.clock.setFixedTime(new Date("2026-11-23T10:00:00Z"));
    await page.locator(".cm-content").focus();
    // Each Enter is an undo step of its own (a new line is never merged with typing before it);
    // the letter after it joins that step. 60 lines: 61 steps (the first letter, then 60 Enters).
    for (let line = 1; line <= 60; line++) {
      await page.keyboard.type("x");
      await page.keyboard.press("Enter");
    }
    for (let step = 0; step < 60; step++) await page.keyboard.press("Control+z");
    // 50 steps undone: the first letter and ten "Enter x" steps remain.
    expect(await editorText(page)).toBe(Array(11).fill("x").join("\n"));
    await page.getByRole("menuitem", { name: "Edit", exact: true }).click();
    await expect(page.getByRole("menuitem", { name: /^Undo/ })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(page.getByRole("menuitem", { name: /^Redo/ })).not.toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  test("the tab bar scrolls with many tabs", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openNotepad(page);
    for (let i = 0; i < 12; i++)
      await page.getByRole("button", { name: "New tab" }).first().click();
    await expect(tabButtons(page)).toHaveCount(13);
    await expect(tabButton(page, "Untitled-13")).toBeInViewport();
  });
});

test.describe("notepad files", () => {
  test("Save downloads name.txt and clears the modified marker; Download all gives a zip", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "saved text");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.keyboard.press("Control+s"),
    ]);
    expect(download.suggestedFilename()).toBe("Untitled-1.txt");
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString("utf8")).toBe("saved text");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1"]);
    await expect(page.getByTestId("status-modified")).toHaveCount(0);
    const [zip] = await Promise.all([
      page.waitForEvent("download"),
      runMenu(page, "File", /Download all tabs/),
    ]);
    expect(zip.suggestedFilename()).toBe("plainpad-tabs.zip");
  });

  test("Open takes several files into their own tabs and refuses non-text files", async ({
    page,
  }) => {
    await openNotepad(page);
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      runMenu(page, "File", "Open…"),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([
      { name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from("# Notes") },
      { name: "data.json", mimeType: "application/json", buffer: Buffer.from('{"a":1}') },
      { name: "photo.txt", mimeType: "text/plain", buffer: Buffer.from([0x89, 0x50, 0x00, 0x01]) },
      { name: "app.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
    ]);
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "notes.md", "data.json"]);
    expect(await editorText(page)).toBe('{"a":1}');
    await expect(page.getByText('"photo.txt" does not look like a text file')).toBeVisible();
    await expect(page.getByText('"app.exe" is not a file type the notepad opens')).toBeVisible();
  });

  test("a file dropped on the editor opens in a new tab", async ({ page }) => {
    await openNotepad(page);
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["dropped text"], "dropped.txt", { type: "text/plain" }));
      return transfer;
    });
    await page.locator(".cm-content").dispatchEvent("drop", { dataTransfer });
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "dropped.txt"]);
    expect(await editorText(page)).toBe("dropped text");
  });

  test("a file dropped beside the editor (on the tab bar) opens in a tab, the page stays", async ({
    page,
  }) => {
    await openNotepad(page);
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["beside"], "beside.txt", { type: "text/plain" }));
      return transfer;
    });
    const tabList = page.getByRole("list", { name: "Open tabs" });
    await tabList.dispatchEvent("dragover", { dataTransfer });
    await tabList.dispatchEvent("drop", { dataTransfer });
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "beside.txt"]);
    expect(await editorText(page)).toBe("beside");
    await expect(page).toHaveURL(/\/online-notepad\/$/);
  });

  test("Print writes the text into a print window and prints it", async ({ page }) => {
    await page.addInitScript(() => {
      // A stand-in print window that records what the notepad writes into it.
      const record = { html: "", printed: false };
      (window as unknown as { printRecord: typeof record }).printRecord = record;
      window.open = () =>
        ({
          document: {
            open() {},
            write(html: string) {
              record.html += html;
            },
            close() {},
          },
          focus() {},
          print() {
            record.printed = true;
          },
          close() {},
        }) as unknown as Window;
    });
    await openNotepad(page);
    await typeInEditor(page, "print <me>");
    await runMenu(page, "File", /Print/);
    const record = await page.evaluate(
      () => (window as unknown as { printRecord: { html: string; printed: boolean } }).printRecord,
    );
    expect(record.printed).toBe(true);
    expect(record.html).toContain("<pre>print &#60;me&#62;</pre>");
    expect(record.html).toContain("<title>Untitled-1</title>");
  });

  test("Print falls back to a hidden frame when popups are blocked", async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await openNotepad(page);
    await typeInEditor(page, "fallback print");
    await runMenu(page, "File", /Print/);
    const frame = page.frameLocator('iframe[title="Print view"]');
    await expect(frame.locator("pre")).toHaveText("fallback print");
  });
});

test.describe("notepad editing", () => {
  test("Edit menu: undo/redo enable rules, select all, cut, copy, paste", async ({
    page,
    context,
  }) => {
    // Two pages (or two viewports with an accessibility scan each) and many steps: slow on
    // a loaded machine.
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openNotepad(page);
    await page.getByRole("menuitem", { name: "Edit", exact: true }).click();
    await expect(page.getByRole("menuitem", { name: /^Undo/ })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(page.getByRole("menuitem", { name: /^Cut/ })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await page.keyboard.press("Escape");
    // One undo step for the whole typing, even if a busy machine pauses over 500 ms (by
    // Date.now) between two letters: a fixed Date.now.
    await page.clock.setFixedTime(new Date("2026-11-23T10:00:00Z"));
    await typeInEditor(page, "alpha beta");
    await runMenu(page, "Edit", /^Undo/);
    expect(await editorText(page)).toBe("");
    await runMenu(page, "Edit", /^Redo/);
    expect(await editorText(page)).toBe("alpha beta");
    await runMenu(page, "Edit", /^Select all/);
    await runMenu(page, "Edit", /^Copy/);
    await runMenu(page, "Edit", /^Cut/);
    // Cut removes the text once the clipboard has it (a refused write keeps it): a moment later.
    await expect.poll(() => editorText(page)).toBe("");
    await runMenu(page, "Edit", /^Paste/);
    await runMenu(page, "Edit", /^Paste/);
    await expect.poll(() => editorText(page)).toBe("alpha betaalpha beta");
  });

  test("redo answers Ctrl+Y and Ctrl+Shift+Z; Ctrl+F takes the focus back to an open find bar", async ({
    page,
  }) => {
    await openNotepad(page);
    // "one" is one undo step only if no 500 ms pause (by Date.now) falls between its letters,
    // which a busy machine cannot promise: a fixed Date.now makes the step depend on the keys.
    await page.clock.setFixedTime(new Date("2026-11-23T10:00:00Z"));
    await typeInEditor(page, "one");
    await page.keyboard.press("Control+z");
    expect(await editorText(page)).toBe("");
    await page.keyboard.press("Control+Shift+z");
    expect(await editorText(page)).toBe("one");
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+y");
    expect(await editorText(page)).toBe("one");
    await page.keyboard.press("Control+f");
    const find = page.getByRole("searchbox", { name: "Find" });
    await expect(find).toBeFocused();
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+f");
    await expect(find).toBeFocused();
  });

  test("a refused clipboard gets a message in the page and keeps the text", async ({ page }) => {
    await page.addInitScript(() => {
      const refuse = () => Promise.reject(new DOMException("denied", "NotAllowedError"));
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: refuse, readText: refuse },
      });
    });
    await openNotepad(page);
    await typeInEditor(page, "keep me");
    await runMenu(page, "Edit", /^Select all/);
    await runMenu(page, "Edit", /^Cut/);
    await expect(page.getByText("The browser did not allow Plainpad to cut")).toBeVisible();
    expect(await editorText(page)).toBe("keep me");
  });

  test("find is case-insensitive from the cursor and wraps; Replace All is exact and counts", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "Cat cat CAT dog");
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("Control+f");
    const find = page.getByRole("searchbox", { name: "Find" });
    await expect(find).toBeFocused();
    await find.fill("cat");
    const selection = () =>
      page.evaluate(() => {
        const c = (
          window as unknown as {
            __plainpadNotepad: {
              getView(): { state: { selection: { main: { from: number; to: number } } } };
            };
          }
        ).__plainpadNotepad;
        const { from, to } = c.getView().state.selection.main;
        return [from, to];
      });
    await find.press("Enter");
    expect(await selection()).toEqual([0, 3]);
    await find.press("Enter");
    expect(await selection()).toEqual([4, 7]);
    await find.press("Enter");
    expect(await selection()).toEqual([8, 11]);
    await find.press("Enter"); // wraps
    expect(await selection()).toEqual([0, 3]);
    await find.fill("zebra");
    await find.press("Enter");
    await expect(page.getByText('No matches for "zebra".')).toBeVisible();

    await page.keyboard.press("Control+h");
    const replaceAll = page.getByRole("button", { name: "Replace all" });
    await find.fill("cat");
    await expect(replaceAll).toBeDisabled(); // needs a replacement too
    await page.getByRole("textbox", { name: "Replace with" }).fill("fox");
    await replaceAll.click();
    await expect(page.getByText("Replaced 1 occurrence.")).toBeVisible();
    expect(await editorText(page)).toBe("Cat fox CAT dog");
    await find.fill(".");
    await page.getByRole("textbox", { name: "Replace with" }).fill("!");
    await replaceAll.click();
    await expect(page.getByText('No occurrences of ".".')).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(find).toHaveCount(0);
  });

  test("context menu: enable rules, stays inside the window, closes on click and Escape, keyboard works", async ({
    page,
  }) => {
    await openNotepad(page);
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    await page.mouse.click(viewport.width - 5, viewport.height - 80, { button: "right" });
    const menu = page.getByRole("menu", { name: "Editor actions" });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box && box.y + box.height).toBeLessThanOrEqual(viewport.height);
    for (const name of ["Cut", "Copy", "Undo", "Redo"]) {
      await expect(menu.getByRole("menuitem", { name, exact: true })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
    }
    for (const name of [
      "Paste",
      "Select all",
      "Find",
      "Insert date/time",
      "Insert emoji",
      "Insert special character",
    ]) {
      await expect(menu.getByRole("menuitem", { name, exact: true })).not.toHaveAttribute(
        "aria-disabled",
        "true",
      );
    }
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    // A click on a disabled item closes the menu too (any click does).
    await page.mouse.click(viewport.width - 5, viewport.height - 80, { button: "right" });
    await menu.getByRole("menuitem", { name: "Cut", exact: true }).click({ force: true });
    await expect(menu).toHaveCount(0);

    await typeInEditor(page, "hello");
    await page.keyboard.press("Shift+Home");
    await page
      .locator(".cm-line")
      .first()
      .click({ button: "right", position: { x: 10, y: 5 } });
    await expect(menu.getByRole("menuitem", { name: "Undo", exact: true })).not.toHaveAttribute(
      "aria-disabled",
      "true",
    );
    const at = await menu.boundingBox();
    expect(
      Math.abs(
        (at?.x ?? 0) - ((await page.locator(".cm-line").first().boundingBox())?.x ?? 0) - 10,
      ),
    ).toBeLessThan(3);
    await page.getByTestId("status-bar").click();
    await expect(menu).toHaveCount(0);

    // Keyboard: open with Shift+F10, move to "Select all", run it.
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Shift+F10");
    await expect(menu).toBeVisible();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Select all" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveCount(0);
    const selected = await page.evaluate(() => {
      const c = (
        window as unknown as {
          __plainpadNotepad: {
            getView(): { state: { selection: { main: { from: number; to: number } } } };
          };
        }
      ).__plainpadNotepad;
      const { from, to } = c.getView().state.selection.main;
      return to - from;
    });
    expect(selected).toBe(5);
  });

  test("emoji picker: seven categories, 8 per row, search, inserts at the cursor, focus returns", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "ab");
    await page.keyboard.press("ArrowLeft");
    await runMenu(page, "Insert", /Emoji/);
    const dialog = page.getByRole("dialog", { name: "Insert emoji" });
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    for (const name of [
      "Smileys",
      "People",
      "Animals",
      "Food",
      "Activities",
      "Objects",
      "Symbols",
    ]) {
      await expect(dialog.getByRole("button", { name, exact: true })).toBeVisible();
    }
    const grid = dialog.getByTestId("emoji-grid");
    await expect(grid.getByRole("button").first()).toBeVisible();
    const columns = await grid.evaluate(
      (el) => getComputedStyle(el).gridTemplateColumns.split(" ").length,
    );
    expect(columns).toBe(8);
    const total = await page.evaluate(async () => {
      // Every category together holds over 400 emoji.
      const counts: number[] = [];
      for (const button of Array.from(
        document.querySelectorAll<HTMLButtonElement>("[role=dialog] [aria-pressed]"),
      )) {
        button.click();
        await new Promise((resolve) => setTimeout(resolve, 50));
        counts.push(document.querySelectorAll('[data-testid="emoji-grid"] button').length);
      }
      return counts.reduce((a, b) => a + b, 0);
    });
    expect(total).toBeGreaterThan(400);
    await dialog.getByRole("searchbox", { name: "Search emoji" }).fill("pizza");
    await dialog.getByRole("button", { name: "pizza" }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => editorText(page)).toBe("a🍕b");
    await expect(page.locator(".cm-content")).toBeFocused();
  });

  test("special characters: six categories, 10 per row, named buttons, inserted at the cursor; Tab stays in the dialog", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "xy");
    await page.keyboard.press("ArrowLeft");
    await runMenu(page, "Insert", /Special character/);
    const dialog = page.getByRole("dialog", { name: "Insert special character" });
    for (const name of ["Common", "Mathematical", "Arrows", "Greek", "Currency", "Punctuation"]) {
      await expect(dialog.getByRole("button", { name, exact: true })).toBeVisible();
    }
    const columns = await dialog
      .getByTestId("char-grid")
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(10);
    for (let i = 0; i < 60; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(
      true,
    );
    await dialog.getByRole("button", { name: "Greek", exact: true }).click();
    await dialog.getByRole("button", { name: "greek small letter pi" }).click();
    await expect.poll(() => editorText(page)).toBe("xπy");
    await runMenu(page, "Insert", /Special character/);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test("F5 and Insert > Date/time insert the local date and time without reloading", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "stamp: ");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.keyboard.press("F5");
    const text = (await editorText(page)) ?? "";
    expect(text).toMatch(/^stamp: .*\d{4}/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await runMenu(page, "Insert", /Date\/time/);
    expect((await editorText(page))?.length).toBeGreaterThan(text.length);
  });

  test("one status bar shows the line and the Lines, Words and Chars that follow typing", async ({
    page,
  }) => {
    await openNotepad(page);
    await expect(page.getByRole("textbox", { name: "Document text" })).toBeVisible();
    await expect(page.locator(".cm-placeholder")).toHaveText("Start typing your text here...");
    const statusBar = page.getByRole("contentinfo", { name: "Status bar" });
    await expect(statusBar.getByText("Lines: 1", { exact: true })).toBeVisible();
    await expect(statusBar.getByText("Words: 0", { exact: true })).toBeVisible();
    await expect(statusBar.getByText("Chars: 0", { exact: true })).toBeVisible();
    await typeInEditor(page, "one two three\nfour five");
    await expect(statusBar.getByText("Line 2", { exact: true })).toBeVisible();
    await expect(statusBar.getByText("Lines: 2", { exact: true })).toBeVisible();
    await expect(statusBar.getByText("Words: 5", { exact: true })).toBeVisible();
    await expect(statusBar.getByText("Chars: 23", { exact: true })).toBeVisible();
    // One readout of the counts in the whole page: no second bar saying the same.
    await expect(page.getByText(/^Words: \d+$/)).toHaveCount(1);
    await expect(page.getByText(/^Chars: \d+$/)).toHaveCount(1);
    await expect(page.getByText(/^\d+ (words?|characters?)$/)).toHaveCount(0);
    // Each tab shows its own figures.
    await page.getByRole("button", { name: "New tab" }).first().click();
    await expect(page.getByTestId("status-words")).toHaveText("Words: 0");
    await typeInEditor(page, "x");
    await expect(page.getByTestId("status-words")).toHaveText("Words: 1");
    await expect(page.getByTestId("status-chars")).toHaveText("Chars: 1");
    await tabButtons(page).first().click();
    await expect(page.getByTestId("status-words")).toHaveText("Words: 5");
    await expect(page.getByTestId("status-lines")).toHaveText("Lines: 2");
  });

  test("the status bar takes three short lines at most on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openNotepad(page);
    await typeInEditor(page, "one two three\nfour five");
    const statusBar = page.getByRole("contentinfo", { name: "Status bar" });
    await expect(statusBar.getByText("Chars: 23", { exact: true })).toBeVisible();
    const lineHeight = await statusBar.evaluate((el) =>
      parseFloat(getComputedStyle(el).lineHeight),
    );
    const box = await statusBar.boundingBox();
    // Four lines of two bars took about 110 px of a 390 px phone; one bar of three rows now.
    expect(box!.height).toBeLessThan(4 * lineHeight + 8);
  });

  test("a tab of over a million characters is counted in the background, then per edit", async ({
    page,
  }) => {
    await openNotepad(page);
    await page.evaluate(() => {
      const controller = (
        window as unknown as {
          __plainpadNotepad: { tabs: { newTab(name: string, text: string): void } };
        }
      ).__plainpadNotepad;
      controller.tabs.newTab("Big", "word ".repeat(240_000));
    });
    await expect(page.getByTestId("status-chars")).toHaveText("Chars: 1,200,000");
    await expect(page.getByTestId("status-words")).toHaveText("Words: 240,000", {
      timeout: 20_000,
    });
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("two more");
    await expect(page.getByTestId("status-words")).toHaveText("Words: 240,002");
  });

  test("fullscreen hides the page header", async ({ page }) => {
    await openNotepad(page);
    await expect(page.getByRole("heading", { name: "Online Notepad" })).toBeVisible();
    await page.getByRole("button", { name: "Fullscreen" }).click();
    await expect(page.getByRole("heading", { name: "Online Notepad" })).toHaveCount(0);
    await page.getByRole("button", { name: "Exit fullscreen" }).click();
    await expect(page.getByRole("heading", { name: "Online Notepad" })).toBeVisible();
  });

  test("settings: font size 8–72 by 2 with reset, font family, wrap and line numbers persist", async ({
    page,
  }) => {
    await openNotepad(page);
    const size = page.getByTestId("font-size");
    await expect(size).toHaveText("14");
    await page.keyboard.press("Control+=");
    await expect(size).toHaveText("16");
    await page.getByRole("button", { name: "Font size down" }).click();
    await page.getByRole("button", { name: "Font size down" }).click();
    await expect(size).toHaveText("12");
    for (let i = 0; i < 2; i++) await page.getByRole("button", { name: "Font size down" }).click();
    await expect(size).toHaveText("8");
    await expect(page.getByRole("button", { name: "Font size down" })).toBeDisabled();
    await runMenu(page, "View", /Reset font size/);
    await expect(size).toHaveText("14");
    await page.getByRole("button", { name: "Font size up" }).click();
    await runMenu(page, "View", "Georgia");
    await runMenu(page, "View", "Line numbers");
    await runMenu(page, "View", "Word wrap");
    await expect(page.locator(".cm-lineNumbers")).toBeVisible();
    await expect(page.locator(".cm-editor")).toHaveCSS("font-size", "16px");
    await expect(page.locator(".cm-scroller")).toHaveCSS("font-family", /Georgia/);
    await expect(page.locator(".cm-content")).not.toHaveClass(/cm-lineWrapping/);
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("notepad-settings") ?? "{}"),
    );
    expect(stored).toMatchObject({
      fontSize: 16,
      fontFamily: "Georgia",
      wordWrap: false,
      showLineNumbers: true,
    });
    await page.reload();
    await expect(page.locator(".cm-lineNumbers")).toBeVisible();
    await expect(size).toHaveText("16");
    await page.getByRole("menuitem", { name: "View", exact: true }).click();
    await expect(page.getByRole("menuitemradio", { name: "Georgia" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(page.getByRole("menuitemcheckbox", { name: "Word wrap" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
  });

  test("shortcuts: Ctrl+O opens the file dialog, Ctrl+N a tab, Ctrl+P prints, Ctrl+H replace", async ({
    page,
  }) => {
    await openNotepad(page);
    await page.locator(".cm-content").focus();
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.keyboard.press("Control+o"),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+n");
    await expect.poll(() => tabNames(page)).toEqual(["Untitled-1", "Untitled-2"]);
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.keyboard.press("Control+p"),
    ]);
    expect(popup).toBeTruthy();
    await page.bringToFront();
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+h");
    await expect(page.getByRole("textbox", { name: "Replace with" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.locator(".cm-content").focus();
    await page.keyboard.type("abc");
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Delete");
    expect(await editorText(page)).toBe("");
  });
});

test("content pages do not load CodeMirror", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.url().endsWith(".js")) scripts.push(await response.text().catch(() => ""));
  });
  // Scripts load after the first paint: wait until the page has started (hydrated) and the
  // network is quiet, so "not loaded" means not loaded rather than not loaded yet.
  await page.goto("/faq/");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((body) => body.includes("cm-scroller"))).toBe(false);
  await page.goto("/online-notepad/");
  await waitForHydration(page);
  await expect.poll(() => scripts.some((body) => body.includes("cm-scroller"))).toBe(true);
});

for (const theme of ["light", "dark"] as const) {
  test(`no serious axe violations (${theme}) with a menu, the context menu and dialogs`, async ({
    page,
  }) => {
    await useStoredTheme(page, theme);
    await openNotepad(page);
    await typeInEditor(page, "Accessible text");
    await expectNoSeriousA11yViolations(page, `${theme} base`);
    await page.getByRole("menuitem", { name: "View", exact: true }).click();
    await expectNoSeriousA11yViolations(page, `${theme} menu`);
    await page.keyboard.press("Escape");
    await page.locator(".cm-content").click({ button: "right" });
    await expectNoSeriousA11yViolations(page, `${theme} context menu`);
    await page.keyboard.press("Escape");
    await runMenu(page, "Insert", /Emoji/);
    await expect(page.getByTestId("emoji-grid")).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${theme} emoji`);
    await page.keyboard.press("Escape");
    await runMenu(page, "Insert", /Special character/);
    await expectNoSeriousA11yViolations(page, `${theme} characters`);
  });
}
