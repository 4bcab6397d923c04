import { describe, expect, it } from "vitest";
import {
  CHEAT_SHEET_SHORTCUTS,
  cheatSheetRows,
  EDITOR_SHORTCUTS,
  NOTEPAD_SHORTCUTS,
} from "./shortcuts";

describe("cheatSheetRows", () => {
  it("lists a shortcut both editors share once, and keeps each editor's own rows", () => {
    const rows = cheatSheetRows(
      [
        { action: "Undo", windows: "Ctrl+Z", mac: "Cmd+Z" },
        { action: "Bold", windows: "Ctrl+B", mac: "Cmd+B" },
        {
          action: "Emacs keys (Settings › Keys): save",
          windows: "Ctrl+X Ctrl+S",
          mac: "Ctrl+X Ctrl+S",
        },
        { action: "Leave the text", windows: "Escape", mac: "Escape" },
      ],
      [
        { action: "Undo", windows: "Ctrl+Z", mac: "Cmd+Z" },
        {
          action: "Emacs keys (View › Keys): save",
          windows: "Ctrl+X Ctrl+S",
          mac: "Ctrl+X Ctrl+S",
        },
        { action: "Close menus", windows: "Escape", mac: "Escape" },
        { action: "New tab", windows: "Ctrl+N", mac: "Cmd+N" },
      ],
    );
    expect(rows.map((row) => [row.action, row.where])).toEqual([
      ["Undo", "Both"],
      ["Bold", "Text Editor"],
      ["Emacs keys: save", "Both"],
      ["Leave the text", "Text Editor"],
      ["Close menus", "Notepad"],
      ["New tab", "Notepad"],
    ]);
  });

  it("leaves out no shortcut of either editor", () => {
    const listed = (where: string) =>
      CHEAT_SHEET_SHORTCUTS.filter((row) => row.where === where || row.where === "Both");
    expect(listed("Text Editor")).toHaveLength(EDITOR_SHORTCUTS.length);
    expect(listed("Notepad")).toHaveLength(NOTEPAD_SHORTCUTS.length);
  });
});
