import { Lexer } from "marked";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarkdownDocument } from "./markdown-document";

/** What a fresh document renders of `text`: everything lexed at once. */
const whole = (text: string) => new MarkdownDocument().update(text);

// Pieces of Markdown that end blocks in every way marked knows, including the blocks that run
// on past a blank line (lists, indented code, HTML) and link definitions that apply anywhere.
const PIECES = [
  "A paragraph of plain words.",
  "A paragraph\nover two lines with *emphasis*.",
  "# Notes",
  "## Notes",
  "Setext heading\n===",
  "- one\n- two",
  "- loose\n\n- list",
  "1. first\n2. second",
  "3. starts at three",
  "- item\n\n  continued in the item",
  "```js\nconst a = 1;\n\nconst b = 2;\n```",
  "```\nan unclosed fence",
  "    indented code\n\n    more code",
  "<div>\nraw html\n</div>",
  "<!-- a comment\n\nover a blank line -->",
  "> a quote\n> on two lines",
  "| a | b |\n|---|---|\n| 1 | 2 |",
  "---",
  "[ref]: https://example.com/ref",
  "A [reference link][ref] and [another].",
  "[another]: https://example.com/another 'Title'",
  "- [x] done\n- [ ] open",
  "Text with a footnote-like [^1] and ~~strike~~.",
];

// Small edits a person makes, including ones that join or split blocks.
const INSERTS = [
  "\n",
  "\n\n",
  "x",
  "- ",
  "    ",
  "```",
  "# ",
  "> ",
  "[ref]: https://example.com/new\n",
  "[ref]",
  "<div>",
  "\n## Notes\n",
  "1. ",
  "|---|",
  "===\n",
];

function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
}

function makeDocument(pick: (n: number) => number, pieces: number): string {
  const separators = ["\n", "\n\n", "\n\n\n"];
  let text = "";
  for (let i = 0; i < pieces; i++) {
    if (i > 0) text += separators[pick(separators.length)];
    text += PIECES[pick(PIECES.length)];
  }
  return text;
}

function edit(pick: (n: number) => number, text: string): string {
  const at = pick(text.length + 1);
  if (pick(3) === 0) {
    const to = Math.min(text.length, at + 1 + pick(12));
    return text.slice(0, at) + text.slice(to);
  }
  const inserted = pick(4) === 0 ? PIECES[pick(PIECES.length)] : INSERTS[pick(INSERTS.length)];
  return text.slice(0, at) + inserted + text.slice(at);
}

describe("MarkdownDocument", () => {
  afterEach(() => vi.restoreAllMocks());

  it("renders after every edit exactly what a render of the whole text gives", () => {
    // MARKDOWN_SEEDS=2000 tries more texts (run so before changing the re-lexing).
    const seeds = Number(process.env.MARKDOWN_SEEDS ?? 80);
    for (let seed = 1; seed <= seeds; seed++) {
      const pick = random(seed);
      const document = new MarkdownDocument();
      let text = makeDocument(pick, 4 + pick(14));
      expect(document.update(text)).toEqual(whole(text));
      for (let step = 0; step < 20; step++) {
        text = edit(pick, text);
        const blocks = document.update(text);
        if (JSON.stringify(blocks) !== JSON.stringify(whole(text))) {
          // The text that went wrong, in the failure message.
          expect({ seed, step, text, blocks }).toEqual({ seed, step, text, blocks: whole(text) });
        }
      }
    }
  }, 60_000);

  it("gives heading ids across the document, and changes them in kept blocks when needed", () => {
    const document = new MarkdownDocument();
    const text = "# Notes\n\nA paragraph.\n\n# Notes\n\nMore.\n\n# Notes\n";
    const ids = (blocks: { html: string }[]) =>
      blocks.flatMap((block) => [...block.html.matchAll(/id="([^"]+)"/g)].map((m) => m[1]));
    expect(ids(document.update(text))).toEqual(["md-notes", "md-notes-2", "md-notes-3"]);
    // A new heading of the same name at the top: every later id moves on by one.
    const edited = `# Notes\n\n${text}`;
    expect(ids(document.update(edited))).toEqual([
      "md-notes",
      "md-notes-2",
      "md-notes-3",
      "md-notes-4",
    ]);
    expect(document.update(edited)).toEqual(whole(edited));
  });

  it("reads \\r\\n and \\r as line breaks, as a whole render does", () => {
    const document = new MarkdownDocument();
    document.update("# Title\r\n\r\nFirst.\r\n\r\nSecond.\r\n");
    const blocks = document.update("# Title\r\n\r\nFirst!\r\n\r\nSecond.\r\n");
    expect(blocks.map((block) => block.line)).toEqual([0, 2, 4]);
    expect(blocks[1].html).toBe("<p>First!</p>\n");
  });

  it("lexes again only the blocks around a keystroke in a long document", () => {
    const sections = Array.from(
      { length: 400 },
      (_, i) => `## Section ${i}\n\nWords of section ${i}.\n\n- a list\n- in it\n\n> A quote.`,
    );
    const text = sections.join("\n\n");
    const document = new MarkdownDocument();
    document.update(text);
    const lexed: number[] = [];
    const lex = Lexer.prototype.lex;
    vi.spyOn(Lexer.prototype, "lex").mockImplementation(function (this: Lexer, source: string) {
      lexed.push(source.length);
      return lex.call(this, source);
    });
    const middle = text.indexOf("Words of section 200") + 5;
    const edited = `${text.slice(0, middle)}x${text.slice(middle)}`;
    expect(document.update(edited)).toEqual(whole(edited));
    // The first figure is this document's own re-lex; the rest is the whole render compared.
    expect(lexed[0]).toBeLessThan(200);
    expect(lexed[1]).toBe(edited.length);
  });

  it("lexes everything again when a link definition is added, since links apply anywhere", () => {
    const text = "See [the site][site].\n\nMore text.\n\nThe end.\n";
    const document = new MarkdownDocument();
    expect(document.update(text)[0].html).toBe("<p>See [the site][site].</p>\n");
    const edited = `${text}\n[site]: https://example.com\n`;
    expect(document.update(edited)[0].html).toBe(
      '<p>See <a href="https://example.com">the site</a>.</p>\n',
    );
  });
});
