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

/** A group ends after this many blocks or this much HTML at most. */
const GROUP_MAX_BLOCKS = 12;
const GROUP_MAX_CHARS = 6_000;

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/**
 * Joins neighbouring blocks into groups, so a long document is a few thousand elements rather
 * than tens of thousands (each element costs the page a sanitizer call and some layout). Where
 * a group ends depends on the blocks themselves (a heading starts one; a block whose HTML hashes
 * to a multiple of 5 ends one), not on counting from the top, so typing in one group leaves the
 * other groups' HTML, and their elements, as they were. The HTML of a group is its blocks' HTML
 * joined, as a renderer of the whole document would write it.
 */
export function groupBlocks(blocks: readonly MarkdownBlock[]): MarkdownBlock[] {
  const groups: MarkdownBlock[] = [];
  let current: MarkdownBlock | null = null;
  let count = 0;
  for (const block of blocks) {
    if (current && /^<h[1-6][\s>]/.test(block.html)) current = null;
    if (!current) {
      current = { line: block.line, html: "" };
      groups.push(current);
      count = 0;
    }
    current.html += block.html;
    count++;
    if (
      count >= GROUP_MAX_BLOCKS ||
      current.html.length >= GROUP_MAX_CHARS ||
      hashOf(block.html) % 5 === 0
    )
      current = null;
  }
  return groups;
}

/** What changed between two renders of a document: blocks [start, oldEnd) became [start, newEnd). */
export interface BlockChange {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/**
 * The smallest middle stretch of blocks that differs between `before` and `after` (their common
 * beginning and end, by HTML, are kept). A keystroke usually changes one block.
 */
export function changedBlocks(
  before: readonly { html: string }[],
  after: readonly { html: string }[],
): BlockChange {
  let start = 0;
  while (start < before.length && start < after.length && before[start].html === after[start].html)
    start++;
  let oldEnd = before.length;
  let newEnd = after.length;
  while (oldEnd > start && newEnd > start && before[oldEnd - 1].html === after[newEnd - 1].html) {
    oldEnd--;
    newEnd--;
  }
  return { start, oldEnd, newEnd };
}

/** One render as the worker sends it: the changed blocks, and every block's start line. */
export interface BlockUpdate extends BlockChange {
  /** The new blocks of [start, newEnd). */
  inserted: MarkdownBlock[];
  /** The start line of every block after the change, in order. */
  lines: Int32Array;
}

/**
 * Keeps the last render of a document and answers each new one with only what changed (the
 * worker's side of the preview: a 1 MB document has thousands of blocks, and copying them all
 * to the page after every keystroke would cost the page more than the change itself).
 */
export class BlockDiffer {
  private blocks: MarkdownBlock[] = [];

  /** Renders `source` and returns the update from the previous render. */
  update(source: string): BlockUpdate {
    const next = groupBlocks(renderMarkdownBlocks(source));
    const change = changedBlocks(this.blocks, next);
    this.blocks = next;
    return {
      ...change,
      inserted: next.slice(change.start, change.newEnd),
      lines: Int32Array.from(next, (block) => block.line),
    };
  }
}
