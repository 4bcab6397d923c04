import type { Extension, Range } from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
} from "@codemirror/view";

const markerMark = Decoration.mark({ class: "cm-pp-tag" });

/** One marker style: a single-line pattern whose group 1 is the styled text. */
interface MarkerRule {
  pattern: RegExp;
  open: number;
  close: number;
  mark: Decoration;
}

const RULES: MarkerRule[] = [
  {
    pattern: /\*\*(?=\S)([^\n]*?\S)\*\*/g,
    open: 2,
    close: 2,
    mark: Decoration.mark({ class: "cm-pp-bold" }),
  },
  {
    pattern: /(?<![\p{L}\p{N}_])_(?=\S)([^\n_]*?\S)_(?![\p{L}\p{N}_])/gu,
    open: 1,
    close: 1,
    mark: Decoration.mark({ class: "cm-pp-italic" }),
  },
  {
    pattern: /<u>([^\n]*?)<\/u>/g,
    open: 3,
    close: 4,
    mark: Decoration.mark({ class: "cm-pp-underline" }),
  },
];

function markerDecorations(view: EditorView): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  for (const { from, to } of view.visibleRanges) {
    const text = view.state.sliceDoc(from, to);
    for (const rule of RULES) {
      rule.pattern.lastIndex = 0;
      let match: RegExpExecArray | null;
      while ((match = rule.pattern.exec(text))) {
        const start = from + match.index;
        const innerStart = start + rule.open;
        const innerEnd = innerStart + match[1].length;
        ranges.push(markerMark.range(start, innerStart));
        if (innerEnd > innerStart) ranges.push(rule.mark.range(innerStart, innerEnd));
        ranges.push(markerMark.range(innerEnd, innerEnd + rule.close));
      }
    }
  }
  return Decoration.set(ranges, true);
}

// Only the visible ranges are scanned, on edits and scrolling: the cost of styling does not
// grow with the document. (A full Markdown parser was tried first; it re-parses a whole
// paragraph per keystroke, which is the entire file for text without blank lines.)
const markerPlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = markerDecorations(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged) {
        this.decorations = markerDecorations(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/**
 * Shows the plain-text formatting markers styled: `**bold**`, `_italic_` and
 * `<u>underline</u>` (single-line spans). The text stays plain; the markers are kept and
 * dimmed (class `cm-pp-tag`; styled text `cm-pp-bold`, `cm-pp-italic`, `cm-pp-underline`).
 */
export function markdownMarkers(): Extension {
  return markerPlugin;
}
