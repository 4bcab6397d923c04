import { describe, expect, it } from "vitest";
import { runnableEngines, waitUntil } from "./engine";
import { expectShownText, notepadText, open, runMenu, typeDocument, useEngine } from "./plainpad";

describe.each(runnableEngines())("%s: both editors keep the text", (engine) => {
  const t = useEngine(engine);

  it("the simple editor keeps typing over an immediate reload", async () => {
    await open(t.page, `${t.origin}/editor/`);
    await typeDocument(t.page, "Kept in every engine\nsecond line é 日本");
    await expectShownText(t.page, "Kept in every engine\nsecond line é 日本");
    // At once: the reload comes before the debounced write (0.7 s) would have started.
    await t.page.reload();
    await expectShownText(t.page, "Kept in every engine\nsecond line é 日本");
  });

  it("notepad tabs keep their text over an immediate reload", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    await typeDocument(t.page, "first tab text");
    await runMenu(t.page, "File", "New tab");
    await typeDocument(t.page, "second tab text");
    await waitUntil(
      () => notepadText(t.page),
      (text) => text === "second tab text",
      "tab 2",
    );
    await t.page.reload();
    await waitUntil(
      () => notepadText(t.page),
      (text) => text === "second tab text",
      "restored",
    );
    const names = await t.page.evaluate(() =>
      Array.from(document.querySelectorAll("[data-tab-id]"), (tab) => tab.textContent?.trim()),
    );
    expect(names.length).toBe(2);
    await t.page.click({ css: "[data-tab-id]" });
    await waitUntil(
      () => notepadText(t.page),
      (text) => text === "first tab text",
      "tab 1",
    );
  });
});
