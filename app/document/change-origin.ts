import { Annotation, type Transaction } from "@codemirror/state";

/**
 * Where a change to a document came from (issue 51). Every change that is not the person's own
 * typing or command carries one, so the followers (the edit handler, storage, History, live
 * sessions, Drive sync) decide by its source rather than by one overloaded flag:
 * - `user`: the person's typing or a command (the default: a transaction without an origin);
 * - `other-window`: another window of this browser stored a newer text of the document;
 * - `drive-merge`: Google Drive sync merged another computer's text in;
 * - `live`: a live session's text (joining, or a hidden tab following its session);
 * - `restore`: a version restored from the History panel (an undoable edit);
 * - `open`: a file's text put in a document as it was read (a reload from disk of a tab not shown).
 */
export type ChangeOrigin = "user" | "other-window" | "drive-merge" | "live" | "restore" | "open";

/** The annotation that carries a transaction's origin; read it through `originOf`. */
export const changeOrigin = Annotation.define<ChangeOrigin>();

/** The origin of transaction `tr`: its annotation, else `user`. */
export function originOf(tr: Transaction): ChangeOrigin {
  return tr.annotation(changeOrigin) ?? "user";
}

/**
 * Whether a change of this origin joins the undo history. A text that arrived from elsewhere
 * (another window, Drive, a live session, a file read in the background) is not the person's
 * edit: Undo must not take it back.
 */
export function keepsUndoHistory(origin: ChangeOrigin): boolean {
  return origin === "user" || origin === "restore";
}

/**
 * Whether the editors' edit handler treats a change of this origin as an edit of this window:
 * marks the document unsaved and stores it. Another window's text and a Drive merge were stored
 * by whoever applied them (and must not be sent back to Drive as an edit); a file's text read
 * in the background is stored by its reader.
 */
export function isNotedAsEdit(origin: ChangeOrigin): boolean {
  return origin === "user" || origin === "live" || origin === "restore";
}

/**
 * Whether the edit handler notes an update made of `transactions`: unless every one of them
 * came from a source that stored the text itself.
 */
export function notesAsEdit(update: { readonly transactions: readonly Transaction[] }): boolean {
  return update.transactions.some((tr) => isNotedAsEdit(originOf(tr)));
}
