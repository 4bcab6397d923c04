import { describe, expect, it } from "vitest";
import {
  backupReminderDue,
  daysSince,
  dismissBackupReminder,
  isSafariEngine,
  keepSafeKey,
  noteBackup,
  noteSafariNoticeSeen,
  noteStored,
  readKeepSafe,
  safariNoticeDue,
  WEEK_MS,
} from "./keep-safe";
import { memoryStorage } from "./memory-storage-test-support";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 1);

const USER_AGENTS = {
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Safari/605.1.15",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1",
  webkitGtk:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
  chrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0",
  chromeIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/156.0 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0",
  android:
    "Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
};

describe("keeping text safe beyond the browser", () => {
  it("recognises Safari's engine and nothing else", () => {
    expect(isSafariEngine(USER_AGENTS.safariMac)).toBe(true);
    expect(isSafariEngine(USER_AGENTS.safariIphone)).toBe(true);
    expect(isSafariEngine(USER_AGENTS.webkitGtk)).toBe(true);
    for (const other of ["chrome", "edge", "chromeIos", "firefox", "android"] as const) {
      expect(isSafariEngine(USER_AGENTS[other]), other).toBe(false);
    }
  });

  it("tells Safari's rule once, and never to an installed app", () => {
    const local = memoryStorage();
    const record = readKeepSafe("notepad", local);
    expect(safariNoticeDue(record, USER_AGENTS.safariMac, false)).toBe(true);
    expect(safariNoticeDue(record, USER_AGENTS.safariMac, true)).toBe(false);
    expect(safariNoticeDue(record, USER_AGENTS.firefox, false)).toBe(false);
    noteSafariNoticeSeen("notepad", local);
    expect(safariNoticeDue(readKeepSafe("notepad", local), USER_AGENTS.safariMac, false)).toBe(
      false,
    );
    // Each editor tells it once: the simple editor has not yet.
    expect(safariNoticeDue(readKeepSafe("editor", local), USER_AGENTS.safariMac, false)).toBe(true);
  });

  it("offers a backup a week after the first edit, and a week after the last backup", () => {
    const local = memoryStorage();
    expect(backupReminderDue(readKeepSafe("editor", local), T0)).toBe(false);
    noteStored("editor", T0, local);
    expect(backupReminderDue(readKeepSafe("editor", local), T0 + 6 * DAY)).toBe(false);
    expect(backupReminderDue(readKeepSafe("editor", local), T0 + 7 * DAY)).toBe(true);

    noteBackup("editor", T0 + 8 * DAY, local);
    // Nothing changed since the backup: no reminder, however long ago.
    expect(backupReminderDue(readKeepSafe("editor", local), T0 + 30 * DAY)).toBe(false);
    noteStored("editor", T0 + 9 * DAY, local);
    expect(backupReminderDue(readKeepSafe("editor", local), T0 + 14 * DAY)).toBe(false);
    expect(backupReminderDue(readKeepSafe("editor", local), T0 + 15 * DAY)).toBe(true);
  });

  it("a dismissed reminder stays away for a week", () => {
    const local = memoryStorage();
    noteStored("notepad", T0, local);
    dismissBackupReminder("notepad", T0 + 8 * DAY, local);
    expect(backupReminderDue(readKeepSafe("notepad", local), T0 + 14 * DAY)).toBe(false);
    expect(backupReminderDue(readKeepSafe("notepad", local), T0 + 15 * DAY)).toBe(true);
  });

  it("edits less than a minute apart do not rewrite the record", () => {
    const local = memoryStorage();
    noteStored("notepad", T0, local);
    noteStored("notepad", T0 + 30_000, local);
    expect(readKeepSafe("notepad", local)).toMatchObject({ firstStoredAt: T0, lastEditAt: T0 });
    noteStored("notepad", T0 + 61_000, local);
    expect(readKeepSafe("notepad", local).lastEditAt).toBe(T0 + 61_000);
  });

  it("an unreadable record starts again, and days are whole days", () => {
    const local = memoryStorage();
    local.setItem(keepSafeKey("editor"), "{broken");
    expect(readKeepSafe("editor", local)).toEqual({
      firstStoredAt: null,
      lastEditAt: null,
      lastBackupAt: null,
      reminderDismissedAt: null,
      safariNoticeSeen: false,
    });
    expect(daysSince(T0, T0 + WEEK_MS + DAY / 2)).toBe(7);
  });
});
