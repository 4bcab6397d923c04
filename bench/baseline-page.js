// What the baseline pages (bare-codemirror.js, codemirror-with-extensions.js) share: an editor
// in #editor, waiting for the next paint, and the cursor put in the middle of the text.
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";

/** The editor fills the window and scrolls inside itself, as in the app. */
export const fullWindowTheme = EditorView.theme({
  "&": { height: "100vh" },
  ".cm-scroller": { overflow: "auto" },
});

/** A CodeMirror view with `extensions` in the page's #editor. */
export function createBaselineView(extensions) {
  return new EditorView({
    state: EditorState.create({ doc: "", extensions }),
    parent: document.getElementById("editor"),
  });
}

/** Resolves after the next frame is painted. */
export const nextPaint = () =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Shows `text` in `view` with `extensions`; resolves with the ms to the next paint. */
export async function openInView(view, text, extensions) {
  const start = performance.now();
  view.setState(EditorState.create({ doc: text, extensions }));
  await nextPaint();
  return performance.now() - start;
}

/** Puts the cursor at the end of the middle line and focuses the editor. */
export function focusMiddle(view) {
  const line = view.state.doc.lineAt(Math.floor(view.state.doc.length / 2));
  view.dispatch({ selection: { anchor: line.to }, scrollIntoView: true });
  view.focus();
}
