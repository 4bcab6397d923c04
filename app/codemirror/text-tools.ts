import {
  addCursorAbove,
  addCursorBelow,
  copyLineDown,
  moveLineDown,
  moveLineUp,
} from "@codemirror/commands";
import { selectNextOccurrence, selectSelectionMatches } from "@codemirror/search";
import type { Command, EditorView } from "@codemirror/view";
import { changeCaseCommand, lineToolCommand } from "~/text/line-tools";
import type { TextToolId } from "~/ui/text-tool-commands";
import { extendColumnSelection, singleCursor } from "./multiple-selections";

/**
 * The CodeMirror command behind each shared text tool (`~/ui/text-tool-commands.ts`). Line
 * tools and case changes are Plainpad's own state commands; moving, duplicating and multiple
 * cursors are CodeMirror's.
 */
export const TEXT_TOOL_COMMANDS: Record<TextToolId, Command> = {
  "sort-lines-ascending": lineToolCommand("sort-ascending"),
  "sort-lines-descending": lineToolCommand("sort-descending"),
  "sort-lines-numeric": lineToolCommand("sort-numeric"),
  "remove-duplicate-lines": lineToolCommand("remove-duplicates"),
  "reverse-lines": lineToolCommand("reverse"),
  "remove-empty-lines": lineToolCommand("remove-empty"),
  "trim-trailing-whitespace": lineToolCommand("trim-trailing"),
  "join-lines": lineToolCommand("join"),
  "duplicate-line": copyLineDown,
  "move-line-up": moveLineUp,
  "move-line-down": moveLineDown,
  "upper-case": changeCaseCommand("upper"),
  "lower-case": changeCaseCommand("lower"),
  "title-case": changeCaseCommand("title"),
  "select-next-occurrence": selectNextOccurrence,
  "select-all-occurrences": selectSelectionMatches,
  "add-cursor-above": addCursorAbove,
  "add-cursor-below": addCursorBelow,
  "column-select-up": extendColumnSelection("up"),
  "column-select-down": extendColumnSelection("down"),
  "column-select-left": extendColumnSelection("left"),
  "column-select-right": extendColumnSelection("right"),
  "single-cursor": singleCursor,
};

/** What a menu's tool says when the text is already as it would make it. */
const NOTHING_TO_CHANGE: Partial<Record<TextToolId, string>> = {
  "sort-lines-ascending": "The lines are already in that order.",
  "sort-lines-descending": "The lines are already in that order.",
  "sort-lines-numeric": "The lines are already in that order.",
  "remove-duplicate-lines": "There are no duplicate lines.",
  "reverse-lines": "Reversing would not change these lines.",
  "remove-empty-lines": "There are no empty lines.",
  "trim-trailing-whitespace": "No line ends in spaces or tabs.",
  "join-lines": "There is nothing to join: select two lines or more.",
  "upper-case": "The selection is already in that case.",
  "lower-case": "The selection is already in that case.",
  "title-case": "The selection is already in that case.",
};

/**
 * Runs text tool `id` on the view's text and leaves the focus there. A menu's tool that finds
 * nothing to change says so through `tell`; a key's tool that does nothing returns false, so
 * the key keeps its ordinary meaning (Escape with one cursor).
 */
export function runTextTool(
  view: EditorView | null,
  id: TextToolId,
  tell: (message: string) => void,
): boolean {
  if (!view) return false;
  const ran = TEXT_TOOL_COMMANDS[id](view);
  const nothing = NOTHING_TO_CHANGE[id];
  if (!ran && nothing === undefined) return false;
  if (!ran) tell(nothing!);
  view.focus();
  return true;
}
