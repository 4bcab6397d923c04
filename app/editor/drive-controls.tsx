import { CloudDownload, CloudUpload, Loader2, LogIn, LogOut, type LucideIcon } from "lucide-react";
import { type JSX, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { DriveSessionSnapshot } from "~/drive/auth";
import { getDrive } from "~/drive/drive";
import { runOpen, runSave, runSignIn } from "~/drive/flows";
import { DRIVE_LABELS, saveStageMessage } from "~/drive/messages";
import { getDrivePrompts } from "~/drive/prompt";
import { DrivePromptDialog } from "~/ui/drive-prompt";

/**
 * The Google Drive slot of the simple editor's header: the signed-in address, Sign in / Sign
 * out, Open from Drive and Save to Drive, and the page's Drive questions. Google's sign-in code
 * loads when the pointer or the focus reaches these controls, so that a click can open the
 * sign-in window at once: browsers block a popup opened later than the click. Every handler
 * below starts its Drive flow synchronously for the same reason (no await before it).
 */
export interface DriveControlsProps {
  /** The current document text (read on save only). */
  getContent: () => string;
  /**
   * An opaque token of the document as it is now (read when a save starts, handed back to
   * onSaved): the editor tells by it whether the text changed while the upload ran.
   */
  getVersion: () => unknown;
  fileName: string;
  fileId: string | null;
  /** Replace the document with a file opened from Drive (the editor confirms if dirty). */
  onOpen: (file: { id: string; name: string; content: string }) => void;
  /**
   * The document was saved to Drive as `fileId`; `savedVersion` is getVersion() from the start
   * of the save. The editor stores the id and clears dirty unless the text changed meanwhile.
   */
  onSaved: (fileId: string, savedVersion: unknown) => void;
  /** Start the open-from-Drive flow at once (hand-off from the landing page). */
  autoOpen?: boolean;
}

const SIGNED_OUT: DriveSessionSnapshot = { status: "signed-out", email: "" };

const buttonClass =
  "inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60 dark:text-slate-200 dark:hover:bg-slate-800";

// Stable functions so React does not resubscribe on every render.
const subscribeToDrive = (listener: () => void) => getDrive().subscribe(listener);
const driveSnapshot = () => getDrive().getSnapshot();
const signedOutSnapshot = () => SIGNED_OUT;

type Busy = null | "sign-in" | "sign-out" | "open" | "save";

interface DriveButtonProps {
  /** The button's name: its title, and its text (for screen readers only on narrow screens). */
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  /** The action running, if any: every button waits while one runs. */
  busy: Busy;
  /** The action during which this button's icon turns into a spinner. */
  spinsWhile?: Exclude<Busy, null>;
}

/** One header button of the Drive slot: an icon, a spinner while its own action runs. */
function DriveButton({ label, icon: Icon, onClick, busy, spinsWhile }: DriveButtonProps) {
  return (
    <button
      type="button"
      className={buttonClass}
      onClick={onClick}
      disabled={busy !== null}
      title={label}
    >
      {spinsWhile !== undefined && busy === spinsWhile ? (
        <Loader2 aria-hidden="true" size={16} className="animate-spin" />
      ) : (
        <Icon aria-hidden="true" size={16} />
      )}
      <span className="sr-only xl:not-sr-only">{label}</span>
    </button>
  );
}

/** Sign in / out with the address, Open from Drive and Save to Drive (one action at a time). */
export function DriveControls(props: DriveControlsProps): JSX.Element {
  const session = useSyncExternalStore(subscribeToDrive, driveSnapshot, signedOutSnapshot);
  const [busy, setBusy] = useState<Busy>(null);
  const [status, setStatus] = useState("");
  // A ref as well as state: two clicks in the same frame must not both start.
  const busyRef = useRef<Busy>(null);
  const propsRef = useRef(props);
  propsRef.current = props;

  const run = useCallback(async (kind: Exclude<Busy, null>, task: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = kind;
    setBusy(kind);
    try {
      await task();
    } finally {
      busyRef.current = null;
      setBusy(null);
      setStatus("");
    }
  }, []);

  const open = useCallback(
    () =>
      run("open", async () => {
        setStatus("Opening from Google Drive…");
        const file = await runOpen(getDrive());
        if (file) propsRef.current.onOpen(file);
      }),
    [run],
  );

  const save = () =>
    run("save", async () => {
      const { getContent, getVersion, fileName, fileId, onSaved } = propsRef.current;
      const version = getVersion();
      const content = getContent();
      setStatus(saveStageMessage("authorizing"));
      await runSave(
        getDrive(),
        { fileId, name: fileName, content },
        {
          onStage: (stage) => setStatus(saveStageMessage(stage)),
          onSaved: (savedId) => onSaved(savedId, version),
        },
      );
    });

  const signIn = () =>
    run("sign-in", async () => {
      setStatus("Signing in with Google…");
      await runSignIn(getDrive());
    });

  const signOut = () => run("sign-out", () => getDrive().signOut());

  // The landing page's "Open from Google Drive" hands over here; start once per mount. The
  // landing page's click was used up by the navigation, so without a valid token (whose
  // renewal would need the sign-in window) the user gets a button to press here instead of a
  // window the browser would block.
  const autoOpened = useRef(false);
  useEffect(() => {
    if (!props.autoOpen || autoOpened.current) return;
    autoOpened.current = true;
    const drive = getDrive();
    if (drive.isConfigured() && !drive.hasValidToken()) {
      // Shown once the sign-in library is ready, so the button's click can open the window.
      void drive.prepare().then(() =>
        getDrivePrompts().ask({
          title: "Open from Google Drive",
          message: "Sign in with Google to choose a file from your Drive.",
          actions: [{ id: "continue", label: DRIVE_LABELS.continue, run: () => void open() }],
          dismissLabel: DRIVE_LABELS.notNow,
        }),
      );
    } else void open();
  }, [props.autoOpen, open]);

  const prepare = () => void getDrive().prepare();

  const signedIn = session.status === "signed-in";
  return (
    <div
      className="relative flex items-center gap-1"
      aria-busy={busy !== null}
      onPointerEnter={prepare}
      onFocus={prepare}
    >
      {signedIn && session.email && (
        <span
          className="max-w-24 truncate text-xs text-slate-600 sm:max-w-48 sm:text-sm dark:text-slate-300"
          title={`Signed in to Google as ${session.email}`}
          data-testid="drive-email"
        >
          {session.email}
        </span>
      )}
      {signedIn ? (
        <DriveButton label="Sign out" icon={LogOut} onClick={signOut} busy={busy} />
      ) : (
        <DriveButton
          label="Sign in"
          icon={LogIn}
          onClick={signIn}
          busy={busy}
          spinsWhile="sign-in"
        />
      )}
      <DriveButton
        label="Open from Drive"
        icon={CloudDownload}
        onClick={() => void open()}
        busy={busy}
        spinsWhile="open"
      />
      <DriveButton
        label="Save to Drive"
        icon={CloudUpload}
        onClick={save}
        busy={busy}
        spinsWhile="save"
      />
      <DrivePromptDialog />
      <p
        role="status"
        className="fixed inset-x-3 top-16 z-30 rounded-md sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-max sm:max-w-72 border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 shadow-lg empty:hidden dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {status}
      </p>
    </div>
  );
}
