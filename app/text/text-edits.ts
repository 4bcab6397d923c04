/**
 * Edits of a text sent instead of the text itself (the Markdown preview's worker keeps its own
 * copy of the document: markdown-worker.ts). Pure.
 */

/** A replacement: [from, to) of the text before the edits becomes `insert`. */
export type TextEdit = [from: number, to: number, insert: string];

/**
 * `text` with `edits` applied. The edits are in order and do not overlap, and their positions
 * are in `text` (as CodeMirror's `ChangeSet.iterChanges` gives them).
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const [from, to, insert] of edits) {
    parts.push(text.slice(at, from), insert);
    at = to;
  }
  parts.push(text.slice(at));
  return parts.join("");
}
