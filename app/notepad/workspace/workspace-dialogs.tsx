import { useSyncExternalStore } from "react";
import { Modal } from "~/ui/modal";
import type { NotepadModal } from "../notepad-store";
import { QuickOpenDialog } from "./quick-open-dialog";
import type { WorkspaceRecall } from "./workspace-recall";
import type { WorkspaceSession } from "./workspace-session";

/** The workspace's dialogs: Quick open and Recent folders. */
export function WorkspaceDialogs({
  modal,
  session,
  recall,
  onClose,
}: {
  modal: NotepadModal;
  session: WorkspaceSession;
  recall: WorkspaceRecall;
  onClose: () => void;
}) {
  if (modal === "quick-open") return <QuickOpenDialog session={session} onClose={onClose} />;
  if (modal === "recent-folders") return <RecentFoldersDialog recall={recall} onClose={onClose} />;
  return null;
}

const BUTTON =
  "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600";

/** File › Recent folders…: the last five folders, each to reopen (one permission prompt) or forget. */
function RecentFoldersDialog({
  recall,
  onClose,
}: {
  recall: WorkspaceRecall;
  onClose: () => void;
}) {
  const recent = useSyncExternalStore(recall.subscribe, recall.getRecent, () => []);
  return (
    <Modal title="Recent folders" onClose={onClose}>
      {recent.length === 0 ? (
        <p className="text-sm">
          No folder is kept yet. Folders opened with File › Open folder… are listed here (a browser
          that can only read folders, such as Firefox or Safari, keeps none).
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Recent folders">
          {recent.map((folder) => (
            <li key={folder.id} className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{folder.name}</span>
              <button
                type="button"
                className={`${BUTTON} bg-blue-600 text-white hover:bg-blue-700`}
                onClick={() => {
                  onClose();
                  void recall.reopen(folder.id);
                }}
              >
                Reopen {folder.name}
              </button>
              <button
                type="button"
                className={`${BUTTON} text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700`}
                aria-label={`Forget ${folder.name}`}
                onClick={() => void recall.forget(folder.id)}
              >
                Forget
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
