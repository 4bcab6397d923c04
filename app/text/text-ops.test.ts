import { EditorSelection, EditorState, type StateCommand } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { indentSelection, outdentSelection } from "./indent";
import { toggleBold, toggleItalic, toggleUnderline } from "./inline-markers";
import { bulletForIndent, toggleBulletList, toggleNumberedList } from "./lists";
import {
  compileSearch,
  findAllMatches,
  matchCounter,
  nextMatchIndex,
  previousMatchIndex,
} from "./search";

function run(command: StateCommand, doc: string, anchor: number, head = anchor) {
  let state = EditorState.create({ doc, selection: EditorSelection.single(anchor, head) });
  command({ state, dispatch: (tr) => (state = tr.state) });
  return {
    text: state.doc.toString(),
    from: state.selection.main.from,
    to: state.selection.main.to,
  };
}

describe("inline markers", () => {
  it("wraps the selection in **, _ and <u></u>", () => {
    expect(run(toggleBold, "say hello now", 4, 9).text).toBe("say **hello** now");
    expect(run(toggleItalic, "say hello now", 4, 9).text).toBe("say _hello_ now");
    expect(run(toggleUnderline, "say hello now", 4, 9).text).toBe("say <u>hello</u> now");
  });

  it("keeps the selection on the same text", () => {
    const result = run(toggleBold, "say hello now", 4, 9);
    expect(result.text.slice(result.from, result.to)).toBe("hello");
  });

  it("removes markers around or inside the selection", () => {
    expect(run(toggleBold, "say **hello** now", 6, 11).text).toBe("say hello now");
    expect(run(toggleBold, "say **hello** now", 4, 13).text).toBe("say hello now");
    expect(run(toggleUnderline, "a <u>b</u> c", 2, 10).text).toBe("a b c");
  });

  it("inserts an empty pair with the cursor between for an empty selection", () => {
    const result = run(toggleItalic, "ab", 1);
    expect(result.text).toBe("a__b");
    expect(result.from).toBe(2);
  });
});

describe("lists", () => {
  it("adds bullets by nesting level, two spaces per level", () => {
    const doc = "one\n  two\n    three\n      four\n        five";
    expect(run(toggleBulletList, doc, 0, doc.length).text).toBe(
      "• one\n  ◦ two\n    ‣ three\n      ⁃ four\n        • five",
    );
    expect(bulletForIndent(3)).toBe("◦");
  });

  it("removes bullets when applied again", () => {
    const doc = "• one\n  ◦ two";
    expect(run(toggleBulletList, doc, 0, doc.length).text).toBe("one\n  two");
  });

  it("numbers non-blank lines from 1 and removes numbers again", () => {
    const doc = "alpha\n\nbeta\ngamma";
    const numbered = run(toggleNumberedList, doc, 0, doc.length).text;
    expect(numbered).toBe("1. alpha\n\n2. beta\n3. gamma");
    expect(run(toggleNumberedList, numbered, 0, numbered.length).text).toBe(doc);
  });

  it("replaces bullets with numbers and vice versa", () => {
    expect(run(toggleNumberedList, "• a\n• b", 0, 7).text).toBe("1. a\n2. b");
    expect(run(toggleBulletList, "1. a\n2. b", 0, 9).text).toBe("• a\n• b");
  });

  it("works on the cursor line, even an empty one", () => {
    expect(run(toggleBulletList, "x\ny", 2).text).toBe("x\n• y");
    expect(run(toggleNumberedList, "", 0).text).toBe("1. ");
  });
});

describe("indent", () => {
  it("indents every selected line by two spaces", () => {
    expect(run(indentSelection, "a\nb\nc", 0, 3).text).toBe("  a\n  b\nc");
  });

  it("inserts two spaces at a plain cursor", () => {
    expect(run(indentSelection, "ab", 1).text).toBe("a  b");
  });

  it("removes up to two leading spaces per line", () => {
    expect(run(outdentSelection, "    a\n b\nc", 0, 10).text).toBe("  a\nb\nc");
    expect(run(outdentSelection, "   x", 4).text).toBe(" x");
  });

  it("does not touch the line after a selection ending at its start", () => {
    expect(run(indentSelection, "a\nb", 0, 2).text).toBe("  a\nb");
  });
});

describe("search", () => {
  it("compiles case-insensitive regular expressions", () => {
    const compiled = compileSearch("h.llo");
    expect(compiled?.ok).toBe(true);
    if (compiled?.ok) expect(findAllMatches("Hello hallo HELLO", compiled.regexp).count).toBe(3);
  });

  it("anchors ^ and $ at line boundaries", () => {
    const compiled = compileSearch("^todo");
    expect(compiled?.ok).toBe(true);
    if (compiled?.ok) {
      const list = findAllMatches("todo: one\nnot todo\nTODO two", compiled.regexp);
      expect(Array.from(list.starts)).toEqual([0, 19]);
    }
  });

  it("reports an invalid pattern and ignores an empty query", () => {
    expect(compileSearch("(")).toEqual({ ok: false, error: "Invalid pattern" });
    expect(compileSearch("")).toBeNull();
  });

  it("returns offsets and skips empty matches", () => {
    const list = findAllMatches("aXbXX", /x*/gi);
    expect(Array.from(list.starts)).toEqual([1, 3]);
    expect(Array.from(list.ends)).toEqual([2, 5]);
  });

  it("grows past the initial capacity", () => {
    expect(findAllMatches("a ".repeat(1000), /a/gi).count).toBe(1000);
  });

  it("wraps next and previous and formats the counter", () => {
    expect(nextMatchIndex(2, 3)).toBe(0);
    expect(previousMatchIndex(0, 3)).toBe(2);
    expect(nextMatchIndex(0, 3)).toBe(1);
    expect(matchCounter(0, 3)).toBe("1/3");
    expect(matchCounter(-1, 0)).toBe("No matches");
  });
});
