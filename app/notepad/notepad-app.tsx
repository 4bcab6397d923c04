import {
  ClipboardPaste,
  Copy,
  Download,
  FileDown,
  FilePlus,
  FolderOpen,
  Maximize2,
  Minimize2,
  Omega,
  Printer,
  Redo2,
  Replace,
  Scissors,
  Search,
  Smile,
  Undo2,
  ZoomIn,
  ZoomOut,
} from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { Logo } from "~/site/logo";
import { ThemeToggle } from "~/site/theme-toggle";
import { useSiteTheme } from "~/site/use-site-theme";
import { NOTEPAD_FONT_FAMILIES, NOTEPAD_FONT_SIZE } from "~/storage/notepad-settings";
import { NOTEPAD_FILE_EXTENSIONS } from "~/text/file-checks";
import { ContextMenu, type ContextMenuItem } from "./context-menu";
import { driveMenuItems, type DriveMenuContext } from "./drive-menu-items";
import { FindBar } from "./find-bar";
import { MenuBar, type MenuDefinition, type MenuEntry } from "./menu-bar";
import { Modal } from "./modal";
import { NotepadController } from "./notepad-controller";
import { createNotepadStore, type NotepadUiState } from "./notepad-store";
import { CharacterMap, EmojiPicker } from "./pickers";
import { notepadShortcuts } from "./shortcuts";
import { StatsDisplay, StatusFigures } from "./status-figures";
import { TabBar } from "./tab-bar";

/** The advanced multi-tab notepad: header, menus, toolbar, tabs, find bar, editor, status. */
export function NotepadApp() {
  const [store] = useState(() => createNotepadStore());
  const [controller] = useState(() => new NotepadController(store));
  // Per-keystroke figures (status) are rendered by small components of their own, so typing
  // never re-renders the menus and toolbar; only the three flags below matter here.
  const state = store(useShallow((s) => ({ ...s, status: null })));
  const status = store(
    useShallow((s) => ({
      canUndo: s.status.canUndo,
      canRedo: s.status.canRedo,
      selectionEmpty: s.status.selectionEmpty,
    })),
  );
  const { theme } = useSiteTheme();
  const editorHostRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [contextMenu, setContextMenu] = useState<{ x: number; y: number } | null>(null);
  const [isMac, setIsMac] = useState(false);

  useEffect(() => {
    setIsMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent));
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
  const activeTab =
    state.tabs.tabs.find((tab) => tab.id === state.tabs.activeId) ?? state.tabs.tabs[0];
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

  useNotepadShortcuts(controller, store, openFilePicker, toggleFullscreen);

  const { settings } = state;
  const menus: MenuDefinition[] = [
    {
      id: "file",
      label: "File",
      entries: [
        {
          kind: "item",
          id: "new-tab",
          label: "New tab",
          shortcut: `${mod}N`,
          onSelect: () => controller.newTab(),
        },
        { kind: "item", id: "open", label: "Open…", shortcut: `${mod}O`, onSelect: openFilePicker },
        {
          kind: "item",
          id: "save",
          label: "Save (download)",
          shortcut: `${mod}S`,
          onSelect: () => controller.download(),
        },
        {
          kind: "item",
          id: "download-all",
          label: "Download all tabs (.zip)",
          onSelect: () => controller.downloadAll(),
        },
        { kind: "separator", id: "s1" },
        {
          kind: "item",
          id: "rename",
          label: "Rename tab",
          onSelect: () => controller.setRenaming(state.tabs.activeId),
        },
        {
          kind: "item",
          id: "duplicate",
          label: "Duplicate tab",
          onSelect: () => controller.duplicate(state.tabs.activeId),
        },
        {
          kind: "item",
          id: "print",
          label: "Print…",
          shortcut: `${mod}P`,
          onSelect: () => controller.print(),
        },
        { kind: "separator", id: "s2" },
        {
          kind: "item",
          id: "close-tab",
          label: "Close tab",
          disabled: state.tabs.tabs.length <= 1,
          onSelect: () => controller.closeTab(state.tabs.activeId),
        },
        {
          kind: "item",
          id: "close-others",
          label: "Close other tabs",
          disabled: state.tabs.tabs.length <= 1,
          onSelect: () => controller.closeOthers(state.tabs.activeId),
        },
        { kind: "separator", id: "s3" },
        // Google Drive entries: owned by the Drive integration (app/notepad/drive-menu-items.ts).
        ...driveMenuItems().map((item): MenuEntry => ({
          kind: "item",
          id: item.id,
          label: item.label,
          onSelect: () => void item.run(driveContext),
        })),
      ],
    },
    {
      id: "edit",
      label: "Edit",
      entries: [
        {
          kind: "item",
          id: "undo",
          label: "Undo",
          shortcut: `${mod}Z`,
          disabled: !status.canUndo,
          onSelect: () => controller.undo(),
        },
        {
          kind: "item",
          id: "redo",
          label: "Redo",
          shortcut: isMac ? "⌘⇧Z" : "Ctrl+Y",
          disabled: !status.canRedo,
          onSelect: () => controller.redo(),
        },
        { kind: "separator", id: "s1" },
        {
          kind: "item",
          id: "cut",
          label: "Cut",
          shortcut: `${mod}X`,
          disabled: status.selectionEmpty,
          onSelect: () => void controller.cut(),
        },
        {
          kind: "item",
          id: "copy",
          label: "Copy",
          shortcut: `${mod}C`,
          disabled: status.selectionEmpty,
          onSelect: () => void controller.copy(),
        },
        {
          kind: "item",
          id: "paste",
          label: "Paste",
          shortcut: `${mod}V`,
          onSelect: () => void controller.paste(),
        },
        {
          kind: "item",
          id: "select-all",
          label: "Select all",
          shortcut: `${mod}A`,
          onSelect: () => controller.selectAll(),
        },
        { kind: "separator", id: "s2" },
        {
          kind: "item",
          id: "find",
          label: "Find",
          shortcut: `${mod}F`,
          onSelect: () => controller.openFind(false),
        },
        {
          kind: "item",
          id: "replace",
          label: "Replace",
          shortcut: `${mod}H`,
          onSelect: () => controller.openFind(true),
        },
      ],
    },
    {
      id: "insert",
      label: "Insert",
      entries: [
        {
          kind: "item",
          id: "datetime",
          label: "Date/time",
          shortcut: "F5",
          onSelect: () => controller.insertDateTime(),
        },
        { kind: "item", id: "emoji", label: "Emoji…", onSelect: () => setModal("emoji") },
        {
          kind: "item",
          id: "special",
          label: "Special character…",
          onSelect: () => setModal("chars"),
        },
      ],
    },
    {
      id: "view",
      label: "View",
      entries: [
        {
          kind: "item",
          id: "font-up",
          label: "Font size up",
          shortcut: `${mod}+`,
          disabled: settings.fontSize >= NOTEPAD_FONT_SIZE.max,
          onSelect: () => controller.stepFontSize(1),
        },
        {
          kind: "item",
          id: "font-down",
          label: "Font size down",
          shortcut: `${mod}−`,
          disabled: settings.fontSize <= NOTEPAD_FONT_SIZE.min,
          onSelect: () => controller.stepFontSize(-1),
        },
        {
          kind: "item",
          id: "font-reset",
          label: `Reset font size (${NOTEPAD_FONT_SIZE.default})`,
          onSelect: () => controller.resetFontSize(),
        },
        { kind: "separator", id: "s1" },
        { kind: "label", id: "family-label", label: "Font family" },
        ...NOTEPAD_FONT_FAMILIES.map((family): MenuEntry => ({
          kind: "radio",
          id: `font-${family}`,
          label: family,
          checked: settings.fontFamily === family,
          onSelect: () => controller.updateSettings({ fontFamily: family }),
        })),
        { kind: "separator", id: "s2" },
        {
          kind: "checkbox",
          id: "word-wrap",
          label: "Word wrap",
          checked: settings.wordWrap,
          onSelect: () => controller.updateSettings({ wordWrap: !settings.wordWrap }),
        },
        {
          kind: "checkbox",
          id: "line-numbers",
          label: "Line numbers",
          checked: settings.showLineNumbers,
          onSelect: () => controller.updateSettings({ showLineNumbers: !settings.showLineNumbers }),
        },
        {
          kind: "checkbox",
          id: "stats",
          label: "Stats",
          checked: settings.showStats,
          onSelect: () => controller.updateSettings({ showStats: !settings.showStats }),
        },
        {
          kind: "checkbox",
          id: "fullscreen",
          label: "Fullscreen",
          checked: state.fullscreen,
          onSelect: toggleFullscreen,
        },
      ],
    },
    {
      id: "help",
      label: "Help",
      entries: [
        {
          kind: "item",
          id: "shortcuts",
          label: "Keyboard shortcuts",
          onSelect: () => setModal("shortcuts"),
        },
        { kind: "item", id: "about", label: "About", onSelect: () => setModal("about") },
      ],
    },
  ];

  const contextItems: ContextMenuItem[] = [
    {
      id: "cut",
      label: "Cut",
      disabled: status.selectionEmpty,
      onSelect: () => void controller.cut(),
    },
    {
      id: "copy",
      label: "Copy",
      disabled: status.selectionEmpty,
      onSelect: () => void controller.copy(),
    },
    { id: "paste", label: "Paste", onSelect: () => void controller.paste() },
    {
      id: "undo",
      label: "Undo",
      disabled: !status.canUndo,
      onSelect: () => controller.undo(),
      separatorBefore: true,
    },
    { id: "redo", label: "Redo", disabled: !status.canRedo, onSelect: () => controller.redo() },
    {
      id: "select-all",
      label: "Select all",
      onSelect: () => controller.selectAll(),
      separatorBefore: true,
    },
    { id: "find", label: "Find", onSelect: () => controller.openFind(false) },
    {
      id: "datetime",
      label: "Insert date/time",
      onSelect: () => controller.insertDateTime(),
      separatorBefore: true,
    },
    { id: "emoji", label: "Insert emoji", onSelect: () => setModal("emoji") },
    { id: "special", label: "Insert special character", onSelect: () => setModal("chars") },
  ];

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

      <div className="relative z-30 flex flex-wrap items-center gap-x-2 border-b border-slate-200 px-2 py-1 dark:border-slate-700">
        <MenuBar menus={menus} label="Notepad menu" />
        <div
          role="toolbar"
          aria-label="Notepad tools"
          className="flex min-w-0 flex-1 basis-full items-center gap-0.5 overflow-x-auto sm:basis-0"
        >
          <ToolButton
            label="New tab"
            onClick={() => controller.newTab()}
            icon={<FilePlus size={18} />}
          />
          <ToolButton label="Open" onClick={openFilePicker} icon={<FolderOpen size={18} />} />
          <ToolButton
            label="Save (download)"
            onClick={() => controller.download()}
            icon={<Download size={18} />}
          />
          <ToolButton
            label="Download all tabs"
            onClick={() => controller.downloadAll()}
            icon={<FileDown size={18} />}
          />
          <ToolButton
            label="Print"
            onClick={() => controller.print()}
            icon={<Printer size={18} />}
          />
          <Divider />
          <ToolButton
            label="Undo"
            disabled={!status.canUndo}
            onClick={() => controller.undo()}
            icon={<Undo2 size={18} />}
          />
          <ToolButton
            label="Redo"
            disabled={!status.canRedo}
            onClick={() => controller.redo()}
            icon={<Redo2 size={18} />}
          />
          <ToolButton
            label="Cut"
            disabled={status.selectionEmpty}
            onClick={() => void controller.cut()}
            icon={<Scissors size={18} />}
          />
          <ToolButton
            label="Copy"
            disabled={status.selectionEmpty}
            onClick={() => void controller.copy()}
            icon={<Copy size={18} />}
          />
          <ToolButton
            label="Paste"
            onClick={() => void controller.paste()}
            icon={<ClipboardPaste size={18} />}
          />
          <Divider />
          <ToolButton
            label="Find"
            onClick={() => controller.openFind(false)}
            icon={<Search size={18} />}
          />
          <ToolButton
            label="Replace"
            onClick={() => controller.openFind(true)}
            icon={<Replace size={18} />}
          />
          <ToolButton
            label="Insert emoji"
            onClick={() => setModal("emoji")}
            icon={<Smile size={18} />}
          />
          <ToolButton
            label="Insert special character"
            onClick={() => setModal("chars")}
            icon={<Omega size={18} />}
          />
          <Divider />
          <ToolButton
            label="Font size down"
            disabled={settings.fontSize <= NOTEPAD_FONT_SIZE.min}
            onClick={() => controller.stepFontSize(-1)}
            icon={<ZoomOut size={18} />}
          />
          <span
            className="w-8 text-center text-xs tabular-nums text-slate-700 dark:text-slate-200"
            aria-label={`Font size ${settings.fontSize}`}
            data-testid="font-size"
          >
            {settings.fontSize}
          </span>
          <ToolButton
            label="Font size up"
            disabled={settings.fontSize >= NOTEPAD_FONT_SIZE.max}
            onClick={() => controller.stepFontSize(1)}
            icon={<ZoomIn size={18} />}
          />
          <ToolButton
            label={state.fullscreen ? "Exit fullscreen" : "Fullscreen"}
            onClick={toggleFullscreen}
            icon={state.fullscreen ? <Minimize2 size={18} /> : <Maximize2 size={18} />}
          />
        </div>
      </div>

      <TabBar tabs={state.tabs} renamingId={state.renamingId} controller={controller} />
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

      {settings.showStats && <StatsDisplay store={store} />}
      <footer
        className="flex flex-wrap items-center gap-x-4 gap-y-0.5 border-t border-slate-200 bg-slate-100 px-3 py-1 text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
        data-testid="status-bar"
        aria-label="Status bar"
      >
        <span className="font-semibold" data-testid="status-name">
          {activeTab?.name || "Untitled"}
        </span>
        {activeTab?.isModified && <span data-testid="status-modified">• Modified</span>}
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
        <ContextMenu
          x={contextMenu.x}
          y={contextMenu.y}
          items={contextItems}
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

function ToolButton({
  label,
  icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="shrink-0 rounded-md p-1.5 text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-700"
    >
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}

function Divider() {
  return (
    <span aria-hidden="true" className="mx-1 h-5 w-px shrink-0 bg-slate-300 dark:bg-slate-600" />
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
