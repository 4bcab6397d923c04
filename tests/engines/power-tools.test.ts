import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type EnginePage, runnableEngines, waitUntil } from "./engine";
import {
  clickWhenShown,
  nextDownload,
  notepadText,
  open,
  pageErrors,
  runMenu,
  shownText,
  typeDocument,
  useEngine,
  waitForControl,
} from "./plainpad";

const legacy = (name: string) =>
  fileURLToPath(new URL(`../fixtures/encodings/legacy/${name}`, import.meta.url));
const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/encodings/${name}`, import.meta.url));

/** The body's visible text includes `text` (waited for). */
const bodyShows = (t: { page: { evaluate: EnginePage["evaluate"] } }, text: string) =>
  waitUntil(
    () => t.page.evaluate(() => document.body.innerText),
    (shown) => shown.includes(text),
    `"${text}" on the page`,
  );

/** Issue 31 in Firefox and WebKit: legacy encodings without file handles, Vim keys, columns. */
describe.each(runnableEngines())("%s: power tools", (engine) => {
  const t = useEngine(engine);

  it("a Shift_JIS file opens detected and Save downloads the same bytes", async () => {
    await open(t.page, `${t.origin}/editor/`);
    await clickWhenShown(t.page, { role: "button", name: "Open" });
    await t.page.chooseFiles([legacy("shift_jis.txt")]);
    await waitForControl(t.page, { role: "button", name: "Shift_JIS" });
    expect(await shownText(t.page)).toContain("メモ帳のテスト");
    await clickWhenShown(t.page, { role: "textbox", name: "Document text" });
    await t.page.press("Control+s");
    const saved = await nextDownload(t.page);
    expect(saved.bytes.equals(readFileSync(legacy("shift_jis.txt")))).toBe(true);
    expect(await pageErrors(t.page)).toEqual([]);
  });

  it("Vim keys in the notepad: normal mode commands, insert mode text", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    await runMenu(t.page, "View", "Vim keys");
    await waitUntil(
      () => t.page.evaluate(() => document.body.innerText),
      (text) => text.includes("Vim: NORMAL"),
      "Vim's mode in the status bar",
    );
    await clickWhenShown(t.page, { role: "textbox", name: "Document text" });
    await t.page.type("ihello vim");
    await t.page.press("Escape");
    await t.page.type("0x");
    await waitUntil(
      () => notepadText(t.page),
      (text) => text === "ello vim",
      "Vim's x",
    );
    await runMenu(t.page, "View", "Standard keys");
    expect(await pageErrors(t.page)).toEqual([]);
  });

  it("Alt+Shift+Down makes a column; typing writes on every line", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    await typeDocument(t.page, "abc\ndef\nghi");
    await t.page.press("Control+Home");
    await t.page.press("Alt+Shift+ArrowDown");
    await t.page.press("Alt+Shift+ArrowDown");
    await t.page.type("> ");
    await waitUntil(
      () => notepadText(t.page),
      (text) => text === "> abc\n> def\n> ghi",
      "typing on three cursors",
    );
  });

  it("Compare with a file: a file input everywhere, a change copied into the tab", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    await typeDocument(t.page, "a different first line");
    await runMenu(t.page, "View", "Compare with…");
    await clickWhenShown(t.page, { role: "button", name: "Compare with a file…" });
    await t.page.chooseFiles([fixture("lf.txt")]);
    await bodyShows(t, "1 change");
    await clickWhenShown(t.page, {
      role: "button",
      name: "Copy this change into the text on the right",
    });
    await bodyShows(t, "No differences.");
    await clickWhenShown(t.page, { role: "button", name: "Done" });
    const expected = readFileSync(fixture("lf.txt"), "utf8");
    await waitUntil(
      () => notepadText(t.page),
      (text) => text === expected,
      "the file's text copied into the tab",
    );
    expect(await pageErrors(t.page)).toEqual([]);
  });

  it("Find in all tabs lists the matches of every tab", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    await typeDocument(t.page, "apple pie");
    await runMenu(t.page, "File", "New tab");
    await typeDocument(t.page, "an apple a day\nApple juice");
    await t.page.press("Control+f");
    await clickWhenShown(t.page, { role: "checkbox", name: "In all tabs" });
    await clickWhenShown(t.page, { role: "searchbox", name: "Find" });
    await t.page.type("apple");
    await t.page.press("Enter");
    await bodyShows(t, "3 matches in 2 tabs.");
    expect(await pageErrors(t.page)).toEqual([]);
  });

  it("a line tool on 200,000 lines runs in a worker and is one change", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    await typeDocument(t.page, "x");
    await t.page.evaluate(() => {
      const view = (
        window as unknown as {
          __plainpadNotepad: {
            getView(): { state: { doc: { length: number } }; dispatch(spec: unknown): void };
          };
        }
      ).__plainpadNotepad.getView();
      const lines = Array.from({ length: 200_000 }, (_, i) => `line ${199_999 - i}`);
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: lines.join("\n") } });
    });
    await clickWhenShown(t.page, { role: "menuitem", name: "Edit" });
    await clickWhenShown(t.page, { role: "menuitem", name: "Lines", within: { role: "menu" } });
    await clickWhenShown(t.page, {
      role: "menuitem",
      name: "Reverse lines",
      within: { role: "menu", name: "Lines" },
    });
    await bodyShows(t, "Done: one step to undo.");
    const text = (await notepadText(t.page)) ?? "";
    expect(text.slice(0, 8)).toBe("line 0\nl");
    expect(text.split("\n")).toHaveLength(200_000);
    expect(await pageErrors(t.page)).toEqual([]);
  });

  it("Emacs keys: Ctrl+A goes to the line's start", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    await runMenu(t.page, "View", "Emacs keys");
    await bodyShows(t, "Emacs keys");
    await clickWhenShown(t.page, { role: "textbox", name: "Document text" });
    await t.page.type("world");
    await t.page.press("Control+a");
    await t.page.type("hello ");
    await waitUntil(
      () => notepadText(t.page),
      (text) => text === "hello world",
      "Emacs's Ctrl+A",
    );
    await runMenu(t.page, "View", "Standard keys");
    expect(await pageErrors(t.page)).toEqual([]);
  });
});
