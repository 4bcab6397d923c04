import { type LayoutEntry, SEPARATOR, type ShortcutRow } from "~/ui/commands";
import { LINES_SUBMENU, SELECTION_SUBMENU } from "~/ui/text-tool-commands";
import { NOTEPAD_FONT_FAMILIES, type NotepadFontFamily } from "~/storage/notepad-settings";
import { DRIVE_SYNC_SUBMENU } from "./drive-sync-commands";

/**
 * Where the notepad's commands (commands.ts) appear: the menu bar, the icon toolbar, the two
 * right-click menus, and the shortcut rows that are keys of the editor rather than commands.
 * Entries name commands by id; the registry checks that each exists.
 */

/** The command id of a font family's menu entry. */
export function fontFamilyCommandId(family: NotepadFontFamily): string {
  return `font-family-${family.toLowerCase().replace(/\s+/g, "-")}`;
}

/** The font size figure between the two font size buttons. */
export const FONT_SIZE_SLOT = "font-size";

/** The menu bar: each menu's label and entries. */
export const NOTEPAD_MENUS: readonly { id: string; label: string; entries: LayoutEntry[] }[] = [
  {
    id: "file",
    label: "File",
    entries: [
      "new-tab",
      "open",
      "open-folder",
      "recent-folders",
      "quick-open",
      "close-folder",
      "save",
      "save-as",
      "export",
      "share",
      "live",
      "download-all",
      "backup",
      "restore-backup",
      "keep-copies",
      "restore-folder",
      SEPARATOR,
      "rename-tab",
      "duplicate-tab",
      "history",
      "print",
      SEPARATOR,
      "close-tab",
      "close-other-tabs",
      "reopen-tab",
      "closed-tabs",
      SEPARATOR,
      "drive-open",
      "drive-save",
      DRIVE_SYNC_SUBMENU,
    ],
  },
  {
    id: "edit",
    label: "Edit",
    entries: [
      "undo",
      "redo",
      SEPARATOR,
      "cut",
      "copy",
      "paste",
      "select-all",
      SEPARATOR,
      "find",
      "replace",
      "find-in-files",
      "replace-in-files",
      SEPARATOR,
      LINES_SUBMENU,
      SELECTION_SUBMENU,
      SEPARATOR,
      "toggle-comment",
      "spell-check",
    ],
  },
  { id: "insert", label: "Insert", entries: ["datetime", "emoji", "special-character"] },
  {
    id: "view",
    label: "View",
    entries: [
      "font-larger",
      "font-smaller",
      "font-reset",
      SEPARATOR,
      { heading: "Font family" },
      ...NOTEPAD_FONT_FAMILIES.map(fontFamilyCommandId),
      SEPARATOR,
      "word-wrap",
      "line-numbers",
      "fullscreen",
      "folder-panel",
      "reveal-active-tab",
      SEPARATOR,
      "compare",
      SEPARATOR,
      { heading: "Markdown preview" },
      "preview-editor",
      "preview-split",
      "preview-only",
      SEPARATOR,
      { heading: "Keys" },
      "keys-standard",
      "keys-vim",
      "keys-emacs",
    ],
  },
  { id: "help", label: "Help", entries: ["shortcuts", "about"] },
];

/**
 * The icon toolbar, left to right. On a narrow screen the entries that do not fit move into
 * its "More" menu, from the end.
 */
export const NOTEPAD_TOOLBAR: readonly LayoutEntry[] = [
  "new-tab",
  "open",
  "save",
  "download-all",
  "print",
  SEPARATOR,
  "undo",
  "redo",
  "cut",
  "copy",
  "paste",
  SEPARATOR,
  "find",
  "replace",
  "emoji",
  "special-character",
  SEPARATOR,
  "font-smaller",
  { slot: FONT_SIZE_SLOT },
  "font-larger",
  "fullscreen",
  // Last: on a narrow screen it is the first to move into "More".
  SEPARATOR,
  "open-folder",
];

/** The right-click menu of the text (spec section 4). */
export const NOTEPAD_CONTEXT_MENU: readonly LayoutEntry[] = [
  "cut",
  "copy",
  "paste",
  SEPARATOR,
  "undo",
  "redo",
  SEPARATOR,
  "select-all",
  "find",
  SEPARATOR,
  "datetime",
  "emoji",
  "special-character",
];

/**
 * The right-click menu of a tab (also Shift+F10 or the Menu key on a focused tab). Its commands
 * act on that tab, which is shown first.
 */
export const NOTEPAD_TAB_CONTEXT_MENU: readonly LayoutEntry[] = [
  "rename-tab",
  "duplicate-tab",
  "share",
  "live",
  SEPARATOR,
  "close-tab",
  "close-other-tabs",
  SEPARATOR,
  "drive-sync-tab",
];

/** Rows of the notepad's shortcut tables for keys that are not commands. */
export const NOTEPAD_EXTRA_SHORTCUTS: readonly ShortcutRow[] = [
  {
    action: "Close menus and dialogs, leave fullscreen",
    windows: "Escape",
    mac: "Escape",
  },
  { action: "Leave a code file's text (then Tab)", windows: "Escape", mac: "Escape" },
  { action: "Vim keys (View › Keys): save, close the tab", windows: ":w, :q", mac: ":w, :q" },
  { action: "Emacs keys (View › Keys): save", windows: "Ctrl+X Ctrl+S", mac: "Ctrl+X Ctrl+S" },
];
