import { EditorSelection, EditorState, type StateCommand } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import {
  changeCase,
  changeCaseCommand,
  type LineTool,
  lineToolCommand,
  transformLines,
} from "./line-tools";

/** Runs `command` on `doc` with the selection [anchor, head] (none: cursor at 0). */
function run(command: StateCommand, doc: string, anchor = 0, head = anchor) {
  let state = EditorState.create({ doc, selection: EditorSelection.single(anchor, head) });
  let changes = 0;
  const ran = command({
    state,
    dispatch: (tr) => {
      changes++;
      state = tr.state;
    },
  });
  return { ran, text: state.doc.toString(), selection: state.selection.main, changes };
}

describe("line tools", () => {
  const lines = ["item 10", "Banana", "item 2", "apple", "", "banana", "apple"];

  it.each<[LineTool, string[]]>([
    ["sort-ascending", ["", "apple", "apple", "banana", "Banana", "item 2", "item 10"]],
    ["sort-descending", ["item 10", "item 2", "Banana", "banana", "apple", "apple", ""]],
    ["remove-duplicates", ["item 10", "Banana", "item 2", "apple", "", "banana"]],
    ["reverse", ["apple", "banana", "", "apple", "item 2", "Banana", "item 10"]],
    ["remove-empty", ["item 10", "Banana", "item 2", "apple", "banana", "apple"]],
    ["join", ["item 10 Banana item 2 apple banana apple"]],
  ])("%s", (tool, expected) => {
    expect(transformLines(lines, tool, "en")).toEqual(expected);
  });

  it("sorts by leading numbers, lines without one last and in their order", () => {
    expect(
      transformLines(
        ["10 pears", "x", "-3 debts", "2.5 kg", "y", "2 kg", "1e3 ants"],
        "sort-numeric",
      ),
    ).toEqual(["-3 debts", "2 kg", "2.5 kg", "10 pears", "1e3 ants", "x", "y"]);
  });

  it("trims trailing spaces and tabs only", () => {
    expect(transformLines(["  keep  \t", "none", "\u3000wide\u3000"], "trim-trailing")).toEqual([
      "  keep",
      "none",
      "\u3000wide",
    ]);
  });

  it("works on the whole document when nothing is selected, as one change", () => {
    const result = run(lineToolCommand("sort-ascending", "en"), "c\nb\na");
    expect(result).toMatchObject({ ran: true, text: "a\nb\nc", changes: 1 });
  });

  it("works on the lines the selection touches, whole", () => {
    // From inside "b" to the very start of "d": the lines b and c.
    const doc = "z\nb\nc\nd\na";
    const result = run(lineToolCommand("reverse"), doc, 3, doc.indexOf("d"));
    expect(result.text).toBe("z\nc\nb\nd\na");
    expect(result.selection.from).toBe(2);
    expect(result.selection.to).toBe(5);
  });

  it("does nothing when the text would not change", () => {
    expect(run(lineToolCommand("sort-ascending"), "a\nb").ran).toBe(false);
  });

  it("changes case: upper, lower and title, in any script", () => {
    expect(changeCase("hello wörld", "upper")).toBe("HELLO WÖRLD");
    expect(changeCase("ÇA VA", "lower")).toBe("ça va");
    expect(changeCase("the QUICK brown-fox's tale", "title")).toBe("The Quick Brown-Fox's Tale");
  });

  it("changes the case of each selection, or the word at a cursor", () => {
    expect(run(changeCaseCommand("upper"), "one two", 4, 7).text).toBe("one TWO");
    expect(run(changeCaseCommand("title"), "one two", 1).text).toBe("One two");
  });
});
