import { SearchCursor } from "@codemirror/search";
import { EditorSelection, type EditorState, type TransactionSpec } from "@codemirror/state";
import { WINDOW_END, windowedMatches } from "./windowed-search";

/**
 * The notepad's find and replace as pure functions of the editor state (CodeMirror style:
 * they return the transaction to dispatch, so they are tested without a DOM).
 */

/** Characters searched between two pauses of a sliced find (a few milliseconds of work). */
export const FIND_WINDOW = 1 << 20;

/**
 * The selection for the next case-insensitive match of `query` after the selection, wrapping
 * to the start (`found` null when there is none, or the query is empty). The document is read
 * in windows of `window` characters with `pause` called between them (to let the page handle
 * input and paint); resolves with null as soon as `pause` resolves false (cancelled). A miss in
 * a 500 MB document is then a second of short tasks instead of one frozen second.
 */
export async function findNextInSlices(
  state: EditorState,
  query: string,
  pause: () => Promise<boolean>,
  window = FIND_WINDOW,
): Promise<{ found: TransactionSpec | null } | null> {
  const steps = findSteps(state, query, window);
  for (;;) {
    const step = steps.next();
    if (step.done) return { found: step.value };
    if (!(await pause())) return null;
  }
}

/**
 * The search itself, one window per step: matches starting from the selection to the end,
 * then (wrapping) those starting before it, so a miss reads the document once.
 */
function* findSteps(
  state: EditorState,
  query: string,
  window: number,
): Generator<void, TransactionSpec | null> {
  const { doc } = state;
  const selectionEnd = state.selection.main.to;
  for (const [first, last] of [
    [selectionEnd, doc.length],
    [0, selectionEnd],
  ]) {
    for (const step of windowedMatches(doc, query, first, last, window)) {
      if (step === WINDOW_END) yield;
      else return { selection: EditorSelection.single(step.from, step.to), scrollIntoView: true };
    }
  }
  return null;
}

/** What a Replace All did: how many, the message to show, and the one undoable change. */
export interface ReplaceAllResult {
  count: number;
  message: string;
  /** Null when nothing is replaced. */
  transaction: TransactionSpec | null;
}

/**
 * Replaces every exact, case-sensitive occurrence of `find` with `replace`, as one undo step.
 * Both must be non-empty (spec).
 */
export function replaceAll(state: EditorState, find: string, replace: string): ReplaceAllResult {
  if (!find || !replace) {
    return {
      count: 0,
      message: "Enter both the text to find and its replacement.",
      transaction: null,
    };
  }
  const changes: { from: number; to: number; insert: string }[] = [];
  const cursor = new SearchCursor(state.doc, find);
  while (!cursor.next().done) {
    changes.push({ from: cursor.value.from, to: cursor.value.to, insert: replace });
  }
  const count = changes.length;
  return {
    count,
    message:
      count === 0
        ? `No occurrences of "${find}".`
        : `Replaced ${count} occurrence${count === 1 ? "" : "s"}.`,
    // "input.replace.all": CodeMirror's own name, which also tells version history to keep the
    // text as it was before.
    transaction: count ? { changes, userEvent: "input.replace.all" } : null,
  };
}
