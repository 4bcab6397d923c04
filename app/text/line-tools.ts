import { EditorSelection, type EditorState, type StateCommand } from "@codemirror/state";
import { type CaseChange, changeCase, type LineTool, transformLines } from "./line-transforms";

export { type CaseChange, changeCase, type LineTool, transformLines };

/**
 * Line tools (issue 31 item 4), as pure functions of lines and as CodeMirror state commands:
 * each works on the lines the selection touches (the whole document when nothing is
 * selected) and is one change, so one undo step. No DOM: tested on EditorState.
 */

/** The range of whole lines a tool works on: those the selection touches, else every line. */
export function lineToolRange(state: EditorState): { from: number; to: number } {
  const { main } = state.selection;
  if (main.empty) return { from: 0, to: state.doc.length };
  const first = state.doc.lineAt(main.from);
  // A selection ending at the very start of a line does not take that line.
  const endPos =
    main.to > main.from && state.doc.lineAt(main.to).from === main.to ? main.to - 1 : main.to;
  return { from: first.from, to: state.doc.lineAt(endPos).to };
}

/**
 * The state command of `tool`: one change (one undo step), the changed lines left selected.
 * Does nothing (and returns false) when the tool would not change the text.
 */
export function lineToolCommand(tool: LineTool, locale?: string): StateCommand {
  return ({ state, dispatch }) => {
    const { from, to } = lineToolRange(state);
    const before = state.sliceDoc(from, to);
    const after = transformLines(before.split("\n"), tool, locale).join("\n");
    if (after === before) return false;
    dispatch(
      state.update({
        changes: { from, to, insert: after },
        selection: EditorSelection.range(from, from + after.length),
        scrollIntoView: true,
        userEvent: "input.lines",
      }),
    );
    return true;
  };
}

/** The state command that changes the case of every selected range (the word at an empty one). */
export function changeCaseCommand(change: CaseChange, locale?: string): StateCommand {
  return ({ state, dispatch }) => {
    const update = state.changeByRange((range) => {
      const target = range.empty ? state.wordAt(range.head) : range;
      if (!target) return { range };
      const text = state.sliceDoc(target.from, target.to);
      const insert = changeCase(text, change, locale);
      return {
        changes: { from: target.from, to: target.to, insert },
        range: range.empty
          ? range
          : EditorSelection.range(target.from, target.from + insert.length),
      };
    });
    if (update.changes.empty) return false;
    dispatch(state.update(update, { scrollIntoView: true, userEvent: "input.case" }));
    return true;
  };
}
