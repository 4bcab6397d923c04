import { Compartment, EditorState } from "@codemirror/state";
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import {
  boundedHistory,
  canRedo,
  redoAny,
  undoStepsLeft,
  undoWithinLimit,
} from "./bounded-history";
import { baseEditorExtensions } from "./extensions";
import { bindLiveEffects } from "./live-binding";
import { deltaToChanges, isLiveState, type LiveBinding, unbindLiveEffects } from "./live-state";

function binding(canEdit = true): LiveBinding & { doc: Y.Doc } {
  const doc = new Y.Doc();
  const text = doc.getText("text");
  return {
    doc,
    text,
    awareness: new Awareness(doc),
    undoManager: new Y.UndoManager(text, { trackedOrigins: new Set(["mine"]) }),
    canEdit,
  };
}

function editorState(doc: string, history: Compartment) {
  return EditorState.create({
    doc,
    extensions: [history.of(boundedHistory(50)), baseEditorExtensions()],
  });
}

/** Runs a StateCommand on a state, returning the state it dispatched (or the same one). */
function run(command: typeof undoWithinLimit, state: EditorState): EditorState {
  let next = state;
  command({ state, dispatch: (tr) => (next = tr.state) });
  return next;
}

describe("live binding", () => {
  it("replaces CodeMirror's history with the session's undo manager, and gives it back", () => {
    const history = new Compartment();
    let state = editorState("hello", history);
    state = state.update({ changes: { from: 5, insert: "!" } }).state;
    expect(undoStepsLeft(state)).toBe(1);

    const live = binding();
    state = state.update({ effects: bindLiveEffects(history, live) }).state;
    expect(isLiveState(state)).toBe(true);
    // CodeMirror's own step is gone: Undo now asks the session's manager, empty so far.
    expect(undoStepsLeft(state)).toBe(0);

    live.text.insert(0, "hello!");
    live.doc.transact(() => live.text.insert(6, " mine"), "mine");
    live.doc.transact(() => live.text.insert(0, "theirs "), "remote");
    expect(undoStepsLeft(state)).toBe(1);
    run(undoWithinLimit, state);
    // Only this person's edit is undone; the other person's stays.
    expect(live.text.toString()).toBe("theirs hello!");
    expect(canRedo(state)).toBe(true);
    run(redoAny, state);
    expect(live.text.toString()).toBe("theirs hello! mine");

    state = state.update({ effects: unbindLiveEffects(history, 50) }).state;
    expect(isLiveState(state)).toBe(false);
    state = state.update({ changes: { from: 0, insert: "x" } }).state;
    expect(undoStepsLeft(state)).toBe(1);
    state = run(undoWithinLimit, state);
    expect(state.doc.toString()).toBe("hello!");
  });

  it("makes the text read-only for a view-only link", () => {
    const history = new Compartment();
    let state = editorState("read me", history);
    expect(state.readOnly).toBe(false);
    state = state.update({ effects: bindLiveEffects(history, binding(false)) }).state;
    expect(state.readOnly).toBe(true);
  });

  it("turns a Y.Text delta into CodeMirror changes that give the same text", () => {
    const doc = new Y.Doc();
    const text = doc.getText("text");
    text.insert(0, "one two three");
    let state = EditorState.create({ doc: text.toString() });
    text.observe((event) => {
      state = state.update({ changes: deltaToChanges(event.delta) }).state;
    });
    doc.transact(() => {
      text.delete(4, 4);
      text.insert(0, "zero ");
      text.insert(text.length, " four");
    });
    expect(state.doc.toString()).toBe(text.toString());
    expect(state.doc.toString()).toBe("zero one three four");
  });
});
