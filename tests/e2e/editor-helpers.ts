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

/** The simple editor's document as stored in IndexedDB (record "doc/editor" and its chunks). */
export function storedEditorText(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      new Promise<string | undefined>((resolve, reject) => {
        const request = indexedDB.open("plainpad");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const store = request.result.transaction("editor-draft").objectStore("editor-draft");
          const record = store.get("doc/editor");
          record.onsuccess = () => {
            const keys: string[] | undefined = record.result?.chunkKeys;
            if (!keys) return resolve(undefined);
            if (keys.length === 0) return resolve("");
            const pieces: string[] = [];
            let left = keys.length;
            keys.forEach((key, index) => {
              const chunk = store.get(`chunk/editor/${key}`);
              chunk.onsuccess = () => {
                pieces[index] = chunk.result;
                if (--left === 0) resolve(pieces.join("\n"));
              };
            });
          };
        };
      }),
  );
}
