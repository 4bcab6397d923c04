import { ChangeSet, Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { applyTextEdits, type TextEdit } from "./text-edits";

/** The edits of a change set, as the preview sends them. */
function editsOf(changes: ChangeSet): TextEdit[] {
  const edits: TextEdit[] = [];
  changes.iterChanges((from, to, _fromB, _toB, inserted) =>
    edits.push([from, to, inserted.toString()]),
  );
  return edits;
}

describe("applyTextEdits", () => {
  it("applies replacements, insertions and deletions in one pass", () => {
    expect(
      applyTextEdits("one two three", [
        [0, 3, "1"],
        [4, 4, "and "],
        [7, 13, ""],
      ]),
    ).toBe("1 and two");
    expect(applyTextEdits("same", [])).toBe("same");
  });

  it("gives what the editor has after many composed keystrokes, line breaks included", () => {
    let doc = Text.of(["# Title", "", "Some *text* here.", "- a", "- b"]);
    const start = doc.toString();
    let composed = ChangeSet.empty(doc.length);
    let seed = 3;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let i = 0; i < 200; i++) {
      const from = next(doc.length + 1);
      const to = Math.min(doc.length, from + next(3));
      const insert = ["x", "\n", "", "**", "é"][next(5)];
      const change = ChangeSet.of({ from, to, insert }, doc.length);
      doc = change.apply(doc);
      composed = composed.compose(change);
    }
    expect(applyTextEdits(start, editsOf(composed))).toBe(doc.toString());
  });
});
