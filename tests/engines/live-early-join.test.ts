// The notepad joins a #live= link early (issue 49), in Firefox and WebKit as in Chromium
// (tests/e2e/live-early-join.spec.ts): the live code is asked for from the page's first
// script, before the notepad has loaded its tabs and made its editor, and a late joiner's new
// tab gets the whole text (about 200 KB: the relay sends it back in more than one piece).
import { describe, expect, it } from "vitest";
import { type EnginePage, runnableEngines, waitUntil } from "./engine";
import {
  clickWhenShown,
  notepadText,
  open,
  openNotepad,
  runMenu,
  useEngine,
  waitForControl,
} from "./plainpad";

/** How long two browsers may take to agree (a bound for a loaded machine, not a speed check). */
const CONVERGE_MS = 60_000;

/** The built chunk holding the live-session code (app/document/live/live-runtime.ts). */
const LIVE_CHUNK = /\/assets\/live-runtime-[^/]*\.js$/;

/** The text the live status of the page's status bar shows ("Live", "Joining…"), or null. */
function liveState(page: EnginePage): Promise<string | null> {
  return page.evaluate(
    () =>
      document.querySelector('[data-testid="live-status"] [role="status"]')?.textContent ?? null,
  );
}

function waitUntilLive(page: EnginePage) {
  return waitUntil(
    () => liveState(page),
    (state) => state === "Live",
    "the page to be Live",
    CONVERGE_MS,
  );
}

/** Starts a live session from the notepad's File menu as `name`; returns the edit link. */
async function startSession(page: EnginePage, name: string): Promise<string> {
  await runMenu(page, "File", "Live collaboration…");
  const dialog = { role: "dialog", name: "Live collaboration" } as const;
  await clickWhenShown(page, { label: "Your name", within: dialog });
  await page.type(name);
  await clickWhenShown(page, { role: "button", name: "Start live session", within: dialog });
  await waitForControl(page, { label: "Edit link", within: dialog });
  const link = await page.evaluate(
    () =>
      (
        (
          window as unknown as { __engineProbe: { find(q: object): Element | null } }
        ).__engineProbe.find({ label: "Edit link" }) as HTMLInputElement
      ).value,
  );
  await page.press("Escape");
  await waitUntilLive(page);
  return link;
}

describe.each(runnableEngines())("%s: a #live= link opened in the notepad", (engine) => {
  const t = useEngine(engine);

  it("a late joiner gets the whole text, its live code asked for before the editor is made", async () => {
    const owner = t.page;
    await openNotepad(owner, `${t.origin}/online-notepad/`);
    const text = Array.from(
      { length: 4000 },
      (_, i) => `Line ${i} of the shared notes, ${"x".repeat(30)}`,
    ).join("\n");
    await owner.evaluate((value) => {
      (
        window as unknown as {
          __plainpadNotepad: {
            getView(): { dispatch(spec: { changes: { from: number; insert: string } }): void };
          };
        }
      ).__plainpadNotepad
        .getView()
        .dispatch({ changes: { from: 0, insert: value } });
    }, text);
    const edit = await startSession(owner, "Ada");
    expect(edit).toContain("/online-notepad/#live=e.");
    // One edit after the start: the joiner gets the starting text and what came after it.
    await clickWhenShown(owner, { role: "textbox", name: "Document text" });
    await owner.press("Control+End");
    await owner.type("\nWritten once live.");
    const whole = `${text}\nWritten once live.`;
    await waitUntil(
      () => notepadText(owner),
      (shown) => shown === whole,
      "the owner's edit",
    );

    // A visitor on another computer (another origin: its own storage) opens the link.
    const joiner = await t.otherPage();
    await open(joiner, edit.replace(t.origin, await t.site.origin()));
    await waitUntilLive(joiner);
    await waitUntil(
      () => notepadText(joiner),
      (shown) => shown === whole,
      "the whole text in the joiner's tab",
      CONVERGE_MS,
    );
    await waitForControl(joiner, { role: "button", name: "Close Live document" });

    // The live code was asked for once, and before the editor was made (not after its tabs).
    const order = await joiner.evaluate((source) => {
      const chunks = performance
        .getEntriesByType("resource")
        .filter((entry) => new RegExp(source).test(new URL(entry.name).pathname));
      return {
        asked: chunks.length,
        chunkAskedAt: chunks[0]?.startTime ?? null,
        editorMadeAt: (window as unknown as { __engineProbe: { editorMadeAt: number | null } })
          .__engineProbe.editorMadeAt,
      };
    }, LIVE_CHUNK.source);
    expect(order.asked).toBe(1);
    expect(order.chunkAskedAt).not.toBeNull();
    expect(order.editorMadeAt).not.toBeNull();
    expect(order.chunkAskedAt!).toBeLessThan(order.editorMadeAt!);
  });
});
