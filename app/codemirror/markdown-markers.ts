import { markdown } from "@codemirror/lang-markdown";
import { type Extension, RangeSetBuilder } from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
} from "@codemirror/view";

const underlineMark = Decoration.mark({ class: "cm-pp-underline" });
const tagMark = Decoration.mark({ class: "cm-pp-tag" });
const UNDERLINE = /<u>([^\n]*?)<\/u>/g;

function underlineDecorations(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const { from, to } of view.visibleRanges) {
    const text = view.state.sliceDoc(from, to);
    UNDERLINE.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = UNDERLINE.exec(text))) {
      const start = from + match.index;
      const innerEnd = start + 3 + match[1].length;
      builder.add(start, start + 3, tagMark);
      if (match[1].length > 0) builder.add(start + 3, innerEnd, underlineMark);
      builder.add(innerEnd, innerEnd + 4, tagMark);
    }
  }
  return builder.finish();
}

// Markdown has no underline, so `<u>…</u>` (an HTML tag to the parser) gets its own decoration,
// computed for the visible ranges only.
const underlinePlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = underlineDecorations(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged) {
        this.decorations = underlineDecorations(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/**
 * Shows the plain-text formatting markers styled: `**bold**`, `_italic_` (Markdown, through the
 * Lezer Markdown parser, which parses incrementally and only near the viewport) and
 * `<u>underline</u>`. The text itself stays plain; the markers are kept and dimmed.
 * No Markdown key bindings are added (Enter stays a plain newline).
 */
export function markdownMarkers(): Extension {
  return [markdown({ addKeymap: false }), underlinePlugin];
}
