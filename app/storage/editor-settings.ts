import { STORAGE_KEYS } from "./keys";

/** Editor colour themes of the simple editor (spec section 5). */
export type EditorTheme = "light" | "dark" | "blue";
/** Indent sizes offered in the settings panel (spec section 5). */
export const INDENT_SIZES = [2, 4, 8] as const;
/** One of INDENT_SIZES. */
export type IndentSize = (typeof INDENT_SIZES)[number];
/** Line alignment (a view setting; the file is not changed). */
export type EditorTextAlign = "left" | "center" | "right";

/** The simple editor's display settings (spec section 3, minus document fields). */
export interface EditorSettings {
  theme: EditorTheme;
  fontSize: number;
  showLineNumbers: boolean;
  wordWrap: boolean;
  showWhitespace: boolean;
  showPrintMargin: boolean;
  indentSize: IndentSize;
  spellCheck: boolean;
  textAlign: EditorTextAlign;
}

/** Font size limits and step of the simple editor (spec sections 5 and 9). */
export const EDITOR_FONT_SIZE = { min: 8, max: 72, step: 2, default: 16 } as const;

/** Spec defaults: light, 16 px, line numbers and wrap on, whitespace and margin off, indent 2. */
export const DEFAULT_EDITOR_SETTINGS: EditorSettings = {
  theme: "light",
  fontSize: EDITOR_FONT_SIZE.default,
  showLineNumbers: true,
  wordWrap: true,
  showWhitespace: false,
  showPrintMargin: false,
  indentSize: 2,
  spellCheck: true,
  textAlign: "left",
};

/** Schema version stored with the settings. */
const SCHEMA = 1;

/** Clamps a font size into 8–72 (whole pixels; the settings input may set odd sizes). */
export function clampEditorFontSize(size: number): number {
  if (!Number.isFinite(size)) return EDITOR_FONT_SIZE.default;
  return Math.min(EDITOR_FONT_SIZE.max, Math.max(EDITOR_FONT_SIZE.min, Math.round(size)));
}

/**
 * Validates any parsed value into settings: known fields of the right type are kept, anything
 * else falls back to its default (a corrupt record never breaks the editor).
 */
export function parseEditorSettings(value: unknown): EditorSettings {
  const settings: EditorSettings = { ...DEFAULT_EDITOR_SETTINGS };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return settings;
  const r = value as Record<string, unknown>;
  if (r.theme === "light" || r.theme === "dark" || r.theme === "blue") settings.theme = r.theme;
  if (typeof r.fontSize === "number") settings.fontSize = clampEditorFontSize(r.fontSize);
  for (const key of [
    "showLineNumbers",
    "wordWrap",
    "showWhitespace",
    "showPrintMargin",
    "spellCheck",
  ] as const) {
    if (typeof r[key] === "boolean") settings[key] = r[key];
  }
  if (r.indentSize === 2 || r.indentSize === 4 || r.indentSize === 8) {
    settings.indentSize = r.indentSize;
  }
  if (r.textAlign === "left" || r.textAlign === "center" || r.textAlign === "right") {
    settings.textAlign = r.textAlign;
  }
  return settings;
}

/** Reads the stored settings (defaults when absent, unreadable or storage is blocked). Browser only. */
export function readEditorSettings(storage: Storage = window.localStorage): EditorSettings {
  try {
    const raw = storage.getItem(STORAGE_KEYS.editorSettings);
    return parseEditorSettings(raw ? JSON.parse(raw) : null);
  } catch {
    return { ...DEFAULT_EDITOR_SETTINGS };
  }
}

/** Stores the settings. Returns false when storage refused (blocked or full). Browser only. */
export function writeEditorSettings(
  settings: EditorSettings,
  storage: Storage = window.localStorage,
): boolean {
  try {
    storage.setItem(STORAGE_KEYS.editorSettings, JSON.stringify({ schema: SCHEMA, ...settings }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Merges a partial update into the stored settings so the editor shows it on its next load.
 * Used by the writing-preferences page ("Show line numbers", "Check spelling"), which also
 * reads those two values back from here: these stored settings are their only source of truth.
 * Returns false when storage refused the write. Browser only.
 */
export function updateStoredEditorSettings(
  partial: Partial<Pick<EditorSettings, "showLineNumbers" | "spellCheck">> &
    Partial<EditorSettings>,
  storage: Storage = window.localStorage,
): boolean {
  return writeEditorSettings(
    parseEditorSettings({ ...readEditorSettings(storage), ...partial }),
    storage,
  );
}
