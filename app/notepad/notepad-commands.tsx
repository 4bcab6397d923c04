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
import type { ReactNode } from "react";
import { useShallow } from "zustand/react/shallow";
import { NOTEPAD_FONT_FAMILIES, NOTEPAD_FONT_SIZE } from "~/storage/notepad-settings";
import { ContextMenu, type ContextMenuItem } from "~/ui/context-menu";
import { driveMenuItems, type DriveMenuContext } from "./drive-menu-items";
import { MenuBar, type MenuDefinition, type MenuEntry } from "~/ui/menu-bar";
import type { NotepadController } from "./notepad-controller";
import type { NotepadModal, NotepadStore } from "./notepad-store";

/**
 * The notepad's commands: the menu bar, the icon toolbar and the right-click menu. Each
 * subscribes to the few values that enable or check its items, so typing (which changes only
 * the status figures, and the undo and selection flags at most once) re-renders these alone,
 * never the notepad around them.
 */

/**
 * The toolbar's icons, made once: React skips an element it has already rendered when it gets
 * the very same object again, so a re-render of the row (the first keystroke enables Undo)
 * does not re-render twenty SVG icons.
 */
const ICONS = {
  FilePlus: <FilePlus size={18} />,
  FolderOpen: <FolderOpen size={18} />,
  Download: <Download size={18} />,
  FileDown: <FileDown size={18} />,
  Printer: <Printer size={18} />,
  Undo2: <Undo2 size={18} />,
  Redo2: <Redo2 size={18} />,
  Scissors: <Scissors size={18} />,
  Copy: <Copy size={18} />,
  ClipboardPaste: <ClipboardPaste size={18} />,
  Search: <Search size={18} />,
  Replace: <Replace size={18} />,
  Smile: <Smile size={18} />,
  Omega: <Omega size={18} />,
  ZoomOut: <ZoomOut size={18} />,
  ZoomIn: <ZoomIn size={18} />,
  Minimize2: <Minimize2 size={18} />,
  Maximize2: <Maximize2 size={18} />,
};

/** What enables Undo, Redo, Cut and Copy. */
function useEditFlags(store: NotepadStore) {
  return store(
    useShallow((s) => ({
      canUndo: s.status.canUndo,
      canRedo: s.status.canRedo,
      selectionEmpty: s.status.selectionEmpty,
    })),
  );
}

/** Actions the notepad page owns (file input, dialogs, fullscreen, Drive). */
export interface NotepadPageActions {
  openFilePicker: () => void;
  setModal: (modal: NotepadModal) => void;
  toggleFullscreen: () => void;
  driveContext: DriveMenuContext;
}

/** The menu bar and icon toolbar row. */
export function NotepadCommandRow({
  store,
  controller,
  isMac,
  actions,
}: {
  store: NotepadStore;
  controller: NotepadController;
  isMac: boolean;
  actions: NotepadPageActions;
}) {
  const flags = useEditFlags(store);
  const { settings, fullscreen, canCloseTab } = store(
    useShallow((s) => ({
      settings: s.settings,
      fullscreen: s.fullscreen,
      canCloseTab: s.tabs.tabs.length > 1,
    })),
  );
  const { openFilePicker, setModal, toggleFullscreen, driveContext } = actions;
  // Read when an item runs, so a tab switch does not re-render the menus.
  const activeId = () => store.getState().tabs.activeId;
  const mod = isMac ? "⌘" : "Ctrl+";

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
          onSelect: () => controller.setRenaming(activeId()),
        },
        {
          kind: "item",
          id: "duplicate",
          label: "Duplicate tab",
          onSelect: () => controller.duplicate(activeId()),
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
          disabled: !canCloseTab,
          onSelect: () => controller.closeTab(activeId()),
        },
        {
          kind: "item",
          id: "close-others",
          label: "Close other tabs",
          disabled: !canCloseTab,
          onSelect: () => controller.closeOthers(activeId()),
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
          disabled: !flags.canUndo,
          onSelect: () => controller.undo(),
        },
        {
          kind: "item",
          id: "redo",
          label: "Redo",
          shortcut: isMac ? "⌘⇧Z" : "Ctrl+Y",
          disabled: !flags.canRedo,
          onSelect: () => controller.redo(),
        },
        { kind: "separator", id: "s1" },
        {
          kind: "item",
          id: "cut",
          label: "Cut",
          shortcut: `${mod}X`,
          disabled: flags.selectionEmpty,
          onSelect: () => void controller.cut(),
        },
        {
          kind: "item",
          id: "copy",
          label: "Copy",
          shortcut: `${mod}C`,
          disabled: flags.selectionEmpty,
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
          checked: fullscreen,
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

  return (
    <div className="relative z-30 flex flex-wrap items-center gap-x-2 border-b border-slate-200 px-2 py-1 dark:border-slate-700">
      <MenuBar menus={menus} label="Notepad menu" />
      <div
        role="toolbar"
        aria-label="Notepad tools"
        className="flex min-w-0 flex-1 basis-full items-center gap-0.5 overflow-x-auto sm:basis-0"
      >
        <ToolButton label="New tab" onClick={() => controller.newTab()} icon={ICONS.FilePlus} />
        <ToolButton label="Open" onClick={openFilePicker} icon={ICONS.FolderOpen} />
        <ToolButton
          label="Save (download)"
          onClick={() => controller.download()}
          icon={ICONS.Download}
        />
        <ToolButton
          label="Download all tabs"
          onClick={() => controller.downloadAll()}
          icon={ICONS.FileDown}
        />
        <ToolButton label="Print" onClick={() => controller.print()} icon={ICONS.Printer} />
        <Divider />
        <ToolButton
          label="Undo"
          disabled={!flags.canUndo}
          onClick={() => controller.undo()}
          icon={ICONS.Undo2}
        />
        <ToolButton
          label="Redo"
          disabled={!flags.canRedo}
          onClick={() => controller.redo()}
          icon={ICONS.Redo2}
        />
        <ToolButton
          label="Cut"
          disabled={flags.selectionEmpty}
          onClick={() => void controller.cut()}
          icon={ICONS.Scissors}
        />
        <ToolButton
          label="Copy"
          disabled={flags.selectionEmpty}
          onClick={() => void controller.copy()}
          icon={ICONS.Copy}
        />
        <ToolButton
          label="Paste"
          onClick={() => void controller.paste()}
          icon={ICONS.ClipboardPaste}
        />
        <Divider />
        <ToolButton label="Find" onClick={() => controller.openFind(false)} icon={ICONS.Search} />
        <ToolButton
          label="Replace"
          onClick={() => controller.openFind(true)}
          icon={ICONS.Replace}
        />
        <ToolButton label="Insert emoji" onClick={() => setModal("emoji")} icon={ICONS.Smile} />
        <ToolButton
          label="Insert special character"
          onClick={() => setModal("chars")}
          icon={ICONS.Omega}
        />
        <Divider />
        <ToolButton
          label="Font size down"
          disabled={settings.fontSize <= NOTEPAD_FONT_SIZE.min}
          onClick={() => controller.stepFontSize(-1)}
          icon={ICONS.ZoomOut}
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
          icon={ICONS.ZoomIn}
        />
        <ToolButton
          label={fullscreen ? "Exit fullscreen" : "Fullscreen"}
          onClick={toggleFullscreen}
          icon={fullscreen ? ICONS.Minimize2 : ICONS.Maximize2}
        />
      </div>
    </div>
  );
}

/** The editor's right-click menu (spec section 4's items and enable rules). */
export function NotepadContextMenu({
  store,
  controller,
  x,
  y,
  setModal,
  onClose,
}: {
  store: NotepadStore;
  controller: NotepadController;
  x: number;
  y: number;
  setModal: (modal: NotepadModal) => void;
  onClose: () => void;
}) {
  const flags = useEditFlags(store);
  const contextItems: ContextMenuItem[] = [
    {
      id: "cut",
      label: "Cut",
      disabled: flags.selectionEmpty,
      onSelect: () => void controller.cut(),
    },
    {
      id: "copy",
      label: "Copy",
      disabled: flags.selectionEmpty,
      onSelect: () => void controller.copy(),
    },
    { id: "paste", label: "Paste", onSelect: () => void controller.paste() },
    {
      id: "undo",
      label: "Undo",
      disabled: !flags.canUndo,
      onSelect: () => controller.undo(),
      separatorBefore: true,
    },
    { id: "redo", label: "Redo", disabled: !flags.canRedo, onSelect: () => controller.redo() },
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

  return <ContextMenu x={x} y={y} items={contextItems} onClose={onClose} />;
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
