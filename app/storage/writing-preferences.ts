/**
 * Writing preferences set on the customizing tutorial page (contract: product-facts.md,
 * "Writing preferences"): three toggles. Browser only.
 *
 * Where each value lives:
 * - `showWordCount` belongs to this page alone: it is kept in localStorage under
 *   STORAGE_KEYS.writingPreferences (schema-versioned) and the simple editor reads it through
 *   readWritingPreferences().
 * - `showLineNumbers` and `checkSpelling` are the simple editor's own settings
 *   (STORAGE_KEYS.editorSettings, `showLineNumbers` / `spellCheck`), which its Settings panel
 *   also changes. They are read from there, never from a copy, so the page's switches always
 *   show what the editor does. A change is written into the editor's settings, and
 *   "Show line numbers" also into the notepad's.
 *
 * The record under STORAGE_KEYS.writingPreferences still carries all three values (schema 1) as
 * they were at the last change; only `showWordCount` is read back from it.
 */
import { STORAGE_KEYS } from "./keys";
import {
  DEFAULT_EDITOR_SETTINGS,
  readEditorSettings,
  updateStoredEditorSettings,
} from "./editor-settings";
import {
  DEFAULT_NOTEPAD_SETTINGS,
  readNotepadSettings,
  writeNotepadSettings,
} from "./notepad-settings";

/** The three editor-behaviour toggles. */
export interface WritingPreferences {
  showWordCount: boolean;
  showLineNumbers: boolean;
  checkSpelling: boolean;
}

/**
 * Defaults, i.e. what "Reset all settings" restores: word count on, and the simple editor's own
 * defaults for line numbers (on) and spell check (on).
 */
export const DEFAULT_WRITING_PREFERENCES: Readonly<WritingPreferences> = Object.freeze({
  showWordCount: true,
  showLineNumbers: DEFAULT_EDITOR_SETTINGS.showLineNumbers,
  checkSpelling: DEFAULT_EDITOR_SETTINGS.spellCheck,
});

/** Schema version written with the preferences. */
export const WRITING_PREFERENCES_SCHEMA = 1;

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

function readShowWordCount(storage: Storage): boolean {
  try {
    const raw = storage.getItem(STORAGE_KEYS.writingPreferences);
    return raw === null
      ? DEFAULT_WRITING_PREFERENCES.showWordCount
      : parseWritingPreferences(JSON.parse(raw)).showWordCount;
  } catch {
    return DEFAULT_WRITING_PREFERENCES.showWordCount;
  }
}

/**
 * The preferences in effect: the stored word-count choice, and line numbers and spell check as
 * the simple editor's stored settings have them (their defaults when nothing readable is stored).
 */
export function readWritingPreferences(storage: Storage = window.localStorage): WritingPreferences {
  const editor = readEditorSettings(storage);
  return {
    showWordCount: readShowWordCount(storage),
    showLineNumbers: editor.showLineNumbers,
    checkSpelling: editor.spellCheck,
  };
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

/** Writes changed line-number / spelling values into the editors' settings; false if refused. */
function syncEditors(
  changed: Partial<WritingPreferences>,
  notepadLineNumbers: boolean | undefined,
  storage: Storage,
): boolean {
  let saved = true;
  const editor: { showLineNumbers?: boolean; spellCheck?: boolean } = {};
  if (changed.showLineNumbers !== undefined) editor.showLineNumbers = changed.showLineNumbers;
  if (changed.checkSpelling !== undefined) editor.spellCheck = changed.checkSpelling;
  if (Object.keys(editor).length > 0) saved = updateStoredEditorSettings(editor, storage);
  if (notepadLineNumbers !== undefined) {
    const { settings } = readNotepadSettings(storage);
    saved =
      writeNotepadSettings({ ...settings, showLineNumbers: notepadLineNumbers }, storage) && saved;
  }
  return saved;
}

/** Result of a change: the preferences now in effect and whether they reached storage. */
export interface SaveResult {
  preferences: WritingPreferences;
  saved: boolean;
}

/**
 * Merges `partial` into the preferences in effect, stores them, and writes changed line-number
 * / spelling values into the editors' settings ("Show line numbers" reaches both editors).
 */
export function updateWritingPreferences(
  partial: Partial<WritingPreferences>,
  storage: Storage = window.localStorage,
): SaveResult {
  const preferences = { ...readWritingPreferences(storage), ...partial };
  const synced = syncEditors(partial, partial.showLineNumbers, storage);
  const saved = store(preferences, storage) && synced;
  return { preferences, saved };
}

/**
 * "Reset all": restores each default where it lives: word count on; in the simple editor line
 * numbers on and spell check on (its own defaults); in the notepad line numbers off (its own
 * default). The returned preferences then show the simple editor's line numbers as on.
 */
export function resetWritingPreferences(storage: Storage = window.localStorage): SaveResult {
  const preferences = { ...DEFAULT_WRITING_PREFERENCES };
  const synced = syncEditors(preferences, DEFAULT_NOTEPAD_SETTINGS.showLineNumbers, storage);
  const saved = store(preferences, storage) && synced;
  return { preferences, saved };
}
