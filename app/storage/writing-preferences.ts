/**
 * Writing preferences set on the customizing tutorial page (contract: product-facts.md,
 * "Writing preferences"): three toggles kept in localStorage under
 * STORAGE_KEYS.writingPreferences, schema-versioned. "Show line numbers" and "Check spelling"
 * are also written into the editors' own stored settings so each editor shows them on its next
 * load; the simple editor reads `showWordCount` through readWritingPreferences(). Browser only.
 */
import { STORAGE_KEYS } from "./keys";
import { updateStoredEditorSettings } from "./editor-settings";
import { updateStoredNotepadSettings } from "./notepad-settings";

/** The three editor-behaviour toggles. */
export interface WritingPreferences {
  showWordCount: boolean;
  showLineNumbers: boolean;
  checkSpelling: boolean;
}

/** Defaults: word count on, line numbers off, spell check on. */
export const DEFAULT_WRITING_PREFERENCES: Readonly<WritingPreferences> = Object.freeze({
  showWordCount: true,
  showLineNumbers: false,
  checkSpelling: true,
});

/** Schema version written with the preferences. */
export const WRITING_PREFERENCES_SCHEMA = 1;

function updateEditor(partial: { showLineNumbers?: boolean; spellCheck?: boolean }): void {
  try {
    updateStoredEditorSettings(partial);
  } catch (error) {
    // The preference itself is stored; the editor then shows its own setting until changed.
    console.error("Could not update the editor's stored settings", error);
  }
}

/** Known fields of the right type are kept, the rest take their defaults. */
export function parseWritingPreferences(value: unknown): WritingPreferences {
  const result: WritingPreferences = { ...DEFAULT_WRITING_PREFERENCES };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return result;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_WRITING_PREFERENCES) as (keyof WritingPreferences)[]) {
    if (typeof record[key] === "boolean") result[key] = record[key];
  }
  return result;
}

/** Reads the stored preferences; defaults when nothing (or nothing readable) is stored. */
export function readWritingPreferences(storage: Storage = window.localStorage): WritingPreferences {
  try {
    const raw = storage.getItem(STORAGE_KEYS.writingPreferences);
    return raw === null
      ? { ...DEFAULT_WRITING_PREFERENCES }
      : parseWritingPreferences(JSON.parse(raw));
  } catch {
    return { ...DEFAULT_WRITING_PREFERENCES };
  }
}

function store(preferences: WritingPreferences, storage: Storage): boolean {
  try {
    storage.setItem(
      STORAGE_KEYS.writingPreferences,
      JSON.stringify({ schema: WRITING_PREFERENCES_SCHEMA, ...preferences }),
    );
    return true;
  } catch {
    return false;
  }
}

function syncEditors(changed: Partial<WritingPreferences>, storage: Storage): void {
  const editor: { showLineNumbers?: boolean; spellCheck?: boolean } = {};
  if (changed.showLineNumbers !== undefined) editor.showLineNumbers = changed.showLineNumbers;
  if (changed.checkSpelling !== undefined) editor.spellCheck = changed.checkSpelling;
  if (Object.keys(editor).length > 0) updateEditor(editor);
  if (changed.showLineNumbers !== undefined) {
    updateStoredNotepadSettings({ showLineNumbers: changed.showLineNumbers }, storage);
  }
}

/** Result of a change: the preferences now in effect and whether they reached storage. */
export interface SaveResult {
  preferences: WritingPreferences;
  saved: boolean;
}

/**
 * Merges `partial` into the stored preferences, stores them, and writes changed line-number /
 * spelling values into the editors' settings.
 */
export function updateWritingPreferences(
  partial: Partial<WritingPreferences>,
  storage: Storage = window.localStorage,
): SaveResult {
  const preferences = { ...readWritingPreferences(storage), ...partial };
  const saved = store(preferences, storage);
  if (saved) syncEditors(partial, storage);
  return { preferences, saved };
}

/** "Reset all": restores the three defaults and writes them through to both editors. */
export function resetWritingPreferences(storage: Storage = window.localStorage): SaveResult {
  const preferences = { ...DEFAULT_WRITING_PREFERENCES };
  const saved = store(preferences, storage);
  if (saved) syncEditors(preferences, storage);
  return { preferences, saved };
}
