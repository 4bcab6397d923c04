import { EditorState } from "@codemirror/state";
import { type ViewDouble, viewDouble } from "~/document/document-test-support";
import { handleDocumentUpdate } from "~/document/edit-handler";
import { EditorDocumentSet } from "./editor-document-set";
import { editorMeta } from "./editor-meta";

/**
 * Test support for the simple editor: its document set of one shown in a view without the
 * DOM, wired as the page wires it (the view's update listener runs the one edit handler with
 * the set's document, and the set holds the view's first state).
 */
export function shownEditorDocument(text = ""): {
  documents: EditorDocumentSet;
  view: ViewDouble;
  /** The page lets its view go (the person left /editor/ within the site). */
  leave(): void;
} {
  let view: ViewDouble | null = null;
  let shown = true;
  const documents = new EditorDocumentSet(() => (shown ? view : null));
  const state = EditorState.create({ doc: text, extensions: editorMeta() });
  view = viewDouble(state, (update) => handleDocumentUpdate(update, documents.edited));
  documents.showing(view.state);
  return { documents, view, leave: () => (shown = false) };
}
