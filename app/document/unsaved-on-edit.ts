import { EditorState, type Transaction } from "@codemirror/state";
import { isNotedAsEdit, originOf } from "./change-origin";
import { metaOf, setMeta } from "./document-meta";

/**
 * Marks a document unsaved in the transaction of its first edit since a save (issue 51): the
 * edit and the `isModified` flip are one transaction, so the change feed hears one change of
 * text and meta, whether the document is shown (its view's update listener, where no second
 * transaction may be dispatched) or hidden (the apply path). Later edits add nothing. Only
 * this window's edits count (`isNotedAsEdit`: the person's, a live session's, a restore);
 * another window's text, a Drive merge or a file read in the background leave the mark as is.
 */
export function unsavedOnEdit(now: () => number = Date.now) {
  return EditorState.transactionExtender.of((tr: Transaction) => {
    if (!tr.docChanged || !isNotedAsEdit(originOf(tr))) return null;
    if (metaOf(tr.startState).isModified) return null;
    return { effects: setMeta.of({ isModified: true, lastModified: now() }) };
  });
}
