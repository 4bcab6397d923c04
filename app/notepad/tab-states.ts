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
import { type DocumentFileFormat, newFileFormat } from "~/storage/document-records";
import type { RemoteDocument } from "~/storage/document-sync";

/** What the notepad keeps of one tab besides its name and flags (those are in the UI store). */
export interface TabDocument {
  /** The tab's editor state (undo history, selection), created the first time it is shown. */
  state: EditorState | null;
  /** The text of a tab never shown yet (dropped once `state` exists). */
  content: string | Text | null;
  /** Scroll position to restore when the tab is shown again. */
  scroll: StateEffect<unknown> | null;
  /** Options the state was last configured with. */
  options: EditorViewOptions | null;
  /**
   * Epoch ms of the last edit, stored as the tab's lastModified. Kept here rather than in the
   * UI store, which changes only on a tab's first edit (so typing does not re-render the tabs).
   */
  lastEditAt: number;
  /** The Google Drive file the tab was opened from or saved to (stored with the tab). */
  driveFileId: string | null;
  /** Encoding, line ending and the file on this computer (stored with the tab). */
  file: DocumentFileFormat;
  /** The opened file mixed line endings (shown until it is saved with one kind). */
  mixedLineEndings: boolean;
}

/** Where a tab's text came from, besides the text: Drive, a file on disk and its format. */
export type TabOrigin = Partial<Pick<TabDocument, "driveFileId" | "file" | "mixedLineEndings">>;

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
  ) {}

  /** Adds (or replaces) a tab with `content`. */
  add(id: string, content: string | Text, origin: TabOrigin = {}): TabDocument {
    const doc: TabDocument = {
      state: null,
      content,
      scroll: null,
      options: null,
      lastEditAt: 0,
      driveFileId: origin.driveFileId ?? null,
      file: origin.file ?? newFileFormat(),
      mixedLineEndings: origin.mixedLineEndings ?? false,
    };
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
        extensions: [configurableExtensions(this.compartments, options), this.sharedExtensions()],
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
    const doc = this.docs.get(id);
    if (!doc) return "";
    return doc.state ? doc.state.doc : (doc.content ?? "");
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
