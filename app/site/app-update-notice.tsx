import { useEffect, useSyncExternalStore } from "react";
import {
  type AppNotice,
  dismissAppNotice,
  getAppNotice,
  reloadSafely,
  startAppUpdates,
  subscribeAppNotice,
} from "./app-updates";

const MESSAGES: Record<NonNullable<AppNotice>["kind"], string> = {
  "update-ready": "A new version of Plainpad is ready.",
  reloading: "Storing your text before reloading…",
  "not-stored":
    "Plainpad did not reload: some of your text could not be stored in this browser. Save or download your documents, then reload.",
  "chunk-failed":
    "Part of Plainpad could not be loaded. Check your connection, then reload the page. Your text is kept.",
};

const serverNotice = () => null;

/**
 * The page-wide notice about a new version (or a part of the app that failed to load), on
 * every page. Starts the update machinery (and the service worker, after load).
 */
export function AppUpdateNotice() {
  useEffect(() => startAppUpdates(), []);
  const notice = useSyncExternalStore(subscribeAppNotice, getAppNotice, serverNotice);
  return (
    // A live region without the status role: the editors' own status lines keep that role.
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-12 z-50 flex justify-center px-3 print:hidden"
    >
      {notice && (
        <div className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-300 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
          <p className="min-w-0 flex-1">{MESSAGES[notice.kind]}</p>
          {notice.kind !== "reloading" && (
            <div className="flex gap-2">
              {notice.kind !== "not-stored" && (
                <button
                  type="button"
                  onClick={() => void reloadSafely()}
                  className="rounded-md bg-blue-700 px-3 py-1.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                >
                  Reload
                </button>
              )}
              <button
                type="button"
                onClick={dismissAppNotice}
                className="rounded-md px-3 py-1.5 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:text-slate-200 dark:hover:bg-slate-700"
              >
                {notice.kind === "update-ready" ? "Later" : "Dismiss"}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
