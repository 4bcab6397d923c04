import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { formatCount } from "~/text/number-format";
import {
  encodeOpenSharePayload,
  encodeSharePayload,
  LINK_MAX_LENGTH,
  LINK_WARN_LENGTH,
  linkLengthStatus,
  QR_MAX_LINK_LENGTH,
  shareLinkUrl,
  textTooLongToShare,
} from "~/text/share-link";
import { writeClipboardText } from "./clipboard";
import { DialogMessage, type DialogMessageValue, Modal } from "./modal";

// The QR encoder loads when the dialog shows a code, not with the editors.
const QrCode = lazy(() => import("./qr-code").then((module) => ({ default: module.QrCode })));

/** A link made for the document, and the password it was locked with ("" for none). */
interface MadeLink {
  url: string;
  password: string;
}

const BUTTON =
  "rounded-lg border border-slate-300 px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-700";
const PRIMARY_BUTTON =
  "rounded-lg bg-blue-700 px-3 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400";

/**
 * The Share dialog of both editors (issue 16): a link that carries the document itself,
 * `https://<site>/s/#<payload>`, optionally locked with a password; its length, a Copy button
 * and a QR code for phones. Nothing is uploaded. Loaded lazily by each editor.
 */
export function ShareDialog({
  documentName,
  getText,
  onClose,
}: {
  documentName: string;
  /** The text to share, with the document's own line endings (read once, when it opens). */
  getText: () => string;
  onClose: () => void;
}) {
  const [text] = useState(getText);
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const tooLongToTry = textTooLongToShare(text.length);
  // The open (unlocked) link is made at once, so Copy is ready (and focused) when the dialog
  // shows: sharing without a password is two clicks.
  const [openLink] = useState<MadeLink | null>(() =>
    tooLongToTry
      ? null
      : {
          url: shareLinkUrl(
            window.location.origin,
            encodeOpenSharePayload({ name: documentName, text }),
          ),
          password: "",
        },
  );
  const [lockedLink, setLockedLink] = useState<MadeLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<DialogMessageValue | null>(null);
  const [copied, setCopied] = useState(false);
  const linkRef = useRef<HTMLTextAreaElement>(null);
  const mounted = useRef(true);
  const ids = { password: useId(), link: useId(), lengthNote: useId(), passwordNote: useId() };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The link shown: the open one without a password, else the one locked with this password.
  const link = password === "" ? openLink : lockedLink?.password === password ? lockedLink : null;
  const lengthStatus = link ? linkLengthStatus(link.url.length) : null;
  // Too long without a password is too long with one (a lock adds 50 bytes): refused either way.
  const refused =
    tooLongToTry ||
    lengthStatus === "too-long" ||
    (openLink !== null && linkLengthStatus(openLink.url.length) === "too-long");
  const usable = link !== null && !refused;

  async function lock(event: FormEvent) {
    event.preventDefault();
    if (password === "" || busy || refused) return;
    setBusy(true);
    setMessage(null);
    const usedPassword = password;
    try {
      // PBKDF2 with 600,000 iterations: a moment on a phone.
      const payload = await encodeSharePayload({ name: documentName, text }, usedPassword);
      if (!mounted.current) return;
      setLockedLink({ url: shareLinkUrl(window.location.origin, payload), password: usedPassword });
      setCopied(false);
    } catch (error) {
      console.error(error);
      if (mounted.current) {
        setMessage({
          kind: "error",
          text: "The link could not be locked: this browser does not offer the encryption it needs. Share it without a password, or use another browser.",
        });
      }
    } finally {
      if (mounted.current) setBusy(false);
    }
  }

  async function copy() {
    if (!link) return;
    const written = await writeClipboardText(link.url);
    if (!mounted.current) return;
    if (written) {
      setCopied(true);
      setMessage({ kind: "info", text: "Link copied to the clipboard." });
    } else {
      // Selected, so the keyboard shortcut copies it.
      linkRef.current?.select();
      setMessage({
        kind: "error",
        text: "The browser did not allow copying. The link is selected: copy it with Ctrl+C (Cmd+C on a Mac).",
      });
    }
  }

  return (
    <Modal title="Share as a link" onClose={onClose} wide>
      <div className="space-y-4 text-sm">
        <p>
          The link holds the whole of “{documentName}”, compressed. Nothing is uploaded: the text
          lives only in the link, and anyone who has the link can read it
          {link?.password ? " with the password" : ""}.
        </p>

        <form onSubmit={(event) => void lock(event)} className="space-y-2">
          <label htmlFor={ids.password} className="block font-medium">
            Password (optional)
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={ids.password}
              type={showPassword ? "text" : "password"}
              value={password}
              autoComplete="new-password"
              spellCheck={false}
              aria-describedby={ids.passwordNote}
              onChange={(event) => {
                setPassword(event.target.value);
                setCopied(false);
                setMessage(null);
              }}
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
            />
            <button
              type="submit"
              disabled={password === "" || busy || refused || link !== null}
              className={PRIMARY_BUTTON}
            >
              {busy ? "Locking…" : "Lock link"}
            </button>
          </div>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={showPassword}
              onChange={(event) => setShowPassword(event.target.checked)}
            />
            Show password
          </label>
          <p id={ids.passwordNote} className="text-xs text-slate-700 dark:text-slate-300">
            A password locks the text with AES-256 encryption; the password itself is not in the
            link. <strong>A short password can be guessed offline</strong>: there is no server to
            limit attempts, so use a long one (four or more random words) and send it separately
            from the link.
          </p>
        </form>

        {refused ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-100"
          >
            {tooLongMessage((link ?? openLink)?.url.length ?? null)}
          </p>
        ) : password !== "" && !link ? (
          <p className="rounded-md bg-slate-100 px-3 py-2 dark:bg-slate-700" role="status">
            {busy
              ? "Locking the link…"
              : "Press “Lock link” to make a link that asks for this password."}
          </p>
        ) : null}

        {usable && (
          <div className="space-y-2">
            <label htmlFor={ids.link} className="block font-medium">
              Link{link.password ? " (locked)" : ""}
            </label>
            <textarea
              id={ids.link}
              ref={linkRef}
              readOnly
              value={link.url}
              rows={3}
              spellCheck={false}
              aria-describedby={ids.lengthNote}
              onFocus={(event) => event.currentTarget.select()}
              className="block max-h-40 w-full resize-none rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs break-all dark:border-slate-600 dark:bg-slate-900"
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p id={ids.lengthNote} className="text-slate-700 dark:text-slate-300">
                Link length: {formatCount(link.url.length)} characters
              </p>
              <button
                type="button"
                onClick={() => void copy()}
                data-autofocus
                className={PRIMARY_BUTTON}
              >
                {copied ? "Copied" : "Copy link"}
              </button>
            </div>
            {lengthStatus === "long" && (
              <p
                role="status"
                className="rounded-md bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
              >
                This link is longer than {formatCount(LINK_WARN_LENGTH)} characters and may be cut
                by some apps (chat, e-mail, text messages). Check that it opens in full, or send the
                text as a file.
              </p>
            )}
          </div>
        )}

        <DialogMessage message={message} />

        {usable &&
          (link.url.length <= QR_MAX_LINK_LENGTH ? (
            <figure className="flex flex-col items-center gap-2">
              <div className="w-full max-w-64 rounded-md border border-slate-200 dark:border-slate-600">
                <Suspense fallback={<p className="p-4 text-center">Making the QR code…</p>}>
                  <QrCode text={link.url} label="QR code of the link" />
                </Suspense>
              </div>
              <figcaption className="text-xs text-slate-700 dark:text-slate-300">
                Scan with a phone&apos;s camera to open the link there.
              </figcaption>
            </figure>
          ) : (
            <p className="text-xs text-slate-700 dark:text-slate-300">
              No QR code: a link over {formatCount(QR_MAX_LINK_LENGTH)} characters is too dense for
              phone cameras to read off a screen. Copy the link instead.
            </p>
          ))}

        <div className="flex justify-end">
          <button type="button" onClick={onClose} className={BUTTON}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Why a document cannot be a link, and what to do instead. */
function tooLongMessage(linkLength: number | null): string {
  const limit = `${formatCount(LINK_MAX_LENGTH)} characters`;
  const why =
    linkLength === null
      ? `This document is too long to share as a link (a link holds at most ${limit}).`
      : `This document is too long to share as a link: the link would be ${formatCount(linkLength)} characters, and the limit is ${limit}.`;
  return `${why} Download it and send the file, or save it to Google Drive and share it from there.`;
}
