import type { EditorState } from "@codemirror/state";
import type { DocumentTarget, DocumentView } from "~/document/apply-to-document";
import type { ChangeOrigin } from "~/document/change-origin";
import { type DocumentMeta, metaOf } from "~/document/document-meta";
import { DocumentSet } from "~/document/document-set";
import type { EditedDocument } from "~/document/edit-handler";
import { OpenDocument } from "~/document/open-document";
import { EDITOR_DOCUMENT_ID } from "~/storage/editor-document";
import { DEFAULT_FILE_NAME } from "~/text/file-name";

/**
 * The simple editor's document: the notepad's document set with one document (issue 51), so
 * both editors change a document the same way. Its one document is always the one shown: the
 * set holds the view's state (kept by the edit handler, and here when the view is given a new
 * document), its meta changes go through the set's apply path, and its followers (storage,
 * History, the store's copy of the meta, live sessions) follow the set's feed.
 *
 * A tab's rules (close, duplicate, reorder) never come into play: the editor has no tabs.
 */
export class EditorDocumentSet extends DocumentSet {
  /** The one document's id in the feed (the stored draft's id). */
  readonly id = EDITOR_DOCUMENT_ID;

  constructor(private readonly getView: () => DocumentView | null) {
    super({
      create: (content, meta) => new OpenDocument(content, meta),
      shown: () => {
        const view = getView();
        return view ? { id: EDITOR_DOCUMENT_ID, view } : null;
      },
    });
    this.load([{ id: EDITOR_DOCUMENT_ID, content: "", meta: { name: DEFAULT_FILE_NAME } }]);
    this.edited = { id: EDITOR_DOCUMENT_ID, feed: this.feed, held: this.document };
  }

  /** The document as the one edit handler sees it: the set's feed and the state it holds. */
  readonly edited: EditedDocument;

  /** The one document's record. */
  private get document(): OpenDocument {
    return this.get(EDITOR_DOCUMENT_ID)!;
  }

  /** The document's state: the view's (null before the view exists). */
  get state(): EditorState | null {
    return this.document.state;
  }

  /** The document's meta (a new "Untitled.txt"'s before the view exists). */
  get shownMeta(): DocumentMeta {
    const { state } = this;
    return state ? metaOf(state) : this.document.heldMeta;
  }

  /**
   * The view was given `state` without a transaction (made at mount, or a document put in
   * place with a fresh history): the set holds it from now on.
   */
  showing(state: EditorState): void {
    const doc = this.document;
    doc.state = state;
    doc.content = null;
  }

  /**
   * The apply path's view of the document while the view shows it (null before it exists, or
   * once the page let it go: nothing is changed then).
   */
  shownTarget(): DocumentTarget | null {
    return this.getView() ? this.target(EDITOR_DOCUMENT_ID) : null;
  }

  /**
   * Changes the document's meta by a `setMeta` transaction with `origin`, through the view
   * (the set's `changeMeta`); nothing before the view shows the document, as it was then
   * never stored.
   */
  changeShownMeta(patch: Partial<DocumentMeta>, origin: ChangeOrigin = "user"): void {
    if (this.shownTarget() && this.state) this.changeMeta(EDITOR_DOCUMENT_ID, patch, origin);
  }
}
