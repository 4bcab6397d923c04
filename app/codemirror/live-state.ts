import {
  type ChangeSpec,
  Compartment,
  type EditorState,
  type StateEffect,
} from "@codemirror/state";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import { boundedHistory } from "./bounded-history";
import { liveUndoManager } from "./live-undo";

/**
 * The light half of live documents (issue 44), in every editor from its first load: the
 * compartment a binding goes in, unbinding, and following a Y.Text delta. Nothing here loads
 * Yjs (type imports only); binding a document (live-binding.ts) loads with the session.
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
