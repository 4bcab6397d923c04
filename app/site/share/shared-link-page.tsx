import { Code, Download, FileText, LayoutPanelTop, Lock } from "lucide-react";
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { newFileFormat } from "~/storage/document-records";
import { putHandoff } from "~/storage/handoff";
import { putSharedNote } from "~/storage/share-inbox";
import { SHARED_PARAM } from "~/storage/share-target";
import { safeFileName, withDefaultExtension } from "~/text/file-name";
import { detectLineEndings } from "~/text/line-endings";
import { formatCount } from "~/text/number-format";
import {
  type LockedPayload,
  readShareFragment,
  SHARE_PATH,
  type SharedDocument,
  unlockSharedDocument,
} from "~/text/share-link";
import { countWords } from "~/text/text-stats";
import { languageFromName } from "~/text/languages";
import { downloadText } from "~/ui/download";
import { Logo } from "~/chrome/logo";
import { ThemeToggle } from "~/chrome/theme-toggle";

// A shared Markdown document is shown formatted; the preview's code loads only for one.
const MarkdownPreview = lazy(() =>
  import("~/preview/markdown-preview").then((module) => ({ default: module.MarkdownPreview })),
);

/** What the page shows. */
type View =
  /** Prerendered HTML and the first client render, before the fragment is read. */
  | { kind: "reading" }
  | { kind: "empty" }
  | { kind: "damaged" }
  | { kind: "newer-version" }
  | { kind: "locked"; payload: LockedPayload }
  | { kind: "document"; document: SharedDocument; wasLocked: boolean };

/** The user-facing texts of the page (tests read them from here too). */
export const SHARED_LINK_MESSAGES = {
  damaged:
    "This link is incomplete or damaged, so nothing was opened. Ask the sender to copy the whole link again: some apps cut long links or change characters in them.",
  newerVersion:
    "This link was made by a newer version of Plainpad than the one on this page. Reload the page to update Plainpad, then open the link again.",
  empty:
    "There is no shared text in this address. A share link looks like plainpad.app/s/#… and is made with Share in the editor or the notepad.",
  wrongPassword: "Wrong password: it does not open this link, so nothing was opened. Try again.",
  damagedInside:
    "The password is right, but what the link holds is damaged, so nothing was opened.",
  notepadFailed:
    "The text could not be handed to the notepad: this browser refused to store it for a moment. Download it, or open it in the editor instead.",
} as const;

/**
 * The page that opens a share link (`/s/#<payload>`, issue 16). The payload is read from the
 * fragment once, then the address becomes plain `/s/` (history.replaceState), so the text leaves
 * the address bar and this tab's history entry; nothing of it is stored unless the user opens
 * it in an editor or downloads it. The text is shown as text, never as HTML, except a Markdown
 * document, which is shown formatted through the preview's sanitizer (remote images only when
 * the reader loads them), with "Show source" for the text. No request leaves the site: the page
 * loads only its own scripts.
 */
export function SharedLinkPage() {
  const [view, setView] = useState<View>({ kind: "reading" });
  // Bumped per link read: a second link (pasted into this page) gets fresh components.
  const [reads, setReads] = useState(0);

  useEffect(() => {
    const read = () => {
      const fragment = window.location.hash;
      // An address with no fragment keeps what is shown (the link was already read).
      if (fragment === "" || fragment === "#") {
        setView((current) => (current.kind === "reading" ? { kind: "empty" } : current));
        return;
      }
      window.history.replaceState(window.history.state, "", SHARE_PATH);
      const content = readShareFragment(fragment);
      setReads((count) => count + 1);
      switch (content.kind) {
        case "document":
          setView({ kind: "document", document: content.document, wasLocked: false });
          break;
        case "locked":
          setView({ kind: "locked", payload: content.payload });
          break;
        case "newer-version":
          setView({ kind: "newer-version" });
          break;
        default:
          setView({ kind: content.kind });
      }
    };
    read();
    // Another link pasted into the address bar of this page changes only the fragment.
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <Logo />
        <nav aria-label="Shared text links" className="ml-auto flex items-center gap-1">
          <Link
            to="/faq/"
            className="rounded-lg px-3 py-2 text-sm font-medium text-blue-700 hover:bg-slate-100 dark:text-blue-300 dark:hover:bg-slate-800"
          >
            FAQ
          </Link>
          <ThemeToggle />
        </nav>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 space-y-4 px-4 py-6">
        <h1 className="text-2xl font-bold">Shared text</h1>
        {view.kind === "reading" && <p role="status">Reading the link…</p>}
        {view.kind === "empty" && <p>{SHARED_LINK_MESSAGES.empty}</p>}
        {view.kind === "damaged" && <Problem text={SHARED_LINK_MESSAGES.damaged} />}
        {view.kind === "newer-version" && (
          <Problem text={SHARED_LINK_MESSAGES.newerVersion}>
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="mt-2 rounded-lg bg-blue-700 px-3 py-2 font-medium text-white hover:bg-blue-800 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400"
            >
              Reload
            </button>
          </Problem>
        )}
        {view.kind === "locked" && (
          <UnlockForm
            key={reads}
            payload={view.payload}
            onUnlocked={(document) => setView({ kind: "document", document, wasLocked: true })}
          />
        )}
        {view.kind === "document" && (
          <SharedDocumentView
            key={reads}
            document={view.document}
            wasLocked={view.wasLocked}
            // "Load images" is for this link's text only: the next link read asks again.
            docKey={`shared-link:${reads}`}
          />
        )}
        {(view.kind === "document" || view.kind === "locked") && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            A share link carries its text inside the link itself: nothing was downloaded from a
            server, and Plainpad has not stored the text on this device. It is kept only if you open
            it in the editor or the notepad, or download it.
          </p>
        )}
        {view.kind !== "document" && view.kind !== "locked" && view.kind !== "reading" && (
          <p className="text-sm">
            <Link to="/editor/" className="font-medium text-blue-700 underline dark:text-blue-300">
              Open the editor
            </Link>{" "}
            or{" "}
            <Link
              to="/online-notepad/"
              className="font-medium text-blue-700 underline dark:text-blue-300"
            >
              the notepad
            </Link>
            .
          </p>
        )}
      </main>
    </div>
  );
}

function Problem({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-md bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p>{text}</p>
      {children}
    </div>
  );
}

/** Asks for a locked link's password; a wrong one opens nothing. */
function UnlockForm({
  payload,
  onUnlocked,
}: {
  payload: LockedPayload;
  onUnlocked: (document: SharedDocument) => void;
}) {
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  async function unlock(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await unlockSharedDocument(payload, password);
    setBusy(false);
    if (result.kind === "document") {
      onUnlocked(result.document);
      return;
    }
    setError(
      result.kind === "wrong-password"
        ? SHARED_LINK_MESSAGES.wrongPassword
        : SHARED_LINK_MESSAGES.damagedInside,
    );
    inputRef.current?.select();
  }

  return (
    <form
      onSubmit={(event) => void unlock(event)}
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <p className="flex items-center gap-2 font-medium">
        <Lock size={18} aria-hidden="true" />
        This text is locked with a password.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
            Password
          </label>
          <input
            id={inputId}
            ref={inputRef}
            type="password"
            value={password}
            autoComplete="off"
            onChange={(event) => setPassword(event.target.value)}
            className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
        <button
          type="submit"
          disabled={busy || password === ""}
          className="rounded-lg bg-blue-700 px-3 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400"
        >
          {busy ? "Unlocking…" : "Unlock"}
        </button>
      </div>
      {error && (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </p>
      )}
    </form>
  );
}

const ACTION_BUTTON =
  "inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800";

/** The shared text, read-only, with its name, counts and the three actions. */
function SharedDocumentView({
  document,
  wasLocked,
  docKey,
}: {
  document: SharedDocument;
  wasLocked: boolean;
  /** Names this link's document for the preview's remote-image permission. */
  docKey: string;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [counts] = useState(() => ({
    words: countWords(document.text),
    characters: document.text.length,
  }));
  const name = document.name.trim() || "Shared text";
  const fileName = withDefaultExtension(safeFileName(name).trim() || "Shared text");
  // Links made before decision 020 may name "notes.md.txt": the name inside says Markdown.
  const markdown =
    languageFromName(name.replace(/\.txt$/i, "")) === "markdown" && document.text !== "";
  const [showSource, setShowSource] = useState(false);

  async function openInEditor() {
    setBusy(true);
    const endings = detectLineEndings(document.text);
    // The editor asks first when its own document has unsaved changes.
    await putHandoff({
      kind: "file",
      name: fileName,
      content: document.text,
      file: newFileFormat(endings.majority ?? "lf"),
      mixedLineEndings: endings.mixed,
      source: "share-link",
      createdAt: Date.now(),
    });
    void navigate("/editor/");
  }

  async function openInNotepad() {
    setBusy(true);
    setError(null);
    try {
      const id = await putSharedNote({ name, text: document.text });
      void navigate(`/online-notepad/?${SHARED_PARAM}=${encodeURIComponent(id)}`);
    } catch (failure) {
      console.error(failure);
      setError(SHARED_LINK_MESSAGES.notepadFailed);
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="shared-name" className="space-y-3">
      <div>
        <h2 id="shared-name" className="text-xl font-semibold break-words">
          {name}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="shared-counts">
          {formatCount(counts.words)} {counts.words === 1 ? "word" : "words"} ·{" "}
          {formatCount(counts.characters)} {counts.characters === 1 ? "character" : "characters"}
          {wasLocked ? " · was locked with a password" : ""}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => void openInEditor()}
          className={ACTION_BUTTON}
        >
          <FileText size={18} aria-hidden="true" />
          Open in editor
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void openInNotepad()}
          className={ACTION_BUTTON}
        >
          <LayoutPanelTop size={18} aria-hidden="true" />
          Open in a new notepad tab
        </button>
        <button
          type="button"
          onClick={() => downloadText(document.text, fileName)}
          className={ACTION_BUTTON}
        >
          <Download size={18} aria-hidden="true" />
          Download
        </button>
      </div>
      {error && (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </p>
      )}
      {markdown && (
        <button
          type="button"
          aria-pressed={showSource}
          onClick={() => setShowSource((shown) => !shown)}
          className={ACTION_BUTTON}
        >
          <Code size={18} aria-hidden="true" />
          Show source
        </button>
      )}
      {markdown && !showSource ? (
        <div className="flex max-h-[60vh] overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
          <Suspense fallback={<p role="status">Formatting the text…</p>}>
            <MarkdownPreview text={document.text} docKey={docKey} label="Shared text" />
          </Suspense>
        </div>
      ) : (
        <>
          {/* Focusable, so the keyboard scrolls it. */}
          <div
            role="region"
            aria-label="Shared text"
            tabIndex={0}
            className="max-h-[60vh] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900"
          >
            {document.text === "" ? (
              <p className="text-sm text-slate-700 italic dark:text-slate-300">
                The text is empty.
              </p>
            ) : (
              // Text, never HTML: React sets it as a text node.
              <pre
                data-testid="shared-text"
                className="font-mono text-sm break-words whitespace-pre-wrap"
              >
                {document.text}
              </pre>
            )}
          </div>
        </>
      )}
    </section>
  );
}
