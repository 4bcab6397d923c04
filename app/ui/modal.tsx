import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";

/** The open modals' panels, the newest last: only the newest keeps the focus. */
const openPanels: HTMLElement[] = [];
/** What waits for the last open modal to close (a prompt that wants the focus). */
const afterModals = new Set<() => void>();

/**
 * Runs `run` now when no modal dialog is open, else once the last one has closed (and given
 * the focus back). Returns what cancels it.
 */
export function whenNoModalOpen(run: () => void): () => void {
  if (openPanels.length === 0) {
    run();
    return () => undefined;
  }
  afterModals.add(run);
  return () => afterModals.delete(run);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (role=dialog, aria-modal, labelled by its title). Focus moves into it, Tab is
 * trapped inside, Escape or the close button closes it, and focus returns to where it was
 * (unless what closed it moved focus elsewhere). Whatever else moves the focus behind it while
 * it stays open (a file that finishes opening focuses its text) has it moved back, so the next
 * key still goes to the dialog and never types into the document behind it.
 */
export function Modal({
  title,
  onClose,
  children,
  wide = false,
  full = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** Nearly the whole window (a comparison of two texts). */
  full?: boolean;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>("[data-autofocus]") ??
      panel?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    if (panel) openPanels.push(panel);
    let lastInside: HTMLElement | null = first ?? null;
    function onFocusIn(event: FocusEvent) {
      if (!panel) return;
      const target = event.target;
      if (target instanceof HTMLElement && panel.contains(target)) {
        lastInside = target;
        return;
      }
      // Checked after the current task's other work: what moves the focus out on purpose also
      // closes the dialog in the same step (a restored version puts the cursor in its text),
      // and then the panel has left the page by the time this runs.
      queueMicrotask(() => {
        const active = document.activeElement;
        const stillOpenAndOnTop = panel.isConnected && openPanels.at(-1) === panel;
        if (!stillOpenAndOnTop || (active && panel.contains(active))) return;
        focusBackInto(panel, lastInside);
      });
    }
    function onKeyDown(event: KeyboardEvent) {
      if (!panel) return;
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null,
      );
      if (items.length === 0) return;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (
        event.shiftKey &&
        (document.activeElement === firstItem || !panel.contains(document.activeElement))
      ) {
        event.preventDefault();
        lastItem.focus();
      } else if (
        !event.shiftKey &&
        (document.activeElement === lastItem || !panel.contains(document.activeElement))
      ) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("focusin", onFocusIn);
      if (panel) openPanels.splice(openPanels.indexOf(panel), 1);
      // Back to the control (or editor) that was focused before the dialog opened, unless what
      // closed it put focus somewhere on purpose (a restored version puts it in the text): the
      // next key goes there at once, not to the old control until a later frame moves it.
      const active = document.activeElement;
      const focusInDialogOrNowhere =
        active === null || active === document.body || !!panel?.contains(active);
      if (focusInDialogOrNowhere && previous && previous.isConnected) previous.focus();
      if (openPanels.length === 0) {
        const waiting = [...afterModals];
        afterModals.clear();
        for (const run of waiting) run();
      }
    };
  }, []);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-3"
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`flex max-h-[90vh] w-full flex-col rounded-xl focus:outline-none border border-slate-200 bg-white shadow-2xl dark:border-slate-600 dark:bg-slate-800 ${full ? "h-[94vh] max-h-[94vh] max-w-[min(96vw,1400px)]" : wide ? "max-w-2xl" : "max-w-lg"}`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-600">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            data-modal-close=""
            aria-label="Close"
            title="Close"
            className="rounded p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-700"
          >
            <X size={18} aria-hidden="true" />
          </button>
        </div>
        <div
          className={`p-4 text-slate-800 dark:text-slate-100 ${full ? "flex min-h-0 flex-1 flex-col" : "overflow-y-auto"}`}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

/**
 * Puts the focus back into a modal's panel: on the control that had it last, else the one the
 * dialog starts on, else its first control (the header's Close last: Enter there would close
 * it), else the panel itself. A control that cannot take it (disabled meanwhile) is passed over.
 */
function focusBackInto(panel: HTMLElement, lastInside: HTMLElement | null): void {
  const candidates = [
    lastInside,
    panel.querySelector<HTMLElement>("[data-autofocus]"),
    ...Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => !el.hasAttribute("data-modal-close"),
    ),
    panel.querySelector<HTMLElement>("[data-modal-close]"),
    panel,
  ];
  for (const candidate of candidates) {
    if (!candidate?.isConnected || !panel.contains(candidate)) continue;
    candidate.focus();
    if (panel.contains(document.activeElement)) return;
  }
}

/** A dialog's one-line outcome: an error (announced at once) or a note (announced politely). */
export interface DialogMessageValue {
  kind: "error" | "info";
  text: string;
}

/** Shows a dialog's message, red for an error and blue for a note. */
export function DialogMessage({ message }: { message: DialogMessageValue | null }) {
  if (!message) return null;
  return (
    <p
      role={message.kind === "error" ? "alert" : "status"}
      className={
        message.kind === "error"
          ? "rounded-md bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-100"
          : "rounded-md bg-blue-50 px-3 py-2 text-blue-950 dark:bg-blue-950 dark:text-blue-100"
      }
    >
      {message.text}
    </p>
  );
}
