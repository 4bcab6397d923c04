import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import {
  configurableExtensions,
  createEditorCompartments,
  DEFAULT_EDITOR_VIEW_OPTIONS,
  resolveEditorOptions,
} from "./extensions";
import { searchHighlightField, searchHighlighting, setSearchHighlight } from "./search-highlight";

describe("configurable extensions", () => {
  it("fills defaults and applies the tab size", () => {
    const options = resolveEditorOptions({ tabSize: 4, fontSize: undefined });
    expect(options.fontSize).toBe(DEFAULT_EDITOR_VIEW_OPTIONS.fontSize);
    const compartments = createEditorCompartments();
    const state = EditorState.create({ extensions: configurableExtensions(compartments, options) });
    expect(state.tabSize).toBe(4);
  });

  it("reconfigures one option through its compartment", () => {
    const compartments = createEditorCompartments();
    const options = resolveEditorOptions({});
    const state = EditorState.create({
      doc: "abc",
      extensions: configurableExtensions(compartments, options),
    });
    const next = state.update({
      effects: compartments.tabSize.reconfigure(EditorState.tabSize.of(8)),
    }).state;
    expect(next.tabSize).toBe(8);
    expect(next.doc.toString()).toBe("abc");
  });
});

describe("search highlight field", () => {
  it("maps the current match through edits and clears on null", () => {
    let state = EditorState.create({ doc: "one two one", extensions: searchHighlighting() });
    state = state.update({
      effects: setSearchHighlight.of({ regexp: /one/i, current: { from: 8, to: 11 } }),
    }).state;
    state = state.update({ changes: { from: 0, insert: "xx " } }).state;
    expect(state.field(searchHighlightField).current).toEqual({ from: 11, to: 14 });
    state = state.update({ effects: setSearchHighlight.of({ regexp: null, current: null }) }).state;
    expect(state.field(searchHighlightField).regexp).toBeNull();
  });
});
