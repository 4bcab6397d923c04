import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { Logo } from "~/site/logo";
import { ThemeToggle } from "~/site/theme-toggle";
import { useSiteTheme } from "~/site/use-site-theme";
import { NOTEPAD_FILE_EXTENSIONS } from "~/text/file-checks";
import type { DriveMenuContext } from "./drive-menu-items";
import { FindBar } from "./find-bar";
import { Modal } from "~/ui/modal";
import { detectPlatform } from "~/ui/platform";
import { NotepadCommandRow, NotepadContextMenu, type NotepadPageActions } from "./notepad-commands";
import { NotepadController } from "./notepad-controller";
import { createNotepadStore, type NotepadUiState } from "./notepad-store";
import { CharacterMap, EmojiPicker } from "./pickers";
import { notepadShortcuts } from "./shortcuts";
import { StatsDisplay, StatusFigures, StatusTabName } from "./status-figures";
import { NotepadTabBar } from "./tab-bar";

/** The advanced multi-tab notepad: header, menus, toolbar, tabs, find bar, editor, status. */
export function NotepadApp() {
  const [store] = useState(() => createNotepadStore());
  const [controller] = useState(() => new NotepadController(store));
  // Only what lays out the page. The tabs, the status figures and the commands' enable flags
  // change while typing; the components showing them subscribe on their own, so a keystroke
  // never re-renders the notepad as a whole.
  const state = store(
    useShallow((s) => ({
      loaded: s.loaded,
      showStats: s.settings.showStats,
      notices: s.notices,
      storageFull: s.storageFull,
      findOpen: s.findOpen,
      replaceOpen: s.replaceOpen,
      findFocusRequest: s.findFocusRequest,
      fullscreen: s.fullscreen,
      modal: s.modal,
    })),
  );
  const { theme } = useSiteTheme();
  const editorHostRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [contextMenu, setContextMenu] = useState<{ x: number; y: number } | null>(null);
  const [isMac, setIsMac] = useState(false);

  useEffect(() => {
    setIsMac(detectPlatform() === "mac");
    const host = editorHostRef.current;
    if (!host) return;
    void controller.start(host, document.documentElement.classList.contains("dark"));
    if (import.meta.env.DEV || navigator.webdriver) {
      // Lets browser tests and benchmarks reach the engine (documents can be megabytes).
      (window as unknown as { __plainpadNotepad?: NotepadController }).__plainpadNotepad =
        controller;
    }
    return () => controller.dispose();
  }, [controller]);

  useEffect(() => {
    controller.setDarkTheme(theme === "dark");
  }, [controller, theme]);

  const mod = isMac ? "⌘" : "Ctrl+";
  const openFilePicker = useCallback(() => fileInputRef.current?.click(), []);
  const setModal = useCallback(
    (modal: NotepadUiState["modal"]) => store.setState({ modal }),
    [store],
  );
  const toggleFullscreen = useCallback(
    () => store.setState((s) => ({ fullscreen: !s.fullscreen })),
    [store],
  );

  const driveContext: DriveMenuContext = useMemo(
    () => ({
      getActiveTab: () => {
        const { tabs } = store.getState();
        const tab = tabs.tabs.find((t) => t.id === tabs.activeId) ?? tabs.tabs[0];
        return { id: tab.id, name: tab.name, content: controller.getContent(tab.id) };
      },
      openInNewTab: (name, content) => controller.newTab(name, content),
      notify: (message) =>
        message
          ? controller.addNotice({ id: "drive-progress", kind: "info", message })
          : controller.dismissNotice("drive-progress"),
    }),
    [controller, store],
  );

  const pageActions: NotepadPageActions = useMemo(
    () => ({ openFilePicker, setModal, toggleFullscreen, driveContext }),
    [openFilePicker, setModal, toggleFullscreen, driveContext],
  );

  useNotepadShortcuts(controller, store, openFilePicker, toggleFullscreen);

  const insertFromModal = (text: string) => {
    setModal(null);
    // After the dialog has returned focus to the editor.
    requestAnimationFrame(() => controller.insertText(text));
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

      <NotepadCommandRow
        store={store}
        controller={controller}
        isMac={isMac}
        actions={pageActions}
      />

      <NotepadTabBar store={store} controller={controller} />
      {state.findOpen && (
        <FindBar
          controller={controller}
          showReplace={state.replaceOpen}
          focusRequest={state.findFocusRequest}
        />
      )}

      {state.notices.length > 0 && (
        <div
          className="space-y-1 border-b border-slate-200 px-3 py-2 dark:border-slate-700"
          data-testid="notices"
        >
          {state.notices.map((notice) => (
            <div
              key={notice.id}
              role={notice.kind === "info" ? "status" : "alert"}
              className={`flex flex-wrap items-center gap-2 rounded-md px-3 py-2 text-sm ${
                notice.kind === "error"
                  ? "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"
                  : notice.kind === "warning"
                    ? "bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
                    : "bg-blue-50 text-blue-950 dark:bg-blue-950 dark:text-blue-100"
              }`}
            >
              <span className="flex-1">{notice.message}</span>
              {notice.offerDownloadAll && (
                <button
                  type="button"
                  onClick={() => controller.downloadAll()}
                  className="rounded-md bg-white/70 px-2 py-1 font-medium underline dark:bg-black/30"
                >
                  Download all tabs
                </button>
              )}
              <button
                type="button"
                onClick={() => controller.dismissNotice(notice.id)}
                className="rounded-md px-2 py-1 font-medium underline"
                aria-label={`Dismiss: ${notice.message.slice(0, 40)}`}
              >
                Dismiss
              </button>
            </div>
          ))}
        </div>
      )}

      <div
        ref={editorHostRef}
        className="relative min-h-0 flex-1 overflow-hidden"
        data-testid="editor-host"
        onContextMenu={(event) => {
          event.preventDefault();
          setContextMenu({ x: event.clientX, y: event.clientY });
        }}
        onKeyDown={(event) => {
          // Shift+F10 / the context-menu key open the menu at the cursor for keyboard users.
          if (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10")) {
            event.preventDefault();
            const view = controller.getView();
            const coords = view?.coordsAtPos(view.state.selection.main.head);
            setContextMenu({ x: coords?.left ?? 40, y: coords?.bottom ?? 40 });
          }
        }}
      >
        {!state.loaded && (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-300" role="status">
            Loading your tabs…
          </p>
        )}
      </div>

      {state.showStats && <StatsDisplay store={store} />}
      <footer
        className="flex flex-wrap items-center gap-x-4 gap-y-0.5 border-t border-slate-200 bg-slate-100 px-3 py-1 text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
        data-testid="status-bar"
        aria-label="Status bar"
      >
        <StatusTabName store={store} />
        <StatusFigures store={store} />
        <span className="ml-auto">
          {state.storageFull
            ? "Not stored yet: storage full"
            : "Saved in this browser only; clearing site data deletes tabs"}
        </span>
      </footer>

      <input
        ref={fileInputRef}
        type="file"
        multiple
        accept={NOTEPAD_FILE_EXTENSIONS.join(",")}
        className="hidden"
        aria-hidden="true"
        tabIndex={-1}
        data-testid="open-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          void controller.openFiles(files);
        }}
      />

      {contextMenu && (
        <NotepadContextMenu
          store={store}
          controller={controller}
          x={contextMenu.x}
          y={contextMenu.y}
          setModal={setModal}
          onClose={() => {
            setContextMenu(null);
            controller.focus();
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
        <Modal title="Keyboard shortcuts" onClose={() => setModal(null)}>
          <table className="w-full text-sm">
            <caption className="sr-only">Notepad keyboard shortcuts</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1 pr-4">
                  Action
                </th>
                <th scope="col" className="py-1">
                  Keys
                </th>
              </tr>
            </thead>
            <tbody>
              {notepadShortcuts(isMac).map(([action, keys]) => (
                <tr key={action} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="py-1 pr-4">{action}</td>
                  <td className="py-1 font-mono">{keys}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-xs text-slate-700 dark:text-slate-300">
            Chrome and Edge keep {mod}N, {mod}T and {mod}W for themselves: use File › New tab or the
            + button. Close a tab with File › Close tab, its ×, or Delete on a focused tab.
          </p>
        </Modal>
      )}
      {state.modal === "about" && (
        <Modal title="About the notepad" onClose={() => setModal(null)}>
          <div className="space-y-3 text-sm leading-relaxed">
            <p>
              Plainpad&apos;s online notepad keeps any number of plain-text tabs. Every tab is
              stored in this browser (IndexedDB) within a second of each edit and restored when you
              come back. Nothing is sent to a server.
            </p>
            <p>
              <strong>Clearing your browser&apos;s site data deletes the tabs.</strong> Download
              anything important with File › Download all tabs (a .zip of .txt files) or File › Save
              (download).
            </p>
            <p>
              Two windows of the notepad stay in sync; if both change the same tab at once, both
              versions are kept as separate tabs.
            </p>
          </div>
        </Modal>
      )}
    </div>
  );
}

/** Global notepad shortcuts (spec section 9). */
function useNotepadShortcuts(
  controller: NotepadController,
  store: ReturnType<typeof createNotepadStore>,
  openFilePicker: () => void,
  toggleFullscreen: () => void,
) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const state = store.getState();
      const mod = event.ctrlKey || event.metaKey;
      if (event.key === "F5" && !mod && !event.altKey) {
        // F5 inserts the date and time instead of reloading the page (a reload with a dialog
        // open would surprise too, so it is held back there as well).
        event.preventDefault();
        if (state.loaded && !state.modal) controller.insertDateTime();
        return;
      }
      if (state.modal) return;
      if (event.key === "Escape" && state.fullscreen && !event.defaultPrevented) {
        store.setState({ fullscreen: false });
        return;
      }
      if (!mod || event.altKey) return;
      if (event.shiftKey && (event.key === "PageUp" || event.key === "PageDown")) {
        event.preventDefault();
        controller.moveBy(state.tabs.activeId, event.key === "PageUp" ? -1 : 1);
        return;
      }
      const key = event.key.toLowerCase();
      const actions: Record<string, () => void> = {
        n: () => controller.newTab(),
        o: openFilePicker,
        s: () => controller.download(),
        p: () => controller.print(),
        f: () => controller.openFind(false),
        h: () => controller.openFind(true),
        "=": () => controller.stepFontSize(1),
        "+": () => controller.stepFontSize(1),
        "-": () => controller.stepFontSize(-1),
        "0": () => controller.resetFontSize(),
      };
      if (!event.shiftKey && /^[1-9]$/.test(event.key)) {
        event.preventDefault();
        controller.activateAt(Number(event.key) - 1);
        return;
      }
      const action = actions[key];
      if (action && !(event.shiftKey && key !== "+")) {
        event.preventDefault();
        action();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [controller, store, openFilePicker, toggleFullscreen]);
}
