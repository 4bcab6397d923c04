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
import { diffIndices } from "node-diff3";

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

/** The changes from `base` to `other` found from the end (the other way ties can fall). */
function compareBackwards(base: string[], other: string[], timeoutMs: number): Kept | null {
  const kept = compare([...base].reverse(), [...other].reverse(), timeoutMs);
  if (!kept) return null;
  const changes = kept.changes
    .map((change) => ({
      fromA: base.length - change.toA,
      toA: base.length - change.fromA,
      fromB: other.length - change.toB,
      toB: other.length - change.fromB,
    }))
    .reverse();
  return { ...kept, changes };
}

function sameChanges(x: readonly LineChange[], y: readonly LineChange[]): boolean {
  return (
    x.length === y.length &&
    x.every(
      (change, i) =>
        change.fromA === y[i].fromA &&
        change.toA === y[i].toA &&
        change.fromB === y[i].fromB &&
        change.toB === y[i].toB,
    )
  );
}

/**
 * The changes from `base` to `other` when there is only one way to line them up, else null.
 * A line diff has several equally short answers when a change sits among repeated lines (a
 * blank line inserted between blank lines can be placed at either): node-diff3 on the whole
 * texts may then pick another than jsdiff, and a condensed merge could decide otherwise than
 * the whole one (a fuzz test found 382 such cases in 120 000). Searching from both ends finds
 * both extremes; when they agree, the place of every change is certain.
 */
function certainChanges(base: string[], other: string[], timeoutMs: number): Kept | null {
  const forwards = compare(base, other, timeoutMs);
  const backwards = forwards && compareBackwards(base, other, timeoutMs);
  if (!forwards || !backwards || !sameChanges(forwards.changes, backwards.changes)) return null;
  return forwards;
}

/**
 * The condensed texts, or null when the line diff took longer than `timeoutMs` (texts that
 * differ nearly everywhere) or when a change could be lined up in more than one place (see
 * {@link certainChanges}): the caller then keeps both texts, as for a conflict.
 */
export function condense(
  base: string[],
  local: string[],
  remote: string[],
  timeoutMs = 2_000,
): Condensed | null {
  const mine = certainChanges(base, local, timeoutMs);
  const theirs = mine && certainChanges(base, remote, timeoutMs);
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
  const condensed = {
    base: condenseSide(base, { untouched: [], startsAt: new Set(), changes: [] }, runOf, tokens),
    local: condenseSide(local, mine, runOf, tokens),
    remote: condenseSide(remote, theirs, runOf, tokens),
    expand: (line: string) => runs.get(line) ?? null,
  };
  // node-diff3 must line the condensed texts up as jsdiff did, or its merge could differ too.
  for (const side of [condensed.local, condensed.remote]) {
    const expected = certainChanges(condensed.base, side, timeoutMs);
    if (!expected || !sameChanges(expected.changes, nodeDiff3Changes(condensed.base, side))) {
      return null;
    }
  }
  return condensed;
}

function nodeDiff3Changes(base: string[], other: string[]): LineChange[] {
  return diffIndices(base, other).map((change) => ({
    fromA: change.buffer1[0],
    toA: change.buffer1[0] + change.buffer1[1],
    fromB: change.buffer2[0],
    toB: change.buffer2[0] + change.buffer2[1],
  }));
}
