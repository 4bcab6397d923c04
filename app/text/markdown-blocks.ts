import { type MarkdownBlock, MarkdownDocument } from "./markdown-document";

export { HEADING_ID_PREFIX, type MarkdownBlock } from "./markdown-document";

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

/**
 * Splits `source` into its top-level blocks and renders each (GitHub Flavored Markdown: tables,
 * task lists, strikethrough, autolinks, fenced code). Link reference definitions apply across
 * blocks, as in one whole render. Blank space between blocks makes no block.
 */
export function renderMarkdownBlocks(source: string): MarkdownBlock[] {
  return new MarkdownDocument().update(source);
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

/** Neighbouring blocks shown as one element. */
interface BlockGroup {
  line: number;
  members: MarkdownBlock[];
}

/** Each block's hash, by the block (a block's HTML never changes; kept blocks are kept objects). */
const blockHashes = new WeakMap<MarkdownBlock, number>();

function endsGroup(block: MarkdownBlock): boolean {
  let hash = blockHashes.get(block);
  if (hash === undefined) {
    hash = hashOf(block.html);
    blockHashes.set(block, hash);
  }
  return hash % 5 === 0;
}

/**
 * Joins neighbouring blocks into groups, so a long document is a few thousand elements rather
 * than tens of thousands (each element costs the page a sanitizer call and some layout). Where
 * a group ends depends on the blocks themselves (a heading starts one; a block whose HTML hashes
 * to a multiple of 5 ends one), not on counting from the top, so typing in one group leaves the
 * other groups as they were.
 */
function groupMembers(blocks: readonly MarkdownBlock[]): BlockGroup[] {
  const groups: BlockGroup[] = [];
  let current: BlockGroup | null = null;
  let length = 0;
  for (const block of blocks) {
    if (current && /^<h[1-6][\s>]/.test(block.html)) current = null;
    if (!current) {
      current = { line: block.line, members: [] };
      groups.push(current);
      length = 0;
    }
    current.members.push(block);
    length += block.html.length;
    if (current.members.length >= GROUP_MAX_BLOCKS || length >= GROUP_MAX_CHARS || endsGroup(block))
      current = null;
  }
  return groups;
}

/** A group as one block: its blocks' HTML joined, as a renderer of the whole document writes it. */
const groupHtml = (group: BlockGroup) => group.members.map((block) => block.html).join("");

/** The blocks joined into groups (`groupMembers`), each as one block. */
export function groupBlocks(blocks: readonly MarkdownBlock[]): MarkdownBlock[] {
  return groupMembers(blocks).map((group) => ({ line: group.line, html: groupHtml(group) }));
}

/** What changed between two renders of a document: blocks [start, oldEnd) became [start, newEnd). */
export interface BlockChange {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/** The smallest middle stretch of `before` and `after` that differs by `same`. */
function changedRange<T>(
  before: readonly T[],
  after: readonly T[],
  same: (a: T, b: T) => boolean,
): BlockChange {
  let start = 0;
  while (start < before.length && start < after.length && same(before[start], after[start]))
    start++;
  let oldEnd = before.length;
  let newEnd = after.length;
  while (oldEnd > start && newEnd > start && same(before[oldEnd - 1], after[newEnd - 1])) {
    oldEnd--;
    newEnd--;
  }
  return { start, oldEnd, newEnd };
}

/**
 * The smallest middle stretch of blocks that differs between `before` and `after` (their common
 * beginning and end, by HTML, are kept). A keystroke usually changes one block.
 */
export function changedBlocks(
  before: readonly { html: string }[],
  after: readonly { html: string }[],
): BlockChange {
  return changedRange(before, after, (a, b) => a.html === b.html);
}

/** Two groups show the same: the same blocks (cheap), else the same HTML. */
function sameGroup(a: BlockGroup, b: BlockGroup): boolean {
  if (a.members.length === b.members.length && a.members.every((m, i) => m === b.members[i]))
    return true;
  return groupHtml(a) === groupHtml(b);
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
  private groups: BlockGroup[] = [];
  /** The document as last rendered: the next render lexes again only around the edit. */
  private readonly document = new MarkdownDocument();

  /** Renders `source` and returns the update from the previous render. */
  update(source: string): BlockUpdate {
    const next = groupMembers(this.document.update(source));
    const change = changedRange(this.groups, next, sameGroup);
    this.groups = next;
    return {
      ...change,
      inserted: next
        .slice(change.start, change.newEnd)
        .map((group) => ({ line: group.line, html: groupHtml(group) })),
      lines: Int32Array.from(next, (group) => group.line),
    };
  }
}
