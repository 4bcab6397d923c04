import { EditorSelection, EditorState, type Transaction } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import {
  columnBlockSelection,
  extendColumnSelection,
  multipleSelections,
  pasteSpec,
  singleCursor,
  type ColumnDirection,
} from "./multiple-selections";

function stateOf(doc: string, cursor: number): EditorState {
  return EditorState.create({
    doc,
    selection: EditorSelection.cursor(cursor),
    extensions: multipleSelections(),
  });
}

/** Runs the column command for each direction in turn. */
function press(state: EditorState, ...directions: ColumnDirection[]): EditorState {
  for (const direction of directions) {
    extendColumnSelection(direction)({
      state,
      dispatch: (tr: Transaction) => {
        state = tr.state;
      },
    });
  }
  return state;
}

const selected = (state: EditorState) =>
  state.selection.ranges.map((range) => state.sliceDoc(range.from, range.to));

describe("column selection", () => {
  it("grows a box one line and one column at a time, one range per line", () => {
    const state = press(stateOf("abcd\nefgh\nijkl", 1), "down", "down", "right", "right");
    expect(selected(state)).toEqual(["bc", "fg", "jk"]);
    expect(state.selection.main.head).toBe(state.doc.line(3).from + 3);
  });

  it("typing replaces every row of the box", () => {
    let state = press(stateOf("abcd\nefgh\nijkl", 1), "down", "down", "right");
    state = state.update(state.replaceSelection("X")).state;
    expect(state.doc.toString()).toBe("aXcd\neXgh\niXkl");
  });

  it("keeps its columns across a short line", () => {
    const state = press(stateOf("abcdef\nab\nabcdef", 4), "down", "down", "right");
    // The short line's cursor stops at its end; the next line is back at the box's columns.
    expect(selected(state)).toEqual(["e", "", "e"]);
    expect(state.selection.ranges[1].head).toBe(state.doc.line(2).to);
  });

  it("grows upward from the cursor and shrinks back", () => {
    let state = press(stateOf("one\ntwo\nsix", 9), "up", "up");
    expect(state.selection.ranges).toHaveLength(3);
    state = press(state, "down");
    expect(state.selection.ranges).toHaveLength(2);
    expect(state.selection.ranges.map((r) => state.doc.lineAt(r.head).number)).toEqual([2, 3]);
  });

  it("counts tabs as columns", () => {
    const state = EditorState.create({
      doc: "\tx\n    y",
      extensions: [multipleSelections(), EditorState.tabSize.of(4)],
    });
    const selection = columnBlockSelection(state, {
      anchorLine: 1,
      anchorColumn: 4,
      headLine: 2,
      headColumn: 5,
    });
    expect(selection.ranges.map((r) => state.sliceDoc(r.from, r.to))).toEqual(["x", "y"]);
  });

  it("starts a new box after the selection is changed otherwise", () => {
    let state = press(stateOf("abc\ndef\nghi", 0), "down");
    state = state.update({ selection: EditorSelection.cursor(5) }).state;
    state = press(state, "down");
    expect(state.selection.ranges.map((r) => r.head)).toEqual([5, 9]);
  });

  it("Escape's single cursor keeps the main one and declines when there is one", () => {
    let state = press(stateOf("abc\ndef", 0), "down");
    let ran = singleCursor({ state, dispatch: (tr) => (state = tr.state) });
    expect(ran).toBe(true);
    expect(state.selection.ranges).toHaveLength(1);
    expect(state.selection.main.head).toBe(4);
    ran = singleCursor({ state, dispatch: () => undefined });
    expect(ran).toBe(false);
  });
});

describe("pasting with several cursors", () => {
  const withCursors = (doc: string, cursors: number[]) =>
    EditorState.create({
      doc,
      selection: EditorSelection.create(cursors.map((at) => EditorSelection.cursor(at))),
      extensions: multipleSelections(),
    });

  it("gives one line to each cursor when the counts match", () => {
    const state = withCursors("a\nb\nc", [1, 3, 5]);
    const next = state.update(pasteSpec(state, "1\n2\n3")).state;
    expect(next.doc.toString()).toBe("a1\nb2\nc3");
  });

  it("pastes the whole text at each cursor otherwise", () => {
    const state = withCursors("a\nb", [1, 3]);
    const next = state.update(pasteSpec(state, "x\ny\nz")).state;
    expect(next.doc.toString()).toBe("ax\ny\nz\nbx\ny\nz");
  });
});
