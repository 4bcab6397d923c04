// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "./keys";
import { readEditorSettings } from "./editor-settings";
import { readNotepadSettings } from "./notepad-settings";
import {
  DEFAULT_WRITING_PREFERENCES,
  readWritingPreferences,
  resetWritingPreferences,
  updateWritingPreferences,
} from "./writing-preferences";

beforeEach(() => window.localStorage.clear());

describe("writing preferences", () => {
  it("defaults to word count on, line numbers off, spelling on", () => {
    expect(readWritingPreferences()).toEqual({
      showWordCount: true,
      showLineNumbers: false,
      checkSpelling: true,
    });
  });

  it("stores a change with a schema version and reads it back", () => {
    updateWritingPreferences({ showWordCount: false });
    const raw = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.writingPreferences) ?? "{}");
    expect(raw).toEqual({
      schema: 1,
      showWordCount: false,
      showLineNumbers: false,
      checkSpelling: true,
    });
    expect(readWritingPreferences().showWordCount).toBe(false);
  });

  it("writes line numbers and spelling into the editors' stored settings", () => {
    updateWritingPreferences({ showLineNumbers: true, checkSpelling: false });
    expect(readNotepadSettings().settings.showLineNumbers).toBe(true);
    expect(readEditorSettings()).toMatchObject({ showLineNumbers: true, spellCheck: false });
    resetWritingPreferences();
    expect(readNotepadSettings().settings.showLineNumbers).toBe(false);
    expect(readEditorSettings()).toMatchObject({ showLineNumbers: false, spellCheck: true });
    expect(readWritingPreferences()).toEqual(DEFAULT_WRITING_PREFERENCES);
  });

  it("falls back to defaults for unreadable or partial data", () => {
    window.localStorage.setItem(STORAGE_KEYS.writingPreferences, "{not json");
    expect(readWritingPreferences()).toEqual(DEFAULT_WRITING_PREFERENCES);
    window.localStorage.setItem(
      STORAGE_KEYS.writingPreferences,
      JSON.stringify({ checkSpelling: false, showWordCount: "no" }),
    );
    expect(readWritingPreferences()).toEqual({
      showWordCount: true,
      showLineNumbers: false,
      checkSpelling: false,
    });
  });
});
