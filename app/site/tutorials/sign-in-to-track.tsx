import { useCallback, useId, useRef, useState } from "react";
import { Info, LogIn } from "lucide-react";
import { useDismiss } from "~/ui/use-dismiss";

/**
 * The spec's "Sign In to Track" button. Plainpad has no accounts, so the button opens a short,
 * honest note instead of a sign-in (closes on Escape or a click outside).
 */
export function SignInToTrack() {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, triggerRef);
  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={noteId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-blue-700 px-4 py-2 font-semibold text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-blue-400 dark:text-blue-200 dark:hover:bg-blue-950"
      >
        <LogIn aria-hidden="true" className="h-4 w-4" />
        Sign In to Track
      </button>
      <div
        id={noteId}
        hidden={!open}
        className="mt-3 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-md dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200"
      >
        <p className="flex gap-2">
          <Info
            aria-hidden="true"
            className="mt-0.5 h-4 w-4 shrink-0 text-blue-700 dark:text-blue-300"
          />
          <span>
            Progress tracking isn&apos;t available yet. Plainpad has no accounts, so there is
            nothing to sign in to: every tutorial is open to everyone.
          </span>
        </p>
      </div>
    </div>
  );
}
