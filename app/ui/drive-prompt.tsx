import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { getDrivePrompts, type DrivePromptSnapshot } from "~/drive/prompt";
import { whenNoModalOpen } from "./modal";

const EMPTY: DrivePromptSnapshot = { prompt: null };
const subscribe = (listener: () => void) => getDrivePrompts().subscribe(listener);
const snapshot = () => getDrivePrompts().getSnapshot();
const serverSnapshot = () => EMPTY;

const primaryClass =
  "rounded-md bg-blue-700 px-3 py-1.5 font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";
const secondaryClass =
  "rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-200 dark:hover:bg-slate-800";

/**
 * The Google Drive question of the page (app/drive/prompt.ts), e.g. "Reconnect to Google
 * Drive" or "Save as a new file in Drive". A non-modal dialog under the header: its main button
 * takes the focus (once no modal dialog is open), Escape or the dismiss button closes it, and
 * focus goes back where it was.
 * Each button's action runs inside its click, so it may open Google's sign-in window.
 */
export function DrivePromptDialog() {
  const { prompt } = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const titleId = useId();
  const messageId = useId();
  const mainRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!prompt) return;
    let previous: HTMLElement | null = null;
    // Asked while a modal dialog is open (a background sync needs a sign-in): the dialog keeps
    // the keys, and the question takes the focus once it closes.
    const cancelFocus = whenNoModalOpen(() => {
      previous = document.activeElement as HTMLElement | null;
      mainRef.current?.focus();
    });
    return () => {
      cancelFocus();
      // Back to where the user was, unless they moved on meanwhile.
      if (!document.activeElement || document.activeElement === document.body) previous?.focus();
    };
  }, [prompt]);

  // The page goes away: a question still open is answered "dismissed".
  useEffect(() => () => getDrivePrompts().dismiss(), []);

  if (!prompt) return null;
  const choose = (id: string | null) => getDrivePrompts().choose(id);
  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      className="fixed inset-x-3 top-16 z-50 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800 shadow-lg sm:left-auto sm:right-4 sm:w-96 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          choose(null);
        }
      }}
    >
      <h2 id={titleId} className="font-semibold">
        {prompt.title}
      </h2>
      <p id={messageId} className="mt-1">
        {prompt.message}
      </p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryClass} onClick={() => choose(null)}>
          {prompt.dismissLabel}
        </button>
        {prompt.actions.map((action, index) =>
          action.href ? (
            <a
              key={action.id}
              ref={index === 0 ? (el) => void (mainRef.current = el) : undefined}
              href={action.href}
              target="_blank"
              rel="noreferrer"
              className={primaryClass}
              // Closed after the click: a link taken out of the page during its own click
              // event is not followed.
              onClick={() => window.setTimeout(() => choose(action.id), 0)}
            >
              {action.label}
            </a>
          ) : (
            <button
              key={action.id}
              ref={index === 0 ? (el) => void (mainRef.current = el) : undefined}
              type="button"
              className={index === 0 ? primaryClass : secondaryClass}
              onClick={() => choose(action.id)}
            >
              {action.label}
            </button>
          ),
        )}
      </div>
    </div>
  );
}
