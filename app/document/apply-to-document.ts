import {
  type EditorState,
  Transaction,
  type TransactionSpec,
  type Annotation,
} from "@codemirror/state";
import type { ChangeFeed } from "./change-feed";
import { type ChangeOrigin, changeOrigin, keepsUndoHistory } from "./change-origin";

/** What a document needs of the view that shows it (an `EditorView` is one). */
export interface DocumentView {
  readonly state: EditorState;
  dispatch(spec: TransactionSpec): void;
}

/** Where a document's state lives while it is not shown (the notepad's tab record is one). */
export interface HeldDocument {
  state: EditorState | null;
}

/** A document as the apply path sees it: its view when shown, its held state otherwise. */
export interface DocumentTarget {
  /** The view showing the document, or null when it is not shown. */
  readonly view: DocumentView | null;
  /** Its held state (kept equal to the view's after a change); null when nothing holds it. */
  readonly held: HeldDocument | null;
  /**
   * The feed of the document's set, and the document's id in it: a change to the hidden
   * document is published there (a shown one's is published by the view's update listener).
   */
  readonly feed?: { readonly feed: ChangeFeed; readonly id: string };
}

/** A change, or how to make one from the document's current state (null: nothing to change). */
export type ChangeSpec = TransactionSpec | ((state: EditorState) => TransactionSpec | null);

/** `spec` with its origin, and out of the undo history when the origin says so. */
export function withOrigin(spec: TransactionSpec, origin: ChangeOrigin): TransactionSpec {
  const given = spec.annotations;
  const annotations: Annotation<unknown>[] = given
    ? Array.isArray(given)
      ? [...(given as readonly Annotation<unknown>[])]
      : [given as Annotation<unknown>]
    : [];
  annotations.push(changeOrigin.of(origin));
  if (!keepsUndoHistory(origin)) annotations.push(Transaction.addToHistory.of(false));
  return { ...spec, annotations };
}

/**
 * Applies a change to a document, shown or not: through its view when it is shown (so the
 * view's listeners hear it), else to its held state (and the feed hears it). The same spec gives the same state either
 * way: the selection is mapped through the change (or set by the spec), and the origin decides
 * whether Undo takes it back. Returns the new state, or null when there was nothing to change
 * (no state, or `spec` gave null).
 */
export function applyToDocument(
  target: DocumentTarget,
  spec: ChangeSpec,
  origin: ChangeOrigin,
): EditorState | null {
  const { view, held } = target;
  const current = view ? view.state : held?.state;
  if (!current) return null;
  const given = typeof spec === "function" ? spec(current) : spec;
  if (!given) return null;
  const full = withOrigin(given, origin);
  if (view) {
    view.dispatch(full);
    if (held) held.state = view.state;
    return view.state;
  }
  const tr = current.update(full);
  if (held) held.state = tr.state;
  target.feed?.feed.publishTransactions(target.feed.id, [tr]);
  return tr.state;
}
