import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import {
  documentText,
  editorBox,
  openEditor,
  storedEditorText,
  typeDocument,
} from "./editor-helpers";

test.describe("simple editor: files", () => {
  test.beforeEach(async ({ page }) => openEditor(page));

  test("Download saves the text under the file name and clears the unsaved marker", async ({
    page,
  }) => {
    await typeDocument(page, "Line one\nLine two ✓");
    await page.getByRole("button", { name: "Rename Untitled.txt" }).click();
    await page.getByRole("textbox", { name: "File name" }).fill("my notes");
    await page.getByRole("textbox", { name: "File name" }).press("Enter");
    await expect(page.getByTitle("Unsaved changes")).toBeVisible();
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("my notes.txt");
    const bytes = await readFile(await download.path());
    expect(bytes.toString("utf8")).toBe("Line one\nLine two ✓");
    await expect(page.getByTitle("Unsaved changes")).toHaveCount(0);
  });

  test("Print writes the text into a print window, prints and closes it", async ({ page }) => {
    await typeDocument(page, "Print <me> & keep");
    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { printLog: string[] }).printLog = log;
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        const popup = open(...args);
        if (popup) {
          popup.print = () => {
            log.push("css:" + popup.document.querySelector("style")?.textContent);
            log.push("print:" + popup.document.body.innerText);
          };
          popup.close = () => log.push("close");
        }
        return popup;
      };
    });
    await page.getByRole("button", { name: "Print" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printLog: string[] }).printLog))
      .toContain("close");
    const log = await page.evaluate(() => (window as unknown as { printLog: string[] }).printLog);
    expect(log[0]).toContain("@page { size: A4; margin: 2cm; }");
    expect(log[1]).toBe("print:Print <me> & keep");
  });

  test("Print falls back to a hidden iframe when the popup is blocked", async ({ page }) => {
    await typeDocument(page, "Blocked popup text");
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole("button", { name: "Print" }).click();
    const frame = page.locator('iframe[title="Print view"]');
    await expect(frame).toHaveCount(1);
    await expect(frame.contentFrame().locator("pre")).toHaveText("Blocked popup text");
    await expect(page.getByTitle("Unsaved changes")).toBeVisible();
  });

  test("Open loads a text file from the computer", async ({ page }) => {
    await typeDocument(page, "old");
    page.once("dialog", (dialog) => dialog.accept());
    const chooserPromise = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    const chooser = await chooserPromise;
    // The spec's seven, then the code files Plainpad highlights (decision 017).
    const accept = (await chooser.element().getAttribute("accept"))?.split(",") ?? [];
    expect(accept.slice(0, 7)).toEqual([".txt", ".md", ".csv", ".html", ".xml", ".css", ".json"]);
    expect(accept).toEqual(expect.arrayContaining([".py", ".yaml", ".js", ".sql"]));
    await chooser.setFiles({
      name: "shopping.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# List\n- milk\n- bread"),
    });
    await expect.poll(() => documentText(page)).toBe("# List\n- milk\n- bread");
    await expect(
      page.getByRole("button", { name: "Rename shopping.md", exact: true }),
    ).toBeVisible();
    await expect(page.getByTitle("Unsaved changes")).toHaveCount(0);
  });

  test("a binary file is refused with a message and the document is untouched", async ({
    page,
  }) => {
    await typeDocument(page, "keep me");
    const chooserPromise = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    const chooser = await chooserPromise;
    await chooser.setFiles({
      name: "photo.txt",
      mimeType: "image/png",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    });
    await expect(
      page.getByRole("alert").getByText(/"photo.txt" does not look like a text file/),
    ).toBeVisible();
    expect(await documentText(page)).toBe("keep me");
  });

  test("drag and drop opens a file; a file over 500 MB is refused", async ({ page }) => {
    await typeDocument(page, "before drop");
    const drop = (name: string, size: number, text: string, on = ".cm-content") =>
      page.evaluate(
        ({ name, size, text, on }) => {
          // A big file is made of one megabyte blob many times over: the browser shares its
          // bytes, so the test does not need 500 MB of memory.
          const megabyte = new Blob([new Uint8Array(1 << 20)]);
          const file =
            size > 0
              ? new File(
                  [
                    ...Array<Blob>(Math.floor(size / (1 << 20))).fill(megabyte),
                    "x".repeat(size % (1 << 20)),
                  ],
                  name,
                )
              : new File([text], name, { type: "text/plain" });
          const data = new DataTransfer();
          data.items.add(file);
          const target = document.querySelector(on) as HTMLElement;
          target.dispatchEvent(
            new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }),
          );
          target.dispatchEvent(
            new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }),
          );
        },
        { name, size, text, on },
      );
    await drop("huge.txt", 500 * 1024 * 1024 + 1, "");
    await expect(
      page.getByRole("alert").getByText(/"huge.txt" is larger than 500 MB/),
    ).toBeVisible();
    expect(await documentText(page)).toBe("before drop");
    page.once("dialog", (dialog) => dialog.accept());
    await drop("dropped.txt", 0, "dropped content");
    await expect.poll(() => documentText(page)).toBe("dropped content");
    await expect(page.getByRole("button", { name: "Rename dropped.txt" })).toBeVisible();
    // Beside the text (here the toolbar) a drop opens the file too, instead of leaving the page.
    await drop("beside.txt", 0, "dropped beside", '[role="toolbar"]');
    await expect.poll(() => documentText(page)).toBe("dropped beside");
    await expect(page).toHaveURL(/\/editor\/$/);
  });

  test("the draft survives a reload", async ({ page }) => {
    await typeDocument(page, "survives a reload");
    await page.getByRole("button", { name: "Rename Untitled.txt" }).click();
    await page.getByRole("textbox", { name: "File name" }).fill("kept");
    await page.getByRole("textbox", { name: "File name" }).press("Enter");
    await page.waitForTimeout(1200);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => documentText(page)).toBe("survives a reload");
    await expect(page.getByRole("button", { name: "Rename kept.txt" })).toBeVisible();
    await expect(page.getByTitle("Unsaved changes")).toBeVisible();
  });

  test("pending edits are written at once when the page is hidden", async ({ page }) => {
    await typeDocument(page, "flushed when hidden");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    // Well before the 700 ms debounce would have written it.
    await page.waitForTimeout(250);
    const stored = await storedEditorText(page);
    expect(stored).toBe("flushed when hidden");
  });
});

test("landing page: Open File From Computer opens the file in the editor", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const chooserPromise = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open File From Computer" }).click();
  const chooser = await chooserPromise;
  await chooser.setFiles({
    name: "letter.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Dear reader,\nthank you."),
  });
  await page.waitForURL("**/editor/");
  await waitForHydration(page);
  await expect.poll(() => documentText(page)).toBe("Dear reader,\nthank you.");
  await expect(page.getByRole("button", { name: "Rename letter.txt" })).toBeVisible();
  await expect(editorBox(page)).toBeVisible();
});

test("landing page: a file of several megabytes reaches the editor whole", async ({ page }) => {
  // Over a million characters: it travels to the editor in pieces cut anywhere, here inside
  // lines and between the halves of an emoji.
  const lines = Array.from({ length: 60_000 }, (_, i) => `línea ${i} 🙂 ${"x".repeat(i % 40)}`);
  const text = lines.join("\n");
  await page.goto("/");
  await waitForHydration(page);
  const chooserPromise = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open File From Computer" }).click();
  const chooser = await chooserPromise;
  await chooser.setFiles({ name: "big.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
  await page.waitForURL("**/editor/");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Rename big.txt" })).toBeVisible();
  await expect.poll(() => documentText(page), { timeout: 20_000 }).toContain("línea 0 🙂");
  // The whole text, byte for byte: downloaded from the editor.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const download = await downloadPromise;
  expect((await readFile(await download.path())).toString("utf8")).toBe(text);
});

test("landing page: Create New Text File starts an empty document", async ({ page }) => {
  await openEditor(page);
  await typeDocument(page, "previous draft");
  await expect.poll(() => storedEditorText(page)).toBe("previous draft");
  await page.goto("/");
  await waitForHydration(page);
  page.on("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Create New Text File" }).click();
  await page.waitForURL("**/editor/");
  await expect(page.locator(".cm-content")).toBeVisible();
  await expect.poll(() => documentText(page)).toBe("");
  await expect(page.getByRole("button", { name: "Rename Untitled.txt" })).toBeVisible();
});
