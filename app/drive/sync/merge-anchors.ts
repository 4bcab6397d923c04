/**
 * Makes a big three-way merge small before node-diff3 sees it (pure). node-diff3's LCS scans
 * its candidate list for every line, which grows with the common lines: quadratic on nearly
 * equal texts (a 20 000-line tab took a second, a 200 000-line one minutes), far too long for a
 * page someone types in. So the lines that neither side touched are found first with jsdiff's
 * Myers diff over the lines (fast when the changes are few, as the compare view does), and
 * each run of them becomes one token, the same in all three texts. node-diff3 then merges the
 * few changed lines and the tokens, and the tokens are put back. The merge decisions stay
 * node-diff3's.
 */
import { diffArrays } from "diff";

/** Three line arrays where runs of untouched lines are tokens, and the way back. */
export interface Condensed {
  base: string[];
  local: string[];
  remote: string[];
  /** Lines that the token stands for. */
  expand(line: string): string[] | null;
}

interface Kept {
  /** Base line i has no change in this side. */
  untouched: boolean[];
  /** A change of this side starts at base line i (an insertion included). */
  startsAt: Set<number>;
  changes: readonly LineChange[];
}

interface LineChange {
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
}

/** The changes from `base` to `other`, or null when the diff ran out of time. */
function compare(base: string[], other: string[], timeoutMs: number): Kept | null {
  const parts = diffArrays(base, other, { timeout: timeoutMs });
  if (!parts) return null;
  const changes: LineChange[] = [];
  let a = 0;
  let b = 0;
  for (const part of parts) {
    if (!part.added && !part.removed) {
      a += part.count;
      b += part.count;
      continue;
    }
    const last = changes[changes.length - 1];
    const change =
      last && last.toA === a && last.toB === b ? last : { fromA: a, toA: a, fromB: b, toB: b };
    if (change !== last) changes.push(change);
    if (part.removed) change.toA = a += part.count;
    else change.toB = b += part.count;
  }
  const untouched = new Array<boolean>(base.length).fill(true);
  const startsAt = new Set<number>();
  for (const change of changes) {
    startsAt.add(change.fromA);
    for (let i = change.fromA; i < change.toA; i++) untouched[i] = false;
  }
  return { untouched, startsAt, changes };
}

/** The side's lines with each run replaced by its token (`runOf[i]`: run id of base line i). */
function condenseSide(lines: string[], kept: Kept, runOf: Int32Array, tokens: string[]): string[] {
  const out: string[] = [];
  let a = 0;
  let b = 0;
  const unchanged = (toA: number) => {
    for (; a < toA; a++, b++) {
      const run = runOf[a];
      if (run < 0) out.push(lines[b]);
      else if (a === 0 || runOf[a - 1] !== run) out.push(tokens[run]);
    }
  };
  for (const change of kept.changes) {
    unchanged(change.fromA);
    for (let j = change.fromB; j < change.toB; j++) out.push(lines[j]);
    a = change.toA;
    b = change.toB;
  }
  unchanged(runOf.length);
  return out;
}

/**
 * The condensed texts, or null when the line diff took longer than `timeoutMs` (texts that
 * differ nearly everywhere: the caller keeps both texts as a conflict).
 */
export function condense(
  base: string[],
  local: string[],
  remote: string[],
  timeoutMs = 2_000,
): Condensed | null {
  const mine = compare(base, local, timeoutMs);
  const theirs = mine && compare(base, remote, timeoutMs);
  if (!mine || !theirs) return null;
  const runOf = new Int32Array(base.length).fill(-1);
  const tokens: string[] = [];
  const runs = new Map<string, string[]>();
  for (let i = 0; i < base.length; i++) {
    if (!mine.untouched[i] || !theirs.untouched[i]) continue;
    const starts = mine.startsAt.has(i) || theirs.startsAt.has(i);
    if (i > 0 && runOf[i - 1] >= 0 && !starts) {
      runOf[i] = runOf[i - 1];
      runs.get(tokens[runOf[i]])!.push(base[i]);
      continue;
    }
    runOf[i] = tokens.length;
    const token = `\u0000plainpad-run-${tokens.length}\u0000`;
    tokens.push(token);
    runs.set(token, [base[i]]);
  }
  return {
    base: condenseSide(base, { untouched: [], startsAt: new Set(), changes: [] }, runOf, tokens),
    local: condenseSide(local, mine, runOf, tokens),
    remote: condenseSide(remote, theirs, runOf, tokens),
    expand: (line) => runs.get(line) ?? null,
  };
}
