import type { StorageStatus } from "~/storage/document-sync";
import {
  readStorageHealth,
  STORAGE_WARN_RATIO,
  storageAdvice,
  usedShare,
} from "~/storage/storage-health";
import type { Notice, NotepadStore } from "./notepad-store";

/** The notepad's messages about its storage, in one place. */
export const NOTEPAD_NOTICES = {
  settingsUnreadable: (key: string): Notice => ({
    id: "settings-unreadable",
    kind: "warning",
    message: `Your saved notepad settings could not be read, so the defaults are used. The unreadable data is kept in browser storage under "${key}".`,
  }),
  tabsUnreadable: (count: number): Notice => ({
    id: "tabs-unreadable",
    kind: "warning",
    message: `Some saved tabs could not be read. Their data was kept aside in browser storage (${count} item${count === 1 ? "" : "s"}) and was not deleted; the readable tabs are open.`,
  }),
  storageUnavailable: {
    id: "storage-unavailable",
    kind: "error",
    message:
      "Browser storage is not available in this window (private mode or storage turned off), so tabs cannot be kept after you close the page. Download anything important.",
    offerDownloadAll: true,
  } satisfies Notice,
  storageFull: {
    id: "storage-full",
    kind: "error",
    message:
      "Browser storage is full: your latest edits are not stored yet. They are kept in this window and saving is retried; download your tabs to keep a copy.",
    offerDownloadAll: true,
  } satisfies Notice,
  saveFailed: {
    id: "save-failed",
    kind: "warning",
    message:
      "A tab could not be stored in the browser just now. Your text is kept in this window and saving is retried.",
    offerDownloadAll: true,
  } satisfies Notice,
} as const;

/** Shows a notice (replacing one with the same id). */
export function addNotice(store: NotepadStore, notice: Notice): void {
  store.setState((s) => ({ notices: [...s.notices.filter((n) => n.id !== notice.id), notice] }));
}

/** Hides a notice. */
export function dismissNotice(store: NotepadStore, id: string): void {
  store.setState((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
}

/** Follows the document engine's storage status: a notice while writes fail, none after. */
export function showStorageStatus(
  store: NotepadStore,
  status: StorageStatus,
  backUp?: () => void,
): void {
  // A failed write offers a backup right there (issue 15): one .zip that needs no storage.
  const action = backUp ? { label: "Back up all documents", run: backUp } : undefined;
  if (status === "ok") {
    store.setState((s) => ({
      storageFull: false,
      notices: s.notices.filter(
        (n) => n.id !== NOTEPAD_NOTICES.storageFull.id && n.id !== NOTEPAD_NOTICES.saveFailed.id,
      ),
    }));
  } else if (status === "full") {
    store.setState({ storageFull: true });
    addNotice(store, { ...NOTEPAD_NOTICES.storageFull, action });
  } else {
    addNotice(store, { ...NOTEPAD_NOTICES.saveFailed, action });
  }
}

/** The warning at 80% of the browser's quota, with a Back up button; null below it. */
export async function nearlyFullNotice(backUp: () => void): Promise<Notice | null> {
  const health = await readStorageHealth();
  const share = usedShare(health);
  if (share === null || share < STORAGE_WARN_RATIO) return null;
  return {
    id: "storage-nearly-full",
    kind: "warning",
    message: storageAdvice(health).slice(0, 2).join(" "),
    action: { label: "Back up all documents", run: backUp },
  };
}
