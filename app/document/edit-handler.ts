import type { EditorState } from "@codemirror/state";
import type { HeldDocument } from "./apply-to-document";
import type { ChangeFeed } from "./change-feed";
import { notesAsEdit } from "./change-origin";
import type { DocumentUpdate } from "./history-snapshots";

/** The document an editor's view shows, as the edit handler needs it. */
export interface EditedDocument {
  /** Its id in its feed (a notepad tab's id; the simple editor's one document). */
  readonly id: string;
  /** The feed of its set: storage, History and the other followers hear its changes there. */
  readonly feed: ChangeFeed;
  /** Where its set holds its state: kept equal to the view's after every update. */
  readonly held?: HeldDocument;
  /**
   * Its text was just edited in this window. The unsaved mark is already the edit's own
   * (`markModifiedOnEdit`); this hears of the edit for what lives outside the meta (the
   * notepad's time of the last edit). Optional: the simple editor keeps nothing more.
   */
  editedHere?(): void;
}

/**
 * The one edit handler of both editors (issue 51), called from the view's update listener
 * with the document it shows: a text change marks the document unsaved when it is this
 * window's edit, the set holds the view's new state, and every change of text or meta is
 * published on the feed, which storage, History (`followForHistory`) and the other followers
 * follow. Constant time per keystroke: a
 * flag, and the followers' time checks and debounce.
 */
export function handleDocumentUpdate(
  update: DocumentUpdate & {
    readonly state: EditorState;
    /** The view (a CodeMirror `ViewUpdate` has it; a test's view double need not). */
    readonly view?: { readonly state: EditorState };
  },
  doc: EditedDocument,
): void {
  // The view's state, not the update's: a listener before this one may have dispatched
  // meanwhile (a paste into an empty document picks its language), and this update's state
  // is then already an old one.
  if (doc.held) doc.held.state = update.view?.state ?? update.state;
  if (doc.editedHere && update.docChanged && notesAsEdit(update)) doc.editedHere();
  doc.feed.publishTransactions(doc.id, update.transactions);
}
