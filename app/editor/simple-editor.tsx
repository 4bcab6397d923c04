import { type Text, Transaction } from "@codemirror/state";
import type { EditorView, ViewUpdate } from "@codemirror/view";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  canRedo,
  CodeEditor,
  type CodeEditorHandle,
  commandKeyHandler,
  keyModeActions,
  markdownMarkers,
  searchHighlighting,
  undoStepsLeft,
  wordCount,
  wordCountPanel,
} from "~/codemirror";
import { type PickedFile, pickFiles } from "~/storage/disk-files";
import { newFileFormat } from "~/storage/document-records";
import { takeHandoff } from "~/storage/handoff";
import { assemblePieces } from "~/storage/local-files";
import { readWritingPreferences } from "~/storage/writing-preferences";
import { sameText } from "~/text/same-text";
import { EDITOR_FILE_EXTENSIONS } from "~/text/file-checks";
import {
  DEFAULT_FILE_NAME,
  normalizeFileName,
  safeFileName,
  withTxtExtension,
} from "~/text/file-name";
import { QuestionDialogHost } from "~/ui/choice-dialog";
import type { Command } from "~/ui/commands";
import { downloadText } from "~/ui/download";
import { listenForPageFileDrops } from "~/ui/page-file-drop";
import { recordHistory } from "~/codemirror/history-snapshots";
import { DocumentHistory, HISTORY_FULL_MESSAGE } from "~/storage/document-history";
import { HistoryStore } from "~/storage/history-store";
import { EDITOR_DOCUMENT_ID } from "~/storage/editor-document";
import { useCommandKeys } from "~/ui/use-command-keys";
import { installBenchHook } from "./bench-hook";
import { EDITOR_COMMANDS } from "./commands";
import { createEditorActions } from "./editor-actions";
import { EditorHeader } from "./editor-header";
import { fileDropHandler } from "./file-drop";
import { EditorNotices } from "./editor-notices";
import { EditorPersistence } from "./editor-persistence";
import { FileReadProgress, FileReadTracker } from "~/ui/file-read-progress";
import { EditorStatusBar } from "./editor-status";
import { useEditorStore } from "./editor-store";
import { EditorToolbar } from "./editor-toolbar";
import { EditorDialogs } from "./editor-dialogs";
import { PreviewArea } from "~/preview/preview-area";
import { readPreviewMode } from "~/storage/preview-mode";
import { readKeyMode } from "~/storage/key-mode";
import { SearchBar } from "./search-bar";
import { SettingsPanel } from "./settings-panel";
import {
  editorViewOptions,
  useDocumentTracking,
  useSearchHighlightsClearedOnClose,
  useSettingsFromThisBrowser,
  useUnsavedChangesWarning,
} from "./editor-lifecycle";
import { useEditorLanguage } from "./editor-language";
import {
  type DocumentInput,
  type EditorFileHost,
  openEditorFile,
  reopenEditorFile,
  saveEditorFile,
} from "./editor-files";

const CONFIRM_REPLACE =
  "Replace the current document? Changes you have not downloaded or saved will be lost.";
const CONFIRM_NEW = "Start a new document? Changes you have not downloaded or saved will be lost.";

/** Which document, and which state of its text, a Drive save started from. */
interface DocumentVersion {
  generation: number;
  doc: Text | null;
}

/**
 * The simple editor: header, toolbar, search bar, CodeMirror editing area, settings panel,
 * word count line and the notices region. The text lives in the CodeMirror view only.
 */
export function SimpleEditor() {
  const handleRef = useRef<CodeEditorHandle | null>(null);
  const persistenceRef = useRef<EditorPersistence | null>(null);
  const initStarted = useRef(false);
  const [driveAutoOpen, setDriveAutoOpen] = useState(false);
  /** The big file being read, for the progress bar and its Cancel button. */
  const [fileReads] = useState(() => new FileReadTracker());
  const settings = useEditorStore((s) => s.settings);
  const searchOpen = useEditorStore((s) => s.searchOpen);
  const settingsOpen = useEditorStore((s) => s.settingsOpen);
  const previewMode = useEditorStore((s) => s.previewMode);
  const markdown = useEditorStore((s) => s.language.id === "markdown");

  const getView = useCallback((): EditorView | null => handleRef.current?.view ?? null, []);
  // Version history of the document (History panel); its database opens on first use.
  const historyRef = useRef<DocumentHistory | null>(null);
  const getHistory = useCallback(
    () =>
      (historyRef.current ??= new DocumentHistory(new HistoryStore(), "editor", {
        historyFull: () =>
          useEditorStore.getState().notify({ kind: "error", text: HISTORY_FULL_MESSAGE }),
      })),
    [],
  );
  const getContent = useCallback(() => getView()?.state.doc.toString() ?? "", [getView]);
  // Made on first use (this component's mount effect); it reads the document from the view
  // only when it saves, after the view exists and the stored document loaded.
  const getPersistence = useCallback(
    () =>
      (persistenceRef.current ??= new EditorPersistence({
        currentText: () => getView()?.state.doc ?? null,
        showRemoteText: (text, changes) => {
          const view = getView();
          if (!view) return;
          const annotations = [Transaction.remote.of(true), Transaction.addToHistory.of(false)];
          // Still the version the other window's save was made from: only what changed.
          if (changes && view.state.doc === changes.base) {
            view.dispatch({ changes: changes.changes, annotations });
            return;
          }
          if (sameText(view.state.doc, text)) return;
          view.dispatch({
            changes: { from: 0, to: view.state.doc.length, insert: text },
            selection: { anchor: Math.min(view.state.selection.main.head, text.length) },
            annotations,
          });
        },
      })),
    [getView],
  );
  // Bumped whenever the document is replaced (not edited): a Drive save that finishes after
  // another document was opened must not give that document the saved file's id.
  const documentGeneration = useRef(0);
  const getVersion = useCallback(
    (): DocumentVersion => ({
      generation: documentGeneration.current,
      doc: getView()?.state.doc ?? null,
    }),
    [getView],
  );
  /** Puts a different document in the editor (fresh history), starting a new generation. */
  const loadDocument = useCallback((handle: CodeEditorHandle, content: string | Text) => {
    handle.resetDocument(content);
    documentGeneration.current += 1;
  }, []);

  /** Replaces the whole document (new history); asks first when there are unsaved changes. */
  const replaceDocument = useCallback(
    (input: DocumentInput, confirmMessage = CONFIRM_REPLACE): boolean => {
      const handle = handleRef.current;
      if (!handle) return false;
      const store = useEditorStore.getState();
      if (store.isDirty && !window.confirm(confirmMessage)) return false;
      // The text being replaced stays in the version history (nothing kept for an empty one).
      void getHistory().snapshotNow(
        EDITOR_DOCUMENT_ID,
        { text: handle.view.state.doc, name: store.fileName },
        input.reason ?? "replaced",
      );
      loadDocument(handle, input.content);
      useEditorStore.setState({
        fileName: normalizeFileName(input.name),
        fileId: input.fileId,
        isDirty: false,
        file: input.file ?? newFileFormat(),
        mixedLineEndings: input.mixedLineEndings ?? false,
        // "Highlight anyway" was for the document replaced: a new big file asks again.
        language: { ...store.language, forced: false },
      });
      persistenceRef.current?.noteReplaced();
      return true;
    },
    [getHistory, loadDocument],
  );

  // Open and Save (editor-files.ts) act on whatever document is shown when they finish.
  const fileHost = useMemo<EditorFileHost>(
    () => ({
      getView,
      getHistory,
      generation: () => documentGeneration.current,
      replaceDocument,
      fileReads,
    }),
    [getView, getHistory, replaceDocument, fileReads],
  );
  const openFile = useCallback(
    (picked: PickedFile) => openEditorFile(fileHost, picked),
    [fileHost],
  );
  const saveFile = useCallback(
    (mode: "save" | "save-as") => saveEditorFile(fileHost, mode),
    [fileHost],
  );

  const actions = useMemo(
    () =>
      createEditorActions({
        getView,
        newDocument: () => {
          if (
            replaceDocument({ name: DEFAULT_FILE_NAME, content: "", fileId: null }, CONFIRM_NEW)
          ) {
            getView()?.focus();
          }
        },
        openFilePicker: () =>
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
        openFiles: (files) => void files.then((picked) => picked[0] && openFile(picked[0])),
        saveFile: (mode) => void saveFile(mode),
      }),
    [getView, openFile, replaceDocument, saveFile],
  );

  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  }, [actions]);

  // Read once when the view is created (in an effect, so in the browser): the word count line
  // follows the writing preference set on the customizing tutorial.
  const languageExtension = useEditorLanguage(getView);
  const extensions = useMemo(
    () => [
      languageExtension,
      markdownMarkers(),
      searchHighlighting(),
      typeof window !== "undefined" && readWritingPreferences().showWordCount
        ? wordCountPanel()
        : wordCount(),
      commandKeyHandler(() => ({
        commands: EDITOR_COMMANDS as readonly Command<unknown, unknown>[],
        ctx: actionsRef.current,
        platform: useEditorStore.getState().platform,
      })),
      fileDropHandler((files) => actionsRef.current.openFiles(files)),
      keyModeActions.of({
        save: () => actionsRef.current.save(),
        find: () => actionsRef.current.openSearch(),
        close: () =>
          useEditorStore.getState().notify({
            kind: "info",
            text: "The simple editor keeps one document: close the browser tab to leave it.",
          }),
        onModeStatus: (keyModeStatus) => useEditorStore.setState({ keyModeStatus }),
      }),
    ],
    [languageExtension],
  );

  const onUpdate = useCallback(
    (update: ViewUpdate) => {
      // Undo and Redo are enabled by the history: two comparisons per update, and the store
      // (and the toolbar) hear of it only when a flag flips.
      useEditorStore
        .getState()
        .setHistoryFlags(undoStepsLeft(update.state) > 0, canRedo(update.state));
      if (update.selectionSet) {
        useEditorStore.getState().setSelections(update.state.selection.ranges.length);
      }
      // Another window's text (shown while this one was idle) is neither unsaved nor re-stored.
      const remote = update.transactions.every((tr) => tr.annotation(Transaction.remote) === true);
      if (update.docChanged && !remote) {
        // Constant-time per keystroke: a flag (set once) and a debounce timer. The word count
        // line is a CodeMirror panel, updated in the view's own update cycle.
        useEditorStore.getState().markDirty();
        persistenceRef.current?.noteEdit();
      }
      // Two time comparisons per edit; a version is kept by reference when one is due.
      if (update.docChanged && persistenceRef.current?.sync.isStarted) {
        recordHistory(getHistory(), EDITOR_DOCUMENT_ID, useEditorStore.getState().fileName, update);
      }
    },
    [getHistory],
  );

  // Load settings, the stored draft and the landing page's hand-off once the view exists.
  const initialise = useCallback(
    async (handle: CodeEditorHandle) => {
      const store = useEditorStore.getState();
      const stored = await getPersistence().load();
      if (stored) {
        loadDocument(handle, stored.content);
        useEditorStore.setState({
          fileName: normalizeFileName(stored.name),
          fileId: stored.driveFileId,
          isDirty: stored.isModified,
          file: stored.file,
        });
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
              run: () => downloadText(content.toString(), withTxtExtension(safeFileName(name))),
            },
          });
        }
      } else if (handoff?.kind === "new") {
        replaceDocument({ name: DEFAULT_FILE_NAME, content: "", fileId: null }, CONFIRM_NEW);
      } else if (handoff?.kind === "drive-open") {
        setDriveAutoOpen(true);
      }
      store.setLoaded(true);
      getPersistence().start();
    },
    [getPersistence, loadDocument, replaceDocument],
  );

  const onReady = useCallback(
    (handle: CodeEditorHandle | null) => {
      handleRef.current = handle;
      if (!handle) return;
      if (new URLSearchParams(window.location.search).has("bench")) {
        installBenchHook(
          handle,
          () => getPersistence().noteEdit(),
          (file) => openFile({ file, handle: null }),
          () => getPersistence().sync.isAllStored(),
        );
      }
      if (!initStarted.current) {
        initStarted.current = true;
        void initialise(handle);
      }
    },
    [getPersistence, initialise, openFile],
  );

  useSettingsFromThisBrowser();
  useEffect(() => {
    useEditorStore.setState({ previewMode: readPreviewMode("editor") });
    const keyMode = readKeyMode("editor");
    if (keyMode !== "standard") useEditorStore.getState().setKeyMode(keyMode, { remember: false });
  }, []);
  useDocumentTracking(getPersistence, persistenceRef);
  useUnsavedChangesWarning();

  // A file dropped anywhere on the page (not only on the text) is opened, never navigated to.
  useEffect(() => listenForPageFileDrops((files) => actionsRef.current.openFiles(files)), []);

  // Page-wide keys of the registry (Ctrl/Cmd+S, O, F, P anywhere on the page); keys in the
  // text reach the editor's own handler first.
  const platform = useEditorStore((s) => s.platform);
  useCommandKeys({ commands: EDITOR_COMMANDS, ctx: actions, platform });

  useSearchHighlightsClearedOnClose(searchOpen, getView);

  const keyBindings = useEditorStore((s) => s.keyBindings);
  const options = useMemo(
    () => ({ ...editorViewOptions(settings), keyBindings }),
    [settings, keyBindings],
  );

  return (
    <div className="flex h-dvh min-h-[32rem] flex-col bg-white dark:bg-slate-950">
      <EditorHeader
        actions={actions}
        getContent={getContent}
        getVersion={getVersion}
        driveAutoOpen={driveAutoOpen}
        onDriveOpen={(file) => {
          if (replaceDocument({ name: file.name, content: file.content, fileId: file.id })) {
            useEditorStore.getState().notify(null);
          }
        }}
        onDriveSaved={(id, savedVersion) => {
          const saved = savedVersion as DocumentVersion;
          if (saved.generation !== documentGeneration.current) return;
          // Text typed while the upload ran is not in Drive yet: it stays marked unsaved.
          // CodeMirror documents are immutable, so "unchanged" is one identity check.
          const unchanged = getView()?.state.doc === saved.doc;
          useEditorStore.setState({ fileId: id });
          if (unchanged) useEditorStore.getState().markClean();
        }}
      />
      <h1 className="sr-only">Online Text Editor</h1>
      <EditorToolbar ctx={actions} />
      {searchOpen && <SearchBar getView={getView} />}
      <EditorNotices onBackUp={actions.download} />
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <PreviewArea
          mode={previewMode}
          markdown={markdown}
          getView={getView}
          docKey={EDITOR_DOCUMENT_ID}
        >
          <CodeEditor
            className="min-h-0 min-w-0 flex-1 overflow-hidden [contain:strict]"
            options={options}
            extensions={extensions}
            onReady={onReady}
            onUpdate={onUpdate}
          />
        </PreviewArea>
        {settingsOpen && (
          <SettingsPanel onClose={() => useEditorStore.getState().setSettingsOpen(false)} />
        )}
      </div>
      <EditorStatusBar
        onBackUp={actions.download}
        onReopen={(encoding) => void reopenEditorFile(fileHost, encoding)}
      />
      <FileReadProgress tracker={fileReads} />
      <QuestionDialogHost />
      <EditorDialogs getView={getView} getHistory={getHistory} getContent={getContent} />
    </div>
  );
}
