import { EditorSelection, EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { findNext, replaceAll } from "./find-replace";

describe("find and replace", () => {
  it("finds the next match case-insensitively after the selection and wraps", () => {
    let state = EditorState.create({ doc: "Cat cat CAT dog" });
    const select = () => [state.selection.main.from, state.selection.main.to];
    state = state.update(findNext(state, "cat")!).state;
    expect(select()).toEqual([0, 3]);
    state = state.update(findNext(state, "cat")!).state;
    expect(select()).toEqual([4, 7]);
    state = state.update(findNext(state, "cat")!).state;
    expect(select()).toEqual([8, 11]);
    state = state.update(findNext(state, "cat")!).state;
    expect(select()).toEqual([0, 3]);
    expect(findNext(state, "bird")).toBeNull();
    expect(findNext(state, "")).toBeNull();
  });

  it("replaces every exact match in one change and says how many", () => {
    const state = EditorState.create({
      doc: "a-b a-b A-B",
      selection: EditorSelection.cursor(0),
    });
    const result = replaceAll(state, "a-b", "x");
    expect(result.count).toBe(2);
    expect(result.message).toBe("Replaced 2 occurrences.");
    expect(state.update(result.transaction!).state.doc.toString()).toBe("x x A-B");
    expect(replaceAll(state, "zzz", "x")).toMatchObject({
      count: 0,
      message: 'No occurrences of "zzz".',
      transaction: null,
    });
    expect(replaceAll(state, "a", "").message).toBe(
      "Enter both the text to find and its replacement.",
    );
  });
});
