import { useState, type MouseEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { Cloud, FilePlus2, FolderOpen } from "lucide-react";
import type { PickedFile } from "~/storage/disk-files";
import { editorActionHref, putHandoff, type EditorAction } from "~/storage/handoff";
import { EDITOR_FILE_EXTENSIONS, fileRejectionMessage } from "~/text/file-checks";

const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-xl px-6 py-3.5 text-base font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";
const secondaryButton = `${primaryButton} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800`;

/**
 * A button that, before scripts run, submits a GET form to the editor with `action` in the
 * address (/editor/?action=…), and once they run does `onClick` instead.
 */
function EditorActionButton({
  action,
  className,
  onClick,
  disabled,
  children,
}: {
  action: EditorAction;
  className: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    // "contents": the form adds no box, so its button stays an item of the row.
    <form action="/editor/" method="get" className="contents">
      <button
        type="submit"
        name="action"
        value={action}
        className={className}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </button>
    </form>
  );
}

/**
 * The landing page's three main actions. Each works before the page's scripts run (a tap on a
 * slow phone, or no JavaScript): each is the submit button of a form that goes to the editor
 * with the action in the address (`editorActionHref`), so they stay buttons (the spec's three
 * buttons) and need no script. Once the page is running, "Create New Text File" and "Open from
 * Google Drive" go there without a page load, and "Open File From Computer" opens the open
 * dialog here instead, reads the file and hands it to the editor.
 */
export function HomeActions() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function openFromComputer() {
    let picked: PickedFile | undefined;
    let readPickedFile: typeof import("~/storage/disk-files").readPickedFile;
    let FileRejectedError: typeof import("~/storage/local-files").FileRejectedError;
    let toPieces: typeof import("~/text/text-stream").textPieces;
    try {
      // Loaded on the click, not with the page (the landing page stays light); the picker
      // still opens within the click's user activation.
      const [diskFiles, localFiles, textStream] = await Promise.all([
        import("~/storage/disk-files"),
        import("~/storage/local-files"),
        import("~/text/text-stream"),
      ]);
      readPickedFile = diskFiles.readPickedFile;
      toPieces = textStream.textPieces;
      FileRejectedError = localFiles.FileRejectedError;
      const { pickFiles } = diskFiles;
      [picked] = await pickFiles({
        multiple: false,
        extensions: EDITOR_FILE_EXTENSIONS,
        description: "Text files",
      });
    } catch (caught) {
      console.error(caught);
      setError("The open dialog could not be shown. Please try again.");
      return;
    }
    if (!picked) return;
    const { file } = picked;
    setError(null);
    setBusy(true);
    try {
      const read = await readPickedFile(picked);
      await putHandoff({
        kind: "file",
        name: read.name,
        content: toPieces(read.text),
        // The handle goes along, so Save in the editor writes back into this file.
        file: read.format,
        mixedLineEndings: read.mixedLineEndings,
        createdAt: Date.now(),
      });
      navigate("/editor/");
    } catch (caught) {
      setError(
        caught instanceof FileRejectedError
          ? fileRejectionMessage(caught.fileName, caught.reason)
          : `"${file.name}" could not be read. Please try again.`,
      );
    } finally {
      setBusy(false);
    }
  }

  function goWithoutReload(action: "new" | "drive-open") {
    return (event: MouseEvent<HTMLButtonElement>) => {
      event.preventDefault();
      navigate(editorActionHref(action));
    };
  }

  function onOpenClick(event: MouseEvent<HTMLButtonElement>) {
    // Running: the dialog opens here, within this click. (Before scripts the form goes on to
    // the editor, which asks for the file there.)
    event.preventDefault();
    void openFromComputer();
  }

  return (
    <div className="mt-10">
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <EditorActionButton
          action="new"
          className={`${primaryButton} bg-blue-700 text-white hover:bg-blue-800`}
          onClick={goWithoutReload("new")}
        >
          <FilePlus2 aria-hidden="true" size={20} />
          Create New Text File
        </EditorActionButton>
        <EditorActionButton
          action="open"
          className={secondaryButton}
          onClick={onOpenClick}
          disabled={busy}
        >
          <FolderOpen aria-hidden="true" size={20} />
          {busy ? "Opening…" : "Open File From Computer"}
        </EditorActionButton>
        <EditorActionButton
          action="drive-open"
          className={secondaryButton}
          onClick={goWithoutReload("drive-open")}
        >
          <Cloud aria-hidden="true" size={20} />
          Open from Google Drive
        </EditorActionButton>
      </div>
      {error && (
        <p
          role="alert"
          className="mx-auto mt-4 max-w-xl rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      )}
    </div>
  );
}
