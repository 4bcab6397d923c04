import { expect, type Page, test } from "@playwright/test";
import {
  convergedText,
  joinLink,
  type LiveEditor,
  liveStatus,
  startedSession,
} from "./live-helpers";

/**
 * Live collaboration (issue 44), two and three browsers at once: typing together with the
 * network dropping at random converges to one text holding every word typed, in both editors.
 */

/** A small seeded random source, so a failing run can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Person `index` types tokens at the end of line `index + 1` (each person on a line of their
 * own, so their words stay whole) for `ms`, going offline now and then. Returns the tokens.
 */
async function typeTogether(
  page: Page,
  index: number,
  ms: number,
  random: () => number,
): Promise<string[]> {
  const tokens: string[] = [];
  const content = page.locator(".cm-content");
  await content.click();
  const goToMyLine = async () => {
    await page.keyboard.press("ControlOrMeta+Home");
    for (let i = 0; i <= index; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
  };
  await goToMyLine();
  const end = Date.now() + ms;
  let n = 0;
  while (Date.now() < end) {
    if (random() < 0.12) {
      // An offline spell: edits go on and are merged when the network is back.
      await page.context().setOffline(true);
      for (let i = 0; i < 3; i++) {
        const token = `p${index}o${n++}`;
        await page.keyboard.type(` ${token}`);
        tokens.push(token);
        await page.waitForTimeout(150 + random() * 400);
      }
      await page.context().setOffline(false);
      continue;
    }
    const token = `p${index}t${n++}`;
    await page.keyboard.type(` ${token}`);
    tokens.push(token);
    await page.waitForTimeout(50 + random() * 250);
  }
  return tokens;
}

for (const [editor, people] of [
  ["notepad", 3],
  ["editor", 2],
] as const satisfies readonly (readonly [LiveEditor, number])[]) {
  test(`${people} people typing at once in the ${editor} for 20 s with offline spells converge`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const lines = Array.from({ length: people }, (_, i) => `line ${i}:`).join("\n");
    const { edit, ...first } = await startedSession(
      browser,
      editor,
      `shared\n${lines}`,
      "Person 0",
    );
    const others = [];
    for (let i = 1; i < people; i++) others.push(await joinLink(browser, edit, `Person ${i}`));
    const pages = [first.page, ...others.map((other) => other.page)];
    await expect(liveStatus(first.page).getByRole("button")).toHaveText(`${people} here`);

    const typed = await Promise.all(
      pages.map((page, index) => typeTogether(page, index, 20_000, seeded(44 + index))),
    );
    const text = await convergedText(pages);
    for (const token of typed.flat()) expect(text).toContain(` ${token}`);
    for (const page of pages) {
      await expect(liveStatus(page).getByRole("status")).toHaveText("Live");
    }
    for (const other of others) await other.context.close();
    await first.context.close();
  });
}
