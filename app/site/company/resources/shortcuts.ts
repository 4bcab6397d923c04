import { EDITOR_COMMANDS, EDITOR_EXTRA_SHORTCUTS } from "~/editor/commands";
import { NOTEPAD_COMMANDS, NOTEPAD_EXTRA_SHORTCUTS } from "~/notepad/commands";
import { shortcutRows, type ShortcutRow } from "~/ui/commands";

/**
 * The shortcut tables of the content pages, made from the editors' command registries (the
 * same lists their key handling and help dialogs use), so a page can never name a key the
 * editor does not have. The registries import no editor code, so these pages stay light.
 */

/** One row: an action and its keys on each platform. */
export type { ShortcutRow };

/** Text Editor (/editor/) shortcuts. */
export const EDITOR_SHORTCUTS: readonly ShortcutRow[] = shortcutRows(
  EDITOR_COMMANDS,
  EDITOR_EXTRA_SHORTCUTS,
);

/** Advanced Notepad (/online-notepad/) shortcuts. */
export const NOTEPAD_SHORTCUTS: readonly ShortcutRow[] = shortcutRows(
  NOTEPAD_COMMANDS,
  NOTEPAD_EXTRA_SHORTCUTS,
);

/** A cheat-sheet row: a shortcut and the editors that answer it. */
export interface CheatSheetRow extends ShortcutRow {
  where: "Both" | "Text Editor" | "Notepad";
}

/** An action without the menu path the two editors word differently ("(View › Keys)"). */
function withoutMenuPath(action: string): string {
  return action.replace(/ \([^()]*›[^()]*\)/, "");
}

/**
 * One table for both editors, for the printed cheat sheet. A shortcut both editors answer the
 * same way (same keys, same action but for the menu path) is listed once as "Both"; every other
 * row keeps its editor's wording. Text Editor rows come in its order, then the notepad's own
 * rows in theirs.
 */
export function cheatSheetRows(
  editor: readonly ShortcutRow[],
  notepad: readonly ShortcutRow[],
): CheatSheetRow[] {
  const sameOf = (row: ShortcutRow) =>
    `${withoutMenuPath(row.action)}\u0000${row.windows}\u0000${row.mac}`;
  const inNotepad = new Set(notepad.map(sameOf));
  const inEditor = new Set(editor.map(sameOf));
  return [
    ...editor.map((row) =>
      inNotepad.has(sameOf(row))
        ? { ...row, action: withoutMenuPath(row.action), where: "Both" as const }
        : { ...row, where: "Text Editor" as const },
    ),
    ...notepad
      .filter((row) => !inEditor.has(sameOf(row)))
      .map((row) => ({ ...row, where: "Notepad" as const })),
  ];
}

/** The printed cheat sheet's rows. */
export const CHEAT_SHEET_SHORTCUTS: readonly CheatSheetRow[] = cheatSheetRows(
  EDITOR_SHORTCUTS,
  NOTEPAD_SHORTCUTS,
);
