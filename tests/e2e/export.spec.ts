import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { editorBox, openEditor } from "./editor-helpers";
import { openNotepad, runMenu, typeInEditor } from "./notepad-helpers";

const TEXT = "Café <notes> & more\nΩmega Привет 😀\n\tindented";

/** Runs the Export dialog: pick a format, optionally a name, Download; returns the file. */
async function exportAs(page: Page, format: RegExp, fileName?: string) {
  const dialog = page.getByRole("dialog", { name: "Export" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: format }).check();
  if (fileName !== undefined)
    await dialog.getByRole("textbox", { name: "File name" }).fill(fileName);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test.describe("Export: five formats", () => {
  test("the editor exports .txt, .md, .html, .rtf and .pdf; the PDF code loads only for PDF", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" || request.url().endsWith(".ttf"))
        scripts.push(request.url());
    });
    await openEditor(page);
    await editorBox(page).click();
    await page.keyboard.insertText(TEXT);
    await page.getByRole("button", { name: "Rename Untitled.txt" }).click();
    await page.getByRole("textbox", { name: "File name" }).fill("trip notes");
    await page.getByRole("textbox", { name: "File name" }).press("Enter");

    const open = () => page.getByRole("button", { name: "Export…" }).click();
    await open();
    await expect(
      page.getByRole("dialog", { name: "Export" }).getByRole("textbox", { name: "File name" }),
    ).toHaveValue("trip notes.txt");
    const txt = await exportAs(page, /Plain text/);
    expect(txt.name).toBe("trip notes.txt");
    expect(txt.bytes.toString("utf8")).toBe(TEXT);

    await open();
    const md = await exportAs(page, /Markdown/);
    expect(md.name).toBe("trip notes.md");
    expect(md.bytes.toString("utf8")).toBe(TEXT);

    await open();
    const html = await exportAs(page, /Web page/, "shared page");
    expect(html.name).toBe("shared page.html");
    const page2 = html.bytes.toString("utf8");
    expect(page2).toContain("<title>trip notes</title>");
    expect(page2).toContain("Café &#60;notes&#62; &#38; more");
    expect(page2).not.toContain("<notes>");

    await open();
    const rtf = await exportAs(page, /Rich Text/);
    expect(rtf.name).toBe("trip notes.rtf");
    const rtfText = rtf.bytes.toString("latin1");
    expect(rtfText.startsWith("{\\rtf1")).toBe(true);
    expect(rtfText).toContain("Caf\\u233?");
    expect(rtfText).toContain("\\u937?mega");

    expect(scripts.filter((url) => /pdf|\.ttf/i.test(url))).toEqual([]);
    await open();
    const pdf = await exportAs(page, /PDF/);
    expect(pdf.name).toBe("trip notes.pdf");
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.bytes.length).toBeGreaterThan(1000);
    expect(scripts.some((url) => /pdf-export/.test(url))).toBe(true);
    // Exporting changes nothing about the document or where it is saved.
    await expect(page.getByTestId("status-location")).toHaveText("this browser only");
  });

  test("the notepad's File › Export… exports the active tab", async ({ page }) => {
    await openNotepad(page);
    await typeInEditor(page, "tab text");
    await runMenu(page, "File", "Export…");
    const md = await exportAs(page, /Markdown/);
    expect(md.name).toBe("Untitled-1.md");
    expect(md.bytes.toString("utf8")).toBe("tab text");
  });
});
