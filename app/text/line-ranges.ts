import type { EditorState, Line } from "@codemirror/state";

/**
 * The lines touched by the selection, each once, in document order. A range ending exactly at
 * the start of a line (a whole line selected with its newline) does not include that line.
 */
export function selectedLines(state: EditorState): Line[] {
  const lines: Line[] = [];
  let last = -1;
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from);
    let end = state.doc.lineAt(range.to);
    if (!range.empty && range.to === end.from && end.number > first.number) {
      end = state.doc.line(end.number - 1);
    }
    for (let n = Math.max(first.number, last + 1); n <= end.number; n++) {
      lines.push(state.doc.line(n));
      last = n;
    }
  }
  return lines;
}

/** Number of leading spaces of a line's text. */
export function leadingSpaces(text: string): number {
  let n = 0;
  while (n < text.length && text.charCodeAt(n) === 32) n++;
  return n;
}
