import type { ChangeSet } from "@codemirror/state";
import { type EditorView, ViewPlugin } from "@codemirror/view";

/**
 * Lets code outside an editor hear when its document changes or is replaced, without a prop or
 * store update per keystroke (the Markdown preview, issue 30). Part of both editors' base
 * extensions. "Replaced" includes a notepad tab switch (the view gets another state) and a new
 * document. Listeners run inside the view's update: they must only schedule work.
 */
/** `changes` from the document the listener last heard of, or "replaced" by another one. */
type DocumentListener = (changes: ChangeSet | "replaced") => void;

const listeners = new WeakMap<EditorView, Set<DocumentListener>>();

function notify(view: EditorView, changes: ChangeSet | "replaced"): void {
  const set = listeners.get(view);
  if (set) for (const listener of set) listener(changes);
}

/** The extension that feeds the listeners of `onDocumentChange`. */
export const docChangeFeed = ViewPlugin.define((view) => {
  // A new plugin instance means a new state (tab switch, replaced document).
  notify(view, "replaced");
  return {
    update(update) {
      if (update.docChanged) notify(update.view, update.changes);
    },
  };
});

/**
 * Calls `listener` after each change of `view`'s document, with the changes (or "replaced");
 * returns the unsubscribe.
 */
export function onDocumentChange(view: EditorView, listener: DocumentListener): () => void {
  let set = listeners.get(view);
  if (!set) listeners.set(view, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
