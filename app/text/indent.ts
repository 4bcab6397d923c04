import { type ChangeSpec, EditorSelection, type StateCommand } from "@codemirror/state";
import { leadingSpaces, selectedLines } from "./line-ranges";

/** Tab indents by this many spaces (spec section 9), whatever the indent-size setting. */
export const INDENT = "  ";

/**
 * Tab: with a selection, adds two spaces before every selected line; with just a cursor,
 * inserts two spaces at the cursor.
 */
export const indentSelection: StateCommand = ({ state, dispatch }) => {
  if (state.selection.ranges.every((range) => range.empty)) {
    dispatch(
      state.update(state.replaceSelection(INDENT), { scrollIntoView: true, userEvent: "input" }),
    );
    return true;
  }
  const changes: ChangeSpec[] = selectedLines(state).map((line) => ({
    from: line.from,
    insert: INDENT,
  }));
  dispatch(state.update({ changes, scrollIntoView: true, userEvent: "input.indent" }));
  return true;
};

/** Shift+Tab: removes up to two leading spaces from every selected line (or the cursor line). */
export const outdentSelection: StateCommand = ({ state, dispatch }) => {
  const changes: ChangeSpec[] = [];
  for (const line of selectedLines(state)) {
    const remove = Math.min(INDENT.length, leadingSpaces(line.text));
    if (remove > 0) changes.push({ from: line.from, to: line.from + remove });
  }
  if (changes.length === 0) return true;
  const changeSet = state.changes(changes);
  dispatch(
    state.update({
      changes: changeSet,
      selection: EditorSelection.create(
        state.selection.ranges.map((r) =>
          EditorSelection.range(changeSet.mapPos(r.anchor, 1), changeSet.mapPos(r.head, 1)),
        ),
        state.selection.mainIndex,
      ),
      scrollIntoView: true,
      userEvent: "delete.dedent",
    }),
  );
  return true;
};
