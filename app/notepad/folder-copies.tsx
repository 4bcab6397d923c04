import { useState, useSyncExternalStore } from "react";
import type { BackupFolderKeeper, BackupFolderStatus } from "~/storage/backup-folder-keeper";
import { Modal } from "~/ui/modal";

const PROBLEMS: Record<Extract<BackupFolderStatus, { kind: "failed" }>["problem"], string> = {
  gone: "the folder is no longer there (moved, renamed or deleted)",
  full: "the disk is full",
  permission: "the browser no longer lets Plainpad write there",
  other: "the folder could not be written to",
};

const primaryButton =
  "rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const secondaryButton =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:border-slate-600 dark:hover:bg-slate-800";

function useFolderStatus(keeper: BackupFolderKeeper): BackupFolderStatus {
  return useSyncExternalStore(keeper.subscribe, keeper.getStatus, keeper.getStatus);
}

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString([], { timeStyle: "short" });

/** One sentence on where the copies stand. */
export function folderStatusSentence(status: BackupFolderStatus): string {
  switch (status.kind) {
    case "unsupported":
      return "This browser cannot write into a folder on your computer: that needs Chrome, Edge or Opera on a computer. Back up all documents saves every tab in one .zip instead.";
    case "off":
      return "Choose a folder on your computer and Plainpad writes every tab into it as a plain text file a few seconds after each change, with an index named plainpad-folder-copies.json. The files stay yours: they are not uploaded anywhere, and File › Restore from folder copies… opens them again as tabs.";
    case "paused":
      return `Copies in "${status.folder}" are paused: the browser asks again for permission after a restart. Allow it to go on.`;
    case "on":
      return status.savedAt === null
        ? `Copies of every tab are being written to "${status.folder}".`
        : `Copies of every tab are kept in "${status.folder}", last written at ${timeOf(status.savedAt)}.`;
    case "failed":
      return `Copies in "${status.folder}" stopped: ${PROBLEMS[status.problem]}. Your tabs are safe in this browser; Plainpad tries again every 30 seconds, or choose another folder.`;
  }
}

/** File › Keep copies in a folder…: choose, allow, change or stop. */
export function FolderCopiesDialog({
  keeper,
  onBackUp,
  onClose,
}: {
  keeper: BackupFolderKeeper;
  onBackUp: () => void;
  onClose: () => void;
}) {
  const status = useFolderStatus(keeper);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const hasFolder = status.kind !== "off" && status.kind !== "unsupported";
  return (
    <Modal title="Keep copies in a folder" onClose={onClose}>
      <div className="space-y-3 text-sm leading-relaxed">
        <p role="status">{folderStatusSentence(status)}</p>
        <div className="flex flex-wrap gap-2">
          {status.kind === "unsupported" && (
            <button
              type="button"
              className={primaryButton}
              onClick={() => {
                onClose();
                onBackUp();
              }}
            >
              Back up all documents
            </button>
          )}
          {status.kind === "paused" && (
            <button
              type="button"
              className={primaryButton}
              disabled={busy}
              onClick={() => void run(() => keeper.allow())}
            >
              Allow writing to &quot;{status.folder}&quot;
            </button>
          )}
          {status.kind !== "unsupported" && (
            <button
              type="button"
              className={hasFolder ? secondaryButton : primaryButton}
              disabled={busy}
              onClick={() => void run(() => keeper.choose())}
            >
              {hasFolder ? "Choose another folder…" : "Choose a folder…"}
            </button>
          )}
          {hasFolder && (
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => void run(() => keeper.stop())}
            >
              Stop keeping copies
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** The status bar's word on the folder copies (nothing when they are off). */
export function FolderCopiesStatus({
  keeper,
  onOpen,
}: {
  keeper: BackupFolderKeeper;
  onOpen: () => void;
}) {
  const status = useFolderStatus(keeper);
  if (status.kind === "off" || status.kind === "unsupported") return null;
  const label =
    status.kind === "on"
      ? status.writing || status.savedAt === null
        ? `Copying to "${status.folder}"…`
        : `Copies in "${status.folder}" at ${timeOf(status.savedAt)}`
      : status.kind === "paused"
        ? "Folder copies paused: allow"
        : "Folder copies stopped: see why";
  return (
    <button
      type="button"
      onClick={status.kind === "paused" ? () => void keeper.allow() : onOpen}
      title={folderStatusSentence(status)}
      className={`rounded px-1 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-blue-600 ${
        status.kind === "failed" ? "font-semibold text-red-800 dark:text-red-300" : ""
      }`}
    >
      {label}
    </button>
  );
}
