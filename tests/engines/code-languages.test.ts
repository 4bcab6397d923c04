import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runnableEngines, waitUntil } from "./engine";
import { clickWhenShown, open, pageErrors, useEngine, waitForControl } from "./plainpad";

const scratch = mkdtempSync(path.join(tmpdir(), "plainpad-code-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The colours of the tokens whose text is `words`, and of a plain line (issue 30). */
function colours(page: { evaluate: <T, A>(fn: (a: A) => T, a: A) => Promise<T> }, words: string[]) {
  return page.evaluate((wanted: string[]) => {
    const spans = [...document.querySelectorAll(".cm-content .cm-line span")];
    const line = document.querySelector(".cm-line");
    return {
      plain: line ? getComputedStyle(line).color : null,
      tokens: wanted.map((word) => {
        const span = spans.find((s) => s.textContent === word);
        return span ? getComputedStyle(span).color : null;
      }),
    };
  }, words);
}

describe.each(runnableEngines())("%s: code highlighting", (engine) => {
  const t = useEngine(engine);

  it("a .py file opened in the simple editor is highlighted, and the picker changes it", async () => {
    const file = path.join(scratch, "greet.py");
    writeFileSync(file, 'def greet(name):\n    return "Hello " + name\n');
    await open(t.page, `${t.origin}/editor/`);
    await clickWhenShown(t.page, { role: "button", name: "Open" });
    await t.page.chooseFiles([file]);
    await waitForControl(t.page, { role: "button", name: "Language: Python" });
    const shown = await waitUntil(
      () => colours(t.page, ["def", '"Hello "']),
      (result) => result.tokens.every((colour) => colour !== null),
      "highlighted tokens",
    );
    expect(shown.tokens[0]).not.toBe(shown.plain);
    expect(shown.tokens[1]).not.toBe(shown.tokens[0]);
    await clickWhenShown(t.page, { role: "button", name: "Language: Python" });
    await clickWhenShown(t.page, {
      role: "button",
      name: "Plain text",
      within: { role: "dialog", name: "Language of this document" },
    });
    await waitForControl(t.page, { role: "button", name: "Language: Plain text" });
    await waitUntil(
      () => t.page.evaluate(() => document.querySelectorAll(".cm-content .cm-line span").length),
      (count) => count === 0,
      "plain text again",
    );
    expect(await pageErrors(t.page)).toEqual([]);
  });
});
