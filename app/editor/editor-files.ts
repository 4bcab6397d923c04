import type { Text } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { type PickedFile, readPickedFile } from "~/storage/disk-files";
import type { DocumentFileFormat } from "~/storage/document-records";
import type { DocumentHistory } from "~/storage/document-history";
import { EDITOR_DOCUMENT_ID } from "~/storage/editor-document";
import type { SnapshotReason } from "~/storage/history-store";
import { FileRejectedError, isAbortError } from "~/storage/local-files";
import { fileRejectionMessage } from "~/text/file-checks";
import { normalizeFileName } from "~/text/file-name";
import type { TextEncodingId } from "~/text/text-encoding";
import { askChangedOnDisk } from "~/ui/choice-dialog";
import {
  mixedLineEndingsMessage,
  guessedEncodingMessage,
  reopenDocument,
  type SaveOutcome,
  saveDocument,
  saveDocumentAs,
  saveOutcomeNotice,
} from "~/ui/document-file-save";
import { type FileReadTracker, readCancelledMessage } from "~/ui/file-read-progress";
import { useEditorStore } from "./editor-store";

/** A document to put in the editor. */
export interface DocumentInput {
  name: string;
  content: string | Text;
  fileId: string | null;
  /** Encoding, line ending and file on disk; a new document's defaults when not given. */
  file?: DocumentFileFormat;
  mixedLineEndings?: boolean;
  /** What the version history says of the text this replaces ("replaced" when not given). */
  reason?: SnapshotReason;
}

/** What opening and saving a file need of the simple editor. */
export interface EditorFileHost {
  getView(): EditorView | null;
  getHistory(): DocumentHistory;
  /** Bumped whenever the document is replaced: a save that ends after that is not its. */
  generation(): number;
  /** Puts a document in the editor (after asking, when changes would be lost); false if not. */
  replaceDocument(input: DocumentInput): boolean;
  fileReads: FileReadTracker;
}

/** Opens a file the user picked or dropped; a refused or unreadable file is reported. */
export async function openEditorFile(host: EditorFileHost, picked: PickedFile): Promise<void> {
  const { file } = picked;
  const store = useEditorStore.getState();
  try {
    const read = await host.fileReads.track(file, (options) => readPickedFile(picked, options));
    const opened = host.replaceDocument({
      name: read.name,
      content: read.text,
      fileId: null,
      file: read.format,
      mixedLineEndings: read.mixedLineEndings,
      reason: "file-opened",
    });
    if (opened) {
      const text = read.guessed
        ? guessedEncodingMessage(read.name, read.guessed, !!read.format.disk)
        : read.mixedLineEndings
          ? mixedLineEndingsMessage(read.name)
          : null;
      store.notify(text ? { kind: "info", text } : null);
    }
  } catch (error) {
    if (isAbortError(error)) {
      store.notify({ kind: "info", text: readCancelledMessage(file.name) });
      return;
    }
    const text =
      error instanceof FileRejectedError
        ? fileRejectionMessage(error.fileName, error.reason)
        : `"${file.name}" could not be read. Your current document is unchanged.`;
    store.notify({ kind: "error", text });
  }
}

/**
 * Save or Save As: the bytes are written (or downloaded) from the text as it was when the
 * user asked; the unsaved marker clears only when that write succeeded and nothing was typed
 * meanwhile.
 */
export async function saveEditorFile(
  host: EditorFileHost,
  mode: "save" | "save-as",
): Promise<void> {
  const view = host.getView();
  if (!view) return;
  const savedDoc = view.state.doc;
  const generation = host.generation();
  const { fileName, file } = useEditorStore.getState();
  const request = { name: fileName, text: savedDoc.toString(), file };
  const outcome: SaveOutcome =
    mode === "save"
      ? await saveDocument(request, {
          askChangedOnDisk,
          keepOverwritten: (diskText) =>
            host
              .getHistory()
              .snapshotNow(
                EDITOR_DOCUMENT_ID,
                { text: diskText, name: fileName },
                "before-overwrite",
              ),
        })
      : await saveDocumentAs(request);
  // Another document was opened while the dialog or the write ran: the outcome is not its.
  if (generation !== host.generation()) return;
  const unchanged = host.getView()?.state.doc === savedDoc;
  if (outcome.kind === "written") {
    useEditorStore.setState((state) => ({
      file: outcome.file,
      fileName: mode === "save-as" ? normalizeFileName(outcome.name) : state.fileName,
      mixedLineEndings: false,
    }));
    if (unchanged) useEditorStore.getState().markClean();
  } else if (outcome.kind === "downloaded") {
    if (unchanged) useEditorStore.getState().markClean();
  } else if (outcome.kind === "reload") {
    applyReload(host, outcome);
  }
  notifyOutcome(host, outcome);
}

/** Reads the document's file again in `encoding` (the status bar's "Reopen with encoding"). */
export async function reopenEditorFile(
  host: EditorFileHost,
  encoding: TextEncodingId,
): Promise<void> {
  const disk = useEditorStore.getState().file.disk;
  if (!disk) return;
  const generation = host.generation();
  const outcome = await reopenDocument(disk, encoding);
  // Another document was opened while the file was read.
  if (generation !== host.generation()) return;
  if (outcome.kind === "reload") applyReload(host, outcome);
  notifyOutcome(host, outcome);
}

/** The file's text as read from disk replaces the document, which is then as saved. */
function applyReload(host: EditorFileHost, outcome: Extract<SaveOutcome, { kind: "reload" }>) {
  // An ordinary, undoable edit: Ctrl+Z brings back the text that was here.
  const current = host.getView();
  current?.dispatch({
    changes: { from: 0, to: current.state.doc.length, insert: outcome.text },
    userEvent: "input.reload",
  });
  useEditorStore.setState({
    file: outcome.file,
    isDirty: false,
    mixedLineEndings: outcome.mixedLineEndings,
  });
}

function notifyOutcome(host: EditorFileHost, outcome: SaveOutcome) {
  const notice = saveOutcomeNotice(outcome);
  if (!notice) return;
  const retry = notice.retry;
  useEditorStore.getState().notify({
    kind: notice.kind,
    text: notice.text,
    action: retry
      ? {
          label: retry === "save" ? "Save" : "Save as…",
          run: () => void saveEditorFile(host, retry),
        }
      : undefined,
  });
}
