import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runnableEngines, waitUntil } from "./engine";
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
});
