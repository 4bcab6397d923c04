import { Marked, type Token, type Tokens } from "marked";
import { slugifyHeading } from "./heading-slug";

/**
 * Markdown to HTML for the editors' preview, one top-level block at a time (issue 30): a
 * paragraph, a heading, a list, a table, a fenced code block. The preview keeps one element per
 * block, so a keystroke replaces one block's element instead of the whole page, and each block
 * knows the source line it starts on (for keeping the two sides in step).
 *
 * The HTML here is NOT safe: raw HTML in the Markdown passes through, as CommonMark says it
 * should. The preview sanitizes every block (`sanitize-markdown.ts`) before it reaches the page.
 * Pure: no DOM, so it runs in a worker and in Node tests.
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

/** A marked instance for one render: GFM, headings with unique ids, code marked by language. */
function createRenderer(): Marked {
  const usedIds = new Set<string>();
  const marked = new Marked({ gfm: true, breaks: false });
  marked.use({
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const slug = slugifyHeading(text);
        let id = slug;
        for (let n = 2; usedIds.has(id); n += 1) id = `${slug}-${n}`;
        usedIds.add(id);
        return `<h${depth} id="${HEADING_ID_PREFIX}${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  return marked;
}

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/**
 * Splits `source` into its top-level blocks and renders each (GitHub Flavored Markdown: tables,
 * task lists, strikethrough, autolinks, fenced code). Link reference definitions apply across
 * blocks, as in one whole render. Blank space between blocks makes no block.
 */
export function renderMarkdownBlocks(source: string): MarkdownBlock[] {
  const marked = createRenderer();
  // marked turns \r\n and \r into \n before lexing: count lines in the same text.
  const tokens = marked.lexer(source.replace(/\r\n?/g, "\n"));
  const blocks: MarkdownBlock[] = [];
  let line = 0;
  for (const token of tokens) {
    if (token.type !== "space" && token.type !== "def") {
      // Inline tokens were lexed with the whole document's links, so one block renders alone.
      const html = marked.parser([token] as Token[] as Parameters<Marked["parser"]>[0]);
      if (html !== "") blocks.push({ line, html });
    }
    line += countLines(token.raw);
  }
  return blocks;
}

/** The whole document's HTML (unsanitized): the blocks joined. */
export function renderMarkdownHtml(source: string): string {
  return renderMarkdownBlocks(source)
    .map((block) => block.html)
    .join("");
}
