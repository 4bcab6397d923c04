import type { ChangeSet, EditorState, Transaction } from "@codemirror/state";
import { type ChangeOrigin, originOf } from "./change-origin";

/** One change of one document, as its followers hear it. */
export interface DocumentChange {
  /** The document's id (a notepad tab's id). */
  readonly id: string;
  /** Where the change came from. */
  readonly origin: ChangeOrigin;
  /** What changed, from the document's previous state. */
  readonly changes: ChangeSet;
  /** The document's state after the change. */
  readonly state: EditorState;
}

/** A follower of the feed. It runs inside the change: it must only note or schedule work. */
export type ChangeListener = (change: DocumentChange) => void;

/**
 * The one place a set of documents announces its text changes (issue 51): persistence, and
 * later History, folder copies, Drive sync and live sessions, follow it instead of being told
 * by each caller. A shown document's changes are published by its view's update listener
 * (`publishTransactions`), a hidden one's by the apply path (`applyToDocument`).
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  /** Calls `listener` after each text change; returns the unsubscribe. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every follower of `change`. */
  publish(change: DocumentChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** Publishes each transaction of document `id` that changed its text, in order. */
  publishTransactions(id: string, transactions: readonly Transaction[]): void {
    for (const tr of transactions) {
      if (tr.docChanged) {
        this.publish({ id, origin: originOf(tr), changes: tr.changes, state: tr.state });
      }
    }
  }
}
