import { expect, type Page, test } from "@playwright/test";
import { documentText, editorBox, openEditor, typeDocument } from "./editor-helpers";
import { editorText, openNotepad, tabNames, waitForSaved } from "./notepad-helpers";

// Big files (issue 17): read as a stream with a progress bar and Cancel, and search that counts
// in slices. Behaviour only: speed is the benchmark's job (npm run bench).

const MB = 1 << 20;

/**
 * Drops a file of `megabytes` of text lines (or of one line, `oneLine`) onto the editing area. It is one generated
 * megabyte repeated: the browser shares the bytes, so a big file costs the test little memory.
 */
function dropBigFile(page: Page, name: string, megabytes: number, oneLine = false) {
  return page.evaluate(
    ({ name, megabytes, MB, oneLine }) => {
      const line = `a line of generated text for a big file test, 64 bytes long, ok${oneLine ? " " : "\n"}`;
      const megabyte = new Blob([line.repeat(MB / line.length)]);
      const file = new File(Array<Blob>(megabytes).fill(megabyte), name, { type: "text/plain" });
      const data = new DataTransfer();
      data.items.add(file);
      const target = document.querySelector(".cm-content") as HTMLElement;
      target.dispatchEvent(
        new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }),
      );
      target.dispatchEvent(
        new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }),
      );
    },
    { name, megabytes, MB, oneLine },
  );
}

/**
 * Makes file reads in the page slow, like a slow disk: every piece of a file's stream arrives
 * 100 ms late. Reading a few hundred megabytes then takes long enough on any machine to see
 * the progress bar and press Cancel. Resolves with a function that makes reads fast again.
 */
async function slowDiskReads(page: Page) {
  await page.evaluate(() => {
    const original = Blob.prototype.stream;
    (window as unknown as { __fastStream: typeof original }).__fastStream = original;
    Blob.prototype.stream = function (this: Blob) {
      return original.call(this).pipeThrough(
        new TransformStream({
          async transform(chunk, controller) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            controller.enqueue(chunk);
          },
        }),
      );
    };
  });
  return () =>
    page.evaluate(() => {
      Blob.prototype.stream = (
        window as unknown as { __fastStream: typeof Blob.prototype.stream }
      ).__fastStream;
    });
}

/** True when the last characters drawn of the editor's last line are inside its visible area. */
function lineEndOnScreen(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector(".cm-scroller")?.getBoundingClientRect();
    const lines = document.querySelectorAll(".cm-line");
    const walker = document.createTreeWalker(lines[lines.length - 1], NodeFilter.SHOW_TEXT);
    let last: Text | null = null;
    while (walker.nextNode()) last = walker.currentNode as Text;
    if (!scroller || !last?.length) return false;
    const range = document.createRange();
    range.setStart(last, last.length - 1);
    range.setEnd(last, last.length);
    const end = range.getBoundingClientRect();
    return end.top >= scroller.top && end.bottom <= scroller.bottom;
  });
}

/**
 * The simple editor's stored draft, read straight from IndexedDB: its record's schema, the
 * length and end of the text its chunks make, and its longest chunk. Null when none is stored.
 */
function storedDraft(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{
        schema: number;
        length: number;
        endsWith: string;
        longestChunk: number;
      } | null>((resolve, reject) => {
        const request = indexedDB.open("plainpad");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const store = request.result.transaction("editor-draft").objectStore("editor-draft");
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            const byKey = new Map(keys.result.map((key, i) => [String(key), values.result[i]]));
            const recordKey = [...byKey.keys()].find((key) => key.startsWith("doc/"));
            const record = recordKey ? byKey.get(recordKey) : undefined;
            if (!record) return resolve(null);
            const chunkKeys: string[] = record.chunkKeys ?? record.textChunks;
            const cuts = new Set<number>(record.midLineCuts ?? []);
            const pieces = chunkKeys.map((key) => byKey.get(`chunk/${record.id}/${key}`) as string);
            const text = pieces
              .map((piece, i) => (cuts.has(i) || i === pieces.length - 1 ? piece : piece + "\n"))
              .join("");
            resolve({
              schema: record.schema,
              length: text.length,
              endsWith: text.slice(-6),
              longestChunk: Math.max(...pieces.map((piece) => piece.length)),
            });
          };
        };
      }),
  );
}

test.describe("big files", () => {
  test("the editor shows progress while reading a big file; Cancel leaves the document as it was", async ({
    page,
  }) => {
    await openEditor(page);
    await typeDocument(page, "keep me");
    const restoreSpeed = await slowDiskReads(page);
    await dropBigFile(page, "huge-log.txt", 400);
    const progress = page.getByRole("progressbar", { name: 'Opening "huge-log.txt"' });
    await expect(progress).toBeVisible({ timeout: 30_000 });
    const bar = page.getByRole("group", { name: "Opening a file" });
    await expect(bar.getByText(/Opening "huge-log.txt": \d+%/)).toBeVisible();
    // The page answers while the file is read: typing goes on working.
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("!");
    expect(await documentText(page)).toBe("keep me!");
    await bar.getByRole("button", { name: "Cancel" }).click();
    await expect(progress).toHaveCount(0);
    await restoreSpeed();
    await expect(
      page.getByRole("alert").getByText('Opening "huge-log.txt" was cancelled.'),
    ).toBeVisible();
    expect(await documentText(page)).toBe("keep me!");
    await expect(page.getByRole("button", { name: /^Rename Untitled/ })).toBeVisible();
  });

  test("the notepad opens a big file in a new tab, and a cancelled one opens nothing", async ({
    page,
  }) => {
    await openNotepad(page);
    const before = await tabNames(page);
    const restoreSpeed = await slowDiskReads(page);
    await dropBigFile(page, "cancelled.txt", 400);
    await expect(page.getByRole("progressbar", { name: 'Opening "cancelled.txt"' })).toBeVisible({
      timeout: 30_000,
    });
    await page
      .getByRole("group", { name: "Opening a file" })
      .getByRole("button", { name: "Cancel" })
      .click();
    await restoreSpeed();
    await expect(page.getByText('Opening "cancelled.txt" was cancelled.')).toBeVisible();
    expect(await tabNames(page)).toEqual(before);

    await dropBigFile(page, "opened.txt", 24);
    await expect.poll(() => tabNames(page), { timeout: 60_000 }).toContain("opened.txt");
    const lines = await page.evaluate(
      () =>
        (
          window as unknown as {
            __plainpadNotepad: { getView(): { state: { doc: { lines: number; length: number } } } };
          }
        ).__plainpadNotepad.getView().state.doc,
    );
    // 24 MB of 64-byte lines, each ending in a line break, and the empty line after the last.
    expect(lines.lines).toBe((24 * MB) / 64 + 1);
    expect(lines.length).toBe(24 * MB);
  });

  test("a big notepad tab shows it is being saved, and comes back whole after a reload", async ({
    page,
  }) => {
    await openNotepad(page);
    // Another connection holds the tabs' store, as a slow disk would: the notepad's write waits.
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const request = indexedDB.open("plainpad");
        request.onsuccess = () => resolve(request.result);
      });
      const store = db.transaction("notepad-tabs", "readwrite").objectStore("notepad-tabs");
      const hold = () => {
        if (!(window as unknown as { __release?: boolean }).__release)
          store.get("meta").onsuccess = hold;
      };
      hold();
    });
    await dropBigFile(page, "kept.txt", 8);
    await expect.poll(() => tabNames(page), { timeout: 60_000 }).toContain("kept.txt");
    const saving = page.getByRole("status").filter({ hasText: "Saving in this browser…" });
    await expect(saving).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __release: boolean }).__release = true));
    await expect(saving).toHaveCount(0, { timeout: 60_000 });
    await waitForSaved(page);

    // An edit after the reload is stored too, and the text comes back exactly.
    await page.reload();
    await expect.poll(() => tabNames(page), { timeout: 60_000 }).toContain("kept.txt");
    const docOf = () =>
      page.evaluate(() => {
        const doc = (
          window as unknown as {
            __plainpadNotepad: {
              getView(): {
                state: {
                  doc: {
                    lines: number;
                    length: number;
                    sliceString(from: number, to: number): string;
                  };
                };
              };
            };
          }
        ).__plainpadNotepad?.getView()?.state.doc;
        if (!doc) return null;
        return { lines: doc.lines, length: doc.length, start: doc.sliceString(0, 12) };
      });
    await expect.poll(docOf, { timeout: 60_000 }).toEqual({
      lines: (8 * MB) / 64 + 1,
      length: 8 * MB,
      start: "a line of ge",
    });
    await page.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.type("new ");
    await waitForSaved(page);
    await page.reload();
    await expect.poll(docOf, { timeout: 60_000 }).toEqual({
      lines: (8 * MB) / 64 + 1,
      length: 8 * MB + 4,
      start: "new a line o",
    });
  });

  test("find in a big notepad tab goes through the whole text: the match at its end, wrapping, and a miss", async ({
    page,
  }) => {
    await openNotepad(page);
    await dropBigFile(page, "big-find.txt", 8);
    await expect.poll(() => tabNames(page), { timeout: 60_000 }).toContain("big-find.txt");
    await page.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("Zebra");
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("Control+f");
    const find = page.getByRole("searchbox", { name: "Find" });
    await find.fill("zebra");
    const selection = () =>
      page.evaluate(() => {
        const { from, to } = (
          window as unknown as {
            __plainpadNotepad: {
              getView(): { state: { selection: { main: { from: number; to: number } } } };
            };
          }
        ).__plainpadNotepad.getView().state.selection.main;
        return [from, to];
      });
    const end = 8 * MB + 5;
    await find.press("Enter");
    await expect.poll(selection).toEqual([end - 5, end]);
    await find.press("Enter"); // from the end, round to the start and back to the same match
    await expect.poll(selection).toEqual([end - 5, end]);
    await find.fill("no such words");
    await find.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: 'No matches for "no such words".' }),
    ).toBeVisible();
    expect(await selection()).toEqual([end - 5, end]);
  });

  test("opening a file the browser has no room to keep says so at once", async ({ page }) => {
    await page.addInitScript(() => {
      const mb = 1024 * 1024;
      navigator.storage.estimate = async () => ({ usage: 95 * mb, quota: 100 * mb });
    });
    await openNotepad(page);
    await dropBigFile(page, "too-big.txt", 4);
    await expect.poll(() => tabNames(page), { timeout: 60_000 }).toContain("too-big.txt");
    await expect(
      page.getByText(
        '"too-big.txt" needs up to 8.0 MB to be kept in this browser, but only 5.0 MB is free.',
        { exact: false },
      ),
    ).toBeVisible();
  });

  test("a file that is one long line opens wrapped, and its end can be reached and typed at", async ({
    page,
  }) => {
    await openEditor(page);
    await dropBigFile(page, "minified.json", 3, true);
    await expect(page.getByRole("button", { name: /^Rename minified\.json/ })).toBeVisible({
      timeout: 60_000,
    });
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    // Ctrl+End alone shows the line's end (it used to scroll to an empty page: decision 014).
    await expect.poll(() => lineEndOnScreen(page)).toBe(true);
    await page.keyboard.type("END");
    const view = () =>
      page.evaluate(() => {
        const line = [...document.querySelectorAll(".cm-line")].map((l) => l.textContent ?? "");
        return {
          shownEnd: line.some((text) => text.endsWith("ok END")),
          shownChars: line.join("").length,
        };
      });
    // The end is on screen, and only a window of the line is drawn, not all 3 MB of it.
    await expect.poll(view).toMatchObject({ shownEnd: true });
    expect((await view()).shownChars).toBeLessThan(200_000);
    // 49,152 pieces of 14 words each, and "END" typed after the last space: one word more.
    await expect(page.getByText("3,145,731 characters")).toBeVisible();
    await expect(page.getByText("688,129 words")).toBeVisible();

    // The draft keeps the line in pieces of at most a few hundred kilobytes (a keystroke
    // rewrites one of them, not 3 MB), and it comes back after a reload as one line again.
    await expect
      .poll(() => storedDraft(page), { timeout: 30_000 })
      .toMatchObject({
        schema: 3,
        endsWith: "ok END",
        length: 3 * MB + 3,
      });
    expect((await storedDraft(page))?.longestChunk).toBeLessThanOrEqual(256 * 1024);
    await page.reload();
    await expect(page.getByText("3,145,731 characters")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("688,129 words")).toBeVisible();
    await editorBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await expect.poll(view).toMatchObject({ shownEnd: true });
    await expect.poll(() => lineEndOnScreen(page)).toBe(true);
    await expect(page.locator(".cm-line")).toHaveCount(1);
  });

  test("Replace All over many lines is one step that Undo takes back whole", async ({ page }) => {
    await openNotepad(page);
    const original = Array.from({ length: 5000 }, (_, i) => `row ${i}: cat, Cat and cat`).join(
      "\n",
    );
    await page.evaluate((text) => {
      const controller = (
        window as unknown as {
          __plainpadNotepad: {
            getView(): { state: { doc: { length: number } }; dispatch(spec: unknown): void };
          };
        }
      ).__plainpadNotepad;
      const view = controller.getView();
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    }, original);
    await page.keyboard.press("Control+h");
    await page.getByRole("searchbox", { name: "Find" }).fill("cat");
    await page.getByRole("textbox", { name: "Replace with" }).fill("dog");
    await page.getByRole("button", { name: "Replace all" }).click();
    await expect(page.getByText("Replaced 10000 occurrences.")).toBeVisible();
    expect(await editorText(page)).toBe(original.replaceAll("cat", "dog"));
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+z");
    await expect.poll(() => editorText(page)).toBe(original);
  });

  test("search counts exactly what a plain indexOf scan finds, Unicode included", async ({
    page,
  }) => {
    await page.goto("/editor/?bench");
    await page.waitForFunction(() => Boolean(window.__plainpadBench));
    const needle = "café 👋";
    const expected = await page.evaluate(async (needle) => {
      const words = ["café", "👋", "naïve", "日本語", "Straße", "end", "x"];
      let seed = 11;
      const parts: string[] = [];
      for (let i = 0; i < 600_000; i++) {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        const pick = seed >>> 8;
        parts.push(words[pick % words.length], (pick >> 4) % 5 === 0 ? "\n" : " ");
      }
      const text = parts.join("");
      await window.__plainpadBench!.open(text);
      let count = 0;
      for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length))
        count++;
      return count;
    }, needle);
    expect(expected).toBeGreaterThan(20);

    await page.keyboard.press("Control+f");
    const field = page.getByRole("searchbox", { name: "Search text" });
    await field.fill(needle);
    await field.press("Enter");
    const counter = page.getByTestId("search-counter");
    await expect(counter).toHaveText(`1/${expected}`);
    await expect(page.locator(".cm-pp-match-current")).toHaveText(needle);
    await field.press("Enter");
    await expect(counter).toHaveText(`2/${expected}`);
    await field.press("Shift+Enter");
    await field.press("Shift+Enter");
    await expect(counter).toHaveText(`${expected}/${expected}`);
    await expect(page.locator(".cm-pp-match-current")).toHaveText(needle);
  });
});
