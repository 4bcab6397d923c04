import { SearchCursor } from "@codemirror/search";
import { EditorSelection, type EditorState, type TransactionSpec } from "@codemirror/state";

/**
 * The notepad's find and replace as pure functions of the editor state (CodeMirror style:
 * they return the transaction to dispatch, so they are tested without a DOM).
 */

/**
 * Selects the next case-insensitive match of `query` after the selection, wrapping to the
 * start. Null when there is none (or the query is empty).
 */
export function findNext(state: EditorState, query: string): TransactionSpec | null {
  if (!query) return null;
  const needle = query.toLowerCase();
  const normalise = (text: string) => text.toLowerCase();
  const from = state.selection.main.to;
  let cursor = new SearchCursor(state.doc, needle, from, state.doc.length, normalise);
  cursor.next();
  if (cursor.done) {
    cursor = new SearchCursor(state.doc, needle, 0, state.doc.length, normalise);
    cursor.next();
  }
  if (cursor.done) return null;
  return {
    selection: EditorSelection.single(cursor.value.from, cursor.value.to),
    scrollIntoView: true,
  };
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
