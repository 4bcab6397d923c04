/**
 * The line tools' and case changes' text work (issue 31 item 4) on plain strings, with no
 * editor code: the state commands (line-tools.ts) run it on the page, and the line-tool worker
 * runs it on big documents off the page.
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
