import type { Platform } from "~/ui/platform";

/** The shortcut actions in display order (spec section 3). */
export const SHORTCUT_ACTIONS = [
  "Bold",
  "Italic",
  "Underline",
  "Align Left",
  "Align Center",
  "Align Right",
  "Undo",
  "Redo",
  "Find",
  "Print",
] as const;

const KEYS: Record<(typeof SHORTCUT_ACTIONS)[number], string> = {
  Bold: "B",
  Italic: "I",
  Underline: "U",
  "Align Left": "L",
  "Align Center": "E",
  "Align Right": "R",
  Undo: "Z",
  Redo: "Y",
  Find: "F",
  Print: "P",
};

/** Action label -> key combination: Ctrl+… on Windows/Linux, Cmd+… on macOS (redo Cmd+Shift+Z). */
export function shortcutMap(platform: Platform): Record<string, string> {
  const map: Record<string, string> = {};
  for (const action of SHORTCUT_ACTIONS) {
    if (platform === "mac") {
      map[action] = action === "Redo" ? "Cmd+Shift+Z" : `Cmd+${KEYS[action]}`;
    } else {
      map[action] = `Ctrl+${KEYS[action]}`;
    }
  }
  return map;
}
