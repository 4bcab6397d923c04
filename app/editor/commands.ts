import {
  AArrowDown,
  AArrowUp,
  AlignCenter,
  AlignLeft,
  AlignRight,
  Bold,
  ClipboardPaste,
  Copy,
  Download,
  Droplet,
  FilePlus2,
  Italic,
  List,
  ListOrdered,
  Moon,
  Scissors,
  Search,
  Settings,
  Sun,
  Underline,
} from "lucide-react";
import { type Command, type LayoutEntry, SEPARATOR, type ShortcutRow } from "~/ui/commands";
import {
  exportCommand,
  historyCommand,
  openCommand,
  printCommand,
  redoCommand,
  saveAsCommand,
  saveCommand,
  shareCommand,
  liveCommand,
  undoCommand,
  toggleCommentCommand,
  indentCommands,
  type PreviewCommandState,
  previewModeCommands,
  compareStepCommands,
} from "~/ui/common-commands";
import type { PreviewMode } from "~/storage/preview-mode";
import {
  LINES_SUBMENU,
  SELECTION_SUBMENU,
  type TextToolContext,
  textToolCommands,
} from "~/ui/text-tool-commands";

/**
 * The simple editor's commands: every command once. The toolbar, the header's Download and
 * Print buttons, the keys (in the text and on the page), the settings panel's shortcut list
 * and the shortcut tables of the content pages are all made from this list. Adding a command
 * means adding an entry here and, if it has a button, naming it in a layout below.
 *
 * No CodeMirror here: `run` calls the editor's imperative API (`EditorCommandContext`), so
 * content pages can import this list for their shortcut tables without loading the editor.
 */

/** What a command may ask of the editor (implemented by the editor page). */
export interface EditorCommandContext extends TextToolContext {
  newDocument(): void;
  openFilePicker(): void;
  /** Into the document's file on this computer, else a download (Mod-s). */
  save(): void;
  /** Choose a file to save to (a download where the browser cannot write files). */
  saveAs(): void;
  /** Downloads the document as it is, under its name. */
  download(): void;
  /** The dialog that downloads it in another format. */
  openExportDialog(): void;
  /** The History panel: the document's kept versions. */
  openHistory(): void;
  /** The dialog that makes a share link of it. */
  openShareDialog(): void;
  /** The Live collaboration dialog (start a session, its links, stop). */
  openLiveDialog(): void;
  print(): void;
  undo(): void;
  redo(): void;
  bold(): void;
  italic(): void;
  underline(): void;
  bulletList(): void;
  numberedList(): void;
  /** Indent / outdent the selected lines; false when there is nothing to do (Tab moves on). */
  indent(): boolean;
  outdent(): boolean;
  /** Comments or uncomments the selected lines (code); false in plain text. */
  toggleComment(): boolean;
  setTextAlign(align: "left" | "center" | "right"): void;
  changeFontSize(direction: 1 | -1): void;
  setTheme(theme: "light" | "dark" | "blue"): void;
  copy(): void;
  cut(): void;
  paste(): void;
  openSearch(): void;
  toggleSettings(): void;
  /** How a Markdown document is shown: text, text and preview, or preview. */
  setPreviewMode(mode: PreviewMode): void;
}

/** The UI state commands are enabled or checked by. */
export interface EditorCommandState extends PreviewCommandState {
  canUndo: boolean;
  canRedo: boolean;
  textAlign: "left" | "center" | "right";
  fontSize: number;
  fontSizeMin: number;
  fontSizeMax: number;
  theme: "light" | "dark" | "blue";
  searchOpen: boolean;
  settingsOpen: boolean;
}

/** One command of the simple editor. */
export type EditorCommand = Command<EditorCommandContext, EditorCommandState>;

/** Every command of the simple editor, in the order of its shortcut table. */
export const EDITOR_COMMANDS: readonly EditorCommand[] = [
  {
    id: "bold",
    label: "Bold",
    helpLabel: "Bold (**text**)",
    icon: Bold,
    keys: { all: ["Mod-b"] },
    scope: "text",
    run: (ctx) => ctx.bold(),
  },
  {
    id: "italic",
    label: "Italic",
    helpLabel: "Italic (_text_)",
    icon: Italic,
    keys: { all: ["Mod-i"] },
    scope: "text",
    run: (ctx) => ctx.italic(),
  },
  {
    id: "underline",
    label: "Underline",
    helpLabel: "Underline (<u>text</u>)",
    icon: Underline,
    keys: { all: ["Mod-u"] },
    scope: "text",
    run: (ctx) => ctx.underline(),
  },
  {
    id: "align-left",
    label: "Align left",
    icon: AlignLeft,
    keys: { all: ["Mod-l"] },
    scope: "text",
    run: (ctx) => ctx.setTextAlign("left"),
    isChecked: (state) => state.textAlign === "left",
  },
  {
    id: "align-center",
    label: "Align center",
    icon: AlignCenter,
    keys: { all: ["Mod-e"] },
    scope: "text",
    run: (ctx) => ctx.setTextAlign("center"),
    isChecked: (state) => state.textAlign === "center",
  },
  {
    id: "align-right",
    label: "Align right",
    icon: AlignRight,
    keys: { all: ["Mod-r"] },
    scope: "text",
    run: (ctx) => ctx.setTextAlign("right"),
    isChecked: (state) => state.textAlign === "right",
  },
  undoCommand(),
  redoCommand(),
  {
    id: "find",
    label: "Find",
    icon: Search,
    keys: { all: ["Mod-f"] },
    run: (ctx) => ctx.openSearch(),
    isChecked: (state) => state.searchOpen,
  },
  { ...printCommand(), helpLabel: "Print / Save as PDF" },
  saveCommand(),
  saveAsCommand(),
  {
    id: "download",
    label: "Download",
    helpLabel: "Download the .txt file",
    icon: Download,
    run: (ctx) => ctx.download(),
  },
  exportCommand(),
  historyCommand<EditorCommandContext, EditorCommandState>(),
  shareCommand(),
  liveCommand(),
  toggleCommentCommand(),
  { ...openCommand(), helpLabel: "Open a file" },
  ...indentCommands<EditorCommandContext, EditorCommandState>("Indent / outdent selected lines"),
  { id: "new", label: "New", icon: FilePlus2, run: (ctx) => ctx.newDocument() },
  { id: "bullet-list", label: "Bullet list", icon: List, run: (ctx) => ctx.bulletList() },
  {
    id: "numbered-list",
    label: "Numbered list",
    icon: ListOrdered,
    run: (ctx) => ctx.numberedList(),
  },
  {
    id: "font-smaller",
    label: "Decrease font size",
    icon: AArrowDown,
    run: (ctx) => ctx.changeFontSize(-1),
    isEnabled: (state) => state.fontSize > state.fontSizeMin,
  },
  {
    id: "font-larger",
    label: "Increase font size",
    icon: AArrowUp,
    run: (ctx) => ctx.changeFontSize(1),
    isEnabled: (state) => state.fontSize < state.fontSizeMax,
  },
  {
    id: "theme-light",
    label: "Light theme",
    icon: Sun,
    run: (ctx) => ctx.setTheme("light"),
    isChecked: (state) => state.theme === "light",
  },
  {
    id: "theme-dark",
    label: "Dark theme",
    icon: Moon,
    run: (ctx) => ctx.setTheme("dark"),
    isChecked: (state) => state.theme === "dark",
  },
  {
    id: "theme-blue",
    label: "Blue theme",
    icon: Droplet,
    run: (ctx) => ctx.setTheme("blue"),
    isChecked: (state) => state.theme === "blue",
  },
  { id: "copy", label: "Copy", icon: Copy, run: (ctx) => ctx.copy() },
  { id: "cut", label: "Cut", icon: Scissors, run: (ctx) => ctx.cut() },
  { id: "paste", label: "Paste", icon: ClipboardPaste, run: (ctx) => ctx.paste() },
  {
    id: "settings",
    label: "Settings",
    icon: Settings,
    run: (ctx) => ctx.toggleSettings(),
    isChecked: (state) => state.settingsOpen,
  },
  ...previewModeCommands<EditorCommandContext, EditorCommandState>(),
  ...textToolCommands<EditorCommandContext, EditorCommandState>(),
  ...compareStepCommands<EditorCommandContext, EditorCommandState>(),
];

/** The font size figure between the two font size buttons. */
export const FONT_SIZE_SLOT = "font-size";

/**
 * The toolbar, left to right. On a narrow screen the entries that do not fit move into its
 * "More" menu, from the end.
 */
export const EDITOR_TOOLBAR: readonly LayoutEntry[] = [
  "new",
  "open",
  "save",
  "save-as",
  SEPARATOR,
  "undo",
  "redo",
  SEPARATOR,
  "bold",
  "italic",
  "underline",
  SEPARATOR,
  "align-left",
  "align-center",
  "align-right",
  SEPARATOR,
  "bullet-list",
  "numbered-list",
  SEPARATOR,
  "font-smaller",
  { slot: FONT_SIZE_SLOT },
  "font-larger",
  SEPARATOR,
  "theme-light",
  "theme-dark",
  "theme-blue",
  SEPARATOR,
  "copy",
  "cut",
  "paste",
  SEPARATOR,
  "find",
  "settings",
  SEPARATOR,
  "preview-editor",
  "preview-split",
  "preview-only",
  // Always under More: the line tools and multiple cursors.
  LINES_SUBMENU,
  SELECTION_SUBMENU,
];

/** The header's buttons with visible text. */
export const EDITOR_HEADER_COMMANDS: readonly string[] = [
  "download",
  "export",
  "history",
  "share",
  "live",
  "print",
];

/**
 * The spec's shortcut map (simple editor state `keyboardShortcuts`): its action names, each
 * with the command whose first key it shows.
 */
export const SPEC_SHORTCUT_ACTIONS: readonly (readonly [string, string])[] = [
  ["Bold", "bold"],
  ["Italic", "italic"],
  ["Underline", "underline"],
  ["Align Left", "align-left"],
  ["Align Center", "align-center"],
  ["Align Right", "align-right"],
  ["Undo", "undo"],
  ["Redo", "redo"],
  ["Find", "find"],
  ["Print", "print"],
];

/** Rows of the editor's shortcut tables for keys that are not commands. */
export const EDITOR_EXTRA_SHORTCUTS: readonly ShortcutRow[] = [
  { action: "Leave the text (then Tab)", windows: "Escape", mac: "Escape" },
  { action: "Vim keys (Settings › Keys): save", windows: ":w", mac: ":w" },
  { action: "Emacs keys (Settings › Keys): save", windows: "Ctrl+X Ctrl+S", mac: "Ctrl+X Ctrl+S" },
];
