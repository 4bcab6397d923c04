import type { Text } from "@codemirror/state";
import {
  CHUNK_SIZE,
  type ChunkText,
  type ContentChunk,
  cutAtLineEnds,
  type StoredChunk,
} from "./document-store";

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
    const write = (from: number, to: number) => {
      for (const [start, end] of cutAtLineEnds(content, from, to, this.maxChunk)) {
        const key = this.newKey();
        next.push({ key, length: end - start });
        chunks.push({ key, text: slice(content, start, end) });
      }
    };
    if (!stored || !changes || storedLength(stored.chunks) !== stored.content.length) {
      write(0, content.length);
    } else {
      // Positions below are in the stored text. Chunk i spans [from, to] with its line break
      // (at `to`) included; a chunk that a change touches is rewritten, together with the
      // touched chunks next to it, as one block cut afresh from the new text.
      const touched: boolean[] = [];
      let change = 0;
      let from = 0;
      for (const chunk of stored.chunks) {
        const to = from + chunk.length;
        while (change < changes.length && changes[change].toA < from) change++;
        touched.push(change < changes.length && changes[change].fromA <= to);
        from = to + 1;
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
          chunks.push({ key: chunk.key });
        } else {
          if (blockFrom < 0) blockFrom = movedBy(from, (range) => range.toA < from);
          if (!touched[index + 1]) {
            write(
              blockFrom,
              movedBy(end, (range) => range.fromA <= end),
            );
            blockFrom = -1;
          }
        }
        from = end + 1;
      });
    }
    return {
      chunks,
      commit: () => {
        this.stored = { content, chunks: next };
      },
    };
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

/** The length of the text stored as `chunks`: theirs plus a line break between each two. */
const storedLength = (chunks: readonly StoredChunk[]) =>
  chunks.reduce((sum, chunk) => sum + chunk.length + 1, -1);

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
  if (!childrenA || !childrenB) {
    out.push({ fromA, toA: fromA + a.length, fromB, toB: fromB + b.length });
    return;
  }
  // Children are joined by a line break: child i starts after the lengths of those before it
  // plus one break each.
  let start = 0;
  let posA = fromA;
  let posB = fromB;
  while (
    start < childrenA.length &&
    start < childrenB.length &&
    childrenA[start] === childrenB[start]
  ) {
    posA += childrenA[start].length + 1;
    posB += childrenB[start].length + 1;
    start++;
  }
  let endA = childrenA.length;
  let endB = childrenB.length;
  while (endA > start && endB > start && childrenA[endA - 1] === childrenB[endB - 1]) {
    endA--;
    endB--;
  }
  if (endA - start === endB - start) {
    for (let i = 0; start + i < endA; i++) {
      const childA = childrenA[start + i];
      const childB = childrenB[start + i];
      diffNodes(childA, childB, posA, posB, out);
      posA += childA.length + 1;
      posB += childB.length + 1;
    }
    return;
  }
  // Whole children added or removed: widen the stretch by an unchanged neighbour, so both
  // sides hold text and the line breaks between children stay inside it.
  if (start === endA || start === endB) {
    if (start > 0) {
      start--;
      posA -= childrenA[start].length + 1;
      posB -= childrenB[start].length + 1;
    } else {
      endA++;
      endB++;
    }
  }
  // Each child counts its line break after it; the stretch ends before the last one.
  const span = (children: readonly Text[], from: number, to: number) =>
    children.slice(from, to).reduce((sum, child) => sum + child.length + 1, -1);
  out.push({
    fromA: posA,
    toA: posA + span(childrenA, start, endA),
    fromB: posB,
    toB: posB + span(childrenB, start, endB),
  });
}

/** Text made into a string only when its chunk is written. */
function slice(content: Text | string, from: number, to: number): ChunkText {
  if (typeof content === "string") return content.slice(from, to);
  return { length: to - from, toString: () => content.sliceString(from, to) };
}
