import { Lexer, type Links, Marked, type Token, type Tokens } from "marked";
import { slugifyHeading } from "./heading-slug";

/**
 * A Markdown document rendered one top-level block at a time, and re-rendered after an edit
 * only around the edit (issue 30). Lexing and rendering a 1 MB document with marked takes the
 * preview's worker some 300 ms on a quiet machine and over a second on a busy one; done after
 * every pause in typing, it kept one of the machine's cores busy and slowed the typing itself.
 *
 * Why re-lexing a stretch gives what a whole render gives: marked's block lexer decides each
 * top-level token from the text ahead and, for a paragraph only, from the token before. After a
 * blank line (a `space` token) it starts afresh. So the tokens before the edit are kept up to a
 * blank line, the text from there is lexed again up to a later blank line past the edit, and
 * the old tokens after that are kept, provided that
 * - the stretch lexed again ends with its blank line (so nothing in it runs on past the end),
 *   after a block that never runs on past a blank line (a list, an indented code block or an
 *   HTML block may: then the stretch grows to the next blank line);
 * - no link reference definition is in the stretch, before or after the edit (links apply to
 *   the whole document: then everything is lexed again).
 * Heading ids are unique in the document ("notes", "notes-2"): they are given in one pass over
 * all headings, and a kept block whose ids change is rendered again.
 *
 * The HTML is NOT safe (raw HTML passes through, as CommonMark says): the preview sanitizes
 * it. Pure: no DOM, so it runs in a worker and in Node tests.
 */

/** One top-level block of a Markdown document. */
export interface MarkdownBlock {
  /** The 0-based line of the source this block starts on. */
  line: number;
  /** The block's HTML (unsanitized). */
  html: string;
}

/** Prefix of the ids given to headings, so a heading id never shadows one of the page's own. */
export const HEADING_ID_PREFIX = "md-";

/** A top-level token as kept between renders. */
interface KeptToken {
  type: string;
  /** The block may hold a link reference definition (`mayDefineLinks`). */
  mayDefineLinks: boolean;
  /** The token itself, kept only when it has headings (it is rendered again if their ids change). */
  token: Token | null;
  /** Its length in the text (the token's `raw`, which the tokens of a text add up to). */
  length: number;
  /** How many line breaks it holds. */
  lineBreaks: number;
  /** Its block (none for blank space and link definitions). */
  block: MarkdownBlock | null;
  /** The slugs of its headings, and the ids they were given, in order. */
  slugs: string[];
  ids: string[];
}

/** Tokens after which a blank line may not end the block (it can run on past it). */
function mayRunOn(token: Token): boolean {
  return (
    token.type === "list" ||
    token.type === "html" ||
    (token.type === "code" && (token as Tokens.Code).codeBlockStyle === "indented")
  );
}

/**
 * True when `raw` may define a link ("[name]: address"), at the top level or inside a quote or
 * a list item, where marked reads definitions too: a loose test, since lexing everything again
 * is only slower.
 */
function mayDefineLinks(raw: string): boolean {
  return raw.includes("]:");
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/** How many characters `a` and `b` share at their start. */
function commonPrefix(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let n = 0;
  while (n < most && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** How many characters `a` and `b` share at their end, at most `most`. */
function commonSuffix(a: string, b: string, most: number): number {
  let n = 0;
  while (n < most && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

/** How many times the stretch may grow past a block that runs on before all is lexed again. */
const MAX_GROWTH = 8;

export class MarkdownDocument {
  private text = "";
  private kept: KeptToken[] = [];
  /** The document's link reference definitions (the first of each name), from the last full lex. */
  private links: Links = {};
  private readonly marked: Marked;
  /** The headings of the token being rendered: how each gets its id, and what each got. */
  private readonly headings = {
    giveId: (slug: string) => slug,
    slugs: [] as string[],
    ids: [] as string[],
  };

  constructor() {
    this.marked = new Marked({ gfm: true, breaks: false });
    const headings = this.headings;
    this.marked.use({
      renderer: {
        heading({ tokens, depth, text }: Tokens.Heading) {
          const slug = slugifyHeading(text);
          const id = headings.giveId(slug);
          headings.slugs.push(slug);
          headings.ids.push(id);
          return `<h${depth} id="${HEADING_ID_PREFIX}${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
        },
      },
    });
  }

  /**
   * The blocks of `source` (GitHub Flavored Markdown), re-rendering only what its edit changed.
   * A block that was kept is the same object as before, its `line` updated: callers may keep
   * what they work out from a block's HTML by the block itself.
   */
  update(source: string): MarkdownBlock[] {
    // marked reads \r\n and \r as \n: lines are counted in the same text.
    const text = source.includes("\r") ? source.replace(/\r\n?/g, "\n") : source;
    if (text !== this.text) this.relex(text);
    const blocks: MarkdownBlock[] = [];
    let line = 0;
    for (const kept of this.kept) {
      if (kept.block) {
        kept.block.line = line;
        blocks.push(kept.block);
      }
      line += kept.lineBreaks;
    }
    return blocks;
  }

  private relex(text: string): void {
    const old = this.text;
    const kept = this.kept;
    this.text = text;
    const prefix = commonPrefix(old, text);
    const suffix = commonSuffix(old, text, Math.min(old.length, text.length) - prefix);
    const changedEnd = old.length - suffix;
    const delta = text.length - old.length;
    // Each kept token's start in the old text.
    const starts = new Array<number>(kept.length + 1);
    starts[0] = 0;
    for (let i = 0; i < kept.length; i++) starts[i + 1] = starts[i] + kept[i].length;
    // The first token the edit touches (or ends next to), then back to one that follows a
    // blank line, with at least one whole token between: the token before a blank line can
    // run on past it only depending on the line right after that blank line.
    let first = 0;
    while (first < kept.length && starts[first + 1] < prefix) first++;
    let from = Math.max(0, first - 1);
    while (from > 0 && kept[from - 1].type !== "space") from--;
    let to = first;
    for (let growth = 0; ; growth++) {
      // The next token after the edit that follows a blank line (or the end of the text).
      to = Math.max(to, from + 1);
      while (
        to < kept.length &&
        // Strictly after the edit: the line break before the token is then unchanged, so the
        // stretch ends at the start of a line (text typed right there belongs to the token).
        !(starts[to] > changedEnd && to > first && kept[to - 1].type === "space")
      )
        to++;
      if (growth >= MAX_GROWTH) to = kept.length;
      const atEnd = to >= kept.length;
      if (from === 0 && atEnd) {
        this.lexAll(text);
        return;
      }
      const stretchEnd = atEnd ? text.length : starts[to] + delta;
      const stretch = this.lex(text.slice(starts[from], stretchEnd));
      const last = stretch.at(-1);
      const beforeLast = stretch.at(-2);
      const closes = atEnd || (last?.type === "space" && !(beforeLast && mayRunOn(beforeLast)));
      const touchesLinks =
        stretch.some((token) => mayDefineLinks(token.raw)) ||
        kept.slice(from, to).some((token) => token.mayDefineLinks);
      if (touchesLinks) {
        this.lexAll(text);
        return;
      }
      if (!closes) {
        to++;
        continue;
      }
      this.replace(from, to, stretch);
      return;
    }
  }

  /** Everything lexed again (and the document's link definitions read afresh). */
  private lexAll(text: string): void {
    this.kept = [];
    this.replace(0, 0, this.lex(text, true));
  }

  /** Tokens of `text` with the document's links (or, `ownLinks`, collecting its own). */
  private lex(text: string, ownLinks = false): Token[] {
    const lexer = new Lexer(this.marked.defaults);
    if (!ownLinks) Object.assign(lexer.tokens.links, this.links);
    const tokens = lexer.lex(text);
    if (ownLinks) this.links = { ...lexer.tokens.links };
    return tokens;
  }

  /** Kept tokens [from, to) become `tokens`; heading ids are given again across the document. */
  private replace(from: number, to: number, tokens: Token[]): void {
    const used = new Set<string>();
    const nextId = (slug: string) => {
      let id = slug;
      for (let n = 2; used.has(id); n++) id = `${slug}-${n}`;
      used.add(id);
      return id;
    };
    const before = this.kept.slice(0, from);
    for (const kept of before) for (const id of kept.ids) used.add(id);
    const made = tokens.map((token) => this.render(token, nextId));
    const after = this.kept.slice(to);
    for (let i = 0; i < after.length; i++) {
      const kept = after[i];
      if (kept.slugs.length === 0) continue;
      const ids = kept.slugs.map(nextId);
      if (kept.token && ids.some((id, n) => id !== kept.ids[n])) {
        let n = 0;
        after[i] = this.render(kept.token, () => ids[n++]);
      }
    }
    this.kept = [...before, ...made, ...after];
  }

  private render(token: Token, giveId: (slug: string) => string): KeptToken {
    const headings = this.headings;
    headings.giveId = giveId;
    headings.slugs = [];
    headings.ids = [];
    const html =
      token.type === "space" || token.type === "def"
        ? ""
        : // Inline tokens were lexed with the whole document's links, so one block renders alone.
          this.marked.parser([token] as Token[] as Parameters<Marked["parser"]>[0]);
    return {
      type: token.type,
      mayDefineLinks: mayDefineLinks(token.raw),
      token: headings.slugs.length > 0 ? token : null,
      length: token.raw.length,
      lineBreaks: countLineBreaks(token.raw),
      block: html === "" ? null : { line: 0, html },
      slugs: headings.slugs,
      ids: headings.ids,
    };
  }
}
