import {
  type ChangeSpec,
  Compartment,
  EditorState,
  type Extension,
  Prec,
  type StateEffect,
} from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { yCollab, yUndoManagerKeymap } from "y-codemirror.next";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import { boundedHistory } from "./bounded-history";
import { liveUndoManager } from "./live-undo";

/**
 * The binding of an editor's text to a live session (issue 44): y-codemirror.next's `yCollab`
 * keeps the CodeMirror document and the session's Y.Text the same, shows the others' cursors
 * and selections with their names and colours, and Y.UndoManager replaces CodeMirror's history
 * so Undo undoes only this person's edits. A view-only link makes the text read-only.
 */

/** What a document needs from a live session to be bound to it. */
export interface LiveBinding {
  readonly text: Y.Text;
  readonly awareness: Awareness;
  readonly undoManager: Y.UndoManager;
  readonly canEdit: boolean;
}

/** Holds the binding of a live document; empty otherwise. In every editor state (extensions.ts). */
export const liveCompartment = new Compartment();

// The remote carets' name labels (shown while the pointer is on a caret: always shown, they
// would hide the line above), in the page's sans-serif, white on the person's colour with a
// dark outline, readable on light and dark backgrounds.
const remoteCursorTheme = EditorView.theme({
  ".cm-ySelectionInfo": {
    fontFamily: "ui-sans-serif, system-ui, sans-serif",
    fontWeight: "600",
    padding: "0 3px",
    borderRadius: "3px 3px 3px 0",
    textShadow: "0 0 2px rgb(0 0 0 / 0.8)",
    top: "-1.2em",
  },
  ".cm-ySelectionCaret": { borderLeftWidth: "2px" },
});

/** The extensions of a bound document. */
export function liveBindingExtension(binding: LiveBinding): Extension {
  return [
    liveUndoManager.of(binding.undoManager),
    Prec.high(keymap.of(yUndoManagerKeymap)),
    yCollab(binding.text, binding.awareness, { undoManager: binding.undoManager }),
    remoteCursorTheme,
    binding.canEdit ? [] : [EditorState.readOnly.of(true)],
  ];
}

/**
 * The effects that bind a state to a live session: the binding in, CodeMirror's history out.
 * The state's text must already equal `binding.text` (yCollab syncs changes, not a start).
 */
export function bindLiveEffects(
  historyCompartment: Compartment,
  binding: LiveBinding,
): StateEffect<unknown>[] {
  return [
    liveCompartment.reconfigure(liveBindingExtension(binding)),
    historyCompartment.reconfigure([]),
  ];
}

/** The effects that make a live document ordinary again, with a fresh history of `depth` steps. */
export function unbindLiveEffects(
  historyCompartment: Compartment,
  depth: number,
): StateEffect<unknown>[] {
  return [liveCompartment.reconfigure([]), historyCompartment.reconfigure(boundedHistory(depth))];
}

/** True when the state is bound to a live session. */
export function isLiveState(state: EditorState): boolean {
  return state.facet(liveUndoManager) !== null;
}

/** One step of a Y.Text change event's delta. */
export interface TextDeltaStep {
  insert?: unknown;
  retain?: number;
  delete?: number;
}

/**
 * A Y.Text delta as CodeMirror changes (positions in the document before the change), for a
 * state that is not in a view (a notepad tab not shown) to follow the live text.
 */
export function deltaToChanges(delta: readonly TextDeltaStep[]): ChangeSpec[] {
  const changes: ChangeSpec[] = [];
  let pos = 0;
  for (const step of delta) {
    if (step.retain !== undefined) {
      pos += step.retain;
    } else if (step.delete !== undefined) {
      changes.push({ from: pos, to: pos + step.delete });
      pos += step.delete;
    } else if (typeof step.insert === "string") {
      changes.push({ from: pos, insert: step.insert });
    }
  }
  return changes;
}
