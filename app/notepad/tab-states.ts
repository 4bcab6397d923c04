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
import { ChangeFeed } from "~/document/change-feed";
import type { ChangeOrigin } from "~/document/change-origin";
import { textFromElsewhere } from "~/document/text-from-elsewhere";
import type { DocumentFileFormat } from "~/storage/document-records";
import {
  type DocumentMeta,
  documentMeta,
  newDocumentMeta,
  patchMeta,
  setMeta,
} from "~/document/document-meta";
import { OpenDocument } from "~/document/document-set";
import type { RemoteDocument } from "~/storage/document-sync";

/**
 * What the notepad keeps of one tab besides its name and flags (those are in the UI store):
 * the document set's record of an open document (its state once built, its text and meta
 * until then: `OpenDocument`), plus what the one view needs to show it again. Its meta is
 * changed only through `TabStates.changeMeta`, which the change feed hears.
 */
export class TabDocument extends OpenDocument {
  /** Scroll position to restore when the tab is shown again. */
  scroll: StateEffect<unknown> | null = null;
  /** Options the state was last configured with. */
  options: EditorViewOptions | null = null;
  /**
   * Epoch ms of the last edit, stored as the tab's lastModified. Kept here rather than in the
   * UI store, which changes only on a tab's first edit (so typing does not re-render the tabs).
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
 * The editor states of the notepad's tabs: one `EditorState` per tab, created lazily and
 * swapped into the one view, so each tab keeps its own history, selection and scroll and no
 * tab is re-parsed on a switch. Options (theme, font, wrap...) reach a tab's state when it is
 * next shown.
 */
export class TabStates {
  private readonly docs = new Map<string, TabDocument>();
  /** The tabs' text changes, shown or not (storage follows it: notepad-controller). */
  readonly feed = new ChangeFeed();

  constructor(
    private readonly compartments: EditorCompartments,
    private readonly sharedExtensions: () => Extension[],
    /** The tab the one view shows (a meta change to it goes through the view). */
    private readonly shown: () => ShownTab | null = () => null,
  ) {}

  /** Adds (or replaces) a tab with `content`. */
  add(id: string, content: string | Text, origin: TabOrigin = {}): TabDocument {
    const doc = new TabDocument(content, newDocumentMeta(origin));
    this.docs.set(id, doc);
    return doc;
  }

  get(id: string): TabDocument | undefined {
    return this.docs.get(id);
  }

  has(id: string): boolean {
    return this.docs.has(id);
  }

  delete(id: string): void {
    this.docs.delete(id);
  }

  /** The first tab whose state is not built yet (built when the browser is idle). */
  nextUnprepared(): string | undefined {
    for (const [id, doc] of this.docs) if (!doc.state) return id;
    return undefined;
  }

  /** The state of tab `id`, created or reconfigured to `options` as needed. */
  stateFor(id: string, options: EditorViewOptions): EditorState {
    const doc = this.docs.get(id) ?? this.add(id, "");
    if (!doc.state) {
      doc.state = EditorState.create({
        doc: doc.content ?? "",
        extensions: [
          configurableExtensions(this.compartments, options),
          this.sharedExtensions(),
          documentMeta.init(() => doc.heldMeta),
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
    const doc = this.docs.get(id);
    if (!doc?.options) return;
    const effects = reconfigureEffects(this.compartments, doc.options, options);
    if (effects.length) view.dispatch({ effects });
    doc.options = options;
  }

  /** Remembers the shown tab's state and scroll before another tab is shown. */
  remember(id: string, view: EditorView): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    doc.state = view.state;
    doc.scroll = view.scrollSnapshot();
  }

  /** The text of tab `id` as stored: the (immutable) document, or the string of an unshown tab. */
  text(id: string): Text | string {
    return this.docs.get(id)?.text ?? "";
  }

  /** The text of tab `id` as a string. */
  content(id: string): string {
    return this.text(id).toString();
  }

  /**
   * The apply path's view of tab `id` (app/document): `view` when the tab is the one shown,
   * else its held state. Null for a tab this window does not have.
   */
  target(id: string, view: DocumentView | null): DocumentTarget | null {
    const doc = this.docs.get(id);
    return doc ? { view, held: doc, feed: { feed: this.feed, id } } : null;
  }

  /**
   * Changes tab `id`'s meta by a transaction with `origin` (through the view when the tab is
   * shown); a tab whose state is not built yet keeps it until then. The change feed hears it
   * (storage stores it at once) unless nothing changed.
   */
  changeMeta(id: string, patch: Partial<DocumentMeta>, origin: ChangeOrigin = "user"): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    if (doc.state) {
      const shown = this.shown();
      const view = shown?.id === id ? shown.view : null;
      applyToDocument(this.target(id, view)!, { effects: setMeta.of(patch) }, origin);
      return;
    }
    const meta = patchMeta(doc.heldMeta, patch);
    if (meta === doc.heldMeta) return;
    doc.heldMeta = meta;
    this.feed.publish({
      id,
      origin,
      text: false,
      meta: true,
      changes: null,
      state: null,
      transaction: null,
    });
  }

  /**
   * Publishes a change the tab states do not hold as a transaction: a tab added (`text` and
   * `meta`), a change of what the tab list holds (name, unsaved mark: `meta`), or a text put
   * in a tab whose state is not built yet (`text`).
   */
  announce(
    id: string,
    what: { text?: boolean; meta?: boolean },
    origin: ChangeOrigin = "user",
  ): void {
    const doc = this.docs.get(id);
    if (doc) this.feed.announce(id, what, origin, doc.state);
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
    const doc = this.docs.get(id);
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
