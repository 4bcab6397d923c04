import { STORAGE_KEYS } from "./keys";

/** The seven font families the notepad offers (spec section 9). */
export const NOTEPAD_FONT_FAMILIES = [
  "Consolas",
  "Monaco",
  "Arial",
  "Times New Roman",
  "Courier New",
  "Georgia",
  "Verdana",
] as const;

/** One of NOTEPAD_FONT_FAMILIES. */
export type NotepadFontFamily = (typeof NOTEPAD_FONT_FAMILIES)[number];

/** Notepad settings (spec "Notepad settings"). */
export interface NotepadSettings {
  fontSize: number;
  fontFamily: NotepadFontFamily;
  wordWrap: boolean;
  showLineNumbers: boolean;
  /** The browser's spell check in prose (code is never checked: issue 30). */
  spellCheck: boolean;
}

/** Font size limits and step (spec section 9). */
export const NOTEPAD_FONT_SIZE = { min: 8, max: 72, step: 2, default: 14 } as const;

/** Defaults: 14 px Consolas, word wrap on, line numbers off, spell check on. */
export const DEFAULT_NOTEPAD_SETTINGS: NotepadSettings = {
  fontSize: NOTEPAD_FONT_SIZE.default,
  fontFamily: "Consolas",
  wordWrap: true,
  showLineNumbers: false,
  spellCheck: true,
};

/** Schema version written with the settings. */
const SCHEMA = 1;

/** Clamps a font size to 8–72 and to the even step grid. */
export function clampFontSize(size: number): number {
  if (!Number.isFinite(size)) return NOTEPAD_FONT_SIZE.default;
  const stepped = Math.round(size / NOTEPAD_FONT_SIZE.step) * NOTEPAD_FONT_SIZE.step;
  return Math.min(NOTEPAD_FONT_SIZE.max, Math.max(NOTEPAD_FONT_SIZE.min, stepped));
}

/**
 * Validates any parsed value into settings: known fields of the right type are kept, the rest
 * fall back to defaults. Returns null when the value is not an object at all.
 */
export function parseNotepadSettings(value: unknown): NotepadSettings | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const settings: NotepadSettings = { ...DEFAULT_NOTEPAD_SETTINGS };
  if (typeof record.fontSize === "number") settings.fontSize = clampFontSize(record.fontSize);
  if (
    typeof record.fontFamily === "string" &&
    (NOTEPAD_FONT_FAMILIES as readonly string[]).includes(record.fontFamily)
  ) {
    settings.fontFamily = record.fontFamily as NotepadFontFamily;
  }
  if (typeof record.wordWrap === "boolean") settings.wordWrap = record.wordWrap;
  if (typeof record.showLineNumbers === "boolean")
    settings.showLineNumbers = record.showLineNumbers;
  // A stored showStats (the second stats bar, now part of the status bar) is ignored.
  if (typeof record.spellCheck === "boolean") settings.spellCheck = record.spellCheck;
  return settings;
}

/** Where an unreadable settings value is copied before defaults are used. */
export function corruptSettingsKey(now: number): string {
  return `${STORAGE_KEYS.notepadSettings}-unreadable-${now}`;
}

/** Result of reading the stored settings. `keptAside` names the key holding unreadable data. */
export interface ReadSettingsResult {
  settings: NotepadSettings;
  keptAside: string | null;
}

/**
 * Reads the settings from localStorage ('notepad-settings'). Unparseable data is copied to a
 * separate key (never overwritten) and defaults are returned. Browser only.
 */
export function readNotepadSettings(storage: Storage = window.localStorage): ReadSettingsResult {
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEYS.notepadSettings);
  } catch {
    return { settings: { ...DEFAULT_NOTEPAD_SETTINGS }, keptAside: null };
  }
  if (raw === null) return { settings: { ...DEFAULT_NOTEPAD_SETTINGS }, keptAside: null };
  let parsed: NotepadSettings | null = null;
  try {
    parsed = parseNotepadSettings(JSON.parse(raw));
  } catch {
    parsed = null;
  }
  if (parsed) return { settings: parsed, keptAside: null };
  console.error("Notepad settings could not be read; defaults are used.");
  const key = corruptSettingsKey(Date.now());
  try {
    storage.setItem(key, raw);
  } catch {
    // Storage full: the original key is then left untouched instead (see writeNotepadSettings).
    return { settings: { ...DEFAULT_NOTEPAD_SETTINGS }, keptAside: STORAGE_KEYS.notepadSettings };
  }
  return { settings: { ...DEFAULT_NOTEPAD_SETTINGS }, keptAside: key };
}

/** Stores the settings (with a schema version). Returns false when storage refused them. */
export function writeNotepadSettings(
  settings: NotepadSettings,
  storage: Storage = window.localStorage,
): boolean {
  try {
    storage.setItem(STORAGE_KEYS.notepadSettings, JSON.stringify({ schema: SCHEMA, ...settings }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Merges a partial change into the stored settings so the notepad shows it on its next load
 * (used by the customizing tutorial page's "Show line numbers" toggle). Browser only.
 */
export function updateStoredNotepadSettings(
  partial: Partial<Pick<NotepadSettings, "showLineNumbers">> & Partial<NotepadSettings>,
  storage: Storage = window.localStorage,
): void {
  const { settings } = readNotepadSettings(storage);
  writeNotepadSettings({ ...settings, ...partial }, storage);
}

/** Reads the active tab id ('notepad-activeFileId'), or null. */
export function readActiveTabId(storage: Storage = window.localStorage): string | null {
  try {
    return storage.getItem(STORAGE_KEYS.notepadActiveFileId);
  } catch {
    return null;
  }
}

/** Stores the active tab id ('notepad-activeFileId'). */
export function writeActiveTabId(id: string, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.notepadActiveFileId, id);
  } catch {
    // A full localStorage only costs which tab opens first next time.
  }
}
