import { useEffect, useState } from "react";
import {
  backupReminderDue,
  daysSince,
  dismissBackupReminder,
  type KeepSafeCollection,
  noteSafariNoticeSeen,
  readKeepSafe,
  runsInstalled,
  safariNoticeDue,
} from "~/storage/keep-safe";

interface KeepSafeProps {
  collection: KeepSafeCollection;
  /** The editor's way to back up: the notepad's backup .zip, the editor's download. */
  onBackUp: () => void;
}

const WHAT = {
  notepad: { these: "these tabs", backUp: "Back up all documents" },
  editor: { these: "this document", backUp: "Download a copy" },
} as const;

/**
 * Safari clears all of a site's stored data after seven days without a visit unless the site
 * is added to the Home Screen or the Dock. Said per editor, calmly, with both remedies, on each
 * visit until the user answers it ("Got it" or the backup it offers).
 */
export function SafariStorageNotice({ collection, onBackUp }: KeepSafeProps) {
  const [shown, setShown] = useState(false);
  const [howTo, setHowTo] = useState(false);
  useEffect(() => {
    if (!safariNoticeDue(readKeepSafe(collection), navigator.userAgent, runsInstalled())) return;
    // Marked as seen only once the user acknowledges it (below): a notice that flashed by
    // while the page was opened in passing comes back on the next visit.
    setShown(true);
  }, [collection]);
  if (!shown) return null;
  const { these, backUp } = WHAT[collection];
  return (
    <section
      aria-label="Safari and your stored text"
      className="border-b border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100"
    >
      <p>
        Safari deletes a website&apos;s stored data when you have not visited it for 7 days, and
        that would include {these}. Add Plainpad to your Dock or Home Screen to keep it, or keep a
        backup.
      </p>
      {howTo && (
        <p className="mt-1">
          On a Mac: in Safari choose File › Add to Dock. On an iPhone or iPad: tap the Share button,
          then Add to Home Screen. Then open Plainpad from there.
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => {
            // Taking the backup it offers is an answer to it too.
            noteSafariNoticeSeen(collection);
            onBackUp();
          }}
          className="rounded-md bg-white/70 px-2 py-1 font-medium underline dark:bg-black/30"
        >
          {backUp}
        </button>
        {!howTo && (
          <button
            type="button"
            onClick={() => setHowTo(true)}
            className="rounded-md bg-white/70 px-2 py-1 font-medium underline dark:bg-black/30"
          >
            How to add to the Dock or Home Screen
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            noteSafariNoticeSeen(collection);
            setShown(false);
          }}
          className="rounded-md px-2 py-1 font-medium underline"
        >
          Got it
        </button>
      </div>
    </section>
  );
}

/**
 * The status bar's backup offer: shown when the documents changed since the last backup and
 * that was a week or more ago. Dismissing it keeps it away for a week; it never blocks.
 */
export function BackupReminder({ collection, onBackUp }: KeepSafeProps) {
  const [lastBackupAt, setLastBackupAt] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    const check = () => {
      const record = readKeepSafe(collection);
      setLastBackupAt(backupReminderDue(record, Date.now()) ? record.lastBackupAt : undefined);
    };
    check();
    // A long-open tab: check again when the user comes back to it.
    const onVisible = () => document.visibilityState === "visible" && check();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [collection]);
  if (lastBackupAt === undefined) return null;
  const when =
    lastBackupAt === null
      ? "No backup yet"
      : `Last backup ${daysSince(lastBackupAt, Date.now())} days ago`;
  return (
    <span className="flex items-center gap-1" data-testid="backup-reminder">
      <span>{when}:</span>
      <button
        type="button"
        onClick={() => {
          setLastBackupAt(undefined);
          onBackUp();
        }}
        className="rounded px-1 font-medium underline hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        Back up now
      </button>
      <button
        type="button"
        title="Remind me in a week"
        onClick={() => {
          dismissBackupReminder(collection, Date.now());
          setLastBackupAt(undefined);
        }}
        className="rounded px-1 underline hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        Later
      </button>
    </span>
  );
}
