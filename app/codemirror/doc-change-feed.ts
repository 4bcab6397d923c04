import { type EditorView, ViewPlugin } from "@codemirror/view";

/**
 * Lets code outside an editor hear when its document changes or is replaced, without a prop or
 * store update per keystroke (the Markdown preview, issue 30). Part of both editors' base
 * extensions. "Replaced" includes a notepad tab switch (the view gets another state) and a new
 * document. Listeners run inside the view's update: they must only schedule work.
 */
const listeners = new WeakMap<EditorView, Set<() => void>>();

function notify(view: EditorView): void {
  const set = listeners.get(view);
  if (set) for (const listener of set) listener();
}

/** The extension that feeds the listeners of `onDocumentChange`. */
export const docChangeFeed = ViewPlugin.define((view) => {
  // A new plugin instance means a new state (tab switch, replaced document).
  notify(view);
  return {
    update(update) {
      if (update.docChanged) notify(update.view);
    },
  };
});

/** Calls `listener` after each change of `view`'s document; returns the unsubscribe. */
export function onDocumentChange(view: EditorView, listener: () => void): () => void {
  let set = listeners.get(view);
  if (!set) listeners.set(view, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
