import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runnableEngines, waitUntil } from "./engine";
import { clickWhenShown, open, pageErrors, useEngine, waitForControl } from "./plainpad";

const scratch = mkdtempSync(path.join(tmpdir(), "plainpad-markdown-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const HOSTILE_NOTES = [
  "# Trip notes",
  "",
  "Pack **boots** and a ~~tent~~ tarp.",
  "",
  "- [x] Tickets",
  "- [ ] Maps",
  "",
  "<img src=x onerror=\"window.__pwned = 'onerror'\">",
  "",
  "<script>window.__pwned = 'script'</script>",
  "",
  "[not a link](javascript:window.__pwned='link')",
  "",
].join("\n");

describe.each(runnableEngines())("%s: Markdown preview", (engine) => {
  const t = useEngine(engine);

  it("a .md file shows side by side in the simple editor, formatted and with nothing run", async () => {
    const file = path.join(scratch, "trip.md");
    writeFileSync(file, HOSTILE_NOTES);
    await open(t.page, `${t.origin}/editor/`);
    await clickWhenShown(t.page, { role: "button", name: "Open" });
    await t.page.chooseFiles([file]);
    await waitForControl(t.page, { role: "button", name: "Language: Markdown" });
    // The preview buttons sit under "More" when the window is narrow.
    const direct = await t.page.evaluate(() => {
      const button = [...document.querySelectorAll("button")].find(
        (b) => b.getAttribute("aria-label") === "Side by side" || b.title === "Side by side",
      );
      if (!button || button.offsetParent === null) return false;
      button.click();
      return true;
    });
    if (!direct) {
      await clickWhenShown(t.page, { role: "button", name: "More" });
      await clickWhenShown(t.page, { role: "menuitem", name: "Side by side" });
    }
    const preview = await waitUntil(
      () =>
        t.page.evaluate(() => {
          const pane = document.querySelector('[data-testid="markdown-preview"]');
          if (!pane || pane.getAttribute("aria-busy") !== "false") return null;
          return {
            heading: pane.querySelector("h1")?.textContent ?? null,
            bold: pane.querySelector("strong")?.textContent ?? null,
            struck: pane.querySelector("del")?.textContent ?? null,
            boxes: pane.querySelectorAll("input[type=checkbox]").length,
            runnable: pane.querySelectorAll(".markdown-body script, .markdown-body img").length,
            hrefs: [...pane.querySelectorAll(".markdown-body a[href]")].map((a) =>
              a.getAttribute("href"),
            ),
            editorShown: Boolean(document.querySelector(".cm-content")?.getClientRects().length),
          };
        }),
      (result) => result !== null && result.heading !== null,
      "the formatted preview",
    );
    expect(preview).toEqual({
      heading: "Trip notes",
      bold: "boots",
      struck: "tent",
      boxes: 2,
      runnable: 0,
      hrefs: [],
      editorShown: true,
    });
    expect(await t.page.evaluate(() => (window as { __pwned?: string }).__pwned ?? null)).toBe(
      null,
    );
    expect(await pageErrors(t.page)).toEqual([]);
  });
});
