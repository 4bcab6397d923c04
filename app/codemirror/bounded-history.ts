import { history, redo, redoDepth, undo, undoDepth } from "@codemirror/commands";
import {
  type EditorState,
  type Extension,
  Facet,
  Prec,
  type StateCommand,
  StateField,
  Transaction,
} from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { liveUndoManager } from "./live-undo";

/**
 * Undo history with an exact ceiling. CodeMirror's `history({ minDepth })` keeps at least
 * `minDepth` steps and prunes only in batches, so it may keep up to 20 more; the notepad promises
 * "at most 50". This counts the steps undone since the last edit and refuses the next undo at the
 * ceiling, so a user can never step back more than `maxSteps` edits.
 */
const maxUndoSteps = Facet.define<number, number>({
  combine: (values) => (values.length ? Math.min(...values) : Infinity),
});

/** Undo steps taken since the last edit that was not an undo or redo. */
const undoneSinceEdit = StateField.define<number>({
  create: () => 0,
  update(value, tr) {
    // Changes kept out of the history (text arriving from another window) are not edits here.
    if (!tr.docChanged || tr.annotation(Transaction.addToHistory) === false) return value;
    if (tr.isUserEvent("undo")) return value + 1;
    if (tr.isUserEvent("redo")) return Math.max(0, value - 1);
    return 0;
  },
});

/**
 * The undo history of an editor, keeping (and letting the user undo) at most `maxSteps` steps.
 * One field and facet shared by every instance, so reconfiguring the depth keeps the history.
 */
export function boundedHistory(maxSteps: number): Extension {
  return [
    history({ minDepth: maxSteps }),
    maxUndoSteps.of(maxSteps),
    undoneSinceEdit,
    // The browser's own Undo (a macOS Edit menu, the native context menu) arrives as a
    // beforeinput event, which CodeMirror's history would answer with its unbounded undo.
    Prec.high(
      EditorView.domEventHandlers({
        beforeinput(event, view) {
          if (event.inputType !== "historyUndo") return false;
          event.preventDefault();
          undoWithinLimit(view);
          return true;
        },
      }),
    ),
  ];
}

/** How many more undo steps are allowed in this state (0 when there is nothing to undo). */
export function undoStepsLeft(state: EditorState): number {
  const live = state.facet(liveUndoManager);
  if (live) return live.undoStack.length;
  const stored = undoDepth(state);
  const limit = state.facet(maxUndoSteps) - (state.field(undoneSinceEdit, false) ?? 0);
  return Math.max(0, Math.min(stored, limit));
}

/** Whether Redo has anything to do. */
export function canRedo(state: EditorState): boolean {
  const live = state.facet(liveUndoManager);
  if (live) return live.redoStack.length > 0;
  return redoDepth(state) > 0;
}

/** CodeMirror's `undo`, refused once the ceiling of undo steps has been reached. */
export const undoWithinLimit: StateCommand = (target) => {
  // A live document: only this person's own edits are undone.
  const live = target.state.facet(liveUndoManager);
  if (live) return live.undo() !== null;
  if (undoStepsLeft(target.state) === 0) return false;
  return undo(target);
};

/** CodeMirror's `redo`, or the live document's own redo (this person's edits only). */
export const redoAny: StateCommand = (target) => {
  const live = target.state.facet(liveUndoManager);
  if (live) return live.redo() !== null;
  return redo(target);
};
