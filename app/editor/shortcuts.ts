/** Keyboard platform: macOS uses Cmd, everything else Ctrl. */
export type Platform = "mac" | "windows";

/** Detects macOS / iOS from the browser (call in effects or handlers only). */
export function detectPlatform(): Platform {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  const name = nav.userAgentData?.platform || nav.platform || nav.userAgent;
  return /mac|iphone|ipad|ipod/i.test(name) ? "mac" : "windows";
}

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
