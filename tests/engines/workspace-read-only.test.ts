import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type EnginePage, runnableEngines, waitUntil } from "./engine";
import {
  clickWhenShown,
  nextDownload,
  notepadText,
  openNotepad,
  runMenu,
  useEngine,
  waitForControl,
} from "./plainpad";

/**
 * Open folder… in Firefox and WebKit (issue 52): neither has showDirectoryPicker, so the notepad
 * reads the folder through a directory input (`webkitdirectory`), read only. A real folder on
 * disk goes in; the panel, the tree, the files' decoding, Save and quick open come out.
 */

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/encodings/${name}`, import.meta.url)));

const scratch = mkdtempSync(path.join(tmpdir(), "plainpad-folder-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The folder the person picks: mixed encodings, folders to sort first, a nested file. */
const FILES: Record<string, Buffer> = {
  "b-notes.txt": Buffer.from("Notes in UTF-8: naïve\n"),
  "Windows-1252.txt": fixture("windows-1252.txt"),
  "utf16le.txt": fixture("utf16le.txt"),
  "a-file.md": Buffer.from("# A file\n"),
  "docs/readme.txt": Buffer.from("docs\n"),
  "src/deep/quick-target.ts": Buffer.from("line one\nline two\n"),
};
const ROOT = path.join(scratch, "Plain folder");
for (const [name, bytes] of Object.entries(FILES)) {
  mkdirSync(path.dirname(path.join(ROOT, name)), { recursive: true });
  writeFileSync(path.join(ROOT, name), bytes);
}

const READ_ONLY_WORDS = "This browser cannot write to folders";
const panel = { css: 'aside[aria-label="Folder Plain folder"]' };
const treeItem = (name: string) => ({ role: "treeitem", name, within: panel }) as const;

/**
 * Gives the directory input the page opened the folder at `ROOT`. Neither driver can pick a
 * folder as a person does in the dialog:
 * - Firefox (ESR 153): WebDriver BiDi `input.setFiles` with the folder's path is refused ("File
 *   error: Is directory"): it builds a File from each path and has no directory case;
 * - WebKit: WebKitWebDriver's "send keys" of the folder's path gives the input one nameless
 *   entry (the folder itself as a file), not the files in it.
 * So for both the folder's files are built in the page, each with the `webkitRelativePath` a
 * browser gives ("Plain folder/src/deep/quick-target.ts"), and set on the input through a
 * DataTransfer and a `change` event: from there on the product's own path runs (the input's
 * files into FileListFolder, the panel, the tabs).
 */
async function giveFolder(
  page: EnginePage,
  folderName = "Plain folder",
  given: Record<string, Buffer> = FILES,
): Promise<void> {
  await waitUntil(
    () =>
      page.evaluate(() =>
        Boolean(document.querySelector("input[webkitdirectory][data-engine-file-input]")),
      ),
    Boolean,
    "the directory input",
  );
  const files = Object.entries(given).map(([name, bytes]) => ({
    relativePath: `${folderName}/${name}`,
    base64: bytes.toString("base64"),
  }));
  await page.evaluate((given: { relativePath: string; base64: string }[]) => {
    const input = document.querySelector<HTMLInputElement>(
      "input[webkitdirectory][data-engine-file-input]",
    )!;
    const data = new DataTransfer();
    for (const { relativePath, base64 } of given) {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const file = new File([bytes], relativePath.split("/").pop()!, { lastModified: 1 });
      Object.defineProperty(file, "webkitRelativePath", { value: relativePath });
      data.items.add(file);
    }
    input.files = data.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, files);
}

/** The names of the tree's items, in order. */
function treeNames(page: EnginePage): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll('[role="tree"] [role="treeitem"]'),
      (item) => document.getElementById(item.getAttribute("aria-labelledby")!)?.textContent ?? "",
    ),
  );
}

/** How often the page's text says `words`. */
async function timesSaid(page: EnginePage, words: string): Promise<number> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.split(words).length - 1;
}

function expectEditorText(page: EnginePage, text: string) {
  return waitUntil(
    () => notepadText(page),
    (shown) => shown === text,
    `the editor to show ${JSON.stringify(text)}`,
  );
}

describe.each(runnableEngines())("%s: a folder read through the directory input", (engine) => {
  const t = useEngine(engine);

  it("lists it read only, decodes its files, Save downloads, quick open finds a nested file", async () => {
    await openNotepad(t.page, `${t.origin}/online-notepad/`);
    expect(await t.page.evaluate(() => "showDirectoryPicker" in window)).toBe(false);
    await runMenu(t.page, "File", "Open folder…");
    await giveFolder(t.page);

    // The tree: sorted, folders first.
    await waitUntil(
      () => treeNames(t.page),
      (names) => names.length === 6,
      "the folder's first level",
    );
    expect(await treeNames(t.page)).toEqual([
      "docs",
      "src",
      "a-file.md",
      "b-notes.txt",
      "utf16le.txt",
      "Windows-1252.txt",
    ]);
    // Said once, plainly.
    expect(await timesSaid(t.page, READ_ONLY_WORDS)).toBe(1);

    // Each file in its own encoding.
    await clickWhenShown(t.page, treeItem("Windows-1252.txt"));
    await expectEditorText(t.page, "Price: € 5, café\n“quoted” – naïve\n");
    await clickWhenShown(t.page, treeItem("utf16le.txt"));
    await expectEditorText(
      t.page,
      fixture("utf16le.txt").subarray(2).toString("utf16le").replaceAll("\r\n", "\n"),
    );

    // Save: the folder cannot be written, so the same bytes are downloaded.
    await clickWhenShown(t.page, treeItem("Windows-1252.txt"));
    await expectEditorText(t.page, "Price: € 5, café\n“quoted” – naïve\n");
    await clickWhenShown(t.page, { role: "textbox", name: "Document text" });
    await t.page.press("Control+s");
    const saved = await nextDownload(t.page);
    expect(saved.name).toBe("Windows-1252.txt");
    expect(saved.bytes.equals(FILES["Windows-1252.txt"])).toBe(true);
    await waitUntil(
      () => t.page.evaluate(() => document.body.innerText),
      (text) => text.includes('Downloaded "Windows-1252.txt" (this browser saves by downloading)'),
      "the words saying Save downloaded",
    );
    expect(await timesSaid(t.page, READ_ONLY_WORDS)).toBe(1);

    // Quick open finds the nested file and opens it.
    await t.page.press("Control+p");
    await waitForControl(t.page, { role: "dialog", name: "Quick open" });
    await t.page.type("quick");
    await waitForControl(t.page, {
      role: "option",
      name: "quick-target",
      nameMatches: true,
      within: { role: "dialog", name: "Quick open" },
    });
    await t.page.press("Enter");
    await expectEditorText(t.page, "line one\nline two\n");
  });
});

/** The words of the tree's status line (its empty folder's words), or null. */
function treeStatus(page: EnginePage, folderName: string): Promise<string | null> {
  return page.evaluate(
    (label: string) =>
      document.querySelector(`aside[aria-label="${label}"] [role="status"]`)?.textContent ?? null,
    `Folder ${folderName}`,
  );
}

describe.each(runnableEngines())("%s: a folder with nothing to show", (engine) => {
  const t = useEngine(engine);

  it("an empty folder opens and its tree says it has no files", async () => {
    await openNotepad(t.page, `${t.origin}/online-notepad/`);
    await runMenu(t.page, "File", "Open folder…");
    // The input gives no files for an empty folder (nor its name): as a browser does.
    await giveFolder(t.page, "Empty", {});
    await waitUntil(
      () => treeStatus(t.page, "Chosen folder"),
      (words) => words === "This folder has no files.",
      "the empty folder's words",
    );
    expect(await treeNames(t.page)).toEqual([]);
  });

  it("a folder whose every file is ignored or hidden says so, and the switch shows them", async () => {
    await openNotepad(t.page, `${t.origin}/online-notepad/`);
    await runMenu(t.page, "File", "Open folder…");
    await giveFolder(t.page, "Logs", {
      ".gitignore": Buffer.from("*.log\n"),
      "debug.log": Buffer.from("noise\n"),
      ".hidden-notes.txt": Buffer.from("hidden\n"),
    });
    await waitUntil(
      () => treeStatus(t.page, "Logs"),
      (words) =>
        words ===
        "Every file in this folder is ignored or hidden: turn on “Show ignored and hidden files” to see them.",
      "the words saying every file is ignored or hidden",
    );
    await clickWhenShown(t.page, {
      label: "Show ignored and hidden files",
      within: { css: 'aside[aria-label="Folder Logs"]' },
    });
    await waitUntil(
      () => treeNames(t.page),
      (names) => names.length === 3,
      "the ignored and hidden files listed",
    );
    expect(await treeNames(t.page)).toEqual([".gitignore", ".hidden-notes.txt", "debug.log"]);
    expect(await treeStatus(t.page, "Logs")).toBeNull();
  });
});
