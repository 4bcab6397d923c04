import {
  countColumn,
  EditorSelection,
  EditorState,
  type Extension,
  findColumn,
  StateEffect,
  StateField,
  type StateCommand,
  type TransactionSpec,
} from "@codemirror/state";
import { crosshairCursor, rectangularSelection } from "@codemirror/view";

/**
 * Multiple cursors and column (box) selections (issue 31 item 3), as in Notepad++ and VS Code:
 * Alt+drag draws a box (CodeMirror's rectangularSelection), Alt+Shift+arrows grow one from the
 * cursor, one cursor per line. The box's corners are kept in a field so that growing it again
 * keeps its columns even across short lines, where the cursors themselves had to stop early.
 */

/** A box selection's corners: lines (1-based) and columns (tabs expanded). */
interface ColumnBlock {
  anchorLine: number;
  anchorColumn: number;
  headLine: number;
  headColumn: number;
  /** The selection the block made: the block holds only while the selection is this one. */
  selection: EditorSelection;
}

const setColumnBlock = StateEffect.define<ColumnBlock>();

const columnBlockField = StateField.define<ColumnBlock | null>({
  create: () => null,
  update(block, tr) {
    for (const effect of tr.effects) if (effect.is(setColumnBlock)) return effect.value;
    if (!block) return null;
    // Any other change of the text or the selection ends the block.
    return tr.docChanged || !tr.newSelection.eq(block.selection) ? null : block;
  },
});

/** The column (tabs expanded) of `pos` in its line. */
function columnAt(state: EditorState, pos: number): { line: number; column: number } {
  const line = state.doc.lineAt(pos);
  return {
    line: line.number,
    column: countColumn(line.text.slice(0, pos - line.from), state.tabSize),
  };
}

/** The box from (anchorLine, anchorColumn) to (headLine, headColumn): one range per line. */
export function columnBlockSelection(
  state: EditorState,
  block: Omit<ColumnBlock, "selection">,
): EditorSelection {
  const ranges = [];
  const step = block.headLine >= block.anchorLine ? 1 : -1;
  for (let number = block.anchorLine; ; number += step) {
    const line = state.doc.line(number);
    // findColumn stops at the line's end when it is shorter than the column.
    const anchor = line.from + findColumn(line.text, block.anchorColumn, state.tabSize);
    const head = line.from + findColumn(line.text, block.headColumn, state.tabSize);
    ranges.push(EditorSelection.range(anchor, head));
    if (number === block.headLine) break;
  }
  // The head line's cursor is the main one (it is the one the view scrolls to).
  return EditorSelection.create(ranges, ranges.length - 1);
}

/** A direction of Alt+Shift+arrow. */
export type ColumnDirection = "up" | "down" | "left" | "right";

/**
 * Grows or shrinks the box selection by one line or column toward `direction`, starting a new
 * box at the main selection when the current selection is not one.
 */
export function extendColumnSelection(direction: ColumnDirection): StateCommand {
  return ({ state, dispatch }) => {
    const current = state.field(columnBlockField, false);
    let corners: Omit<ColumnBlock, "selection">;
    if (current && current.selection.eq(state.selection)) {
      corners = current;
    } else {
      const anchor = columnAt(state, state.selection.main.anchor);
      const head = columnAt(state, state.selection.main.head);
      corners = {
        anchorLine: anchor.line,
        anchorColumn: anchor.column,
        headLine: head.line,
        headColumn: head.column,
      };
    }
    const next = { ...corners };
    if (direction === "up") next.headLine = Math.max(1, next.headLine - 1);
    else if (direction === "down") next.headLine = Math.min(state.doc.lines, next.headLine + 1);
    else if (direction === "left") next.headColumn = Math.max(0, next.headColumn - 1);
    else next.headColumn += 1;
    const selection = columnBlockSelection(state, next);
    dispatch(
      state.update({
        selection,
        effects: setColumnBlock.of({ ...next, selection }),
        scrollIntoView: true,
        userEvent: "select.column",
      }),
    );
    return true;
  };
}

/** Back to one cursor (the main one); false when there is one already (Escape goes on). */
export const singleCursor: StateCommand = ({ state, dispatch }) => {
  if (state.selection.ranges.length === 1) return false;
  dispatch(state.update({ selection: EditorSelection.create([state.selection.main]) }));
  return true;
};

/**
 * The change of pasting `text`: with several cursors and as many lines as cursors, one line
 * goes to each cursor (as CodeMirror does for Ctrl+V); otherwise the whole text goes to each.
 * For the Paste buttons, which read the clipboard themselves.
 */
export function pasteSpec(state: EditorState, text: string): TransactionSpec {
  const lines = state.toText(text);
  const ranges = state.selection.ranges;
  if (ranges.length > 1 && lines.lines === ranges.length) {
    let index = 0;
    return state.changeByRange((range) => {
      const insert = lines.line(++index).text;
      return {
        changes: { from: range.from, to: range.to, insert },
        range: EditorSelection.cursor(range.from + insert.length),
      };
    });
  }
  return state.replaceSelection(text);
}

/**
 * Several selections at once, Alt+drag for a box (with a crosshair pointer while Alt is held)
 * and the field the Alt+Shift+arrow commands keep their box in.
 */
export function multipleSelections(): Extension {
  return [
    EditorState.allowMultipleSelections.of(true),
    rectangularSelection(),
    crosshairCursor(),
    columnBlockField,
  ];
}
