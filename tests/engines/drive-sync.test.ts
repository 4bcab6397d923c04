// The notepad's Google Drive sync on two computers (issue 50 §4), in Firefox and WebKit: two
// pages on two origins (two computers, each with its own storage) share the one fake Drive
// (tests/support/drive-model.ts), which the site server answers for the page (fake-google.js).
// The first computer's tab reaches Drive, the second brings it in, and edits made on each side
// reach the other, merged.
import { afterEach, describe, expect, it } from "vitest";
import { DriveModel } from "../support/drive-model";
import { type EnginePage, runnableEngines, waitUntil } from "./engine";
import { clickWhenShown, notepadText, open, useEngine } from "./plainpad";

/** File › Sync with Google Drive › Manual only, then the dialog's choice (its click signs in). */
async function turnOnSync(page: EnginePage, scope: "Sync all tabs" | "Sync only this tab") {
  await clickWhenShown(page, { role: "menuitem", name: "File" });
  await clickWhenShown(page, { role: "menuitem", name: "Sync with Google Drive" });
  await clickWhenShown(page, { role: "menuitem", name: "Manual only" });
  await clickWhenShown(page, {
    role: "button",
    name: scope,
    within: { role: "dialog", name: "Sync with Google Drive" },
  });
}

/** The texts of the notepad's tabs, by name (from its engine, exact). */
function tabTexts(page: EnginePage): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const notepad = (
      window as unknown as {
        __plainpadNotepad?: {
          store: { getState(): { tabs: { tabs: { id: string; name: string }[] } } };
          getContent(id: string): string;
        };
      }
    ).__plainpadNotepad;
    const texts: Record<string, string> = {};
    for (const tab of notepad?.store.getState().tabs.tabs ?? [])
      texts[tab.name] = notepad!.getContent(tab.id);
    return texts;
  });
}

/** Shows tab `name` and types `text` at the end of it. */
async function typeAtEnd(page: EnginePage, name: string, text: string) {
  // Shown as "name*" while modified.
  await clickWhenShown(page, { css: "[data-tab-id]", name: `^${name}\\*?$`, nameMatches: true });
  await clickWhenShown(page, { role: "textbox", name: "Document text" });
  await page.press("Control+End");
  await page.type(text);
}

function driveText(drive: DriveModel, name: string): Promise<string | null> {
  const file = drive.fileNamed(name);
  return Promise.resolve(file ? drive.text(file.id) : null);
}

describe.each(runnableEngines())("%s: Drive sync on two computers", (engine) => {
  const t = useEngine(engine);
  afterEach(() => {
    t.site.fakeDrive = null;
  });

  it("a synced tab is brought in on the second computer, and edits on each side reach the other", async () => {
    const drive = new DriveModel();
    t.site.fakeDrive = drive;
    const work = t.page;
    await open(work, `${t.origin}/online-notepad/`);
    // Its stored tabs read first: a tab made while they load would be replaced by them.
    await waitUntil(
      () => notepadText(work),
      (text) => text !== null,
      "the notepad's tabs",
    );
    // A tab named apart from the new tab every notepad starts with.
    await work.evaluate(() => {
      (
        window as unknown as { __plainpadNotepad: { tabs: { newTab(n: string, t: string): void } } }
      ).__plainpadNotepad.tabs.newTab("Plans", "Line one");
    });
    await typeAtEnd(work, "Plans", "\nLine two");
    await turnOnSync(work, "Sync all tabs");
    await waitUntil(
      () => driveText(drive, "Plans.txt"),
      (text) => text === "Line one\nLine two",
      "the work computer's tab in Drive",
      60_000,
    );

    // At home (another origin: its own storage): sign in, bring in the synced tab.
    const home = await t.otherPage();
    await open(home, `${await t.site.origin()}/online-notepad/`);
    await turnOnSync(home, "Sync only this tab");
    await clickWhenShown(home, {
      role: "button",
      name: "^Bring in your \\d+ synced tabs?$",
      nameMatches: true,
    });
    await waitUntil(
      () => tabTexts(home),
      (texts) => texts.Plans === "Line one\nLine two",
      "the brought-in tab at home",
      60_000,
    );
    expect((await tabTexts(home)).Plans).toBe("Line one\nLine two");

    // Home adds a line and syncs (F9); Drive has it, and work gets it at its next sync.
    await typeAtEnd(home, "Plans", "\nLine three (home)");
    await home.press("F9");
    await waitUntil(
      () => driveText(drive, "Plans.txt"),
      (text) => text === "Line one\nLine two\nLine three (home)",
      "home's line in Drive",
      60_000,
    );
    await work.press("F9");
    await waitUntil(
      () => tabTexts(work),
      (texts) => texts.Plans === "Line one\nLine two\nLine three (home)",
      "home's line at work",
      60_000,
    );
    expect(drive.seen.every((request) => request.status < 400)).toBe(true);
  });
});
