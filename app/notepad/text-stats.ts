import type { Text } from "@codemirror/state";

/** Counts words (runs of non-whitespace) in a string. */
export function countWords(text: string): number {
  return countWordsFrom(text, false).count;
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
    const code = text.charCodeAt(i);
    // Space, tab, newline, CR, form feed, vertical tab, NBSP and the Unicode spaces.
    const space =
      code === 32 ||
      (code >= 9 && code <= 13) ||
      code === 160 ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200a) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x202f ||
      code === 0x205f ||
      code === 0x3000;
    if (space) inside = false;
    else if (!inside) {
      inside = true;
      count += 1;
    }
  }
  return { count, inWord: inside };
}

/**
 * Counts the words of a CodeMirror document in slices of about `sliceMs` milliseconds, yielding
 * to the browser between slices, so a 10 MB document never blocks typing. Resolves with null
 * when `isCancelled()` turns true (a newer edit arrived).
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
