import { SearchCursor } from "@codemirror/search";
import type { Text } from "@codemirror/state";

/**
 * The case-insensitive search both finds use (the find bar's Find next and Find in all tabs),
 * read one window at a time so a caller can pause between windows: a miss in a 500 MB document
 * or twenty 1 MB tabs is then many short tasks instead of one frozen second. Pure.
 */

/** Yielded after each window: the caller may pause here. */
export const WINDOW_END = Symbol("window end");

/** One match: its start and end in the document. */
export interface TextMatch {
  from: number;
  to: number;
}

const normalise = (text: string) => text.toLowerCase();

/**
 * Every case-insensitive match of `query` starting in [`from`, `to`), in order, with
 * `WINDOW_END` after each `window` characters read. A window also reads a margin past its end,
 * so a match starting inside it is found whole; a match starting in the margin is left to the
 * next window, which begins there.
 */
export function* windowedMatches(
  doc: Text,
  query: string,
  from: number,
  to: number,
  window: number,
): Generator<TextMatch | typeof WINDOW_END, void> {
  if (!query) return;
  const needle = normalise(query);
  // Lower-casing can lengthen a character ("İ"), so the margin is generous.
  const margin = needle.length * 2 + 8;
  for (let at = from; at < to; at += window) {
    const windowEnd = Math.min(to, at + window);
    const cursor = new SearchCursor(
      doc,
      needle,
      at,
      Math.min(doc.length, windowEnd + margin),
      normalise,
    );
    while (!cursor.next().done && cursor.value.from < windowEnd) {
      yield { from: cursor.value.from, to: cursor.value.to };
    }
    yield WINDOW_END;
  }
}
