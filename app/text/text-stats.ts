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
 * Counts the words of `text` (or of its characters [from, to)), continuing a count that ended
 * inside a word when `inWord` is true (so chunks of one document can be counted one after
 * another). Returns the count and whether the text ended inside a word.
 */
export function countWordsFrom(
  text: string,
  inWord: boolean,
  from = 0,
  to = text.length,
): { count: number; inWord: boolean } {
  let count = 0;
  let inside = inWord;
  for (let i = from; i < to; i++) {
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

/** Characters of one line counted between looks at the clock (a few milliseconds' work). */
const COUNT_PART_CHARS = 1 << 17;

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
    const text = iter.value;
    // A long line (a minified file is one line of megabytes) is counted in parts, with a
    // look at the clock after each: counting 10 MB at once is a task of over 100 ms.
    for (let at = 0; at < text.length || at === 0; at += COUNT_PART_CHARS) {
      const part = countWordsFrom(text, inWord, at, Math.min(text.length, at + COUNT_PART_CHARS));
      total += part.count;
      inWord = part.inWord;
      if (performance.now() - sliceStart > sliceMs) {
        await yieldFn();
        if (isCancelled()) return null;
        sliceStart = performance.now();
      }
    }
  }
  return total;
}

/**
 * The word count of `newDoc`, given the count of `oldDoc` and the changes between them. A word
 * count is the number of word starts (a non-space after a space or at the start), and a change
 * can add or remove starts only inside it and at the character just after it: only those are
 * recounted, with the character before each as context. A keystroke in a 10 MB line thus costs
 * a few characters, not the line.
 */
export function adjustWordCount(
  words: number,
  oldDoc: Text,
  newDoc: Text,
  changes: ChangeSet,
): number {
  // [from, to) stretches whose word starts are recounted, in both documents; touching ones
  // merged so no position is counted twice (the gaps between changes are equal on both sides).
  const spans: { fromA: number; toA: number; fromB: number; toB: number }[] = [];
  changes.iterChangedRanges((fromA, toA, fromB, toB) => {
    const span = {
      fromA,
      toA: Math.min(oldDoc.length, toA + 1),
      fromB,
      toB: Math.min(newDoc.length, toB + 1),
    };
    const last = spans[spans.length - 1];
    if (last && span.fromA <= last.toA) {
      last.toA = Math.max(last.toA, span.toA);
      last.toB = Math.max(last.toB, span.toB);
    } else spans.push(span);
  });
  let adjusted = words;
  for (const span of spans) {
    adjusted -= wordStartsIn(oldDoc, span.fromA, span.toA);
    adjusted += wordStartsIn(newDoc, span.fromB, span.toB);
  }
  return adjusted;
}

/** How many words start at a position in [from, to) of `doc`. */
function wordStartsIn(doc: Text, from: number, to: number): number {
  if (to <= from) return 0;
  let inWord = from > 0 && !isSpace(doc.sliceString(from - 1, from).charCodeAt(0));
  let count = 0;
  const iter = doc.iterRange(from, to);
  while (!iter.next().done) {
    const part = countWordsFrom(iter.value, inWord);
    count += part.count;
    inWord = part.inWord;
  }
  return count;
}
