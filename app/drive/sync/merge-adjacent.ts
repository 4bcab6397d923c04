/**
 * Resolves the conflicts of node-diff3 that are only neighbours (pure). node-diff3 (like GNU
 * diff3) puts two changes into one conflict when they merely touch: appending a line on one
 * computer and changing the last line on the other is a conflict there, though no line was
 * changed by both. A list is the commonest notepad text, so such a region is looked at again:
 * each side's changes to the region's base lines (node-diff3's own `diffIndices`) are combined
 * when no base line is changed by both sides and the two sides do not insert at the same place.
 * Anything else stays a conflict (a true overlap), as does a region where both sides add the
 * same line of words (combining would write it twice).
 */
import { diffIndices } from "node-diff3";

/** A conflict region of node-diff3: the lines of each side and of the base. */
export interface ConflictRegion {
  a: string[];
  o: string[];
  b: string[];
}

interface SideChange {
  /** Base lines [from, to) replaced (from === to: an insertion before base line `from`). */
  from: number;
  to: number;
  lines: string[];
}

function sideChanges(base: string[], side: string[]): SideChange[] {
  return diffIndices(base, side).map((change) => ({
    from: change.buffer1[0],
    to: change.buffer1[0] + change.buffer1[1],
    lines: change.buffer2Content,
  }));
}

/** True when the two changes touch the same base line, or insert at the same place. */
function overlaps(x: SideChange, y: SideChange): boolean {
  if (x.from === x.to && y.from === y.to) return x.from === y.from;
  // An insertion strictly inside the other's replaced lines also overlaps.
  const xInY = x.from === x.to && x.from > y.from && x.from < y.to;
  const yInX = y.from === y.to && y.from > x.from && y.from < x.to;
  return xInY || yInX || (x.from < y.to && y.from < x.to);
}

/**
 * The region's merged lines when its changes only touch, or null when it is a true conflict.
 */
export function mergeTouchingChanges(region: ConflictRegion): string[] | null {
  const mine = sideChanges(region.o, region.a);
  const theirs = sideChanges(region.o, region.b);
  if (mine.length === 0 || theirs.length === 0) return null;
  for (const x of mine) for (const y of theirs) if (overlaps(x, y)) return null;
  // Blank lines may repeat; a line of words added on both sides would be written twice.
  const added = new Set(mine.flatMap((change) => change.lines).filter((line) => line.trim()));
  if (theirs.some((change) => change.lines.some((line) => added.has(line)))) return null;
  // Insertions before a base line come before a change that starts at that line.
  const changes = [...mine, ...theirs].sort(
    (x, y) => x.from - y.from || (x.to - x.from === 0 ? -1 : 0) - (y.to - y.from === 0 ? -1 : 0),
  );
  const lines: string[] = [];
  let at = 0;
  for (const change of changes) {
    for (; at < change.from; at++) lines.push(region.o[at]);
    for (const line of change.lines) lines.push(line);
    at = change.to;
  }
  for (; at < region.o.length; at++) lines.push(region.o[at]);
  return lines;
}
