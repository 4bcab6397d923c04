import type { ChangeSet, Text } from "@codemirror/state";

/** Space, control characters, NBSP and the Unicode space separators end a word. */
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

/**
 * Counts the words of `text`, continuing a count that ended inside a word when `inWord` is true
 * (so chunks of one document can be counted one after another). Returns the count and whether
 * the text ended inside a word.
 */
export function countWordsFrom(text: string, inWord: boolean): { count: number; inWord: boolean } {
  let count = 0;
  let inside = inWord;
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) inside = false;
    else if (!inside) {
      inside = true;
      count++;
    }
  }
  return { count, inWord: inside };
}

/** Number of words (maximal runs of non-whitespace) in `text`. */
export function countWords(text: string): number {
  return countWordsFrom(text, false).count;
}

// Words never cross a line break, so a document's count is the sum over its lines, and an
// edit changes only the count of the lines it touches.
export function countDocWords(doc: Text, fromLine: number, toLine: number): number {
  let words = 0;
  const iter = doc.iterLines(fromLine, toLine + 1);
  while (!iter.next().done) words += countWords(iter.value);
  return words;
}

/** Words and characters of a whole CodeMirror document (one synchronous pass). */
export function countDocStats(doc: Text): { words: number; characters: number } {
  return { words: countDocWords(doc, 1, doc.lines), characters: doc.length };
}

/**
 * Counts the words of a CodeMirror document in slices of about `sliceMs` milliseconds, yielding
 * to the browser between slices, so a big document never blocks typing. Resolves with null
 * when `isCancelled()` turns true.
 */
export async function countWordsInSlices(
  doc: Text,
  isCancelled: () => boolean,
  sliceMs = 6,
  yieldFn: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): Promise<number | null> {
  const iter = doc.iter();
  let total = 0;
  let inWord = false;
  let sliceStart = performance.now();
  while (!iter.next().done) {
    const part = countWordsFrom(iter.value, inWord);
    total += part.count;
    inWord = part.inWord;
    if (performance.now() - sliceStart > sliceMs) {
      await yieldFn();
      if (isCancelled()) return null;
      sliceStart = performance.now();
    }
  }
  return total;
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
 * The word count of `newDoc`, given the count of `oldDoc` and the changes between them: only
 * the lines the changes touch are recounted.
 */
export function adjustWordCount(
  words: number,
  oldDoc: Text,
  newDoc: Text,
  changes: ChangeSet,
): number {
  const before: [number, number][] = [];
  const after: [number, number][] = [];
  changes.iterChangedRanges((fromA, toA, fromB, toB) => {
    before.push([oldDoc.lineAt(fromA).number, oldDoc.lineAt(toA).number]);
    after.push([newDoc.lineAt(fromB).number, newDoc.lineAt(toB).number]);
  });
  let adjusted = words;
  for (const [from, to] of mergeSpans(before)) adjusted -= countDocWords(oldDoc, from, to);
  for (const [from, to] of mergeSpans(after)) adjusted += countDocWords(newDoc, from, to);
  return adjusted;
}
