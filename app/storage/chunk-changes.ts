import type { ChunkRef, StoredChunk } from "./document-records";

/** One change to a text: [from, to) of the old text becomes `insert`. */
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/** Another window's version of a document, as changes to the version this window stored. */
export interface ChunkUpdate {
  /** In order, positions in the old text, none overlapping. */
  changes: TextChange[];
  /** The new version's chunks, with their lengths. */
  chunks: StoredChunk[];
  /** The new text's length. */
  length: number;
}

/**
 * Which chunks of `next` are ones this window already has from `known`: the same key (a
 * chunk's text never changes under its key), the same line break after it, and in the same
 * order. A save keeps untouched chunks in place, so after another window's edit nearly all are.
 */
export function keptChunks(known: readonly ChunkRef[], next: readonly ChunkRef[]): boolean[] {
  const index = new Map(known.map((chunk, i) => [chunk.key, i]));
  let previous = -1;
  return next.map((chunk) => {
    const i = index.get(chunk.key);
    if (i === undefined || i <= previous || !!known[i].continues !== !!chunk.continues) {
      return false;
    }
    previous = i;
    return true;
  });
}

/**
 * The changes that turn the text stored as `known` (whose length is `knownLength`) into the
 * text stored as `next`, given the texts of the chunks of `next` that are not kept (see
 * `keptChunks`). Null when the two do not fit together (the lengths of `known` do not add up,
 * or a text is missing): then the whole document must be read.
 */
export function changesBetweenChunks(
  known: readonly StoredChunk[],
  knownLength: number,
  next: readonly ChunkRef[],
  texts: ReadonlyMap<string, string>,
): ChunkUpdate | null {
  // Where each known chunk starts in the old text, and the line break after it ("" for none).
  const starts: number[] = [];
  let position = 0;
  const separator = (chunks: readonly ChunkRef[], i: number) =>
    i === chunks.length - 1 || chunks[i].continues ? "" : "\n";
  known.forEach((chunk, i) => {
    starts.push(position);
    position += chunk.length + separator(known, i).length;
  });
  if (position !== knownLength) return null;

  const kept = keptChunks(known, next);
  const index = new Map(known.map((chunk, i) => [chunk.key, i]));
  const changes: TextChange[] = [];
  const chunks: StoredChunk[] = [];
  // The old text after the last kept chunk's own text, and what the new one has there so far.
  let previous = -1;
  let oldEnd = 0;
  let pending: string[] = [];
  let length = 0;
  // The stretch between two kept chunks changed unless they were neighbours with the same break.
  const flush = (i: number, oldTo: number) => {
    const insert = pending.join("");
    const unchanged =
      i === previous + 1 && insert === (previous < 0 ? "" : separator(known, previous));
    if (!unchanged) changes.push({ from: oldEnd, to: oldTo, insert });
  };
  for (let j = 0; j < next.length; j++) {
    const ref = next[j];
    const breakAfter = separator(next, j);
    const flag = ref.continues ? { continues: true } : {};
    if (kept[j]) {
      const i = index.get(ref.key) as number;
      flush(i, starts[i]);
      previous = i;
      oldEnd = starts[i] + known[i].length;
      pending = [breakAfter];
      chunks.push({ key: ref.key, length: known[i].length, ...flag });
      length += known[i].length + breakAfter.length;
    } else {
      const text = texts.get(ref.key);
      if (text === undefined) return null;
      pending.push(text + breakAfter);
      chunks.push({ key: ref.key, length: text.length, ...flag });
      length += text.length + breakAfter.length;
    }
  }
  flush(known.length, knownLength);
  return { changes, chunks, length };
}

/** `text` with `changes` (positions in `text`, in order) applied. */
export function applyTextChanges(text: string, changes: readonly TextChange[]): string {
  let result = "";
  let at = 0;
  for (const change of changes) {
    result += text.slice(at, change.from) + change.insert;
    at = change.to;
  }
  return result + text.slice(at);
}
