import type { Text } from "@codemirror/state";
import { type PickedFile, readPickedFile } from "~/storage/disk-files";
import type { DocumentFileFormat } from "~/storage/document-records";
import type { DocumentHistory } from "~/storage/document-history";
import { EDITOR_DOCUMENT_ID } from "~/storage/editor-document";
import type { SnapshotReason } from "~/storage/history-store";
import { FileRejectedError, isAbortError } from "~/storage/local-files";
import { fileRejectionMessage } from "~/text/file-checks";
import type { TextEncodingId } from "~/text/text-encoding";
import { askChangedOnDisk } from "~/ui/choice-dialog";
import type { SaveDisk } from "~/document/file-save";
import { reopenWithFlow, type SaveFlowHost, saveWithFlow } from "~/document/save-flow";
import {
  guessedEncodingMessage,
  mixedLineEndingsMessage,
  retryLabel,
} from "~/document/save-messages";
import { type FileReadTracker, readCancelledMessage } from "~/ui/file-read-progress";
import type { EditorDocumentSet } from "./editor-document-set";
import { markEditorSaved, nameAfterSavedFile } from "./editor-meta";
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
  /** The editor's document (a document set of one). */
  documents: EditorDocumentSet;
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
 * Save or Save As, through the save flow both editors share (app/document/save-flow.ts): the
 * bytes are written (or downloaded) from the text as it was when the user asked; the unsaved
 * marker clears only when that write succeeded and nothing was typed meanwhile. `disk` is the
 * browser's unless given (a test's).
 */
export async function saveEditorFile(
  host: EditorFileHost,
  mode: "save" | "save-as",
  disk?: SaveDisk,
): Promise<void> {
  await saveWithFlow(flowHost(host), mode, disk);
}

/** Reads the document's file again in `encoding` (the status bar's "Reopen with encoding"). */
export async function reopenEditorFile(
  host: EditorFileHost,
  encoding: TextEncodingId,
): Promise<void> {
  await reopenWithFlow(flowHost(host), encoding);
}

/**
 * The editor's document as the save flow sees it, for as long as it is the one shown: once
 * another is opened (the generation moves on), a save's outcome is not its.
 */
function flowHost(host: EditorFileHost): SaveFlowHost {
  const generation = host.generation();
  const store = useEditorStore;
  const { documents } = host;
  // Nothing once another document took its place, or the page let the view go.
  const current = () =>
    generation === host.generation() && documents.shownTarget() ? documents : null;
  return {
    // The editor's one document (whichever is shown): one save at a time.
    key: EDITOR_DOCUMENT_ID,
    current: () => {
      const state = current()?.state;
      if (!state) return null;
      const { name, file } = documents.shownMeta;
      return { name, text: state.doc, file };
    },
    target: () => current()?.shownTarget() ?? null,
    askChangedOnDisk,
    // Named as the document shown now.
    recordSnapshot: (text, reason) =>
      host
        .getHistory()
        .snapshotNow(EDITOR_DOCUMENT_ID, { text, name: documents.shownMeta.name }, reason),
    setFile: (file, mixedLineEndings) => current()?.changeShownMeta({ file, mixedLineEndings }),
    rename: (fileName) => nameAfterSavedFile(current(), fileName),
    // A download or a write is a backup; a reload only matches the disk.
    markSaved: (how) => markEditorSaved(current(), how),
    notify: (notice) => {
      const retry = notice.retry;
      store.getState().notify({
        kind: notice.kind,
        text: notice.text,
        action: retry
          ? { label: retryLabel(retry), run: () => void saveEditorFile(host, retry) }
          : undefined,
      });
    },
  };
}
