import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { readLiveName } from "~/storage/live-links";
import { LIVE_ROOM_KEEP_MS } from "~/storage/live-rooms";
import { writeClipboardText } from "./clipboard";
import { loadLiveRuntime } from "~/document/live/live-address";
import type { LiveHandle } from "~/document/live/live-control";
import { DialogMessage, type DialogMessageValue, Modal } from "./modal";
import { liveStatusSentence, useLiveStatus } from "./use-live-status";

// The QR encoder loads with the links, not with the editors.
const QrCode = lazy(() => import("./qr-code").then((module) => ({ default: module.QrCode })));

const LIVE_KEEP_DAYS = LIVE_ROOM_KEEP_MS / (24 * 60 * 60 * 1000);

const BUTTON =
  "rounded-lg border border-slate-300 px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-700";
const PRIMARY_BUTTON =
  "rounded-lg bg-blue-700 px-3 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400";
const DANGER_BUTTON =
  "rounded-lg border border-red-700 px-3 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950";

/** What the dialog asks of the editor it is in. */
export interface LiveDialogActions {
  /**
   * Starts a session for the document, once the session code has loaded; resolves to words
   * when it cannot (too large, the code could not load).
   */
  start(userName: string): Promise<string | null>;
  /**
   * Leaves the session; the document stays as an ordinary local one. With `forget`, this
   * browser also drops what it kept of the session (its changes kept for a rejoin).
   */
  stop(options?: { forget?: boolean }): void;
  /** Ends the session for everyone and deletes the relay's copy (the starter only). */
  endForEveryone(): Promise<void>;
}

/**
 * The "Live collaboration…" dialog of both editors (issue 44). Before a session: what it means
 * (end-to-end encrypted, what the relay keeps, who can join), an optional name, and Start.
 * During one: the Edit link and the View-only link, each with Copy and a QR code, Stop, and for
 * the person who started it, End for everyone (with a confirm).
 */
export function LiveDialog({
  documentName,
  live,
  actions,
  onClose,
}: {
  documentName: string;
  live: LiveHandle | null;
  actions: LiveDialogActions;
  onClose: () => void;
}) {
  const [name, setName] = useState(readLiveName);
  const [message, setMessage] = useState<DialogMessageValue | null>(null);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const [busy, setBusy] = useState(false);
  const [starting, setStarting] = useState(false);
  const [codeReady, setCodeReady] = useState(false);
  const nameId = useId();
  const forgetNoteId = useId();
  const status = useLiveStatus(live?.session ?? null);

  // The session code loads while the person reads the dialog (the editors' first load has none
  // of it); Start waits for it, saying "Loading…", when it is not here yet.
  useEffect(() => {
    let current = true;
    loadLiveRuntime().then(
      () => current && setCodeReady(true),
      () => undefined, // Start tries again and says why it cannot.
    );
    return () => {
      current = false;
    };
  }, []);

  async function start(event: FormEvent) {
    event.preventDefault();
    if (starting) return;
    setStarting(true);
    try {
      const refusal = await actions.start(name.trim());
      setMessage(refusal ? { kind: "error", text: refusal } : null);
    } catch (error) {
      console.error(error);
      setMessage({ kind: "error", text: "The live session could not be started. Try again." });
    } finally {
      setStarting(false);
    }
  }

  async function end() {
    setBusy(true);
    try {
      await actions.endForEveryone();
      onClose();
    } catch (error) {
      console.error(error);
      setMessage({
        kind: "error",
        text: "The relay could not be reached to end the session. Check the connection and try again.",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Live collaboration" onClose={onClose} wide>
      <div className="space-y-4 text-sm">
        {!live ? (
          <form onSubmit={start} className="space-y-3">
            <p>
              Edit “{documentName}” together, live. Everything is end-to-end encrypted in this page:
              the relay passes on and keeps only encrypted changes, never a word of the text, and
              deletes them 30 days after the last edit. Anyone with the link can join.
            </p>
            <div className="space-y-1">
              <label htmlFor={nameId} className="block font-medium">
                Your name
              </label>
              <input
                id={nameId}
                value={name}
                maxLength={40}
                autoComplete="nickname"
                placeholder="Optional: shown beside your cursor"
                onChange={(event) => setName(event.target.value)}
                className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
              />
            </div>
            <DialogMessage message={message} />
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" onClick={onClose} className={BUTTON}>
                Cancel
              </button>
              <button
                type="submit"
                className={PRIMARY_BUTTON}
                disabled={starting}
                aria-busy={starting}
                data-autofocus
              >
                {starting && !codeReady ? "Loading…" : "Start live session"}
              </button>
            </div>
          </form>
        ) : (
          <>
            <p>
              {status ? `${liveStatusSentence(status, false)} ` : ""}
              Send a link to the people you want to write with. The text is end-to-end encrypted:
              the secret is in the link after “#”, which browsers never send to a server.
            </p>
            {live.editLink && (
              <LinkField
                label="Edit link"
                copyLabel="Copy edit link"
                url={live.editLink}
                note="Anyone with this link can read and change the text."
                onMessage={setMessage}
              />
            )}
            <LinkField
              label="View-only link"
              copyLabel="Copy view-only link"
              url={live.viewLink}
              note="Anyone with this link can read the text as it is written, and change nothing."
              onMessage={setMessage}
            />
            <DialogMessage message={message} />
            {confirmingEnd ? (
              <div
                role="alertdialog"
                aria-label="End for everyone?"
                className="space-y-2 rounded-md bg-red-50 p-3 text-red-950 dark:bg-red-950 dark:text-red-100"
              >
                <p>
                  End the session for everyone and delete the relay&apos;s encrypted copy? Each
                  person keeps the text as it is now, as an ordinary document. The links stop
                  working.
                </p>
                <div className="flex flex-wrap justify-end gap-2">
                  <button type="button" onClick={() => setConfirmingEnd(false)} className={BUTTON}>
                    Keep the session
                  </button>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void end()}
                    className={DANGER_BUTTON}
                  >
                    {busy ? "Ending…" : "End for everyone"}
                  </button>
                </div>
              </div>
            ) : (
              <>
                <p id={forgetNoteId} className="text-xs text-slate-700 dark:text-slate-300">
                  Stop live session leaves it and keeps the text here as an ordinary document; this
                  browser still keeps the session&apos;s changes for {LIVE_KEEP_DAYS} days, so
                  opening the link again merges what you wrote offline. Forget this session also
                  erases them from this browser.
                </p>
                <div className="flex flex-wrap justify-end gap-2">
                  {live.remembered.startedHere && live.editLink && (
                    <button
                      type="button"
                      onClick={() => setConfirmingEnd(true)}
                      className={DANGER_BUTTON}
                    >
                      End for everyone and delete the relay&apos;s copy
                    </button>
                  )}
                  <button
                    type="button"
                    onClick={() => {
                      actions.stop();
                      onClose();
                    }}
                    className={BUTTON}
                  >
                    Stop live session
                  </button>
                  <button
                    type="button"
                    aria-describedby={forgetNoteId}
                    onClick={() => {
                      actions.stop({ forget: true });
                      onClose();
                    }}
                    className={BUTTON}
                  >
                    Forget this session
                  </button>
                  <button type="button" onClick={onClose} className={PRIMARY_BUTTON}>
                    Close
                  </button>
                </div>
              </>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

/** A read-only link with its Copy button and QR code. */
function LinkField({
  label,
  copyLabel,
  url,
  note,
  onMessage,
}: {
  label: string;
  copyLabel: string;
  url: string;
  note: string;
  onMessage: (message: DialogMessageValue | null) => void;
}) {
  const id = useId();
  const noteId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (await writeClipboardText(url)) {
      setCopied(true);
      onMessage({ kind: "info", text: `${label} copied to the clipboard.` });
    } else {
      fieldRef.current?.select();
      onMessage({
        kind: "error",
        text: "The browser did not allow copying. The link is selected: copy it with Ctrl+C (Cmd+C on a Mac).",
      });
    }
  }

  return (
    <section className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          ref={fieldRef}
          readOnly
          value={url}
          spellCheck={false}
          aria-describedby={noteId}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
        />
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={copyLabel}
          className={PRIMARY_BUTTON}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p id={noteId} className="text-xs text-slate-700 dark:text-slate-300">
        {note}
      </p>
      <details>
        <summary className="cursor-pointer text-xs font-medium">
          QR code of the {label.toLowerCase()}
        </summary>
        <div className="mx-auto mt-2 w-full max-w-48 rounded-md border border-slate-200 dark:border-slate-600">
          <Suspense fallback={<p className="p-4 text-center">Making the QR code…</p>}>
            <QrCode text={url} label={`QR code of the ${label.toLowerCase()}`} />
          </Suspense>
        </div>
      </details>
    </section>
  );
}
