import { EditorState, type Extension, type StateEffect, type Text } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import {
  configurableExtensions,
  type EditorCompartments,
  type EditorViewOptions,
  reconfigureEffects,
} from "~/codemirror";
import {
  applyToDocument,
  type DocumentTarget,
  type DocumentView,
} from "~/document/apply-to-document";
import type { ChangeOrigin } from "~/document/change-origin";
import { textFromElsewhere } from "~/document/text-from-elsewhere";
import type { DocumentFileFormat } from "~/storage/document-records";
import { type DocumentMeta, documentMeta, newDocumentMeta } from "~/document/document-meta";
import { DocumentSet } from "~/document/document-set";
import { OpenDocument } from "~/document/open-document";
import { markModifiedOnEdit } from "~/document/modified-on-edit";
import type { RemoteDocument } from "~/storage/document-sync";

/**
 * What the notepad keeps of one tab: the document set's record of an open document (its state
 * once built, its text and meta until then: `OpenDocument`; its name and unsaved mark are
 * meta), plus what the one view needs to show it again. Its meta is changed only through the
 * set (`changeMeta`, `rename`, `markModified`, `markSaved`), which the change feed hears.
 */
export class TabDocument extends OpenDocument {
  /** Scroll position to restore when the tab is shown again. */
  scroll: StateEffect<unknown> | null = null;
  /** Options the state was last configured with. */
  options: EditorViewOptions | null = null;
  /**
   * Epoch ms of the last edit, stored as the tab's lastModified. Kept here rather than in the
   * meta, which changes only on a tab's first edit (so typing does not re-render the tabs).
   */
  lastEditAt = 0;

  /** The Google Drive file the tab was opened from or saved to (stored with the tab). */
  get driveFileId(): string | null {
    return this.meta.driveFileId;
  }

  /** Encoding, line ending and the file on this computer (stored with the tab). */
  get file(): DocumentFileFormat {
    return this.meta.file;
  }

  /** The opened file mixed line endings (shown until it is saved with one kind). */
  get mixedLineEndings(): boolean {
    return this.meta.mixedLineEndings;
  }
}

/** Where a tab's text came from, besides the text: Drive, a file on disk and its format. */
export type TabOrigin = Partial<DocumentMeta>;

/** The tab shown in the one view, and that view. */
export interface ShownTab {
  readonly id: string;
  readonly view: DocumentView;
}

/**
 * The notepad's tabs: its document set (app/document, issue 51: the open documents, their
 * order, the active one, the tab rules and the change feed; the store's tab list is a
 * projection of it) with what the one view needs besides: one `EditorState` per tab, created
 * lazily and swapped into the one view, so each tab keeps its own history, selection and
 * scroll and no tab is re-parsed on a switch. Options (theme, font, wrap...) reach a tab's
 * state when it is next shown.
 */
export class TabStates extends DocumentSet<TabDocument> {
  constructor(
    private readonly compartments: EditorCompartments,
    private readonly sharedExtensions: () => Extension[],
    /** The tab the one view shows (a change to it goes through the view). */
    shown: () => ShownTab | null = () => null,
  ) {
    super({ create: (content, meta) => new TabDocument(content, meta), shown });
  }

  /** The first tab whose state is not built yet (built when the browser is idle). */
  nextUnprepared(): string | undefined {
    return this.ids.find((id) => !this.get(id)?.state);
  }

  /** The state of tab `id`, created or reconfigured to `options` as needed. */
  stateFor(id: string, options: EditorViewOptions): EditorState {
    // A tab this set lacks (closed meanwhile) gets a state of its own that nothing keeps.
    const doc = this.get(id) ?? new TabDocument("", newDocumentMeta());
    if (!doc.state) {
      doc.state = EditorState.create({
        doc: doc.content ?? "",
        extensions: [
          configurableExtensions(this.compartments, options),
          this.sharedExtensions(),
          documentMeta.init(() => doc.heldMeta),
          markModifiedOnEdit(),
        ],
      });
      doc.content = null;
      doc.options = options;
    } else if (doc.options) {
      const effects = reconfigureEffects(this.compartments, doc.options, options);
      if (effects.length) doc.state = doc.state.update({ effects }).state;
      doc.options = options;
    }
    return doc.state;
  }

  /** Applies `options` to the shown tab's view (other tabs catch up when shown). */
  applyToView(id: string, view: EditorView, options: EditorViewOptions): void {
    const doc = this.get(id);
    if (!doc?.options) return;
    const effects = reconfigureEffects(this.compartments, doc.options, options);
    if (effects.length) view.dispatch({ effects });
    doc.options = options;
  }

  /** Remembers the shown tab's state and scroll before another tab is shown. */
  remember(id: string, view: EditorView): void {
    const doc = this.get(id);
    if (!doc) return;
    doc.state = view.state;
    doc.scroll = view.scrollSnapshot();
  }

  /** The text of tab `id` as a string. */
  content(id: string): string {
    return this.text(id).toString();
  }

  /**
   * The apply path's view of tab `id` (app/document): `view` when given (the tab is the one
   * shown) or null (hidden); without it, the view when the set's shown tab is `id`. Null for a
   * tab this window does not have.
   */
  override target(id: string, view?: DocumentView | null): DocumentTarget | null {
    if (view === undefined) return super.target(id);
    const doc = this.get(id);
    return doc ? { view, held: doc, feed: { feed: this.feed, id } } : null;
  }

  /**
   * Puts a text that arrived from elsewhere in a tab (another window's version, or with
   * `origin` "open" a file's text read in the background): not an undoable edit, and not stored
   * again. `view` is given when the tab is the one shown.
   */
  replaceContent(
    id: string,
    content: string | Text,
    view: DocumentView | null,
    changes?: RemoteDocument["changes"],
    origin: ChangeOrigin = "other-window",
  ): void {
    const doc = this.get(id);
    if (!doc) return;
    if (!doc.state) {
      doc.content = content;
      return;
    }
    applyToDocument(this.target(id, view)!, textFromElsewhere(content, changes), origin);
  }
}

/**
 * Builds the editor state of each tab not prepared yet, one per idle period, until all are
 * or `stopped()` says so.
 */
export function prepareWhenIdle(
  states: TabStates,
  prepare: (id: string) => void,
  stopped: () => boolean,
): void {
  const idle =
    typeof window.requestIdleCallback === "function"
      ? (fn: () => void) => window.requestIdleCallback(fn, { timeout: 2000 })
      : (fn: () => void) => window.setTimeout(fn, 50);
  const step = () => {
    if (stopped()) return;
    const next = states.nextUnprepared();
    if (next === undefined) return;
    prepare(next);
    idle(step);
  };
  idle(step);
}
