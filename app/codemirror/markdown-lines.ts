import { StreamLanguage, type StreamParser, type StringStream } from "@codemirror/language";
import { tags } from "@lezer/highlight";

/**
 * Markdown highlighted line by line, for long Markdown documents (over
 * MARKDOWN_TREE_LIMIT_CHARS). The full Markdown parser rebuilds its document node, one child per
 * block, after every keystroke, and CodeMirror gives that parse up to 20 ms inside the
 * keystroke: a 1 MB README took 20-30 ms per key. This tokenizer keeps one small state per line
 * (inside a fenced code block or not), so a keystroke re-reads a line or two. It marks what a
 * writer needs to see (headings, emphasis, code, links, quotes, list and fence markers) with
 * the same tags as the full parser, so the theme's colours are the same; it does not build
 * the block structure (no folding of sections, no list continuation on Enter).
 */

export interface MarkdownLineState {
  /** The fence that opened the code block the line is in ("```", "~~~~"), or null. */
  fence: string | null;
  /** Rest of a heading line: the heading's level, 0 outside one. */
  heading: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?=\s|$)/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}>/;
const LIST = /^\s*(?:[-+*]|\d{1,9}[.)])(?=\s)/;
const TASK = /^\s*\[[ xX]\](?=\s)/;
// Spans are looked for within 400 characters (a line of megabytes with unclosed markers must
// not be searched to its end at each one).
const STRONG = /^(\*\*|__)(?=\S)[^]{0,400}?\S\1/;
const EMPHASIS = /^([*_])(?=[^\s*_])[^]{0,400}?[^\s*_]\1(?![*_])/;
const STRIKE = /^~~(?=\S)[^]{0,400}?\S~~/;
const LINK = /^!?\[[^\]\n]*\]\([^)\s]*(?:\s+"[^"\n]*")?\)/;
const REFERENCE = /^!?\[[^\]\n]+\](?:\[[^\]\n]*\])?/;
const AUTOLINK = /^<(?:https?:\/\/|mailto:)[^>\s]+>/;
const BARE_URL = /^https?:\/\/[^\s<>)\]]+/;
const PLAIN = /^[^`*_~[!<h\\]+/;

function lineStart(stream: StringStream, state: MarkdownLineState): string | null {
  state.heading = 0;
  const fence = stream.match(FENCE, false) as RegExpMatchArray | null;
  if (state.fence) {
    // A closing fence is the same character, at least as long, with nothing after it.
    if (
      fence &&
      fence[1][0] === state.fence[0] &&
      fence[1].length >= state.fence.length &&
      /^\s*$/.test(stream.string.slice(fence[0].length))
    ) {
      state.fence = null;
      stream.skipToEnd();
      return "fenceMark";
    }
    stream.skipToEnd();
    return "code";
  }
  if (fence) {
    state.fence = fence[1];
    stream.skipToEnd();
    return "fenceMark";
  }
  const heading = stream.match(HEADING) as RegExpMatchArray | null;
  if (heading) {
    state.heading = heading[1].length;
    return "headingMark";
  }
  if (stream.match(RULE)) return "rule";
  if (stream.match(QUOTE)) return "quoteMark";
  if (stream.match(LIST)) {
    stream.match(TASK);
    return "listMark";
  }
  return null;
}

function inline(stream: StringStream): string | null {
  const ticks = stream.match(/^`+/, false) as RegExpMatchArray | null;
  if (ticks) {
    const from = stream.pos + ticks[0].length;
    const close = stream.string.slice(from, from + 400).indexOf(ticks[0]);
    if (close === -1) {
      stream.pos = from;
      return null;
    }
    stream.pos = from + close + ticks[0].length;
    return "code";
  }
  if (stream.match(STRONG)) return "strong";
  if (stream.match(EMPHASIS)) return "emphasis";
  if (stream.match(STRIKE)) return "strike";
  if (stream.match(LINK) || stream.match(REFERENCE)) return "link";
  if (stream.match(AUTOLINK) || stream.match(BARE_URL)) return "url";
  if (stream.eat("\\")) {
    stream.next();
    return null;
  }
  if (!stream.match(PLAIN)) stream.next();
  return null;
}

export const markdownLinesParser: StreamParser<MarkdownLineState> = {
  name: "markdown",
  startState: () => ({ fence: null, heading: 0 }),
  copyState: (state) => ({ ...state }),
  token(stream, state) {
    if (stream.sol()) {
      const start = lineStart(stream, state);
      if (start) return start;
    }
    if (state.heading) {
      stream.skipToEnd();
      return "heading";
    }
    return inline(stream);
  },
  blankLine(state) {
    state.heading = 0;
  },
  tokenTable: {
    heading: tags.heading,
    headingMark: tags.processingInstruction,
    fenceMark: tags.processingInstruction,
    code: tags.monospace,
    rule: tags.contentSeparator,
    quoteMark: tags.quote,
    listMark: tags.processingInstruction,
    strong: tags.strong,
    emphasis: tags.emphasis,
    strike: tags.strikethrough,
    link: tags.link,
    url: tags.url,
  },
  languageData: {},
};

/** The line-by-line Markdown language. */
export const markdownLines = StreamLanguage.define(markdownLinesParser);
