import type { EditorState, Text } from "@codemirror/state";
import type { DocumentView } from "./apply-to-document";
import type { ChangeOrigin } from "./change-origin";
import { type DocumentMeta, metaOf } from "./document-meta";

/*
 * What a document set holds and says (document-set.ts): one open document, the set's own
 * changes, the list a tab bar draws, and how documents join it.
 */

/**
 * One open document of a set: its `EditorState` once built (the notepad builds a tab's state
 * the first time it is shown), its text as given until then, and its meta, held here until the
 * state holds it (`documentMeta`).
 */
export class OpenDocument {
  /** The document's state (text, meta, undo history, selection); null until it is built. */
  state: EditorState | null = null;

  constructor(
    /** The text of a document whose state is not built yet (dropped once it is). */
    public content: string | Text | null,
    /** The meta of a document whose state is not built yet (its state holds it after). */
    public heldMeta: DocumentMeta,
  ) {}

  /** Its meta, from its state once built. */
  get meta(): DocumentMeta {
    return this.state ? metaOf(this.state) : this.heldMeta;
  }

  /** Its text: the (immutable) document once built, else the text it was given. */
  get text(): Text | string {
    return this.state ? this.state.doc : (this.content ?? "");
  }
}

/** A change of the set itself (which documents, in which order, which one is active). */
export interface SetChange {
  /**
   * `loaded`: the set was filled with what was stored; `added`, `closed`: documents joined or
   * left; `reordered`: the order changed; `activated`: another document is the active one.
   */
  readonly kind: "loaded" | "added" | "closed" | "reordered" | "activated";
  /** The documents concerned (`reordered` and `loaded`: all of them, in their new order). */
  readonly ids: readonly string[];
  /** Where the change came from (another window's order is followed, not stored again). */
  readonly origin: ChangeOrigin;
}

/** A follower of the set's own changes. It runs inside the change: note or schedule only. */
export type SetListener = (change: SetChange) => void;

/** One document as a list of documents shows it (a notepad tab). */
export interface ListedDocument {
  readonly id: string;
  readonly name: string;
  readonly isModified: boolean;
  readonly lastModified: number;
}

/** The set as a list: what a tab bar draws. */
export interface DocumentList {
  readonly documents: readonly ListedDocument[];
  readonly activeId: string;
}

/** How a document joins the set. */
export interface AddOptions {
  /** Its id when free (a reopened tab keeps its old one); else a fresh one. */
  readonly id?: string;
  /** Its name; the next "Untitled-N" when not given. */
  readonly name?: string;
  /** Whether it starts unsaved (a duplicate, another window's version kept aside). */
  readonly isModified?: boolean;
  /** Its Drive file and file format. */
  readonly meta?: Partial<DocumentMeta>;
  /** Whether it becomes the active document (default true). */
  readonly activate?: boolean;
  /** The document it is placed after; at the end when not given. */
  readonly after?: string;
  /** Where it came from: a document another window added is not stored again. */
  readonly origin?: ChangeOrigin;
}

/** A stored document the set is filled with as a page loads. */
export interface LoadedEntry {
  readonly id: string;
  readonly content: string | Text;
  readonly meta: Partial<DocumentMeta>;
}

/** What the set needs from its editor. */
export interface DocumentSetOptions<Doc extends OpenDocument> {
  /** Makes the record of a document joining the set (the notepad's keeps a scroll position too). */
  readonly create: (content: string | Text, meta: DocumentMeta) => Doc;
  /** The document the editor's one view shows, and that view (its meta changes go through it). */
  readonly shown?: () => { readonly id: string; readonly view: DocumentView } | null;
  /** The clock of renames and first edits (a test gives its own). */
  readonly now?: () => number;
}
