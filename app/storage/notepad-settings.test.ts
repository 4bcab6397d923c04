// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import {
  clampFontSize,
  DEFAULT_NOTEPAD_SETTINGS,
  readNotepadSettings,
  updateStoredNotepadSettings,
  writeNotepadSettings,
} from "./notepad-settings";

beforeEach(() => window.localStorage.clear());

describe("notepad settings", () => {
  it("defaults to 14 px Consolas, wrap on, line numbers off", () => {
    expect(readNotepadSettings().settings).toMatchObject({
      fontSize: 14,
      fontFamily: "Consolas",
      wordWrap: true,
      showLineNumbers: false,
    });
  });

  it("clamps font sizes to 8–72 in steps of 2", () => {
    expect(clampFontSize(4)).toBe(8);
    expect(clampFontSize(100)).toBe(72);
    expect(clampFontSize(15)).toBe(16);
  });

  it("round-trips under 'notepad-settings'", () => {
    writeNotepadSettings({ ...DEFAULT_NOTEPAD_SETTINGS, fontSize: 20, fontFamily: "Georgia" });
    expect(JSON.parse(window.localStorage.getItem("notepad-settings") ?? "{}")).toMatchObject({
      fontSize: 20,
      fontFamily: "Georgia",
    });
    expect(readNotepadSettings().settings.fontFamily).toBe("Georgia");
  });

  it("merges a partial update from the writing preferences page", () => {
    writeNotepadSettings({ ...DEFAULT_NOTEPAD_SETTINGS, fontSize: 30 });
    updateStoredNotepadSettings({ showLineNumbers: true });
    expect(readNotepadSettings().settings).toMatchObject({ fontSize: 30, showLineNumbers: true });
  });

  it("keeps unreadable settings aside and uses defaults", () => {
    window.localStorage.setItem("notepad-settings", "{broken");
    const result = readNotepadSettings();
    expect(result.settings).toEqual(DEFAULT_NOTEPAD_SETTINGS);
    expect(result.keptAside).toMatch(/^notepad-settings-unreadable-\d+$/);
    expect(window.localStorage.getItem(result.keptAside ?? "")).toBe("{broken");
  });
});
