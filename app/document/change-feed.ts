import type { ChangeSet, EditorState, Transaction } from "@codemirror/state";
import { type ChangeOrigin, originOf } from "./change-origin";
import { metaChanged } from "./document-meta";

/** One change of one document, as its followers hear it. */
export interface DocumentChange {
  /** The document's id (a notepad tab's id). */
  readonly id: string;
  /** Where the change came from. */
  readonly origin: ChangeOrigin;
  /** Whether its text changed. */
  readonly text: boolean;
  /** Whether its meta changed (`documentMeta`: Drive file, file format, language), or it was added. */
  readonly meta: boolean;
  /**
   * What changed in the text, from the document's previous state (empty when only the meta
   * changed); null for a document whose state is not built yet (its text is held as a string).
   */
  readonly changes: ChangeSet | null;
  /** The document's state after the change; null when its state is not built yet. */
  readonly state: EditorState | null;
  /**
   * The transaction that made the change (its state before, its user event), or null for a
   * change announced without one (a document added, or not built yet, a name kept elsewhere).
   */
  readonly transaction: Transaction | null;
}

/** A follower of the feed. It runs inside the change: it must only note or schedule work. */
export type ChangeListener = (change: DocumentChange) => void;

/**
 * The one place a set of documents announces its changes, of text and of meta (issue 51):
 * persistence, History, folder copies, Drive sync and live sessions follow it
 * instead of being told by each caller. A shown document's changes are published by its
 * view's update listener (`publishTransactions`), a hidden one's by the apply path
 * (`applyToDocument`), a document not built yet by its set (`publish`).
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every follower of `change`. */
  publish(change: DocumentChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /**
   * Publishes a change held outside a document's state (a tab added, a name or unsaved mark
   * kept by the editor's UI store, a text put in a document not built yet).
   */
  announce(
    id: string,
    what: { text?: boolean; meta?: boolean },
    origin: ChangeOrigin = "user",
    state: EditorState | null = null,
  ): void {
    const { text = false, meta = false } = what;
    this.publish({ id, origin, text, meta, changes: null, state, transaction: null });
  }

  /** Publishes each transaction of document `id` that changed its text or meta, in order. */
  publishTransactions(id: string, transactions: readonly Transaction[]): void {
    for (const tr of transactions) {
      const meta = metaChanged(tr);
      if (tr.docChanged || meta) {
        this.publish({
          id,
          origin: originOf(tr),
          text: tr.docChanged,
          meta,
          changes: tr.changes,
          state: tr.state,
          transaction: tr,
        });
      }
    }
  }
}
