import { X } from "lucide-react";
import { SafariStorageNotice } from "~/ui/keep-safe";
import { useEditorStore } from "./editor-store";

/**
 * The visible alert region: file rejections, clipboard problems, storage warnings; and, once in
 * Safari, the calm note on its seven-day rule (`onBackUp` downloads a copy).
 */
export function EditorNotices({ onBackUp }: { onBackUp: () => void }) {
  const notice = useEditorStore((s) => s.notice);
  const storageWarning = useEditorStore((s) => s.storageWarning);
  const notify = useEditorStore((s) => s.notify);
  return (
    <>
      <SafariStorageNotice collection="editor" onBackUp={onBackUp} />
      <div role="alert" className="empty:hidden">
        {storageWarning && (
          <p className="border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            {storageWarning}
          </p>
        )}
        {notice && (
          <p
            className={`flex flex-wrap items-start justify-between gap-x-3 gap-y-1 border-b px-3 py-2 text-sm ${
              notice.kind === "error"
                ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
                : "border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100"
            }`}
          >
            <span className="min-w-0 flex-[1_1_16rem]">{notice.text}</span>
            {notice.action && (
              <button
                type="button"
                onClick={notice.action.run}
                className="rounded px-2 py-0.5 font-medium underline hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                {notice.action.label}
              </button>
            )}
            <button
              type="button"
              title="Dismiss message"
              aria-label="Dismiss message"
              onClick={() => notify(null)}
              className="rounded p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <X aria-hidden="true" size={16} />
            </button>
          </p>
        )}
      </div>
    </>
  );
}
