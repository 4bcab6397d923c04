import type { Text } from "@codemirror/state";
import type { ChunkText, ContentChunk, StoredChunk } from "./document-records";

/*
 * How a document's text is cut into the chunks it is stored as: `cutIntoChunks` (and
 * `chunkString` for a whole string), and `TextChunkTracker`, which decides which chunks a save
 * must write again.
 */

/** Splits a string into chunks of about `size` characters (new keys), see `cutIntoChunks`. */
export function chunkString(text: string, newKey: () => string, size = CHUNK_SIZE): ContentChunk[] {
  return cutIntoChunks(text, 0, text.length, size).map(({ from, to, continues }) => ({
    key: newKey(),
    text: text.slice(from, to),
    ...(continues && { continues }),
  }));
}

/** A stretch [from, to) of a text stored as one chunk; `continues` when it ends inside a line. */
export interface ChunkCut {
  from: number;
  to: number;
  continues: boolean;
}

/** Target size of a stored chunk, in characters. */
export const CHUNK_SIZE = 64 * 1024;

/** A chunk of whole lines grows to at most this many times the target before a line is cut. */
const LONGEST_CHUNK_FACTOR = 4;

/**
 * [from, to) of `content` cut into chunks of about `size` characters. A chunk ends at the first
 * line end after `size` characters, the line break itself left out (chunks are joined by "\n").
 * A line that would make the chunk longer than LONGEST_CHUNK_FACTOR × `size` is cut inside,
 * every `size` characters (never between the halves of a surrogate pair): those chunks
 * `continue`. Storing a chunk costs the main thread a copy of it (IndexedDB clones it), so
 * typing at the end of a 10 MB line must not rewrite the whole line every second. The last
 * chunk never continues (the caller knows what follows `to`).
 */
export function cutIntoChunks(
  content: Text | string,
  from: number,
  to: number,
  size = CHUNK_SIZE,
): ChunkCut[] {
  const longest = LONGEST_CHUNK_FACTOR * size;
  const cuts: ChunkCut[] = [];
  let start = from;
  // The end of the line holding the last position looked up: a long line is looked up once.
  let lineEnd = -1;
  while (to - start > size) {
    if (lineEnd < start + size) lineEnd = lineEndAt(content, start + size);
    if (lineEnd - start <= longest || to - start <= longest) {
      if (lineEnd >= to) break;
      cuts.push({ from: start, to: lineEnd, continues: false });
      start = lineEnd + 1;
      continue;
    }
    let cut = start + size;
    if (cut - 1 > start && isHighSurrogate(charCodeAt(content, cut - 1))) cut--;
    cuts.push({ from: start, to: cut, continues: true });
    start = cut;
  }
  cuts.push({ from: start, to, continues: false });
  return cuts;
}

/** The end (before its line break) of the line holding `pos`. */
function lineEndAt(content: Text | string, pos: number): number {
  if (typeof content !== "string") return content.lineAt(pos).to;
  const end = content.indexOf("\n", pos);
  return end < 0 ? content.length : end;
}

const charCodeAt = (content: Text | string, pos: number) =>
  typeof content === "string"
    ? content.charCodeAt(pos)
    : content.sliceString(pos, pos + 1).charCodeAt(0);

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** A save's chunks, and how to record them as stored once the save succeeded. */
export interface ChunkPlan {
  chunks: ContentChunk[];
  /** Call after the write succeeded: later plans then reuse these chunks. */
  commit(): void;
}

/** A changed stretch: [fromA, toA] of the stored text became [fromB, toB] of the new one. */
interface ChangedRange {
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
}

/**
 * Decides which chunks of a document a save must write. The stored text is a list of chunks of
 * whole lines, about `maxChunk` characters each. A plan compares the document with the one last
 * stored and rewrites only the chunks that touch what changed; every other chunk keeps its key.
 *
 * The comparison is cheap for CodeMirror documents: the text tree is immutable and an edit
 * shares every untouched subtree with the previous version, so walking both trees and skipping
 * identical subtrees finds the changed stretches in a few dozen steps, even in 200 MB. A
 * keystroke thus writes one chunk of some kilobytes, not the whole text. Chunks are cut by
 * position, not along the tree, so a document read back from storage (`adopt`) is compared
 * against the chunks it was read from: its first save after a reload writes one chunk too.
 *
 * One tracker per document. `reset()` when the stored record may have been replaced by another
 * window (a conflict, or a remote version adopted): the next plan then writes every chunk.
 */
export class TextChunkTracker {
  private stored: { content: Text | string; chunks: readonly StoredChunk[] } | null = null;
  private counter = 0;
  private readonly session = Math.random().toString(36).slice(2, 8);

  constructor(private readonly maxChunk = CHUNK_SIZE) {}

  private newKey = () => `${this.session}-${this.counter++}`;

  /** The chunks for `content` (a CodeMirror document, or the plain text of a tab not shown yet). */
  plan(content: Text | string): ChunkPlan {
    const stored = this.stored;
    const changes = stored ? changedRanges(stored.content, content) : null;
    const next: StoredChunk[] = [];
    const chunks: ContentChunk[] = [];
    // Cuts [from, to) of the new text into new chunks; the last one continues when the stored
    // chunk it replaces did (the text after `to` follows it without a line break).
    const write = (from: number, to: number, lastContinues: boolean) => {
      const cuts = cutIntoChunks(content, from, to, this.maxChunk);
      cuts[cuts.length - 1].continues = lastContinues;
      for (const { from: start, to: end, continues } of cuts) {
        const key = this.newKey();
        const flag = continues ? { continues } : {};
        next.push({ key, length: end - start, ...flag });
        chunks.push({ key, text: slice(content, start, end), ...flag });
      }
    };
    if (!stored || !changes || storedLength(stored.chunks) !== stored.content.length) {
      write(0, content.length, false);
    } else {
      // Positions below are in the stored text. Chunk i spans [from, to] with its line break
      // (at `to`) included, unless it continues: then the next chunk starts at `to`. A chunk
      // that a change touches is rewritten, together with the touched chunks next to it, as one
      // block cut afresh from the new text.
      const touched: boolean[] = [];
      let change = 0;
      let from = 0;
      for (const chunk of stored.chunks) {
        const to = from + chunk.length;
        while (change < changes.length && changes[change].toA < from) change++;
        touched.push(change < changes.length && changes[change].fromA <= to);
        from = chunk.continues ? to : to + 1;
      }
      // How far the changes before a position moved it: the changes are passed in order.
      let moved = 0;
      let passed = 0;
      const movedBy = (pos: number, passes: (range: ChangedRange) => boolean) => {
        while (passed < changes.length && passes(changes[passed]))
          moved += delta(changes[passed++]);
        return pos + moved;
      };
      from = 0;
      let blockFrom = -1;
      stored.chunks.forEach((chunk, index) => {
        const end = from + chunk.length;
        if (!touched[index]) {
          next.push(chunk);
          chunks.push(chunk.continues ? { key: chunk.key, continues: true } : { key: chunk.key });
        } else {
          if (blockFrom < 0) blockFrom = movedBy(from, (range) => range.toA < from);
          if (!touched[index + 1]) {
            write(
              blockFrom,
              movedBy(end, (range) => range.fromA <= end),
              !!chunk.continues,
            );
            blockFrom = -1;
          }
        }
        from = chunk.continues ? end : end + 1;
      });
    }
    return {
      chunks,
      commit: () => {
        this.stored = { content, chunks: next };
      },
    };
  }

  /** The text last stored (or read back) and its chunks; null when nothing is known. */
  get storedVersion(): { content: Text | string; chunks: readonly StoredChunk[] } | null {
    return this.stored;
  }

  /** The document was read back from storage as these chunks: later plans compare against it. */
  adopt(content: Text | string, chunks: readonly StoredChunk[]): void {
    this.stored = { content, chunks };
  }

  /** Forgets what is stored: the next plan writes every chunk. */
  reset(): void {
    this.stored = null;
  }
}

const delta = (range: ChangedRange) => range.toB - range.fromB - (range.toA - range.fromA);

/**
 * The length of the text stored as `chunks`: theirs plus a line break after each one that does
 * not continue, except the last (NaN when the last continues: nothing can follow it).
 */
const storedLength = (chunks: readonly StoredChunk[]) =>
  chunks.at(-1)?.continues
    ? NaN
    : chunks.reduce((sum, chunk) => sum + chunk.length + (chunk.continues ? 0 : 1), -1);

/**
 * The stretches where `b` differs from `a`, in order; null when nothing can be told apart
 * cheaply (then everything is rewritten). Two CodeMirror documents are compared by walking their
 * trees: identical subtrees are the same object, so only the edited paths are visited.
 */
function changedRanges(a: Text | string, b: Text | string): ChangedRange[] | null {
  if (a === b) return [];
  if (typeof a === "string" || typeof b === "string") return null;
  const ranges: ChangedRange[] = [];
  diffNodes(a, b, 0, 0, ranges);
  return ranges;
}

function diffNodes(a: Text, b: Text, fromA: number, fromB: number, out: ChangedRange[]): void {
  if (a === b) return;
  const childrenA = a.children;
  const childrenB = b.children;
  if (childrenA && childrenB) {
    diffSequences(childrenA, childrenB, fromA, fromB, out, diffNodes);
  } else if (!childrenA && !childrenB) {
    // Two leaves (up to 32 lines each): compare their lines, then inside the changed line, so
    // a keystroke in a 10 MB line is a change of one character, not of the line.
    diffSequences(linesOf(a), linesOf(b), fromA, fromB, out, diffLines);
  } else {
    out.push({ fromA, toA: fromA + a.length, fromB, toB: fromB + b.length });
  }
}

/**
 * The changed stretches between two sequences joined by line breaks (a branch's children, a
 * leaf's lines): equal items at both ends are skipped; as many items on each side are compared
 * pairwise with `diffPair`; otherwise the differing run is one stretch.
 */
function diffSequences<Item extends Text | string>(
  itemsA: readonly Item[],
  itemsB: readonly Item[],
  fromA: number,
  fromB: number,
  out: ChangedRange[],
  diffPair: (a: Item, b: Item, fromA: number, fromB: number, out: ChangedRange[]) => void,
): void {
  // Item i starts after the lengths of those before it plus one break each.
  let start = 0;
  let posA = fromA;
  let posB = fromB;
  while (start < itemsA.length && start < itemsB.length && itemsA[start] === itemsB[start]) {
    posA += itemsA[start].length + 1;
    posB += itemsB[start].length + 1;
    start++;
  }
  let endA = itemsA.length;
  let endB = itemsB.length;
  while (endA > start && endB > start && itemsA[endA - 1] === itemsB[endB - 1]) {
    endA--;
    endB--;
  }
  if (endA - start === endB - start) {
    for (let i = 0; start + i < endA; i++) {
      const itemA = itemsA[start + i];
      const itemB = itemsB[start + i];
      diffPair(itemA, itemB, posA, posB, out);
      posA += itemA.length + 1;
      posB += itemB.length + 1;
    }
    return;
  }
  // Whole items added or removed: widen the stretch by an unchanged neighbour, so both sides
  // hold text and the line breaks between items stay inside it.
  if (start === endA || start === endB) {
    if (start > 0) {
      start--;
      posA -= itemsA[start].length + 1;
      posB -= itemsB[start].length + 1;
    } else {
      endA++;
      endB++;
    }
  }
  // Each item counts its line break after it; the stretch ends before the last one.
  const span = (items: readonly Item[], from: number, to: number) =>
    items.slice(from, to).reduce((sum, item) => sum + item.length + 1, -1);
  out.push({
    fromA: posA,
    toA: posA + span(itemsA, start, endA),
    fromB: posB,
    toB: posB + span(itemsB, start, endB),
  });
}

/** The lines of a leaf of a CodeMirror document. */
function linesOf(leaf: Text): string[] {
  const lines: string[] = [];
  for (let n = 1; n <= leaf.lines; n++) lines.push(leaf.line(n).text);
  return lines;
}

/** The stretch where line `b` differs from line `a`: what lies between their equal ends. */
function diffLines(a: string, b: string, fromA: number, fromB: number, out: ChangedRange[]): void {
  if (a === b) return;
  const prefix = commonPrefixLength(a, b);
  const suffix = commonSuffixLength(a, b, Math.min(a.length, b.length) - prefix);
  out.push({
    fromA: fromA + prefix,
    toA: fromA + a.length - suffix,
    fromB: fromB + prefix,
    toB: fromB + b.length - suffix,
  });
}

/** Characters compared per step at first: equal slices compare as memory, far faster than a loop. */
const COMPARE_STEP = 4096;
const LONGEST_COMPARE_STEP = 1 << 20;

/** How many characters `a` and `b` share at their start. */
export function commonPrefixLength(a: string, b: string): number {
  return commonRun(
    Math.min(a.length, b.length),
    (at, length) => a.slice(at, at + length) === b.slice(at, at + length),
  );
}

/** How many characters `a` and `b` share at their end, at most `limit`. */
export function commonSuffixLength(a: string, b: string, limit: number): number {
  return commonRun(
    limit,
    (at, length) =>
      a.slice(a.length - at - length, a.length - at) ===
      b.slice(b.length - at - length, b.length - at),
  );
}

/**
 * The length of the longest equal run (up to `limit`) given `equal(at, length)`, which tells
 * whether the run can be extended from `at` by `length`. Steps double while they match, then
 * halve down to one character: a few dozen comparisons of slices, whatever the length.
 */
function commonRun(limit: number, equal: (at: number, length: number) => boolean): number {
  let same = 0;
  let step = COMPARE_STEP;
  while (same + step <= limit && equal(same, step)) {
    same += step;
    step = Math.min(step * 2, LONGEST_COMPARE_STEP);
  }
  while (step > 1) {
    step >>= 1;
    if (same + step <= limit && equal(same, step)) same += step;
  }
  return same;
}

/** Text made into a string only when its chunk is written. */
function slice(content: Text | string, from: number, to: number): ChunkText {
  if (typeof content === "string") return content.slice(from, to);
  return { length: to - from, toString: () => content.sliceString(from, to) };
}
