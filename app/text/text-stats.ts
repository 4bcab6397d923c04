import { StateField, type Text } from "@codemirror/state";

/** Words and characters of a document. */
export interface TextStats {
  words: number;
  characters: number;
}

function isSpace(code: number): boolean {
  return (
    code <= 32 ||
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Number of words (maximal runs of non-whitespace) in `text`. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

// Words never cross a line break, so a document's count is the sum over its lines, and an
// edit changes only the count of the lines it touches.
function countDocWords(doc: Text, fromLine: number, toLine: number): number {
  let words = 0;
  const iter = doc.iterLines(fromLine, toLine + 1);
  while (!iter.next().done) words += countWords(iter.value);
  return words;
}

/** Words and characters of a whole CodeMirror document (one pass). */
export function countDocStats(doc: Text): TextStats {
  return { words: countDocWords(doc, 1, doc.lines), characters: doc.length };
}

/** Merges overlapping/adjacent [from, to] line spans given in ascending order of `from`. */
function mergeSpans(spans: [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/**
 * Word and character counts kept up to date incrementally: one full count when the state is
 * created, then per transaction only the lines touched by the change are recounted, so a
 * keystroke costs the same in a 50 MB document as in an empty one.
 */
export const textStatsField = StateField.define<TextStats>({
  create: (state) => countDocStats(state.doc),
  update(value, tr) {
    if (!tr.docChanged) return value;
    const before: [number, number][] = [];
    const after: [number, number][] = [];
    const oldDoc = tr.startState.doc;
    const newDoc = tr.newDoc;
    tr.changes.iterChangedRanges((fromA, toA, fromB, toB) => {
      before.push([oldDoc.lineAt(fromA).number, oldDoc.lineAt(toA).number]);
      after.push([newDoc.lineAt(fromB).number, newDoc.lineAt(toB).number]);
    });
    let words = value.words;
    for (const [from, to] of mergeSpans(before)) words -= countDocWords(oldDoc, from, to);
    for (const [from, to] of mergeSpans(after)) words += countDocWords(newDoc, from, to);
    return { words, characters: newDoc.length };
  },
});
