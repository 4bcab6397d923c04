/** One row of the cheat sheet: an action and its keys on each platform. */
export interface ShortcutRow {
  action: string;
  windows: string;
  mac: string;
}

/** Text Editor shortcuts (product-facts.md, simple editor). */
export const EDITOR_SHORTCUTS: readonly ShortcutRow[] = [
  { action: "Bold markers", windows: "Ctrl+B", mac: "Cmd+B" },
  { action: "Italic markers", windows: "Ctrl+I", mac: "Cmd+I" },
  { action: "Underline markers", windows: "Ctrl+U", mac: "Cmd+U" },
  {
    action: "Align left / center / right",
    windows: "Ctrl+L / Ctrl+E / Ctrl+R",
    mac: "Cmd+L / Cmd+E / Cmd+R",
  },
  { action: "Undo", windows: "Ctrl+Z", mac: "Cmd+Z" },
  { action: "Redo", windows: "Ctrl+Y or Ctrl+Shift+Z", mac: "Cmd+Shift+Z or Cmd+Y" },
  { action: "Find", windows: "Ctrl+F", mac: "Cmd+F" },
  { action: "Print", windows: "Ctrl+P", mac: "Cmd+P" },
  { action: "Indent / outdent selected lines", windows: "Tab / Shift+Tab", mac: "Tab / Shift+Tab" },
];

/** Advanced Notepad shortcuts (product-facts.md, notepad). */
export const NOTEPAD_SHORTCUTS: readonly ShortcutRow[] = [
  { action: "New tab", windows: "Ctrl+N", mac: "Cmd+N" },
  { action: "Open files", windows: "Ctrl+O", mac: "Cmd+O" },
  { action: "Save (download .txt)", windows: "Ctrl+S", mac: "Cmd+S" },
  { action: "Print", windows: "Ctrl+P", mac: "Cmd+P" },
  {
    action: "Undo / redo",
    windows: "Ctrl+Z / Ctrl+Y or Ctrl+Shift+Z",
    mac: "Cmd+Z / Cmd+Y or Cmd+Shift+Z",
  },
  { action: "Find / find and replace", windows: "Ctrl+F / Ctrl+H", mac: "Cmd+F / Cmd+H" },
  { action: "Select all", windows: "Ctrl+A", mac: "Cmd+A" },
  { action: "Font size up / down", windows: "Ctrl++ / Ctrl+−", mac: "Cmd++ / Cmd+−" },
  { action: "Jump to tab 1–9", windows: "Ctrl+1 … Ctrl+9", mac: "Cmd+1 … Cmd+9" },
  { action: "Insert date and time", windows: "F5", mac: "F5" },
  { action: "Close menus and dialogs", windows: "Escape", mac: "Escape" },
];
