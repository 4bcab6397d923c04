import type { NotepadController } from "./notepad-controller";
import type { Notice } from "./notepad-store";

/**
 * The notepad's messages under the toolbar: each with its action, "Download all tabs" where the
 * text may not be stored, and Dismiss. Information is a status; warnings and errors are alerts.
 */
export function NotepadNoticeList({
  notices,
  controller,
}: {
  notices: readonly Notice[];
  controller: NotepadController;
}) {
  if (notices.length === 0) return null;
  return (
    <div
      className="space-y-1 border-b border-slate-200 px-3 py-2 dark:border-slate-700"
      data-testid="notices"
    >
      {notices.map((notice) => (
        <div
          key={notice.id}
          role={notice.kind === "info" ? "status" : "alert"}
          className={`flex flex-wrap items-center gap-2 rounded-md px-3 py-2 text-sm ${
            notice.kind === "error"
              ? "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"
              : notice.kind === "warning"
                ? "bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
                : "bg-blue-50 text-blue-950 dark:bg-blue-950 dark:text-blue-100"
          }`}
        >
          <span className="flex-1">{notice.message}</span>
          {notice.action && (
            <button
              type="button"
              onClick={() => {
                controller.dismissNotice(notice.id);
                notice.action?.run();
              }}
              className="rounded-md bg-white/70 px-2 py-1 font-medium underline dark:bg-black/30"
            >
              {notice.action.label}
            </button>
          )}
          {notice.secondary && (
            <button
              type="button"
              onClick={() => {
                controller.dismissNotice(notice.id);
                notice.secondary?.run();
              }}
              className="rounded-md bg-white/70 px-2 py-1 font-medium underline dark:bg-black/30"
            >
              {notice.secondary.label}
            </button>
          )}
          {notice.offerDownloadAll && (
            <button
              type="button"
              onClick={() => void controller.backups.downloadAll()}
              className="rounded-md bg-white/70 px-2 py-1 font-medium underline dark:bg-black/30"
            >
              Download all tabs
            </button>
          )}
          <button
            type="button"
            onClick={() => controller.dismissNotice(notice.id)}
            className="rounded-md px-2 py-1 font-medium underline"
            aria-label={`Dismiss: ${notice.message.slice(0, 40)}`}
          >
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
