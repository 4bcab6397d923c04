import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { Logo } from "~/chrome/logo";
import { ThemeToggle } from "~/chrome/theme-toggle";
import { useSiteTheme } from "~/chrome/use-site-theme";
import { pickFiles } from "~/storage/disk-files";
import { NOTEPAD_FILE_EXTENSIONS } from "~/text/file-checks";
import { applyLineEnding } from "~/text/line-endings";
import { QuestionDialogHost } from "~/ui/choice-dialog";
import { ExportDialog } from "~/ui/export-dialog";
import { readKeyMode } from "~/storage/key-mode";
import { chooseNotepadKeyMode } from "./notepad-key-mode";
import { NotepadCompare, NotepadHistory } from "./notepad-compare";
import { BackupDialog, RestoreDialog } from "./backup-dialogs";
import { RecentlyClosedDialog } from "./recently-closed-dialog";
import { NotepadAbout } from "./notepad-about";
import { FolderCopiesDialog } from "./folder-copies";
import { NotepadNoticeList } from "./notice-list";
import { SafariStorageNotice } from "~/ui/keep-safe";
import { DriveSyncDialog } from "./drive-sync-view";
import { FindBar } from "./find-bar";
import { DrivePromptDialog } from "~/ui/drive-prompt";
import { notepadDriveContext } from "./drive-menu-items";
import { detectPlatform } from "~/ui/platform";
import type { Command } from "~/ui/commands";
import { useCommandKeys } from "~/ui/use-command-keys";
import type { Platform } from "~/ui/platform";
import { NOTEPAD_COMMANDS, type NotepadCommandContext } from "./commands";
import { NotepadShortcutsDialog } from "./shortcuts-dialog";
import { NotepadCommandRow, NotepadContextMenu } from "./notepad-commands";
import { NotepadController } from "./notepad-controller";
import { notepadTextFont } from "./notepad-options";
import { TabsLoading } from "./tabs-loading";
import { createNotepadStore, type NotepadUiState } from "./notepad-store";
import { CharacterMap, EmojiPicker } from "./pickers";
import { activeTabName, NotepadStatusBar } from "./status-figures";
import { NotepadLiveDialog } from "./notepad-live";
import { NotepadTabBar } from "./tab-bar";
import { FileReadProgress } from "~/ui/file-read-progress";
import { PreviewArea } from "~/preview/preview-area";
import { readPreviewMode } from "~/storage/preview-mode";
import { WorkspacePanel } from "./workspace/workspace-panel";
import { notepadCommandContext } from "./notepad-command-context";
import { WorkspaceDialogs } from "./workspace/workspace-dialogs";
import { useWorkspaceSearch } from "./workspace/workspace-search-view";

// The Share dialog (and its QR code) load when Share is first used.
const ShareDialog = lazy(() =>
  import("~/ui/share-dialog").then((module) => ({ default: module.ShareDialog })),
);

/** The advanced multi-tab notepad: header, menus, toolbar, tabs, find bar, editor, status. */
export function NotepadApp() {
  const [store] = useState(() => createNotepadStore());
  const [platform, setPlatform] = useState<Platform>("windows");
  const ctxRef = useRef<NotepadCommandContext | null>(null);
  const platformRef = useRef<Platform>("windows");
  const [controller] = useState(
    () =>
      new NotepadController(store, {
        confirm: (message) => window.confirm(message),
        commandKeys: () =>
          ctxRef.current
            ? {
                commands: NOTEPAD_COMMANDS as readonly Command<unknown, unknown>[],
                ctx: ctxRef.current,
                platform: platformRef.current,
              }
            : null,
      }),
  );
  // Only what lays out the page. The tabs, the status figures and the commands' enable flags
  // change while typing; the components showing them subscribe on their own, so a keystroke
  // never re-renders the notepad as a whole.
  const state = store(
    useShallow((s) => ({
      loaded: s.loaded,
      notices: s.notices,
      storageFull: s.storageFull,
      storing: s.storing,
      findOpen: s.findOpen,
      replaceOpen: s.replaceOpen,
      findFocusRequest: s.findFocusRequest,
      fullscreen: s.fullscreen,
      modal: s.modal,
      previewMode: s.previewMode,
      markdown: s.language.id === "markdown",
      activeId: s.tabs.activeId,
      // Primitives, so the shallow comparison holds: the loading text's font.
      fontFamily: s.settings.fontFamily,
      fontSize: s.settings.fontSize,
    })),
  );
  const { theme } = useSiteTheme();
  const getView = useCallback(() => controller.getView(), [controller]);
  const editorHostRef = useRef<HTMLDivElement>(null);
  const [contextMenu, setContextMenu] = useState<{
    x: number;
    y: number;
    of: "text" | "tab";
  } | null>(null);

  useEffect(() => {
    platformRef.current = detectPlatform();
    setPlatform(platformRef.current);
    store.setState({ previewMode: readPreviewMode("notepad") });
    const keyMode = readKeyMode("notepad");
    if (keyMode !== "standard")
      chooseNotepadKeyMode(controller, store, keyMode, { remember: false });
    const host = editorHostRef.current;
    if (!host) return;
    const dark = document.documentElement.classList.contains("dark");
    controller.live.startEarly();
    void controller.start(host, dark).then(() => controller.live.openFromAddress());
    if (import.meta.env.DEV || navigator.webdriver) {
      // Lets browser tests and benchmarks reach the engine (documents can be megabytes).
      (window as unknown as { __plainpadNotepad?: NotepadController }).__plainpadNotepad =
        controller;
    }
    return () => controller.dispose();
  }, [controller, store]);

  useEffect(() => {
    controller.editor.setDarkTheme(theme === "dark");
  }, [controller, theme]);

  const openFilePicker = useCallback(
    () =>
      void pickFiles({
        multiple: true,
        extensions: NOTEPAD_FILE_EXTENSIONS,
        description: "Text files",
      }).then(
        (picked) => controller.tabs.openFiles(picked),
        (error: unknown) => {
          console.error(error);
          controller.addNotice({
            id: "open-failed",
            kind: "error",
            message:
              "The open dialog could not be shown. Drop files on the page instead, or try again.",
          });
        },
      ),
    [controller],
  );
  const setModal = useCallback(
    (modal: NotepadUiState["modal"]) => store.setState({ modal }),
    [store],
  );
  const toggleFullscreen = useCallback(
    () => store.setState((s) => ({ fullscreen: !s.fullscreen })),
    [store],
  );

  const driveContext = useMemo(() => notepadDriveContext(controller), [controller]);
  const { search, ...searchPanel } = useWorkspaceSearch(controller);

  // What every command runs: the registry's context, built once.
  const ctx: NotepadCommandContext = useMemo(
    () =>
      notepadCommandContext({
        controller,
        store,
        openFilePicker,
        setModal,
        toggleFullscreen,
        driveContext,
        search,
        openContextMenuAt: (x, y) => setContextMenu({ x, y, of: "text" }),
      }),
    [controller, store, openFilePicker, setModal, toggleFullscreen, driveContext, search],
  );
  useEffect(() => {
    ctxRef.current = ctx;
  }, [ctx]);

  useCommandKeys({
    commands: NOTEPAD_COMMANDS,
    ctx,
    platform,
    suspended: () => store.getState().modal !== null,
  });

  // Escape leaves fullscreen (when nothing else, a menu or dialog, used it first).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const current = store.getState();
      if (event.key === "Escape" && current.fullscreen && !current.modal && !event.defaultPrevented)
        store.setState({ fullscreen: false });
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store]);

  const insertFromModal = (text: string) => {
    setModal(null);
    // After the dialog has returned focus to the editor.
    requestAnimationFrame(() => controller.text.insertText(text));
  };

  return (
    <div
      className={`flex flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100 ${
        state.fullscreen ? "fixed inset-0 z-40 h-dvh" : "h-dvh min-h-[32rem]"
      }`}
      data-fullscreen={state.fullscreen || undefined}
    >
      {!state.fullscreen && (
        <header className="isolate flex items-center gap-3 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
          <Logo />
          <h1 className="truncate text-base font-semibold text-slate-700 dark:text-slate-200">
            Online Notepad
          </h1>
          <nav aria-label="Notepad links" className="ml-auto flex items-center gap-1">
            <Link
              to="/editor/"
              className="hidden rounded-lg px-3 py-2 text-sm font-medium text-blue-700 hover:bg-slate-100 sm:inline dark:text-blue-300 dark:hover:bg-slate-800"
            >
              Simple editor
            </Link>
            <ThemeToggle />
          </nav>
        </header>
      )}

      <NotepadCommandRow {...{ store, ctx, platform }} workspace={controller.workspace} />

      <NotepadTabBar
        store={store}
        controller={controller}
        onTabMenu={(x, y) => setContextMenu({ x, y, of: "tab" })}
      />
      {state.findOpen && (
        <FindBar
          controller={controller}
          showReplace={state.replaceOpen}
          focusRequest={state.findFocusRequest}
        />
      )}

      <SafariStorageNotice
        collection="notepad"
        onBackUp={() => void controller.backups.backUpAll()}
      />
      <NotepadNoticeList notices={state.notices} controller={controller} />

      <div className="relative flex min-h-0 flex-1">
        <WorkspacePanel session={controller.workspace} {...searchPanel} />
        <PreviewArea
          mode={state.previewMode}
          markdown={state.markdown}
          getView={getView}
          docKey={state.activeId}
        >
          <div
            ref={editorHostRef}
            className="relative min-h-0 flex-1 overflow-hidden"
            data-testid="editor-host"
            onContextMenu={(event) => {
              event.preventDefault();
              setContextMenu({ x: event.clientX, y: event.clientY, of: "text" });
            }}
          >
            {!state.loaded && (
              <TabsLoading
                font={notepadTextFont({ fontFamily: state.fontFamily, fontSize: state.fontSize })}
              />
            )}
          </div>
        </PreviewArea>
      </div>

      <NotepadStatusBar
        store={store}
        controller={controller}
        storing={state.storing}
        storageFull={state.storageFull}
      />

      <DrivePromptDialog />
      <FileReadProgress tracker={controller.fileReads} />

      {contextMenu && (
        <NotepadContextMenu
          store={store}
          {...{ ctx, platform }}
          workspace={controller.workspace}
          x={contextMenu.x}
          y={contextMenu.y}
          of={contextMenu.of}
          onClose={() => {
            setContextMenu(null);
            // Before the chosen command runs: a dialog it opens gives the focus back here.
            if (contextMenu.of === "text") controller.text.focus();
            else {
              document.querySelector<HTMLElement>('[data-tab-id][aria-current="true"]')?.focus();
            }
          }}
        />
      )}
      {state.modal === "emoji" && (
        <EmojiPicker onInsert={insertFromModal} onClose={() => setModal(null)} />
      )}
      {state.modal === "chars" && (
        <CharacterMap onInsert={insertFromModal} onClose={() => setModal(null)} />
      )}
      {state.modal === "shortcuts" && (
        <NotepadShortcutsDialog platform={platform} onClose={() => setModal(null)} />
      )}
      {state.modal === "share" && (
        <Suspense fallback={null}>
          <ShareDialog
            documentName={activeTabName(store.getState())}
            // With the tab's own line endings, as a download would have them.
            getText={() =>
              applyLineEnding(
                controller.getContent(store.getState().tabs.activeId),
                store.getState().activeFile.file.lineEnding,
              )
            }
            onClose={() => setModal(null)}
          />
        </Suspense>
      )}
      {state.modal === "live" && <NotepadLiveDialog controller={controller} store={store} />}
      {state.modal === "download" && (
        <ExportDialog
          documentName={activeTabName(store.getState())}
          getText={() => controller.getContent(store.getState().tabs.activeId)}
          formattedFrom={state.markdown ? { docKey: state.activeId } : null}
          onClose={() => setModal(null)}
        />
      )}
      {state.modal === "history" && (
        <NotepadHistory
          controller={controller}
          platform={platform}
          onClose={() => setModal(null)}
        />
      )}
      {state.modal === "compare" && (
        <NotepadCompare
          controller={controller}
          platform={platform}
          onClose={() => setModal(null)}
        />
      )}
      {state.modal === "closed-tabs" && (
        <RecentlyClosedDialog
          history={controller.history}
          onReopen={(id) => {
            setModal(null);
            void controller.tabs.reopenClosed(id);
          }}
          onClose={() => setModal(null)}
        />
      )}
      {state.modal === "backup" && (
        <BackupDialog
          onBackUp={(options) => controller.backups.backUpAll(options)}
          onClose={() => setModal(null)}
        />
      )}
      {state.modal === "folder-copies" && (
        <FolderCopiesDialog
          keeper={controller.backups.folder}
          onBackUp={() => setModal("backup")}
          onClose={() => setModal(null)}
        />
      )}
      {state.modal === "restore-backup" && (
        <RestoreDialog
          onRestore={(options) => controller.backups.restoreFromBackup(options)}
          onClose={() => setModal(null)}
        />
      )}
      <WorkspaceDialogs
        {...{ modal: state.modal, session: controller.workspace, recall: controller.recall }}
        onClose={() => setModal(null)}
      />
      {state.modal === "drive-sync" && (
        <DriveSyncDialog store={store} drive={controller.drive} onClose={() => setModal(null)} />
      )}
      <QuestionDialogHost />
      {state.modal === "about" && (
        <NotepadAbout
          onBackUp={() => void controller.backups.backUpAll()}
          onClose={() => setModal(null)}
        />
      )}
    </div>
  );
}
