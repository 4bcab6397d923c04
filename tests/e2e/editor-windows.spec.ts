import { expect, type Page, test } from "@playwright/test";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import { waitForHydration } from "./fixtures";

/** Writes a value into the editor's IndexedDB store before the editor has loaded it. */
async function putEditorRecord(page: Page, key: string, value: unknown): Promise<void> {
  await page.goto("/about-us/");
  await page.evaluate(
    ({ key, value }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("plainpad", 1);
        request.onupgradeneeded = () => {
          for (const name of ["handoff", "editor-draft", "notepad-tabs"]) {
            if (!request.result.objectStoreNames.contains(name))
              request.result.createObjectStore(name);
          }
        };
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const tx = request.result.transaction("editor-draft", "readwrite");
          tx.objectStore("editor-draft").put(value, key);
          tx.oncomplete = () => {
            request.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { key, value },
  );
}

/** Keys of the editor's store (to see what was kept aside). */
function editorStoreKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open("plainpad");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const keys = request.result
            .transaction("editor-draft")
            .objectStore("editor-draft")
            .getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
      }),
  );
}

test.describe("simple editor: two windows and stored drafts", () => {
  test("an idle window follows what another editor window types", async ({ context }) => {
    const a = await context.newPage();
    const b = await context.newPage();
    await openEditor(a);
    await openEditor(b);
    await editorBox(a).click();
    await a.keyboard.type("typed in window A");
    await expect.poll(() => documentText(b), { timeout: 10_000 }).toBe("typed in window A");
    // Shown, not typed there: window B's own undo history has nothing of it.
    await expect(b.getByRole("button", { name: "Undo" })).toBeDisabled();
  });

  test("both windows changed the draft: the later one wins, the other's text is kept and offered", async ({
    context,
  }) => {
    const a = await context.newPage();
    const b = await context.newPage();
    await openEditor(a);
    await openEditor(b);
    await editorBox(a).click();
    await editorBox(b).click();
    // Both edit before either has stored (the draft is stored 0.7 s after the last keystroke):
    // each text arrives in one input, as a paste does, so a slow machine cannot space them out.
    await a.keyboard.insertText("version A");
    await b.keyboard.insertText("version B");
    const notice = b.getByText(/also changed in another editor window/);
    await expect(notice).toBeVisible({ timeout: 10_000 });
    await expect(b.getByText(/"Untitled.txt", 9 characters\) was kept aside/)).toBeVisible();
    const download = b.waitForEvent("download");
    await b.getByRole("button", { name: "Download the other version" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Untitled.txt");
    const stream = await file.createReadStream();
    let body = "";
    for await (const chunk of stream) body += chunk;
    expect(body).toBe("version A");
    // The later edit is the stored one; window A follows it once idle.
    expect(await documentText(b)).toBe("version B");
    await expect.poll(() => documentText(a), { timeout: 10_000 }).toBe("version B");
    expect((await editorStoreKeys(b)).some((key) => key.startsWith("conflict/"))).toBe(true);
    // A new window opens the stored (later) version.
    const c = await context.newPage();
    await openEditor(c);
    await expect.poll(() => documentText(c)).toBe("version B");
  });

  test("a draft stored by an earlier version of Plainpad opens and is migrated", async ({
    page,
  }) => {
    await putEditorRecord(page, "draft", {
      schema: 1,
      content: "an old draft",
      fileName: "old.txt",
      fileId: null,
      dirty: true,
      savedAt: 1,
    });
    await openEditor(page);
    await expect.poll(() => documentText(page)).toBe("an old draft");
    await expect(page.getByRole("button", { name: "Rename old.txt" })).toBeVisible();
    await expect.poll(() => editorStoreKeys(page)).toContain("doc/editor");
    expect(await editorStoreKeys(page)).not.toContain("draft");
  });

  test("an unreadable draft is kept aside and reported, never overwritten by the empty editor", async ({
    page,
  }) => {
    await putEditorRecord(page, "draft", { content: 42 });
    await openEditor(page);
    await expect(page.getByText(/saved draft could not be read/)).toBeVisible();
    await editorBox(page).click();
    await page.keyboard.type("new text");
    await page.waitForTimeout(1200);
    const keys = await editorStoreKeys(page);
    expect(keys.some((key) => /^unreadable\/\d+\/draft$/.test(key))).toBe(true);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => documentText(page)).toBe("new text");
  });
});
