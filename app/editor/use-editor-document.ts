import type { Text } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { type RefObject, useCallback, useMemo, useRef, useState } from "react";
import type { CodeEditorHandle } from "~/codemirror";
import { type PickedFile, pickFiles } from "~/storage/disk-files";
import { newFileFormat } from "~/storage/document-records";
import { DocumentHistory, HISTORY_FULL_MESSAGE } from "~/storage/document-history";
import { EDITOR_DOCUMENT_ID } from "~/storage/editor-document";
import { takeEditorAction, takeHandoff } from "~/storage/handoff";
import { HistoryStore } from "~/storage/history-store";
import { assemblePieces } from "~/storage/local-files";
import { EDITOR_FILE_EXTENSIONS } from "~/text/file-checks";
import {
  DEFAULT_FILE_NAME,
  normalizeFileName,
  safeFileName,
  withDefaultExtension,
} from "~/text/file-name";
import type { TextEncodingId } from "~/text/text-encoding";
import { downloadText } from "~/ui/download";
import type { FileReadTracker } from "~/ui/file-read-progress";
import {
  type DocumentInput,
  type EditorFileHost,
  openEditorFile,
  reopenEditorFile,
  saveEditorFile,
} from "./editor-files";
import { EditorDocumentSet } from "./editor-document-set";
import { EditorPersistence, showOtherWindowVersion } from "./editor-persistence";
import { useEditorStore } from "./editor-store";

const CONFIRM_REPLACE =
  "Replace the current document? Changes you have not downloaded or saved will be lost.";
const CONFIRM_NEW = "Start a new document? Changes you have not downloaded or saved will be lost.";

/**
 * The simple editor's one document, as the page's pieces use it: what replaces it (a file, New,
 * a share link or Drive file, the stored draft at load), where it is kept (this browser's
 * storage, its version history) and its files on this computer.
 */
export interface EditorDocument {
  /** The document's version history (its database opens on first use). */
  getHistory(): DocumentHistory;
  /** Keeps the document in this browser (made on first use). */
  getPersistence(): EditorPersistence;
  /** The persistence once made (null before, and after the page let it go). */
  persistenceRef: RefObject<EditorPersistence | null>;
  /**
   * The document, as a document set of one: its state and meta, and its feed of changes with
   * their origins (storage, History and the store's copy of the meta follow it).
   */
  documents: EditorDocumentSet;
  /** Bumped whenever the document is replaced (not edited). */
  generation(): number;
  /** Replaces the whole document (new history); asks first when there are unsaved changes. */
  replaceDocument(input: DocumentInput, confirmMessage?: string): boolean;
  /** Opens a file the user picked or dropped. */
  openFile(picked: PickedFile): Promise<void>;
  /** The system's open dialog, then the picked file. */
  openFilePicker(): void;
  /** Save or Save As. */
  saveFile(mode: "save" | "save-as"): Promise<void>;
  /** Reads the document's file again in `encoding` (the status bar's "Reopen with encoding"). */
  reopenFile(encoding: TextEncodingId): void;
  /** Starts an empty "Untitled.txt" (asking first when changes would be lost). */
  newDocument(): void;
  /**
   * Loads the stored draft and the landing page's or share page's hand-off into the view, then
   * starts storing; `onDriveHandoff` hears that the landing page asked to open from Drive.
   */
  initialise(handle: CodeEditorHandle, onDriveHandoff: () => void): Promise<void>;
}

/**
 * The simple editor's document handling (the notepad's is its controller's): the view's handle
 * and the file-read progress come from the page; everything that replaces, keeps, opens or
 * saves the document is here.
 */
export function useEditorDocument(
  getHandle: () => CodeEditorHandle | null,
  fileReads: FileReadTracker,
): EditorDocument {
  const getView = useCallback((): EditorView | null => getHandle()?.view ?? null, [getHandle]);
  const persistenceRef = useRef<EditorPersistence | null>(null);
  const [documents] = useState(() => new EditorDocumentSet(getView));
  const historyRef = useRef<DocumentHistory | null>(null);
  const getHistory = useCallback(
    () =>
      (historyRef.current ??= new DocumentHistory(new HistoryStore(), "editor", {
        historyFull: () =>
          useEditorStore.getState().notify({ kind: "error", text: HISTORY_FULL_MESSAGE }),
      })),
    [],
  );
  // Made on first use (the page's mount effect); it reads the document from the view only when
  // it saves, after the view exists and the stored document loaded.
  const getPersistence = useCallback(
    () =>
      (persistenceRef.current ??= new EditorPersistence({
        currentState: () => documents.state,
        adoptRemote: (doc) => showOtherWindowVersion(documents, doc),
      })),
    [documents],
  );

  // Bumped whenever the document is replaced (not edited): a save that finishes after another
  // document was opened must not give that document the saved file's id or format, and the
  // remote-image permission (the store's documentKey) is for one document.
  const documentGeneration = useRef(0);
  const generation = useCallback(() => documentGeneration.current, []);
  /** Puts a different document in the editor (fresh history), starting a new generation. */
  const loadDocument = useCallback(
    (handle: CodeEditorHandle, content: string | Text) => {
      handle.resetDocument(content);
      documents.showing(handle.view.state);
      documentGeneration.current += 1;
      useEditorStore.setState({
        documentKey: `${EDITOR_DOCUMENT_ID}:${documentGeneration.current}`,
      });
    },
    [documents],
  );

  const replaceDocument = useCallback(
    (input: DocumentInput, confirmMessage = CONFIRM_REPLACE): boolean => {
      const handle = getHandle();
      if (!handle) return false;
      const { name, isModified } = documents.shownMeta;
      if (isModified && !window.confirm(confirmMessage)) return false;
      // The text being replaced stays in the version history (nothing kept for an empty one).
      void getHistory().snapshotNow(
        EDITOR_DOCUMENT_ID,
        { text: handle.view.state.doc, name },
        input.reason ?? "replaced",
      );
      loadDocument(handle, input.content);
      // "Highlight anyway" was for the document replaced: a new big file asks again.
      const { language } = useEditorStore.getState();
      useEditorStore.setState({ language: { ...language, forced: false } });
      documents.changeShownMeta(
        {
          name: normalizeFileName(input.name),
          isModified: false,
          lastModified: Date.now(),
          driveFileId: input.fileId,
          file: input.file ?? newFileFormat(),
          mixedLineEndings: input.mixedLineEndings ?? false,
        },
        "open",
      );
      // Stored at once, by the storage follower of the feed (its text came without a
      // transaction, its meta with the origin "open", which is not stored on change); the
      // store's copy of the meta follows the state announced.
      documents.feed.announce(documents.id, { text: true, meta: true }, "user", documents.state);
      return true;
    },
    [getHandle, getHistory, loadDocument, documents],
  );

  // Open and Save (editor-files.ts) act on whatever document is shown when they finish.
  const fileHost = useMemo<EditorFileHost>(
    () => ({ documents, getHistory, generation, replaceDocument, fileReads }),
    [documents, getHistory, generation, replaceDocument, fileReads],
  );
  const openFile = useCallback(
    (picked: PickedFile) => openEditorFile(fileHost, picked),
    [fileHost],
  );
  const saveFile = useCallback(
    (mode: "save" | "save-as") => saveEditorFile(fileHost, mode),
    [fileHost],
  );
  const reopenFile = useCallback(
    (encoding: TextEncodingId) => void reopenEditorFile(fileHost, encoding),
    [fileHost],
  );
  const openFilePicker = useCallback(
    () =>
      void pickFiles({
        multiple: false,
        extensions: EDITOR_FILE_EXTENSIONS,
        description: "Text files",
      }).then(
        (picked) => picked[0] && openFile(picked[0]),
        (error: unknown) => {
          console.error(error);
          useEditorStore.getState().notify({
            kind: "error",
            text: "The open dialog could not be shown. Drop a file on the page instead, or try again.",
          });
        },
      ),
    [openFile],
  );
  const newDocument = useCallback(() => {
    if (replaceDocument({ name: DEFAULT_FILE_NAME, content: "", fileId: null }, CONFIRM_NEW)) {
      getView()?.focus();
    }
  }, [getView, replaceDocument]);

  const initialise = useCallback(
    async (handle: CodeEditorHandle, onDriveHandoff: () => void) => {
      const store = useEditorStore.getState();
      const persistence = getPersistence();
      const stored = await persistence.load();
      // The page went while the draft loaded (its persistence disposed): made again and
      // started here, a storage would follow other windows with no one to stop it, and the
      // landing page's hand-off would be taken for nothing.
      if (persistenceRef.current !== persistence) return;
      if (stored) {
        loadDocument(handle, stored.content);
        // As stored: not written again (the origin "open"); the view's update listener puts it
        // on the feed, and the store's copy of the meta follows from there.
        documents.changeShownMeta(
          {
            name: normalizeFileName(stored.name),
            isModified: stored.isModified,
            lastModified: stored.lastModified,
            driveFileId: stored.driveFileId,
            file: stored.file,
          },
          "open",
        );
      }
      let handoff = null;
      try {
        handoff = await takeHandoff();
      } catch {
        // No storage: nothing was handed over.
      }
      if (handoff?.kind === "file") {
        const content =
          typeof handoff.content === "string"
            ? handoff.content
            : await assemblePieces(handoff.content);
        const opened = replaceDocument({
          name: handoff.name,
          content,
          fileId: null,
          file: handoff.file,
          mixedLineEndings: handoff.mixedLineEndings,
        });
        if (!opened && handoff.source === "share-link") {
          // The shared text is nowhere else on this device: keep a way to it.
          const { name } = handoff;
          store.notify({
            kind: "info",
            text: `"${name}" from the share link was not opened; your document is unchanged.`,
            action: {
              label: "Download the shared text",
              run: () => downloadText(content.toString(), withDefaultExtension(safeFileName(name))),
            },
          });
        }
      }
      // A link's action (the landing page's buttons work as links before scripts run).
      const action = takeEditorAction();
      if (action === "new") {
        replaceDocument({ name: DEFAULT_FILE_NAME, content: "", fileId: null }, CONFIRM_NEW);
      } else if (action === "drive-open") {
        onDriveHandoff();
      } else if (action === "open") {
        // The open dialog needs a click on this page: the one on the link led here.
        store.notify({
          kind: "info",
          text: "Choose the file to open from your computer.",
          action: {
            label: "Choose a file",
            run: () => {
              useEditorStore.getState().notify(null);
              openFilePicker();
            },
          },
        });
      }
      store.setLoaded(true);
      persistence.start();
    },
    [getPersistence, loadDocument, replaceDocument, openFilePicker, documents],
  );

  return useMemo(
    () => ({
      getHistory,
      getPersistence,
      persistenceRef,
      documents,
      generation,
      replaceDocument,
      openFile,
      openFilePicker,
      saveFile,
      reopenFile,
      newDocument,
      initialise,
    }),
    [
      getHistory,
      getPersistence,
      documents,
      generation,
      replaceDocument,
      openFile,
      openFilePicker,
      saveFile,
      reopenFile,
      newDocument,
      initialise,
    ],
  );
}
