import type { EditorState, Transaction, TransactionSpec } from "@codemirror/state";
import type { DocumentView } from "./apply-to-document";
import type { DocumentUpdate } from "./history-snapshots";

/**
 * Test support for the document model (issue 51): the one stand-in for an editor's view, so a
 * document shown or hidden is tested in Node through `EditorState` transactions, without a
 * browser. Used by the document, notepad and live tests alike.
 */

/** What a view's update listener hears of one dispatch (a CodeMirror `ViewUpdate` has these). */
export interface DispatchedUpdate extends DocumentUpdate {
  /** The state after the dispatch. */
  readonly state: EditorState;
}

/** A view without the DOM, and the transactions its listeners heard, in order. */
export type ViewDouble = DocumentView & { readonly heard: Transaction[] };

/**
 * A view without the DOM: `dispatch` makes one transaction and takes its state, as an
 * `EditorView` does, keeps the transaction in `heard`, and calls `listener` with it as the
 * view's update listener would (the notepad's editor keeps the tab's state and runs the edit
 * handler there).
 */
export function viewDouble(
  state: EditorState,
  listener?: (update: DispatchedUpdate) => void,
): ViewDouble {
  const view = {
    state,
    heard: [] as Transaction[],
    dispatch(spec: TransactionSpec) {
      const tr = view.state.update(spec);
      view.heard.push(tr);
      view.state = tr.state;
      listener?.({
        docChanged: tr.docChanged,
        startState: tr.startState,
        state: tr.state,
        transactions: [tr],
      });
    },
  };
  return view;
}
