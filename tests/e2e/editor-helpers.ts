import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";

/** Opens the simple editor on a clean profile and waits until the draft load finished. */
export async function openEditor(page: Page, path = "/editor/"): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator(".cm-content")).toBeVisible();
}

/** The editing area (CodeMirror's content element, role textbox). */
export function editorBox(page: Page) {
  return page.getByRole("textbox", { name: "Document text" });
}

/** The document text as rendered (small documents are rendered completely). */
export async function documentText(page: Page): Promise<string> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".cm-content .cm-line"))
      .map((line) => {
        const clone = line.cloneNode(true) as HTMLElement;
        clone.querySelectorAll(".cm-placeholder").forEach((node) => node.remove());
        return clone.textContent ?? "";
      })
      .join("\n"),
  );
}

/** Replaces the document by typing into a focused, emptied editor. */
export async function typeDocument(page: Page, text: string): Promise<void> {
  await editorBox(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type(text);
}

/** Selects the first occurrence of `text` in the (single-line) document's first line. */
export async function selectText(page: Page, text: string): Promise<void> {
  const full = await documentText(page);
  const index = full.indexOf(text);
  if (index < 0) throw new Error(`"${text}" not in document`);
  await editorBox(page).click();
  await page.keyboard.press("ControlOrMeta+Home");
  for (let i = 0; i < index; i++) await page.keyboard.press("ArrowRight");
  for (let i = 0; i < text.length; i++) await page.keyboard.press("Shift+ArrowRight");
}
