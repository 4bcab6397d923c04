import type { ChangeFeed } from "./change-feed";
import { notesAsEdit } from "./change-origin";
import { type DocumentUpdate, recordHistory, type VersionKeeper } from "./history-snapshots";

/** The document an editor's view shows, as the edit handler needs it. */
export interface EditedDocument {
  /** Its id in its feed (a notepad tab's id; the simple editor's one document). */
  readonly id: string;
  /** The feed of its set: storage and the other followers hear its changes there. */
  readonly feed: ChangeFeed;
  /** Where its versions are kept; null while none are recorded (storage not started). */
  history(): VersionKeeper | null;
  /** Its name, read only when the text changed (a version is named). */
  name(): string;
  /** Its text was edited in this window: mark it unsaved (and note the time of the edit). */
  edited(): void;
}

/**
 * The one edit handler of both editors (issue 51), called from the view's update listener
 * with the document it shows: a text change is kept in History (a snapshot when a text from
 * elsewhere replaced it), marks the document unsaved when it is this window's edit, and every
 * change of text or meta is published on the feed, which storage follows. Constant time per
 * keystroke: a time check, a flag, and the followers' debounce.
 */
export function handleDocumentUpdate(update: DocumentUpdate, doc: EditedDocument): void {
  if (update.docChanged) {
    recordHistory(doc.history(), doc.id, doc.name(), update);
    if (notesAsEdit(update)) doc.edited();
  }
  doc.feed.publishTransactions(doc.id, update.transactions);
}
