import { EditorSelection, type StateCommand } from "@codemirror/state";

/** A pair of plain-text formatting markers around a piece of text. */
export interface MarkerPair {
  open: string;
  close: string;
}

/** `**bold**` (Markdown). */
export const BOLD: MarkerPair = { open: "**", close: "**" };
/** `_italic_` (Markdown). */
export const ITALIC: MarkerPair = { open: "_", close: "_" };
/** `<u>underline</u>` (HTML tag; Markdown has no underline). */
export const UNDERLINE: MarkerPair = { open: "<u>", close: "</u>" };

/**
 * A StateCommand toggling `pair` around every selection range:
 * - selection already includes the markers (`**word**` selected) -> removes them;
 * - markers sit just outside the selection (`word` selected inside `**word**`) -> removes them;
 * - otherwise wraps the selection (an empty selection gets both markers with the cursor
 *   between them). The selection keeps covering the same text.
 */
export function toggleMarkers(pair: MarkerPair): StateCommand {
  const { open, close } = pair;
  return ({ state, dispatch }) => {
    const tr = state.changeByRange((range) => {
      const text = state.sliceDoc(range.from, range.to);
      if (
        text.length >= open.length + close.length &&
        text.startsWith(open) &&
        text.endsWith(close)
      ) {
        return {
          changes: [
            { from: range.from, to: range.from + open.length },
            { from: range.to - close.length, to: range.to },
          ],
          range: EditorSelection.range(range.from, range.to - open.length - close.length),
        };
      }
      const before = state.sliceDoc(range.from - open.length, range.from);
      const after = state.sliceDoc(range.to, range.to + close.length);
      if (range.from >= open.length && before === open && after === close) {
        return {
          changes: [
            { from: range.from - open.length, to: range.from },
            { from: range.to, to: range.to + close.length },
          ],
          range: EditorSelection.range(range.from - open.length, range.to - open.length),
        };
      }
      return {
        changes: [
          { from: range.from, insert: open },
          { from: range.to, insert: close },
        ],
        range: EditorSelection.range(range.from + open.length, range.to + open.length),
      };
    });
    dispatch(state.update(tr, { scrollIntoView: true, userEvent: "input.format" }));
    return true;
  };
}

/** Toggles `**bold**` around the selection. */
export const toggleBold: StateCommand = toggleMarkers(BOLD);
/** Toggles `_italic_` around the selection. */
export const toggleItalic: StateCommand = toggleMarkers(ITALIC);
/** Toggles `<u>underline</u>` around the selection. */
export const toggleUnderline: StateCommand = toggleMarkers(UNDERLINE);
