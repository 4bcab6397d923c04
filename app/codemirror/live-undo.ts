import { Facet } from "@codemirror/state";
import type * as Y from "yjs";

/**
 * The Y.UndoManager of a live document, or nothing. While a document is live, CodeMirror's own
 * history is removed (it would undo other people's text) and Undo, Redo and the flags that
 * enable their buttons ask this manager instead, which undoes only this person's edits.
 */
export const liveUndoManager = Facet.define<Y.UndoManager, Y.UndoManager | null>({
  combine: (values) => (values.length ? values[values.length - 1] : null),
});
