// Bare CodeMirror 6 with the simple editor's CodeMirror set-up (the options at their defaults,
// the base extensions, Markdown highlighting line by line, the Markdown markers, search
// highlighting, the word count), and none of the page around it: no React, no toolbar, no
// store, none of the page's own listeners (shortcuts, file drop, saving, history).
// bench/preview.bench.mjs types in it to split the editor's keystroke cost into what the
// extensions add to bare CodeMirror and what the page adds.
import { markdownMarkers, searchHighlighting, wordCount } from "~/codemirror";
import { loadLanguage } from "~/codemirror/document-language";
import {
  baseEditorExtensions,
  configurableExtensions,
  createEditorCompartments,
  DEFAULT_EDITOR_VIEW_OPTIONS,
} from "~/codemirror/extensions";
import { createBaselineView, focusMiddle, fullWindowTheme, openInView } from "./baseline-page.js";

const extensions = (language) => [
  configurableExtensions(createEditorCompartments(), DEFAULT_EDITOR_VIEW_OPTIONS),
  baseEditorExtensions(),
  language,
  markdownMarkers(),
  searchHighlighting(),
  wordCount(),
  fullWindowTheme,
];
const view = createBaselineView(extensions([]));

window.__plainpadBench = {
  /** Opens `text` as a Markdown document (its language loaded first, as the editor does). */
  async open(text) {
    const language = await loadLanguage("markdown", text.length);
    return openInView(view, text, extensions(language));
  },
  focusMiddle: () => focusMiddle(view),
};
