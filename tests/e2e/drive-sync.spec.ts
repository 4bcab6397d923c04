import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures";
import {
  closeMenus,
  renameActiveTab,
  expectDriveText,
  openComputer,
  openComputerWithTwoTabs,
  openSyncMenu,
  syncNow,
  DriveModel,
  driveText,
  tabItem,
  tabMark,
  tabText,
  turnOnSync,
  typeAtEnd,
} from "./drive-sync-helpers";

/**
 * The notepad synced with Google Drive in the background (issue 45), against a fake Drive that
 * keeps files, revisions and a changes feed (tests/support/drive-model.ts): turning it on, each
 * interval, the tab's own check, and what goes wrong (the token expires, offline, a rate
 * limit), then 100 tabs at once. Two computers are in drive-sync-computers.spec.ts.
 */

test.describe.configure({ timeout: 120_000 });

test("Real-time: turning sync on signs in from the dialog's click, puts the tabs in Drive, and edits follow when typing rests", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputer(browser, drive);
  await typeAtEnd(page, "Untitled-1", "First words");
  // Off by default: the menu says so and nothing reached Google.
  await openSyncMenu(page);
  await expect(page.getByRole("menuitemradio", { name: "Off" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await closeMenus(page);
  expect(drive.seen).toEqual([]);

  await turnOnSync(page, "Real-time", "all");
  expect(drive.tokensGranted).toBe(1);
  await expectDriveText(drive, "Untitled-1.txt", "First words");
  await expect(tabMark(page, "Untitled-1")).toHaveText("Synced");
  await expect(page.getByTestId("drive-sync-summary")).toContainText("last synced");
  await expectNoSeriousA11yViolations(page, "with a synced tab");
  // The synced tab list is kept beside the files, for the other computers.
  expect(drive.fileNamed("Plainpad synced tabs.json")).toBeDefined();

  await typeAtEnd(page, "Untitled-1", ", then more");
  await expectDriveText(drive, "Untitled-1.txt", "First words, then more");
  await expect(tabMark(page, "Untitled-1")).toHaveText("Synced");

  // The menu shows the interval chosen, as one radio group.
  await openSyncMenu(page);
  await expect(page.getByRole("menuitemradio", { name: "Real-time" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(page.getByRole("menuitemradio", { name: "Off" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await closeMenus(page);
  await context.close();
});

for (const { label, ms } of [
  { label: "Every 30 seconds", ms: 30_000 },
  { label: "Every 5 minutes", ms: 300_000 },
] as const) {
  test(`${label}: an edit reaches Drive at the next interval, not before`, async ({ browser }) => {
    const drive = new DriveModel();
    const { context, page } = await openComputer(browser, drive, { clock: true });
    await typeAtEnd(page, "Untitled-1", "v1");
    await turnOnSync(page, label, "all");
    await expectDriveText(drive, "Untitled-1.txt", "v1");
    await expect(tabMark(page, "Untitled-1")).toHaveText("Synced");

    await typeAtEnd(page, "Untitled-1", " v2");
    // Well past Real-time's rest, short of the interval: Drive still has the first text.
    await page.clock.runFor(10_000);
    await page.waitForTimeout(1_000);
    expect(driveText(drive, "Untitled-1.txt")).toBe("v1");
    await page.clock.runFor(ms);
    await expectDriveText(drive, "Untitled-1.txt", "v1 v2");
    await context.close();
  });
}

test("Manual only: edits wait for Sync now (F9 or Ctrl+Alt+S), not for the clock", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputer(browser, drive, { clock: true });
  await typeAtEnd(page, "Untitled-1", "kept");
  await turnOnSync(page, "Manual only", "all");
  await expectDriveText(drive, "Untitled-1.txt", "kept");

  await typeAtEnd(page, "Untitled-1", " here");
  await page.clock.runFor(600_000);
  await page.waitForTimeout(1_000);
  expect(driveText(drive, "Untitled-1.txt")).toBe("kept");
  await syncNow(page);
  await expectDriveText(drive, "Untitled-1.txt", "kept here");

  await typeAtEnd(page, "Untitled-1", " and there");
  await page.keyboard.press("Control+Alt+s");
  await expectDriveText(drive, "Untitled-1.txt", "kept here and there");
  await context.close();
});

test("a tab's right-click menu takes it out of the sync and back in; turning sync off keeps tabs and files", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputerWithTwoTabs(browser, drive, "one", "two");
  await turnOnSync(page, "Manual only", "active");
  // Only the active tab was taken in.
  await expectDriveText(drive, "Untitled-2.txt", "two");
  await expect(tabMark(page, "Untitled-2")).toHaveText("Synced");
  await expect(tabMark(page, "Untitled-1")).toHaveCount(0);
  expect(drive.fileNamed("Untitled-1.txt")).toBeUndefined();

  await tabItem(page, "Untitled-1").getByRole("button").first().click({ button: "right" });
  const item = page.getByRole("menuitemcheckbox", { name: "Sync this tab with Google Drive" });
  await expect(item).toHaveAttribute("aria-checked", "false");
  await item.click();
  await syncNow(page);
  await expectDriveText(drive, "Untitled-1.txt", "one");
  await expect(tabMark(page, "Untitled-1")).toHaveText("Synced");

  await tabItem(page, "Untitled-1").getByRole("button").first().click({ button: "right" });
  await expect(item).toHaveAttribute("aria-checked", "true");
  await item.click();
  await expect(tabMark(page, "Untitled-1")).toHaveCount(0);

  await openSyncMenu(page);
  await page.getByRole("menuitemradio", { name: "Off" }).click();
  await expect(page.getByTestId("drive-sync-status")).toHaveCount(0);
  await expect(tabMark(page, "Untitled-2")).toHaveCount(0);
  expect(await tabText(page, "Untitled-1")).toBe("one");
  expect(await tabText(page, "Untitled-2")).toBe("two");
  expect(driveText(drive, "Untitled-2.txt")).toBe("two");
  await context.close();
});

test("renaming a synced tab renames its Drive file; closing it stops syncing and keeps the file", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputerWithTwoTabs(
    browser,
    drive,
    "first tab",
    "Notes to keep",
  );
  await turnOnSync(page, "Manual only", "all");
  await expectDriveText(drive, "Untitled-2.txt", "Notes to keep");
  const fileId = drive.fileNamed("Untitled-2.txt")?.id;

  await renameActiveTab(page, "Meeting notes");
  await syncNow(page);
  await expect.poll(() => drive.files.get(fileId ?? "")?.name).toBe("Meeting notes.txt");
  expect(drive.fileNamed("Untitled-2.txt")).toBeUndefined();

  page.on("dialog", (dialog) => void dialog.accept());
  await tabItem(page, "Meeting notes").getByRole("button", { name: "Close Meeting notes" }).click();
  await expect(tabItem(page, "Meeting notes")).toHaveCount(0);
  await syncNow(page);
  await expect(tabMark(page, "Untitled-1")).toHaveText("Synced");
  expect(drive.text(fileId ?? "")).toBe("Notes to keep");
  await context.close();
});

test("the token expires: the tab shows Not connected, edits wait, Reconnect to keep syncing sends them", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputer(browser, drive, { clock: true });
  await typeAtEnd(page, "Untitled-1", "before");
  await turnOnSync(page, "Manual only", "all");
  await expectDriveText(drive, "Untitled-1.txt", "before");

  // The first run over (its tab list written too), an hour later Google's token has run out,
  // here and at Google.
  await expect(page.getByTestId("drive-sync-summary")).toContainText("Drive: synced");
  await expect.poll(() => drive.fileNamed("Plainpad synced tabs.json")).toBeDefined();
  drive.revokeTokens();
  await page.clock.fastForward("01:00:00");
  await typeAtEnd(page, "Untitled-1", " during");
  await syncNow(page);
  const reconnect = page
    .getByTestId("status-bar")
    .getByRole("button", { name: "Reconnect to keep syncing" });
  await expect(reconnect).toBeVisible();
  await expect(tabMark(page, "Untitled-1")).toContainText("Not connected");
  expect(driveText(drive, "Untitled-1.txt")).toBe("before");
  // Typing goes on meanwhile.
  await typeAtEnd(page, "Untitled-1", " waiting");

  await reconnect.click();
  await expectDriveText(drive, "Untitled-1.txt", "before during waiting");
  await expect(reconnect).toBeHidden();
  await expect(tabMark(page, "Untitled-1")).toHaveText("Synced");
  expect(drive.tokensGranted).toBe(2);
  await context.close();
});

test("offline: the status says so and the text stays; back online, the edits reach Drive", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputer(browser, drive);
  await typeAtEnd(page, "Untitled-1", "online");
  await turnOnSync(page, "Manual only", "all");
  await expectDriveText(drive, "Untitled-1.txt", "online");

  await context.setOffline(true);
  await typeAtEnd(page, "Untitled-1", ", offline");
  await syncNow(page);
  await expect(page.getByTestId("drive-sync-summary")).toContainText("You are offline");
  expect(await tabText(page, "Untitled-1")).toBe("online, offline");

  await context.setOffline(false);
  await syncNow(page);
  await expectDriveText(drive, "Untitled-1.txt", "online, offline");
  await expect(page.getByTestId("drive-sync-summary")).not.toContainText("offline");
  await context.close();
});

test("a rate limit: the status says Google asked to slow down, and the edit goes once Drive takes it", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputer(browser, drive, { clock: true });
  await typeAtEnd(page, "Untitled-1", "steady");
  await turnOnSync(page, "Manual only", "all");
  await expectDriveText(drive, "Untitled-1.txt", "steady");

  // More 429s than the request layer retries on its own.
  for (let i = 0; i < 6; i++)
    drive.faults.push({ kind: "any", status: 429, reason: "rateLimitExceeded" });
  await typeAtEnd(page, "Untitled-1", " pace");
  await syncNow(page);
  await expect(page.getByTestId("drive-sync-summary")).toContainText("slow down", {
    timeout: 20_000,
  });
  expect(await tabText(page, "Untitled-1")).toBe("steady pace");
  // The backoff's waits pass; the next runs get through.
  for (let i = 0; i < 8 && drive.faults.length > 0; i++) await page.clock.runFor(20_000);
  await page.clock.runFor(20_000);
  await syncNow(page);
  await expectDriveText(drive, "Untitled-1.txt", "steady pace");
  await context.close();
});

test("100 tabs turned on at once: every one reaches Drive as its own file and shows Synced", async ({
  browser,
}) => {
  const drive = new DriveModel();
  const { context, page } = await openComputer(browser, drive);
  await page.evaluate(() => {
    const notepad = (
      window as unknown as {
        __plainpadNotepad: { tabs: { newTab(name: string, text: string): string | null } };
      }
    ).__plainpadNotepad;
    for (let i = 2; i <= 100; i++) notepad.tabs.newTab(`Tab ${i}`, `Text of tab ${i}\nline two`);
  });
  await typeAtEnd(page, "Untitled-1", "Text of tab 1");
  await turnOnSync(page, "Manual only", "all");
  const texts = () =>
    Object.entries(drive.textsIn()).filter(([name]) => name.endsWith(".txt")).length;
  await expect.poll(texts, { timeout: 90_000 }).toBe(100);
  const files = drive.textsIn();
  expect(files["Untitled-1.txt"]).toBe("Text of tab 1");
  for (let i = 2; i <= 100; i++) expect(files[`Tab ${i}.txt`]).toBe(`Text of tab ${i}\nline two`);
  await expect(page.getByTestId("tab-sync-status").filter({ hasText: /^Synced$/ })).toHaveCount(
    100,
    { timeout: 30_000 },
  );
  await context.close();
});
