import { redo } from "@codemirror/commands";
import { EditorState, Transaction } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { boundedHistory, canRedo, undoStepsLeft, undoWithinLimit } from "./bounded-history";

/** A state holder that commands can dispatch to, like an EditorView without the DOM. */
function editor(maxSteps: number) {
  const target = {
    state: EditorState.create({ doc: "", extensions: boundedHistory(maxSteps) }),
    dispatch(tr: Transaction) {
      target.state = tr.state;
    },
  };
  return target;
}

/** Appends `text` as its own undo step (far apart in time, so steps are never joined). */
function typeStep(target: ReturnType<typeof editor>, text: string, step: number): void {
  target.dispatch(
    target.state.update({
      changes: { from: target.state.doc.length, insert: text },
      userEvent: "input.type",
      annotations: Transaction.time.of(step * 10_000),
    }),
  );
}

function undoAll(target: ReturnType<typeof editor>): number {
  let steps = 0;
  while (undoWithinLimit(target)) steps++;
  return steps;
}

describe("bounded undo history", () => {
  it("undoes at most the last N steps, however many were made", () => {
    const target = editor(50);
    for (let i = 1; i <= 80; i++) typeStep(target, `${i},`, i);
    expect(undoStepsLeft(target.state)).toBe(50);
    expect(undoAll(target)).toBe(50);
    // The text after the 30th edit: the 50 most recent edits are undone, no more.
    expect(target.state.doc.toString()).toBe(
      Array.from({ length: 30 }, (_, i) => `${i + 1},`).join(""),
    );
    expect(undoStepsLeft(target.state)).toBe(0);
  });

  it("lets fewer steps be undone when fewer were made", () => {
    const target = editor(50);
    for (let i = 1; i <= 3; i++) typeStep(target, `${i}`, i);
    expect(undoAll(target)).toBe(3);
    expect(target.state.doc.toString()).toBe("");
  });

  it("gives an undone step back on redo, and a new edit starts counting again", () => {
    const target = editor(5);
    for (let i = 1; i <= 10; i++) typeStep(target, `${i},`, i);
    expect(undoAll(target)).toBe(5);
    expect(canRedo(target.state)).toBe(true);
    expect(redo(target)).toBe(true);
    expect(undoStepsLeft(target.state)).toBe(1);
    typeStep(target, "x", 20);
    expect(canRedo(target.state)).toBe(false);
    expect(undoStepsLeft(target.state)).toBe(5);
  });

  it("does not count changes kept out of the history", () => {
    const target = editor(2);
    typeStep(target, "a", 1);
    typeStep(target, "b", 2);
    undoWithinLimit(target);
    target.dispatch(
      target.state.update({
        changes: { from: 0, insert: "remote " },
        annotations: Transaction.addToHistory.of(false),
      }),
    );
    expect(undoStepsLeft(target.state)).toBe(1);
    expect(undoWithinLimit(target)).toBe(true);
    expect(target.state.doc.toString()).toBe("remote ");
  });
});
