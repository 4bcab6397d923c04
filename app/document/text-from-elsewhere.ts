import {
  EditorSelection,
  type EditorState,
  type Text,
  type TransactionSpec,
} from "@codemirror/state";
import { isLiveState } from "~/codemirror/live-state";
import type { RemoteDocument } from "~/storage/document-sync";
import { sameText } from "~/text/same-text";

/**
 * The change that puts a text from elsewhere in a document: another window's stored version
 * (both editors' guard, once), or a file's text read in the background:
 * - none for a live document: its text comes from its session (which merges), and another
 *   window's copy written here would reach the session as this person's edit, twice over;
 * - only what changed when the document is still the version the other window's save was made
 *   from (`changes.base`), so the caret and the rest of the text stay put;
 * - none when the text is already the same;
 * - else the whole text, the caret kept where it was (or at the end of a shorter text).
 * Apply it with its origin (`other-window`, `open`): out of the undo history, not stored again.
 */
export function textFromElsewhere(
  text: string | Text,
  changes?: RemoteDocument["changes"],
): (state: EditorState) => TransactionSpec | null {
  return (state) => {
    if (isLiveState(state)) return null;
    if (changes && state.doc === changes.base) return { changes: changes.changes };
    if (sameText(state.doc, text)) return null;
    const head = Math.min(state.selection.main.head, text.length);
    return {
      changes: { from: 0, to: state.doc.length, insert: text },
      selection: EditorSelection.cursor(head),
    };
  };
}
