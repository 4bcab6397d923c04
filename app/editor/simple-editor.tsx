import type { EditorView, ViewUpdate } from "@codemirror/view";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  canRedo,
  CodeEditor,
  type CodeEditorHandle,
  keyModeActions,
  markdownMarkers,
  searchHighlighting,
  undoStepsLeft,
  wordCount,
  wordCountPanel,
} from "~/codemirror";
import { commandKeyHandler } from "~/ui/command-keys";
import { readWritingPreferences } from "~/storage/writing-preferences";
import { QuestionDialogHost } from "~/ui/choice-dialog";
import type { Command } from "~/ui/commands";
import { listenForPageFileDrops } from "~/ui/page-file-drop";
import { handleDocumentUpdate } from "~/document/edit-handler";
import { followForHistory } from "~/document/history-snapshots";
import { useCommandKeys } from "~/ui/use-command-keys";
import { installBenchHook } from "./bench-hook";
import { EDITOR_COMMANDS } from "./commands";
import { createEditorActions } from "./editor-actions";
import { EditorHeader } from "./editor-header";
import { fileDropHandler } from "./file-drop";
import { EditorNotices } from "./editor-notices";
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
import { editorMeta } from "./editor-meta";
import { useEditorDocument } from "./use-editor-document";
import { useEditorDrive } from "./use-editor-drive";
import { useEditorLive } from "./use-editor-live";

/** The document's meta in its state, made once (the view keeps it across reconfigurations). */
const EDITOR_META = editorMeta();

/**
 * The simple editor: header, toolbar, search bar, CodeMirror editing area, settings panel,
 * word count line and the notices region. The text lives in the CodeMirror view only.
 */
export function SimpleEditor() {
  const handleRef = useRef<CodeEditorHandle | null>(null);
  const initStarted = useRef(false);
  /** The big file being read, for the progress bar and its Cancel button. */
  const [fileReads] = useState(() => new FileReadTracker());
  const settings = useEditorStore((s) => s.settings);
  const searchOpen = useEditorStore((s) => s.searchOpen);
  const settingsOpen = useEditorStore((s) => s.settingsOpen);
  const previewMode = useEditorStore((s) => s.previewMode);
  const markdown = useEditorStore((s) => s.language.id === "markdown");
  const documentKey = useEditorStore((s) => s.documentKey);

  const getHandle = useCallback(() => handleRef.current, []);
  const getView = useCallback((): EditorView | null => handleRef.current?.view ?? null, []);
  const getContent = useCallback(() => getView()?.state.doc.toString() ?? "", [getView]);
  // The document (replacing, keeping, opening and saving it) and Google Drive, each a hook.
  const editorDocument = useEditorDocument(getHandle, fileReads);
  const drive = useEditorDrive(editorDocument);
  const { getHistory, getPersistence, persistenceRef, documents, openFile, initialise } =
    editorDocument;
  const live = useEditorLive(getHandle, editorDocument);

  const actions = useMemo(
    () =>
      createEditorActions({
        getView,
        documents,
        newDocument: editorDocument.newDocument,
        openFilePicker: editorDocument.openFilePicker,
        openFiles: (files) => void files.then((picked) => picked[0] && openFile(picked[0])),
        saveFile: (mode) => void editorDocument.saveFile(mode),
      }),
    [getView, documents, editorDocument, openFile],
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
      // The document's meta (name, unsaved flag, Drive file, file format, language) in its
      // state; an edit marks it unsaved in its own transaction (editor-meta.ts).
      EDITOR_META,
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

  // History follows the document's feed (once storage has started).
  useEffect(
    () =>
      followForHistory(documents.feed, {
        history: () => (persistenceRef.current?.sync.isStarted ? getHistory() : null),
        name: () => documents.shownMeta.name,
      }),
    [getHistory, persistenceRef, documents],
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
      // The edit handler both editors share: the set holds the view's state, and its feed,
      // which storage, History and the store's copy of the meta follow, hears the change (the
      // edit's own transaction set the unsaved flag: markModifiedOnEdit; another window's text
      // is neither unsaved nor re-stored). The word count line is a CodeMirror panel.
      handleDocumentUpdate(update, documents.edited);
    },
    [documents],
  );

  const onReady = useCallback(
    (handle: CodeEditorHandle | null) => {
      handleRef.current = handle;
      if (!handle) return;
      // The set holds the view's first state (the edit handler keeps it from there).
      documents.showing(handle.view.state);
      if (new URLSearchParams(window.location.search).has("bench")) {
        installBenchHook(
          handle,
          // The set holds the new document, stored like a text change (after the debounce).
          () => {
            documents.showing(handle.view.state);
            documents.feed.announce(documents.id, { text: true });
          },
          (file) => openFile({ file, handle: null }),
          () => getPersistence().sync.isAllStored(),
        );
      }
      // Load the stored draft and the landing page's hand-off once the view exists.
      if (!initStarted.current) {
        initStarted.current = true;
        // Then a live link in the address bar, or the session a reload left.
        void initialise(handle, drive.requestAutoOpen).then(() => live.openFromAddress());
      }
    },
    [getPersistence, documents, initialise, openFile, drive.requestAutoOpen, live],
  );

  useSettingsFromThisBrowser();
  useEffect(() => {
    useEditorStore.setState({ previewMode: readPreviewMode("editor") });
    const keyMode = readKeyMode("editor");
    if (keyMode !== "standard") useEditorStore.getState().setKeyMode(keyMode, { remember: false });
  }, []);
  useDocumentTracking(getPersistence, persistenceRef, documents.feed);
  useUnsavedChangesWarning();

  // A file dropped anywhere on the page (not only on the text) is opened, never navigated to.
  useEffect(() => listenForPageFileDrops((files) => actionsRef.current.openFiles(files)), []);

  // A live link pasted into the address bar of this page opens too.
  useEffect(() => {
    const onHashChange = () => live.openFromAddress();
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [live]);

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
        getVersion={drive.getVersion}
        driveAutoOpen={drive.driveAutoOpen}
        onDriveOpen={drive.onDriveOpen}
        onDriveSaved={drive.onDriveSaved}
      />
      <h1 className="sr-only">Online Text Editor</h1>
      <EditorToolbar ctx={actions} />
      {searchOpen && <SearchBar getView={getView} />}
      <EditorNotices onBackUp={actions.download} />
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <PreviewArea mode={previewMode} markdown={markdown} getView={getView} docKey={documentKey}>
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
        documents={documents}
        onBackUp={actions.download}
        onReopen={editorDocument.reopenFile}
      />
      <FileReadProgress tracker={fileReads} />
      <QuestionDialogHost />
      <EditorDialogs
        getView={getView}
        getHistory={getHistory}
        getContent={getContent}
        live={live}
      />
    </div>
  );
}
