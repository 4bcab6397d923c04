import { type EditorState, StateEffect, StateField, type Transaction } from "@codemirror/state";
import { type DocumentFileFormat, newFileFormat } from "~/storage/document-records";

/**
 * What a document holds besides its text, kept in its `EditorState` (issue 51) so it changes
 * only by a transaction, carries that transaction's origin, and reaches the change feed with
 * the text (CodeMirror's way: a `StateField` changed by a `StateEffect`).
 *
 * The name, the unsaved mark and the time of the last change live here too, so a rename or a
 * "saved" flag is a `setMeta` transaction with an origin and reaches the change feed like any
 * change (storage writes a meta change at once: `followForStorage`). The order of documents
 * and which one is active belong to their set (document-set.ts).
 */
export interface DocumentMeta {
  /** The name shown (a notepad tab's label, without the unsaved mark). */
  readonly name: string;
  /** Changed since it was last saved or downloaded (the tab's "*"). */
  readonly isModified: boolean;
  /** Epoch milliseconds of the last rename or first edit since a save (stored as lastModified). */
  readonly lastModified: number;
  /** The Google Drive file the document was opened from or saved to; null for none. */
  readonly driveFileId: string | null;
  /** Encoding, line ending, the file on this computer and the chosen language. */
  readonly file: DocumentFileFormat;
  /** The opened file mixed line endings (shown until it is saved with one kind). */
  readonly mixedLineEndings: boolean;
}

/** The name of a document nobody named: the first of the set's "Untitled-N" names. */
export const DEFAULT_DOCUMENT_NAME = "Untitled-1";

/**
 * The meta of a new document: "Untitled-1", saved (nothing to lose yet), changed at time 0
 * unless given, no Drive file, UTF-8, LF, no file on disk.
 */
export function newDocumentMeta(given: Partial<DocumentMeta> = {}): DocumentMeta {
  return {
    name: given.name ?? DEFAULT_DOCUMENT_NAME,
    isModified: given.isModified ?? false,
    lastModified: given.lastModified ?? 0,
    driveFileId: given.driveFileId ?? null,
    file: given.file ?? newFileFormat(),
    mixedLineEndings: given.mixedLineEndings ?? false,
  };
}

/** Changes some of a document's meta; dispatch it with the change's origin (`changeOrigin`). */
export const setMeta = StateEffect.define<Partial<DocumentMeta>>();

/** `meta` with `patch` applied; `meta` itself when nothing in it changes. */
export function patchMeta(meta: DocumentMeta, patch: Partial<DocumentMeta>): DocumentMeta {
  let next = meta;
  for (const key of Object.keys(patch) as (keyof DocumentMeta)[]) {
    const value = patch[key];
    if (value === undefined || next[key] === value) continue;
    next = { ...next, [key]: value };
  }
  return next;
}

/**
 * A document's meta in its state. Give the first value with `documentMeta.init(() => meta)`;
 * a state without the field reads as a new document's meta (`metaOf`).
 */
export const documentMeta = StateField.define<DocumentMeta>({
  create: () => newDocumentMeta(),
  update(meta, tr) {
    for (const effect of tr.effects) if (effect.is(setMeta)) meta = patchMeta(meta, effect.value);
    return meta;
  },
});

/** The meta of `state` (a new document's when the state has no meta field). */
export function metaOf(state: EditorState): DocumentMeta {
  return state.field(documentMeta, false) ?? newDocumentMeta();
}

/** Whether transaction `tr` changed its document's meta. */
export function metaChanged(tr: Transaction): boolean {
  return tr.startState.field(documentMeta, false) !== tr.state.field(documentMeta, false);
}
