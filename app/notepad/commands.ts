import {
  ArchiveRestore,
  ClipboardPaste,
  Copy,
  FileDown,
  FilePlus,
  GitCompare,
  Maximize2,
  Minimize2,
  Omega,
  Replace,
  Scissors,
  Search,
  Smile,
  ZoomIn,
  ZoomOut,
} from "lucide-react";
import {
  NOTEPAD_FONT_FAMILIES,
  NOTEPAD_FONT_SIZE,
  type NotepadFontFamily,
  type NotepadSettings,
} from "~/storage/notepad-settings";
import type { Command, KeySpec } from "~/ui/commands";
import { fontFamilyCommandId } from "./command-layout";
import {
  openCommand,
  printCommand,
  redoCommand,
  undoCommand,
  exportCommand,
  historyCommand,
  saveAsCommand,
  saveCommand,
  shareCommand,
  liveCommand,
  toggleCommentCommand,
  indentCommands,
  type PreviewCommandState,
  previewModeCommands,
  keyModeCommands,
  compareStepCommands,
} from "~/ui/common-commands";
import type { KeyMode } from "~/storage/key-mode";
import type { PreviewMode } from "~/storage/preview-mode";
import { findInFilesCommands } from "./workspace/find-in-files-commands";
import { type TextToolContext, textToolCommands } from "~/ui/text-tool-commands";
import {
  type DriveSyncCommandContext,
  type DriveSyncCommandState,
  driveSyncCommands,
} from "./drive-sync-commands";
import {
  type FolderCommandContext,
  type FolderCommandState,
  folderCommands,
} from "./folder-commands";

/**
 * The notepad's commands: every command once. The menu bar, the icon toolbar, the right-click
 * menu, the keys, the Keyboard shortcuts dialog and the shortcut tables of the content pages
 * are all made from this list and the layouts below. Adding a command means adding an entry
 * here and naming it where it should appear.
 *
 * No CodeMirror here: `run` calls the notepad's API (`NotepadCommandContext`), so content
 * pages can import this list for their shortcut tables without loading the notepad.
 */

/** Which dialog a command opens. */
export type NotepadDialog =
  "emoji" | "chars" | "shortcuts" | "about" | "closed-tabs" | "folder-copies" | "compare";

/** What a command may ask of the notepad (implemented by the notepad page). */
export interface NotepadCommandContext
  extends TextToolContext, DriveSyncCommandContext, FolderCommandContext {
  newTab(): void;
  openFilePicker(): void;
  /** Into the tab's file on this computer, else a download (Mod-s). */
  save(): void;
  /** Choose a file to save the tab to (a download where the browser cannot write files). */
  saveAs(): void;
  /** The dialog that downloads the tab as .txt, .md, .html, .rtf or .pdf. */
  openExportDialog(): void;
  /** The dialog that makes a share link of the active tab. */
  openShareDialog(): void;
  /** The Live collaboration dialog of the active tab (start a session, its links, stop). */
  openLiveDialog(): void;
  downloadAll(): void;
  /** The dialog that backs up every tab, the editor's document and the settings (one .zip). */
  openBackupDialog(): void;
  /** The dialog that opens a backup's documents as new tabs (never overwriting). */
  openRestoreDialog(): void;
  /** Asks for a folder kept by Keep copies in a folder… and opens its copies as new tabs. */
  restoreFromFolder(): void;
  renameActiveTab(): void;
  duplicateActiveTab(): void;
  print(): void;
  closeActiveTab(): void;
  closeOtherTabs(): void;
  /** Reopens the most recently closed tab (kept for 30 days). */
  reopenClosedTab(): void;
  /** The History panel of the active tab. */
  openHistory(): void;
  /** How a Markdown tab is shown: text, text and preview, or preview. */
  setPreviewMode(mode: PreviewMode): void;
  openFromDrive(): void;
  saveToDrive(): void;
  undo(): void;
  redo(): void;
  cut(): void;
  copy(): void;
  paste(): void;
  selectAll(): void;
  /** Comments or uncomments the selected lines (code); false in plain text. */
  toggleComment(): boolean;
  /** Standard, Vim or Emacs keys in the text. */
  setKeyMode(mode: KeyMode): void;
  /** Tab / Shift+Tab in a code tab; false in prose (the key moves the focus). */
  indent(): boolean;
  outdent(): boolean;
  openFind(replace: boolean): void;
  insertDateTime(): void;
  openDialog(dialog: NotepadDialog): void;
  stepFontSize(direction: 1 | -1): void;
  resetFontSize(): void;
  setFontFamily(family: NotepadFontFamily): void;
  toggleSetting(name: "wordWrap" | "showLineNumbers" | "spellCheck"): void;
  toggleFullscreen(): void;
  activateTabAt(index: number): void;
  moveActiveTab(delta: -1 | 1): void;
  openContextMenuAtCursor(): void;
  openFindInFiles(replace: boolean): boolean; // find-in-files-commands.ts
}

/** The UI state commands are enabled or checked by. */
export interface NotepadCommandState
  extends PreviewCommandState, DriveSyncCommandState, FolderCommandState {
  keyMode: KeyMode;
  canUndo: boolean;
  canRedo: boolean;
  selectionEmpty: boolean;
  canCloseTab: boolean;
  settings: NotepadSettings;
  fullscreen: boolean;
}

/** One command of the notepad. */
export type NotepadCommand = Command<NotepadCommandContext, NotepadCommandState>;

/** Tab index (0-8) of a Mod-1 … Mod-9 binding. */
function tabIndexOfKey(key: KeySpec | undefined): number {
  const digit = Number(key?.slice(-1));
  return Number.isInteger(digit) && digit >= 1 ? digit - 1 : 0;
}

/** Every command of the notepad, in the order of its shortcut table. */
export const NOTEPAD_COMMANDS: readonly NotepadCommand[] = [
  {
    id: "new-tab",
    label: "New tab",
    icon: FilePlus,
    keys: { all: ["Mod-n"] },
    run: (ctx) => ctx.newTab(),
  },
  { ...openCommand(), menuLabel: "Open…", helpLabel: "Open file" },
  // Open folder…, Quick open (before Print: it shares Mod-p), the folder panel (issue 52).
  ...folderCommands<NotepadCommandContext, NotepadCommandState>(),
  saveCommand(),
  saveAsCommand(),
  exportCommand(),
  shareCommand(),
  liveCommand(),
  toggleCommentCommand(),
  ...indentCommands<NotepadCommandContext, NotepadCommandState>(
    "Indent / outdent lines (code files)",
  ),
  { ...printCommand(), menuLabel: "Print…" },
  undoCommand(),
  redoCommand(),
  {
    id: "find",
    label: "Find",
    icon: Search,
    keys: { all: ["Mod-f"] },
    run: (ctx) => ctx.openFind(false),
  },
  {
    id: "replace",
    label: "Replace",
    helpLabel: "Find and replace",
    icon: Replace,
    keys: { all: ["Mod-h"] },
    run: (ctx) => ctx.openFind(true),
  },
  ...findInFilesCommands<NotepadCommandContext, NotepadCommandState>(),
  {
    id: "select-all",
    label: "Select all",
    // The editor's own binding (CodeMirror's), listed for the help table.
    keysHelp: "Mod-a",
    run: (ctx) => ctx.selectAll(),
  },
  {
    id: "cut",
    label: "Cut",
    icon: Scissors,
    // Cut, copy and paste keys stay the browser's own (they reach the system clipboard
    // without asking for permission); the menu items use the Clipboard API.
    keysHelp: "Mod-x",
    run: (ctx) => ctx.cut(),
    isEnabled: (state) => !state.selectionEmpty,
  },
  {
    id: "copy",
    label: "Copy",
    icon: Copy,
    keysHelp: "Mod-c",
    run: (ctx) => ctx.copy(),
    isEnabled: (state) => !state.selectionEmpty,
  },
  {
    id: "paste",
    label: "Paste",
    icon: ClipboardPaste,
    keysHelp: "Mod-v",
    run: (ctx) => ctx.paste(),
  },
  {
    id: "font-larger",
    label: "Font size up",
    icon: ZoomIn,
    keys: { all: ["Mod-=", "Mod-+"] },
    run: (ctx) => ctx.stepFontSize(1),
    isEnabled: (state) => state.settings.fontSize < NOTEPAD_FONT_SIZE.max,
  },
  {
    id: "font-smaller",
    label: "Font size down",
    icon: ZoomOut,
    keys: { all: ["Mod--"] },
    run: (ctx) => ctx.stepFontSize(-1),
    isEnabled: (state) => state.settings.fontSize > NOTEPAD_FONT_SIZE.min,
  },
  {
    id: "font-reset",
    label: `Reset font size (${NOTEPAD_FONT_SIZE.default})`,
    helpLabel: "Reset font size",
    keys: { all: ["Mod-0"] },
    run: (ctx) => ctx.resetFontSize(),
  },
  {
    id: "go-to-tab",
    label: "Go to tab 1–9",
    keys: {
      all: ["Mod-1", "Mod-2", "Mod-3", "Mod-4", "Mod-5", "Mod-6", "Mod-7", "Mod-8", "Mod-9"],
    },
    keysHelp: "Mod-1 … Mod-9",
    run: (ctx, key) => ctx.activateTabAt(tabIndexOfKey(key)),
  },
  {
    id: "move-tab-left",
    label: "Move tab left",
    keys: { all: ["Mod-Shift-PageUp"] },
    run: (ctx) => ctx.moveActiveTab(-1),
  },
  {
    id: "move-tab-right",
    label: "Move tab right",
    keys: { all: ["Mod-Shift-PageDown"] },
    run: (ctx) => ctx.moveActiveTab(1),
  },
  {
    id: "rename-tab",
    label: "Rename tab",
    helpLabel: "Rename tab (or double-click it)",
    keys: { all: ["F2"] },
    run: (ctx) => ctx.renameActiveTab(),
  },
  {
    id: "datetime",
    label: "Insert date/time",
    menuLabel: "Date/time",
    helpLabel: "Insert date and time",
    keys: { all: ["F5"] },
    run: (ctx) => ctx.insertDateTime(),
  },
  {
    id: "context-menu",
    label: "Context menu",
    helpLabel: "Context menu (or right-click)",
    keys: { all: ["Shift-F10", "ContextMenu"] },
    scope: "text",
    run: (ctx) => ctx.openContextMenuAtCursor(),
  },
  {
    id: "download-all",
    label: "Download all tabs",
    menuLabel: "Download all tabs (.zip)",
    icon: FileDown,
    run: (ctx) => ctx.downloadAll(),
  },
  { id: "backup", label: "Back up all documents…", run: (ctx) => ctx.openBackupDialog() },
  { id: "restore-backup", label: "Restore from backup…", run: (ctx) => ctx.openRestoreDialog() },
  {
    id: "keep-copies",
    label: "Keep copies in a folder…",
    run: (ctx) => ctx.openDialog("folder-copies"),
  },
  {
    id: "restore-folder",
    label: "Restore from folder copies…",
    run: (ctx) => ctx.restoreFromFolder(),
  },
  { id: "duplicate-tab", label: "Duplicate tab", run: (ctx) => ctx.duplicateActiveTab() },
  {
    id: "close-tab",
    label: "Close tab",
    run: (ctx) => ctx.closeActiveTab(),
    isEnabled: (state) => state.canCloseTab,
  },
  {
    id: "close-other-tabs",
    label: "Close other tabs",
    run: (ctx) => ctx.closeOtherTabs(),
    isEnabled: (state) => state.canCloseTab,
  },
  {
    id: "reopen-tab",
    label: "Reopen closed tab",
    icon: ArchiveRestore,
    // Browsers keep Mod-Shift-t for their own tabs; an installed Plainpad window gets it.
    keys: { all: ["Mod-Shift-t"] },
    run: (ctx) => ctx.reopenClosedTab(),
  },
  {
    id: "closed-tabs",
    label: "Recently closed tabs…",
    run: (ctx) => ctx.openDialog("closed-tabs"),
  },
  historyCommand<NotepadCommandContext, NotepadCommandState>(),
  { id: "drive-open", label: "Open from Google Drive", run: (ctx) => ctx.openFromDrive() },
  { id: "drive-save", label: "Save to Google Drive", run: (ctx) => ctx.saveToDrive() },
  ...driveSyncCommands<NotepadCommandContext, NotepadCommandState>(),
  {
    id: "emoji",
    label: "Insert emoji",
    menuLabel: "Emoji…",
    icon: Smile,
    run: (ctx) => ctx.openDialog("emoji"),
  },
  {
    id: "special-character",
    label: "Insert special character",
    menuLabel: "Special character…",
    icon: Omega,
    run: (ctx) => ctx.openDialog("chars"),
  },
  ...NOTEPAD_FONT_FAMILIES.map((family): NotepadCommand => ({
    id: fontFamilyCommandId(family),
    label: family,
    checkKind: "radio",
    run: (ctx) => ctx.setFontFamily(family),
    isChecked: (state) => state.settings.fontFamily === family,
  })),
  {
    id: "word-wrap",
    label: "Word wrap",
    run: (ctx) => ctx.toggleSetting("wordWrap"),
    isChecked: (state) => state.settings.wordWrap,
  },
  {
    id: "line-numbers",
    label: "Line numbers",
    run: (ctx) => ctx.toggleSetting("showLineNumbers"),
    isChecked: (state) => state.settings.showLineNumbers,
  },
  {
    id: "spell-check",
    label: "Spell check",
    helpLabel: "Spell check (prose; never in code)",
    run: (ctx) => ctx.toggleSetting("spellCheck"),
    isChecked: (state) => state.settings.spellCheck,
  },
  {
    id: "compare",
    label: "Compare with another tab or a file",
    menuLabel: "Compare with…",
    helpLabel: "Compare with another tab or a file (side by side)",
    icon: GitCompare,
    run: (ctx) => ctx.openDialog("compare"),
  },
  {
    id: "fullscreen",
    label: "Fullscreen",
    checkedLabel: "Exit fullscreen",
    icon: Maximize2,
    checkedIcon: Minimize2,
    run: (ctx) => ctx.toggleFullscreen(),
    isChecked: (state) => state.fullscreen,
  },
  {
    id: "shortcuts",
    label: "Keyboard shortcuts",
    run: (ctx) => ctx.openDialog("shortcuts"),
  },
  { id: "about", label: "About", run: (ctx) => ctx.openDialog("about") },
  ...previewModeCommands<NotepadCommandContext, NotepadCommandState>(),
  ...textToolCommands<NotepadCommandContext, NotepadCommandState>(),
  ...keyModeCommands<NotepadCommandContext, NotepadCommandState>(),
  ...compareStepCommands<NotepadCommandContext, NotepadCommandState>(),
];

// The places the commands appear (menus, toolbar, context menus, extra shortcut rows).
export {
  fontFamilyCommandId,
  FONT_SIZE_SLOT,
  NOTEPAD_CONTEXT_MENU,
  NOTEPAD_EXTRA_SHORTCUTS,
  NOTEPAD_MENUS,
  NOTEPAD_TAB_CONTEXT_MENU,
  NOTEPAD_TOOLBAR,
} from "./command-layout";
