import type { ChangeFeed } from "./change-feed";
import { notesAsEdit } from "./change-origin";
import type { DocumentUpdate } from "./history-snapshots";

/** The document an editor's view shows, as the edit handler needs it. */
export interface EditedDocument {
  /** Its id in its feed (a notepad tab's id; the simple editor's one document). */
  readonly id: string;
  /** The feed of its set: storage, History and the other followers hear its changes there. */
  readonly feed: ChangeFeed;
  /** Its text was edited in this window: mark it unsaved (and note the time of the edit). */
  edited(): void;
}

/**
 * The one edit handler of both editors (issue 51), called from the view's update listener
 * with the document it shows: a text change marks the document unsaved when it is this
 * window's edit, and every change of text or meta is published on the feed, which storage,
 * History (`followForHistory`) and the other followers follow. Constant time per keystroke: a
 * flag, and the followers' time checks and debounce.
 */
export function handleDocumentUpdate(update: DocumentUpdate, doc: EditedDocument): void {
  if (update.docChanged && notesAsEdit(update)) doc.edited();
  doc.feed.publishTransactions(doc.id, update.transactions);
}
