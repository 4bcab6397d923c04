import { describe, expect, it } from "vitest";
import { runnableEngines, waitUntil } from "./engine";
import {
  clickWhenShown,
  notepadText,
  open,
  runMenu,
  typeDocument,
  useEngine,
  waitForControl,
  waitForNotepadStored,
} from "./plainpad";

const SAFARI_NOTICE = "Safari deletes a website's stored data";

const bodyText = (t: { page: { evaluate: <T>(fn: () => T) => Promise<T> } }) =>
  t.page.evaluate(() => document.body.innerText);

describe.each(runnableEngines())("%s: keeping the text beyond the browser's storage", (engine) => {
  const t = useEngine(engine);

  it("the first stored tab asks to keep storage, and About › Storage says what the browser answered", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    expect(await t.page.evaluate(() => localStorage.getItem("plainpad-storage-persistence"))).toBe(
      null,
    );
    await typeDocument(t.page, "Keep this");
    await waitUntil(
      () => notepadText(t.page),
      (text) => text === "Keep this",
      "typed",
    );
    await waitForNotepadStored(t.page);
    const canAsk = await t.page.evaluate(() => typeof navigator.storage?.persist === "function");
    // Firefox has it; WebKitGTK's MiniBrowser has no navigator.storage at all.
    expect(canAsk).toBe(engine === "firefox");
    if (!canAsk) {
      await runMenu(t.page, "Help", "About");
      await waitUntil(
        () => bodyText(t),
        (text) => text.includes("Kept for good: unknown"),
        "unknown",
      );
      expect(
        await t.page.evaluate(() => localStorage.getItem("plainpad-storage-persistence")),
      ).toBe(null);
      return;
    }
    const record = await waitUntil(
      () => t.page.evaluate(() => localStorage.getItem("plainpad-storage-persistence")),
      (value) => value !== null,
      "the request's answer",
    );
    const answer = JSON.parse(record ?? "{}") as { reason: string; granted: boolean };
    expect(answer.reason).toBe("first-document");
    // Firefox's prompt is answered Allow by the test preferences (firefox.ts).
    expect(answer.granted).toBe(true);
    expect(await t.page.evaluate(() => navigator.storage.persisted())).toBe(true);
    await runMenu(t.page, "Help", "About");
    await waitUntil(
      () => bodyText(t),
      (text) => text.includes("Kept for good: yes"),
      "yes",
    );
  });

  it("Safari's seven-day rule is told once in WebKit, and not in Firefox", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    await waitUntil(
      () => notepadText(t.page),
      (text) => text !== null,
      "the notepad",
    );
    if (engine === "firefox") {
      expect(await bodyText(t)).not.toContain(SAFARI_NOTICE);
      return;
    }
    await waitUntil(
      () => bodyText(t),
      (text) => text.includes(SAFARI_NOTICE),
      "the Safari notice",
    );
    await clickWhenShown(t.page, { role: "button", name: "Got it" });
    await waitUntil(
      () => bodyText(t),
      (text) => !text.includes(SAFARI_NOTICE),
      "dismissed",
    );
    await t.page.reload();
    await waitUntil(
      () => notepadText(t.page),
      (text) => text !== null,
      "the notepad again",
    );
    expect(await bodyText(t)).not.toContain(SAFARI_NOTICE);
    // The simple editor says it once too.
    await open(t.page, `${t.origin}/editor/`);
    await waitUntil(
      () => bodyText(t),
      (text) => text.includes(SAFARI_NOTICE),
      "the editor's notice",
    );
  });

  it("File › Keep copies in a folder… explains that this browser cannot, and offers the backup", async () => {
    await open(t.page, `${t.origin}/online-notepad/`);
    await waitUntil(
      () => notepadText(t.page),
      (text) => text !== null,
      "the notepad",
    );
    await runMenu(t.page, "File", "Keep copies in a folder…");
    await waitUntil(
      () => bodyText(t),
      (text) => text.includes("This browser cannot write into a folder on your computer"),
      "the explanation",
    );
    await clickWhenShown(t.page, {
      role: "button",
      name: "Back up all documents",
      within: { role: "dialog", name: "Keep copies in a folder" },
    });
    await waitForControl(t.page, { role: "dialog", name: "Back up all documents" });
  });
});
