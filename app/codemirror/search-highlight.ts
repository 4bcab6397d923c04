import { type Extension, RangeSetBuilder, StateEffect, StateField } from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
} from "@codemirror/view";

/** What the search highlighter shows: every match of `regexp` and, distinctly, the current one. */
export interface SearchHighlight {
  /** The pattern to highlight (flags are kept; "g" is added). null hides all highlights. */
  regexp: RegExp | null;
  /** The selected match (document offsets), drawn with the "current" style. */
  current: { from: number; to: number } | null;
}

/** Effect that sets (or, with `regexp: null`, clears) the search highlight. */
export const setSearchHighlight = StateEffect.define<SearchHighlight>();

const EMPTY: SearchHighlight = { regexp: null, current: null };

/** Holds the current highlight; the current match is mapped through edits. */
export const searchHighlightField = StateField.define<SearchHighlight>({
  create: () => EMPTY,
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(setSearchHighlight)) return effect.value;
    if (tr.docChanged && value.current) {
      const from = tr.changes.mapPos(value.current.from, 1);
      const to = Math.max(from, tr.changes.mapPos(value.current.to, -1));
      return { ...value, current: { from, to } };
    }
    return value;
  },
});

// A match list is never built here: only the visible ranges are scanned, so the cost of a
// repaint does not depend on the document size.
const MAX_VISIBLE_MARKS = 5000;
const matchMark = Decoration.mark({ class: "cm-pp-match" });
const currentMark = Decoration.mark({ class: "cm-pp-match-current" });

function buildDecorations(view: EditorView): DecorationSet {
  const { regexp, current } = view.state.field(searchHighlightField);
  const builder = new RangeSetBuilder<Decoration>();
  if (!regexp) return builder.finish();
  const flags = regexp.flags.includes("g") ? regexp.flags : regexp.flags + "g";
  const re = new RegExp(regexp.source, flags);
  let count = 0;
  for (const { from, to } of view.visibleRanges) {
    const text = view.state.sliceDoc(from, to);
    re.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = re.exec(text)) && count < MAX_VISIBLE_MARKS) {
      if (match[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const start = from + match.index;
      const end = start + match[0].length;
      const isCurrent = current !== null && current.from === start && current.to === end;
      builder.add(start, end, isCurrent ? currentMark : matchMark);
      count++;
    }
  }
  return builder.finish();
}

const searchHighlightPlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = buildDecorations(view);
    }
    update(update: ViewUpdate) {
      if (
        update.docChanged ||
        update.viewportChanged ||
        update.startState.field(searchHighlightField) !== update.state.field(searchHighlightField)
      ) {
        this.decorations = buildDecorations(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/**
 * Search match highlighting: marks matches of the pattern set with `setSearchHighlight` in the
 * visible part of the document only (classes `cm-pp-match` and `cm-pp-match-current`, coloured
 * by the editor theme). Counting matches is the caller's job (one RegExp over the document).
 */
export function searchHighlighting(): Extension {
  return [searchHighlightField, searchHighlightPlugin];
}
