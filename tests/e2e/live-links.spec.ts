import { readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import {
  convergedText,
  freshEditor,
  joinLink,
  liveStatus,
  openLiveDialog,
  shownText,
  startedSession,
  startLiveSession,
  typeAt,
} from "./live-helpers";

/**
 * Live collaboration links (issue 44): late join, view-only, what the relay sees, damaged links,
 * who is here, and an undo that undoes only one's own edits.
 */

/** Every file under `dir` (the relay's data folder), read whole. */
function filesUnder(dir: string): Buffer[] {
  const found: Buffer[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) found.push(...filesUnder(file));
    else found.push(readFileSync(file));
  }
  return found;
}

/** The relay's data folder of this run (as playwright.config.ts gives it to the server). */
function relayDataDir(): string {
  const port = Number(process.env.E2E_PORT ?? 4173);
  return path.join(tmpdir(), `plainpad-relay-e2e-${port}`);
}

/** Collects every WebSocket frame a page sends or receives, as bytes. */
function recordFrames(page: Page, frames: Buffer[]): void {
  page.on("websocket", (socket) => {
    socket.on("framesent", ({ payload }) => frames.push(Buffer.from(payload)));
    socket.on("framereceived", ({ payload }) => frames.push(Buffer.from(payload)));
  });
}

test("a late joiner gets the whole text after everyone closed", async ({ browser }) => {
  const { edit, ...first } = await startedSession(
    browser,
    "notepad",
    "Written before anyone else came.",
    "Ada",
  );
  const second = await joinLink(browser, edit, "Bob");
  await typeAt(second.page, "ControlOrMeta+End", " And Bob added this.");
  const text = await convergedText([first.page, second.page]);
  expect(text).toBe("Written before anyone else came. And Bob added this.");
  await second.context.close();
  await first.context.close();

  const late = await joinLink(browser, edit, "Cy");
  await expect.poll(() => shownText(late.page)).toBe(text);
  // It opened as a notepad tab, and the secret is not left in the address bar.
  expect(new URL(late.page.url()).hash).toBe("");
  await late.context.close();
});

test("the view-only link is read-only for the viewer and changes nothing for anyone", async ({
  browser,
}) => {
  const { view, ...owner } = await startedSession(
    browser,
    "editor",
    "Only the owner writes here.",
    "Owner",
  );
  expect(view).toContain("/editor/#live=v.");
  const viewer = await joinLink(browser, view, "Viewer");
  await expect(liveStatus(viewer.page)).toContainText("View only");
  await viewer.page.locator(".cm-content").click();
  await viewer.page.keyboard.type("viewer typing");
  await viewer.page.keyboard.press("Backspace");
  await typeAt(owner.page, "ControlOrMeta+End", " Still.");
  const text = await convergedText([owner.page, viewer.page]);
  expect(text).toBe("Only the owner writes here. Still.");
  await expect(liveStatus(viewer.page).getByRole("status")).toHaveText("Live");
  await viewer.context.close();
  await owner.context.close();
});

test("no WebSocket frame and no byte the relay keeps holds a word of the text", async ({
  browser,
}) => {
  const marker = `zebracrossing${Date.now()}`;
  const frames: Buffer[] = [];
  const first = await freshEditor(browser, "notepad");
  recordFrames(first.page, frames);
  await first.page.locator(".cm-content").click();
  await first.page.keyboard.type(`The secret word is ${marker}.`);
  const { edit } = await startLiveSession(first.page, "notepad", "Ada");
  const second = await joinLink(browser, edit, "Bob");
  recordFrames(second.page, frames);
  await typeAt(second.page, "ControlOrMeta+End", ` Bob says ${marker} too.`);
  const text = await convergedText([first.page, second.page]);
  expect(text).toContain(`Bob says ${marker} too.`);
  expect(frames.length).toBeGreaterThan(0);
  const needle = Buffer.from(marker, "utf8");
  expect(frames.filter((frame) => frame.includes(needle))).toEqual([]);
  const stored = filesUnder(relayDataDir());
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.filter((bytes) => bytes.includes(needle))).toEqual([]);
  await second.context.close();
  await first.context.close();
});

test("a damaged link says so in the page, in both editors", async ({ page }) => {
  for (const editorPath of ["/online-notepad/", "/editor/"]) {
    await page.goto(`${editorPath}#live=e.AAAAbroken`);
    await waitForHydration(page);
    await expect(page.getByText("This live link is damaged or incomplete.")).toBeVisible();
    expect(new URL(page.url()).hash).toBe("");
  }
});

test("the status shows who is here, with names on hover and focus", async ({ browser }) => {
  const first = await freshEditor(browser, "editor");
  await startLiveSession(first.page, "editor", "Ada");
  const dialogLinks = await (async () => {
    await openLiveDialog(first.page, "editor");
    const dialog = first.page.getByRole("dialog", { name: "Live collaboration" });
    const edit = await dialog.getByLabel("Edit link", { exact: true }).inputValue();
    await first.page.keyboard.press("Escape");
    return edit;
  })();
  const second = await joinLink(browser, dialogLinks);
  // The joiner gives a name in the status popover.
  await liveStatus(second.page).getByRole("button", { name: /here/ }).click();
  await second.page
    .getByRole("dialog", { name: "People here" })
    .getByLabel("Your name")
    .fill("Bob");
  await second.page.getByRole("button", { name: "Set name" }).click();

  const here = liveStatus(first.page).getByRole("button", { name: /here/ });
  await expect(here).toHaveText("2 here");
  await here.focus();
  await expect(liveStatus(first.page).getByText("Ada (you), Bob")).toBeVisible();
  await expect(here).toHaveAccessibleDescription("Ada (you), Bob");
  await first.page.mouse.move(0, 0);
  await here.hover();
  await expect(liveStatus(first.page).getByText("Ada (you), Bob")).toBeVisible();
  await second.context.close();
  await first.context.close();
});

test("Undo undoes only one's own edit", async ({ browser }) => {
  const { edit, ...first } = await startedSession(browser, "notepad", "top\nbottom", "Ada");
  const second = await joinLink(browser, edit, "Bob");
  await first.page.locator(".cm-content").click();
  await first.page.keyboard.press("ControlOrMeta+Home");
  await first.page.keyboard.press("End");
  // One input (as a paste or an IME commit makes): one undo step however slowly the machine
  // runs. Typed key by key, the letters fell into separate undo groups on a busy machine
  // (Yjs groups edits less than 500 ms apart), and one Undo left "top AD".
  await first.page.keyboard.insertText(" ADA");
  await convergedText([first.page, second.page]);
  await typeAt(second.page, "ControlOrMeta+End", " BOB");
  expect(await convergedText([first.page, second.page])).toBe("top ADA\nbottom BOB");
  // Bob's cursor shows in Ada's editor, named, in a colour of ours (issue 49 §6 draws it).
  const bobCaret = first.page.locator(".cm-ySelectionCaret", { hasText: "Bob" });
  await expect(bobCaret).toHaveCount(1);
  expect(await bobCaret.evaluate((caret) => caret.style.backgroundColor)).toMatch(/^rgb\(/);
  await first.page.keyboard.press("ControlOrMeta+z");
  expect(await convergedText([first.page, second.page])).toBe("top\nbottom BOB");
  await second.context.close();
  await first.context.close();
});
