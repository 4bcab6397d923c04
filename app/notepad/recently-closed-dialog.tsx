import { useEffect, useState } from "react";
import type { DocumentHistory } from "~/storage/document-history";
import type { ClosedTab } from "~/storage/recently-closed";
import { formatCountOf, formatDateTime } from "~/text/number-format";
import { Modal } from "~/ui/modal";

/** File › Recently closed tabs…: the tabs closed in the last 30 days, each with Reopen. */
export function RecentlyClosedDialog({
  history,
  onReopen,
  onClose,
}: {
  history: DocumentHistory;
  onReopen: (id: string) => void;
  onClose: () => void;
}) {
  const [closed, setClosed] = useState<ClosedTab[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    history.store.closedTabs.list().then(
      (list) => live && setClosed(list),
      (error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [history]);

  return (
    <Modal title="Recently closed tabs" onClose={onClose}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Closed tabs are kept in this browser for 30 days, with their text, name and file.
      </p>
      {failed && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          The closed tabs could not be read from this browser’s storage.
        </p>
      )}
      {closed && closed.length === 0 && <p className="mt-4 text-sm">No closed tabs.</p>}
      {closed && closed.length > 0 && (
        <ul aria-label="Closed tabs" className="mt-4 max-h-[55vh] space-y-2 overflow-y-auto">
          {closed.map((tab) => (
            <li
              key={tab.id}
              className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700"
            >
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-semibold">{tab.name}</p>
                <p className="text-slate-600 dark:text-slate-300">
                  Closed {formatDateTime(tab.closedAt)} · {formatCountOf(tab.chars, "character")}
                </p>
              </div>
              <button
                type="button"
                aria-label={`Reopen ${tab.name}`}
                onClick={() => onReopen(tab.id)}
                className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                Reopen
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
