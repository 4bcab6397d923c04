/**
 * What each editor remembers to keep its text safe beyond the browser's storage: when its
 * documents were first stored and last edited, when they were last backed up, and whether
 * Safari's seven-day rule was told. Feeds the Safari notice and the status bar's backup
 * reminder (`app/ui/keep-safe.tsx`). Pure functions over a small localStorage record.
 */

export type KeepSafeCollection = "editor" | "notepad";

export interface KeepSafeRecord {
  /** The first time a document with text was stored (ms since the epoch). */
  firstStoredAt: number | null;
  /** The last stored edit. */
  lastEditAt: number | null;
  /** The last backup: the notepad's backup .zip, or for the editor a save or download. */
  lastBackupAt: number | null;
  /** When the backup reminder was last dismissed. */
  reminderDismissedAt: number | null;
  /** Safari's seven-day rule has been told once. */
  safariNoticeSeen: boolean;
}

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Edits closer together than this do not rewrite the record (a save comes every 0.7 s). */
const EDIT_NOTE_INTERVAL_MS = 60 * 1000;

const EMPTY: KeepSafeRecord = {
  firstStoredAt: null,
  lastEditAt: null,
  lastBackupAt: null,
  reminderDismissedAt: null,
  safariNoticeSeen: false,
};

type LocalStore = Pick<Storage, "getItem" | "setItem">;

export function keepSafeKey(collection: KeepSafeCollection): string {
  return `plainpad-keep-safe-${collection}`;
}

function localStore(): LocalStore | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const timeOrNull = (value: unknown) => (typeof value === "number" ? value : null);

export function readKeepSafe(
  collection: KeepSafeCollection,
  local: LocalStore | undefined = localStore(),
): KeepSafeRecord {
  try {
    const raw = local?.getItem(keepSafeKey(collection));
    if (!raw) return { ...EMPTY };
    const value = JSON.parse(raw) as Record<string, unknown>;
    return {
      firstStoredAt: timeOrNull(value.firstStoredAt),
      lastEditAt: timeOrNull(value.lastEditAt),
      lastBackupAt: timeOrNull(value.lastBackupAt),
      reminderDismissedAt: timeOrNull(value.reminderDismissedAt),
      safariNoticeSeen: value.safariNoticeSeen === true,
    };
  } catch {
    // Unreadable: start again (it only holds dates; no text is lost).
    return { ...EMPTY };
  }
}

function update(
  collection: KeepSafeCollection,
  change: (record: KeepSafeRecord) => KeepSafeRecord | null,
  local: LocalStore | undefined = localStore(),
): void {
  const next = change(readKeepSafe(collection, local));
  if (!next) return;
  try {
    local?.setItem(keepSafeKey(collection), JSON.stringify(next));
  } catch {
    // Full or blocked: the reminder is a convenience; the documents are stored elsewhere.
  }
}

/** When this page last wrote a collection's edit time: saves come every 0.7 s while typing. */
const notedInThisPage = new Map<KeepSafeCollection, number>();

/** A document of this collection was stored after an edit. */
export function noteStored(collection: KeepSafeCollection, now: number, local?: LocalStore): void {
  // Without reading localStorage at every save: this page noted an edit less than a minute ago.
  const noted = notedInThisPage.get(collection);
  if (local === undefined && noted !== undefined && now - noted < EDIT_NOTE_INTERVAL_MS) return;
  if (local === undefined) notedInThisPage.set(collection, now);
  update(
    collection,
    (record) =>
      record.lastEditAt !== null && now - record.lastEditAt < EDIT_NOTE_INTERVAL_MS
        ? null
        : { ...record, firstStoredAt: record.firstStoredAt ?? now, lastEditAt: now },
    local,
  );
}

export function noteBackup(collection: KeepSafeCollection, now: number, local?: LocalStore): void {
  update(collection, (record) => ({ ...record, lastBackupAt: now }), local);
}

export function dismissBackupReminder(
  collection: KeepSafeCollection,
  now: number,
  local?: LocalStore,
): void {
  update(collection, (record) => ({ ...record, reminderDismissedAt: now }), local);
}

export function noteSafariNoticeSeen(collection: KeepSafeCollection, local?: LocalStore): void {
  update(collection, (record) => ({ ...record, safariNoticeSeen: true }), local);
}

/**
 * The status bar offers a backup when documents changed after the last backup and that backup
 * (or, with none, the first stored document) is a week old or more, unless the reminder was
 * dismissed less than a week ago.
 */
export function backupReminderDue(record: KeepSafeRecord, now: number): boolean {
  if (record.lastEditAt === null) return false;
  if (record.lastBackupAt !== null && record.lastEditAt <= record.lastBackupAt) return false;
  const since = record.lastBackupAt ?? record.firstStoredAt ?? record.lastEditAt;
  if (now - since < WEEK_MS) return false;
  return record.reminderDismissedAt === null || now - record.reminderDismissedAt >= WEEK_MS;
}

/** Whole days from `then` to `now`. */
export function daysSince(then: number, now: number): number {
  return Math.max(0, Math.floor((now - then) / (24 * 60 * 60 * 1000)));
}

/**
 * Safari itself, on a Mac, iPhone or iPad (and WebKitGTK, the same engine): the browsers that
 * clear a site's storage after seven days without a visit. Chrome, Edge and Firefox on iOS use
 * WebKit too but name themselves (CriOS, EdgiOS, FxiOS) and keep their own rules.
 */
export function isSafariEngine(userAgent: string): boolean {
  if (!/AppleWebKit\//.test(userAgent)) return false;
  return !/Chrome\/|Chromium\/|CriOS|EdgiOS|EdgA?\/|FxiOS|OPR\/|OPiOS|SamsungBrowser|Android/.test(
    userAgent,
  );
}

/** Running as an installed app (Home Screen, Dock, or a desktop app window). */
export function runsInstalled(win: Window | undefined = globalThis.window): boolean {
  if (!win) return false;
  const standaloneFlag = (win.navigator as Navigator & { standalone?: boolean }).standalone;
  return (
    standaloneFlag === true ||
    win.matchMedia?.("(display-mode: standalone)").matches === true ||
    win.matchMedia?.("(display-mode: minimal-ui)").matches === true
  );
}

/** Say Safari's rule: Safari, not installed, not said before. */
export function safariNoticeDue(
  record: KeepSafeRecord,
  userAgent: string,
  installed: boolean,
): boolean {
  return !record.safariNoticeSeen && !installed && isSafariEngine(userAgent);
}
