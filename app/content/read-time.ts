/** Words per minute used for read times: step-by-step texts read at a working pace. */
export const WORDS_PER_MINUTE = 140;

/** Counts the words of plain text (runs of non-space characters containing a letter or digit). */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  }
  return count;
}

/** Minutes to read `words` words: at least 1, rounded to the nearest minute. */
export function readMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The read-time label shown on cards and article headers, e.g. "7 min read". */
export function readTimeLabel(words: number): string {
  return `${readMinutes(words)} min read`;
}
