import { StringStream } from "@codemirror/language";
import { describe, expect, it } from "vitest";
import { type MarkdownLineState, markdownLinesParser } from "./markdown-lines";

/** Each line's tokens as "style:text" (unstyled text left out), line by line. */
function tokens(text: string): string[][] {
  const state: MarkdownLineState = markdownLinesParser.startState!(2);
  return text.split("\n").map((line) => {
    const found: string[] = [];
    if (line === "") {
      markdownLinesParser.blankLine?.(state, 2);
      return found;
    }
    const stream = new StringStream(line, 2, 2);
    while (!stream.eol()) {
      const style = markdownLinesParser.token(stream, state);
      if (stream.pos === stream.start) throw new Error(`no progress in ${JSON.stringify(line)}`);
      if (style) found.push(`${style}:${stream.current()}`);
      stream.start = stream.pos;
    }
    return found;
  });
}

describe("line-by-line Markdown", () => {
  it("marks headings, emphasis, code, links, quotes and list markers", () => {
    expect(
      tokens(
        [
          "## Section *one*",
          "Some **bold**, _italic_, ~~gone~~ and `code` with [a link](https://example.com).",
          "> quoted",
          "- [x] done",
          "1. first, see https://plainpad.app",
          "---",
        ].join("\n"),
      ),
    ).toEqual([
      ["headingMark:##", "heading: Section *one*"],
      [
        "strong:**bold**",
        "emphasis:_italic_",
        "strike:~~gone~~",
        "code:`code`",
        "link:[a link](https://example.com)",
      ],
      ["quoteMark:>"],
      ["listMark:- [x]"],
      ["listMark:1.", "url:https://plainpad.app"],
      ["rule:---"],
    ]);
  });

  it("keeps a fenced block as code until its own closing fence, across blank lines", () => {
    expect(tokens("```js\nlet a = `x` * 2;\n\n~~~\n```\n*after*")).toEqual([
      ["fenceMark:```js"],
      ["code:let a = `x` * 2;"],
      [],
      ["code:~~~"],
      ["fenceMark:```"],
      ["emphasis:*after*"],
    ]);
  });

  it("leaves unclosed markers as text and always moves on", () => {
    expect(tokens("2 * 3 and a lone ` tick, **not closed, [not a link")).toEqual([[]]);
    // A long line of unclosed markers is read in one pass, not searched to its end at each.
    expect(tokens("a *".repeat(3000))).toEqual([[]]);
  });
});
