import { EditorSelection, type EditorState, type StateCommand } from "@codemirror/state";

/**
 * Line tools (issue 31 item 4), as pure functions of lines and as CodeMirror state commands:
 * each works on the lines the selection touches (the whole document when nothing is
 * selected) and is one change, so one undo step. No DOM: tested on EditorState.
 */

/** What a line tool does to a list of lines. */
export type LineTool =
  | "sort-ascending"
  | "sort-descending"
  | "sort-numeric"
  | "remove-duplicates"
  | "reverse"
  | "remove-empty"
  | "trim-trailing"
  | "join";

/** The number a line starts with (after spaces), or null ("12 apples" → 12, "apples" → null). */
function leadingNumber(line: string): number | null {
  const match = /^\s*([-+]?(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:e[-+]?\d+)?)/i.exec(line);
  return match ? Number(match[1].replace(",", ".")) : null;
}

/**
 * `lines` after `tool`. Sorting is stable and locale-aware, with digits compared as numbers
 * ("item 2" before "item 10"); "sort-numeric" orders by each line's leading number, lines
 * without one last, in their order. "remove-duplicates" keeps each line's first appearance.
 * "join" makes one line, joined by single spaces, each line's own edge spaces trimmed.
 */
export function transformLines(
  lines: readonly string[],
  tool: LineTool,
  locale?: string,
): string[] {
  switch (tool) {
    case "sort-ascending":
    case "sort-descending": {
      const collator = new Intl.Collator(locale, { numeric: true, sensitivity: "variant" });
      const sorted = [...lines].sort((a, b) => collator.compare(a, b));
      return tool === "sort-ascending" ? sorted : sorted.reverse();
    }
    case "sort-numeric": {
      const keyed = lines.map((line, index) => ({ line, index, value: leadingNumber(line) }));
      keyed.sort((a, b) => {
        if (a.value === null || b.value === null) {
          if (a.value === b.value) return a.index - b.index;
          return a.value === null ? 1 : -1;
        }
        return a.value - b.value || a.index - b.index;
      });
      return keyed.map((entry) => entry.line);
    }
    case "remove-duplicates": {
      const seen = new Set<string>();
      return lines.filter((line) => (seen.has(line) ? false : (seen.add(line), true)));
    }
    case "reverse":
      return [...lines].reverse();
    case "remove-empty":
      return lines.filter((line) => line.trim() !== "");
    case "trim-trailing":
      return lines.map((line) => line.replace(/[ \t\u00a0\u3000]+$/, ""));
    case "join":
      return [
        lines
          .map((line) => line.trim())
          .filter((line) => line !== "")
          .join(" "),
      ];
  }
}

/** The range of whole lines a tool works on: those the selection touches, else every line. */
function toolRange(state: EditorState): { from: number; to: number } {
  const { main } = state.selection;
  if (main.empty) return { from: 0, to: state.doc.length };
  const first = state.doc.lineAt(main.from);
  // A selection ending at the very start of a line does not take that line.
  const endPos =
    main.to > main.from && state.doc.lineAt(main.to).from === main.to ? main.to - 1 : main.to;
  return { from: first.from, to: state.doc.lineAt(endPos).to };
}

/**
 * The state command of `tool`: one change (one undo step), the changed lines left selected.
 * Does nothing (and returns false) when the tool would not change the text.
 */
export function lineToolCommand(tool: LineTool, locale?: string): StateCommand {
  return ({ state, dispatch }) => {
    const { from, to } = toolRange(state);
    const before = state.sliceDoc(from, to);
    const after = transformLines(before.split("\n"), tool, locale).join("\n");
    if (after === before) return false;
    dispatch(
      state.update({
        changes: { from, to, insert: after },
        selection: EditorSelection.range(from, from + after.length),
        scrollIntoView: true,
        userEvent: "input.lines",
      }),
    );
    return true;
  };
}

/** The case changes of the selection. */
export type CaseChange = "upper" | "lower" | "title";

/** `text` in UPPER, lower or Title Case (each word's first letter upper, the rest lower). */
export function changeCase(text: string, change: CaseChange, locale?: string): string {
  if (change === "upper") return text.toLocaleUpperCase(locale);
  if (change === "lower") return text.toLocaleLowerCase(locale);
  return text
    .toLocaleLowerCase(locale)
    .replace(
      /(^|[^\p{L}\p{M}\p{N}'’])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toLocaleUpperCase(locale),
    );
}

/** The state command that changes the case of every selected range (the word at an empty one). */
export function changeCaseCommand(change: CaseChange, locale?: string): StateCommand {
  return ({ state, dispatch }) => {
    const update = state.changeByRange((range) => {
      const target = range.empty ? state.wordAt(range.head) : range;
      if (!target) return { range };
      const text = state.sliceDoc(target.from, target.to);
      const insert = changeCase(text, change, locale);
      return {
        changes: { from: target.from, to: target.to, insert },
        range: range.empty
          ? range
          : EditorSelection.range(target.from, target.from + insert.length),
      };
    });
    if (update.changes.empty) return false;
    dispatch(state.update(update, { scrollIntoView: true, userEvent: "input.case" }));
    return true;
  };
}
