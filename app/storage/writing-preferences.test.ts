// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "./keys";
import {
  DEFAULT_EDITOR_SETTINGS,
  readEditorSettings,
  writeEditorSettings,
} from "./editor-settings";
import { DEFAULT_NOTEPAD_SETTINGS, readNotepadSettings } from "./notepad-settings";
import {
  DEFAULT_WRITING_PREFERENCES,
  readWritingPreferences,
  resetWritingPreferences,
  updateWritingPreferences,
} from "./writing-preferences";

beforeEach(() => window.localStorage.clear());

describe("writing preferences", () => {
  it("defaults to word count on and the simple editor's defaults: line numbers on, spelling on", () => {
    expect(readWritingPreferences()).toEqual({
      showWordCount: true,
      showLineNumbers: true,
      checkSpelling: true,
    });
    expect(DEFAULT_WRITING_PREFERENCES.showLineNumbers).toBe(
      DEFAULT_EDITOR_SETTINGS.showLineNumbers,
    );
    expect(DEFAULT_WRITING_PREFERENCES.checkSpelling).toBe(DEFAULT_EDITOR_SETTINGS.spellCheck);
  });

  it("stores a change with a schema version and reads it back", () => {
    updateWritingPreferences({ showWordCount: false });
    const raw = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.writingPreferences) ?? "{}");
    expect(raw).toEqual({
      schema: 1,
      showWordCount: false,
      showLineNumbers: true,
      checkSpelling: true,
    });
    expect(readWritingPreferences().showWordCount).toBe(false);
  });

  it("writes line numbers and spelling into the editors' stored settings", () => {
    updateWritingPreferences({ showLineNumbers: true, checkSpelling: false });
    expect(readNotepadSettings().settings.showLineNumbers).toBe(true);
    expect(readEditorSettings()).toMatchObject({ showLineNumbers: true, spellCheck: false });
    updateWritingPreferences({ showLineNumbers: false });
    expect(readNotepadSettings().settings.showLineNumbers).toBe(false);
    expect(readEditorSettings().showLineNumbers).toBe(false);
  });

  it("reset restores each editor's real defaults: simple editor line numbers on", () => {
    updateWritingPreferences({
      showWordCount: false,
      showLineNumbers: false,
      checkSpelling: false,
    });
    const result = resetWritingPreferences();
    expect(result.saved).toBe(true);
    expect(result.preferences).toEqual({
      showWordCount: true,
      showLineNumbers: true,
      checkSpelling: true,
    });
    // The simple editor's own defaults (spec: showLineNumbers default true)...
    expect(readEditorSettings()).toMatchObject({
      showLineNumbers: DEFAULT_EDITOR_SETTINGS.showLineNumbers,
      spellCheck: DEFAULT_EDITOR_SETTINGS.spellCheck,
    });
    expect(readEditorSettings().showLineNumbers).toBe(true);
    // ...and the notepad's own default (line numbers off).
    expect(readNotepadSettings().settings.showLineNumbers).toBe(
      DEFAULT_NOTEPAD_SETTINGS.showLineNumbers,
    );
    // The page shows what the editor does.
    expect(readWritingPreferences()).toEqual(result.preferences);
  });

  it("shows the editor's own line numbers and spelling, even when the editor changed them", () => {
    updateWritingPreferences({ showLineNumbers: true, checkSpelling: true });
    // The editor's Settings panel turns both off; the preferences record is not touched.
    writeEditorSettings({ ...readEditorSettings(), showLineNumbers: false, spellCheck: false });
    expect(readWritingPreferences()).toMatchObject({
      showLineNumbers: false,
      checkSpelling: false,
    });
    // A stale record from before the fix (line numbers off) never hides the editor's state.
    window.localStorage.clear();
    window.localStorage.setItem(
      STORAGE_KEYS.writingPreferences,
      JSON.stringify({
        schema: 1,
        showWordCount: true,
        showLineNumbers: false,
        checkSpelling: true,
      }),
    );
    expect(readWritingPreferences().showLineNumbers).toBe(true);
  });

  it("falls back to defaults for unreadable or partial data", () => {
    window.localStorage.setItem(STORAGE_KEYS.writingPreferences, "{not json");
    expect(readWritingPreferences()).toEqual(DEFAULT_WRITING_PREFERENCES);
    window.localStorage.setItem(
      STORAGE_KEYS.writingPreferences,
      JSON.stringify({ checkSpelling: false, showWordCount: "no" }),
    );
    // Word count falls back to its default; line numbers and spelling are the editor's.
    expect(readWritingPreferences()).toEqual({
      showWordCount: true,
      showLineNumbers: true,
      checkSpelling: true,
    });
    window.localStorage.setItem(STORAGE_KEYS.editorSettings, "{not json");
    expect(readWritingPreferences()).toEqual(DEFAULT_WRITING_PREFERENCES);
  });
});
