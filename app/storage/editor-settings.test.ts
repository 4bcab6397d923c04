// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import {
  clampEditorFontSize,
  DEFAULT_EDITOR_SETTINGS,
  parseEditorSettings,
  readEditorSettings,
  updateStoredEditorSettings,
  writeEditorSettings,
} from "./editor-settings";
import { STORAGE_KEYS } from "./keys";

describe("editor settings", () => {
  beforeEach(() => window.localStorage.clear());

  it("reads defaults when nothing is stored", () => {
    expect(readEditorSettings()).toEqual(DEFAULT_EDITOR_SETTINGS);
    expect(DEFAULT_EDITOR_SETTINGS).toMatchObject({
      theme: "light",
      fontSize: 16,
      showLineNumbers: true,
      wordWrap: true,
      showWhitespace: false,
      showPrintMargin: false,
      indentSize: 2,
      spellCheck: true,
    });
  });

  it("round-trips settings with a schema version", () => {
    writeEditorSettings({ ...DEFAULT_EDITOR_SETTINGS, theme: "blue", fontSize: 20 });
    expect(readEditorSettings()).toMatchObject({ theme: "blue", fontSize: 20 });
    const raw = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.editorSettings) ?? "{}");
    expect(raw.schema).toBe(1);
  });

  it("falls back per field on bad data and on unparsable JSON", () => {
    expect(parseEditorSettings({ theme: "pink", indentSize: 3, fontSize: 500 })).toMatchObject({
      theme: "light",
      indentSize: 2,
      fontSize: 72,
    });
    window.localStorage.setItem(STORAGE_KEYS.editorSettings, "{not json");
    expect(readEditorSettings()).toEqual(DEFAULT_EDITOR_SETTINGS);
  });

  it("merges partial updates from the writing preferences", () => {
    writeEditorSettings({ ...DEFAULT_EDITOR_SETTINGS, theme: "dark" });
    updateStoredEditorSettings({ showLineNumbers: false, spellCheck: false });
    expect(readEditorSettings()).toMatchObject({
      theme: "dark",
      showLineNumbers: false,
      spellCheck: false,
    });
  });

  it("clamps font sizes into 8-72", () => {
    expect(clampEditorFontSize(2)).toBe(8);
    expect(clampEditorFontSize(100)).toBe(72);
    expect(clampEditorFontSize(Number.NaN)).toBe(16);
  });
});
