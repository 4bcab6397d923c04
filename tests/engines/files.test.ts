import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runnableEngines, waitUntil } from "./engine";
import {
  clickWhenShown,
  expectShownText,
  nextDownload,
  open,
  shownText,
  typeDocument,
  useEngine,
  waitForControl,
} from "./plainpad";

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/encodings/${name}`, import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "plainpad-engines-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Neither engine has the File System Access API: open is a file input, save a download. */
describe.each(runnableEngines())("%s: files without the File System Access API", (engine) => {
  const t = useEngine(engine);

  it.each([
    ["utf16le.txt", "UTF-16 LE"],
    ["utf16be-nobom.txt", "UTF-16 BE, no BOM"],
  ])("opens %s through the file input and Save downloads the same bytes", async (name, label) => {
    await open(t.page, `${t.origin}/editor/`);
    expect(await t.page.evaluate(() => "showOpenFilePicker" in window)).toBe(false);
    await clickWhenShown(t.page, { role: "button", name: "Open" });
    await t.page.chooseFiles([fixture(name)]);
    await waitForControl(t.page, { role: "button", name: `Rename ${name}` });
    await waitForControl(t.page, { role: "button", name: label });
    await clickWhenShown(t.page, { role: "textbox", name: "Document text" });
    await t.page.press("Control+s");
    const saved = await nextDownload(t.page);
    expect(saved.name).toBe(name);
    expect(saved.bytes.equals(readFileSync(fixture(name)))).toBe(true);
    await waitUntil(
      () => t.page.evaluate(() => document.body.innerText),
      (text) => text.includes(`Downloaded "${name}" (this browser saves by downloading)`),
      "the download message",
    );
  });

  it("opens a dropped file", async () => {
    await open(t.page, `${t.origin}/editor/`);
    await typeDocument(t.page, "before the drop");
    await t.page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(
        new File(["dropped in\nanother engine"], "dropped.txt", { type: "text/plain" }),
      );
      const target = document.querySelector(".cm-content") as HTMLElement;
      for (const type of ["dragenter", "dragover", "drop"]) {
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      }
    });
    await expectShownText(t.page, "dropped in\nanother engine");
    await waitForControl(t.page, { role: "button", name: "Rename dropped.txt" });
  });

  it("Export as PDF downloads a PDF", async () => {
    await open(t.page, `${t.origin}/editor/`);
    await typeDocument(t.page, "A PDF from another engine: é ü 日本");
    await clickWhenShown(t.page, { role: "button", name: "Export…" });
    const dialog = { role: "dialog", name: "Export" } as const;
    await clickWhenShown(t.page, { role: "radio", name: "PDF", nameMatches: true, within: dialog });
    await clickWhenShown(t.page, { role: "button", name: "Download", within: dialog });
    const pdf = await nextDownload(t.page);
    expect(pdf.name).toBe("Untitled.pdf");
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.bytes.length).toBeGreaterThan(1000);
  });

  it("opens a 100 MB file whole", async () => {
    const line = "plain words in a big file 0123456789\n";
    const lines = Math.ceil((100 * 1024 * 1024) / line.length);
    const file = path.join(scratch, "big.txt");
    writeFileSync(file, line.repeat(lines - 1) + "the very last line");
    await open(t.page, `${t.origin}/editor/`);
    await clickWhenShown(t.page, { role: "button", name: "Open" });
    await t.page.chooseFiles([file]);
    await waitForControl(t.page, { role: "button", name: "Rename big.txt" }, 60_000);
    const words = 7 * (lines - 1) + 4;
    await waitUntil(
      () => t.page.evaluate(() => document.body.innerText),
      (text) => text.includes(`${words.toLocaleString("en-US")} words`),
      `the count of ${words} words`,
      60_000,
    );
    await clickWhenShown(t.page, { role: "textbox", name: "Document text" });
    await t.page.press("Control+End");
    await waitUntil(
      () => shownText(t.page),
      (text) => text.endsWith("the very last line"),
      "the last line on screen",
    );
  });
});
