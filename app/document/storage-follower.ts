import type { ChangeOrigin } from "./change-origin";
import type { ChangeFeed } from "./change-feed";
import { onlyMarkedByEdit } from "./modified-on-edit";

/**
 * Whether a change of this origin is written to this browser's storage as it happens. Another
 * window's text is stored already (by that window), and a file's text read in the background
 * is stored at once by its reader with the file's details.
 */
export function isStoredOnChange(origin: ChangeOrigin): boolean {
  return origin !== "other-window" && origin !== "open";
}

/**
 * Persistence as a follower of the feed, the one place storage hears of a change: a text
 * change is noted to `storage` (written after its debounce), a meta change (or a document
 * added) with `immediate` (written at once, as a rename or a new tab always was); the unsaved
 * mark an edit adds to its own transaction (`markModifiedOnEdit`) goes with its text. Returns
 * the unsubscribe.
 */
export function followForStorage(
  feed: ChangeFeed,
  storage: { noteChange(id: string, immediate?: boolean): void },
): () => void {
  return feed.subscribe(({ id, origin, meta, transaction }) => {
    if (!isStoredOnChange(origin)) return;
    storage.noteChange(id, meta && !onlyMarkedByEdit(transaction));
  });
}

/** A follower of what storage wrote: the id of a document whose record was just stored. */
export type StoredListener = (id: string) => void;

/**
 * Storage's own feed: a document with text was written after a change (a follower of the
 * change feed, so it follows the feed in turn). Folder copies, Drive sync and the backup
 * reminder subscribe to it, as tldraw's sync client listens to its store, instead of storage
 * calling up into each of them.
 */
export class StoredFeed {
  private readonly listeners = new Set<StoredListener>();

  /** Calls `listener` after each store; returns the unsubscribe. */
  subscribe(listener: StoredListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every follower that document `id` was stored (storage's `stored` callback). */
  publish(id: string): void {
    for (const listener of this.listeners) listener(id);
  }
}
