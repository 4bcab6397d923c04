import { Change, diff } from "@codemirror/merge";
import { diffArrays } from "diff";

/**
 * The diff behind the compare view, for texts of any size. @codemirror/merge's own diff works
 * character by character and, to stay quick, stops looking once what is left is long
 * (`scanLimit`): two 5 MB texts with a change every 200 KB came out as one change spanning
 * 4.7 MB, so nearly everything was marked as changed. Texts over `LINE_DIFF_FROM_CHARS` are
 * compared line by line first (jsdiff's Myers diff over the lines, as Notepad++'s Compare does),
 * and only the changed stretches character by character, so every change is found and each
 * character diff is small.
 */

/** Texts shorter than this (both together) are compared by the character diff alone. */
export const LINE_DIFF_FROM_CHARS = 20_000;

/** A changed stretch longer than this (either side) is marked whole, without a character diff. */
const CHARACTER_DIFF_MAX_CHARS = 50_000;

/** The character diff's settings (the package's default `scanLimit`). */
const SCAN_LIMIT = 500;

/** What `compareTexts` found. */
export interface CompareDiff {
  changes: readonly Change[];
  /** True when the time ran out and some stretch is marked whole instead of line by line. */
  cutShort: boolean;
}

/** Where each line of `text` starts, and one more entry: its end plus one (as if a "\n" followed). */
function lineStarts(lines: readonly string[]): number[] {
  const starts = new Array<number>(lines.length + 1);
  starts[0] = 0;
  for (let i = 0; i < lines.length; i++) starts[i + 1] = starts[i] + lines[i].length + 1;
  return starts;
}

/**
 * The changes that turn `a` into `b` (offsets in both), for @codemirror/merge's `override`.
 * `timeoutMs` bounds the whole diff: past it, what is left is marked as one change and
 * `cutShort` says so.
 */
export function compareTexts(a: string, b: string, timeoutMs: number): CompareDiff {
  const deadline = Date.now() + timeoutMs;
  if (a.length + b.length < LINE_DIFF_FROM_CHARS) return characterDiff(a, b, 0, 0, deadline);
  const linesA = a.split("\n");
  const linesB = b.split("\n");
  const startsA = lineStarts(linesA);
  const startsB = lineStarts(linesB);
  // The offset where line `line` starts, or the text's end for the line after the last.
  const at = (starts: number[], text: string, line: number) => Math.min(starts[line], text.length);
  const parts = diffArrays(linesA, linesB, { timeout: timeoutMs });
  if (!parts) return { changes: [new Change(0, a.length, 0, b.length)], cutShort: true };
  const changes: Change[] = [];
  let cutShort = false;
  let lineA = 0;
  let lineB = 0;
  for (let i = 0; i < parts.length;) {
    if (!parts[i].added && !parts[i].removed) {
      lineA += parts[i].count;
      lineB += parts[i].count;
      i++;
      continue;
    }
    // A run of removed and added lines is one changed stretch.
    let endA = lineA;
    let endB = lineB;
    for (; i < parts.length && (parts[i].added || parts[i].removed); i++) {
      if (parts[i].removed) endA += parts[i].count;
      else endB += parts[i].count;
    }
    // A stretch that reaches the end of either text may end on a line without a line break:
    // it then starts at the break before its first line, so that break is compared too.
    const atEnd = endA === linesA.length || endB === linesB.length;
    const fromA =
      at(startsA, a, lineA) - (atEnd && lineA > 0 && startsA[lineA] <= a.length ? 1 : 0);
    const fromB =
      at(startsB, b, lineB) - (atEnd && lineB > 0 && startsB[lineB] <= b.length ? 1 : 0);
    const toA = at(startsA, a, endA);
    const toB = at(startsB, b, endB);
    const big = toA - fromA > CHARACTER_DIFF_MAX_CHARS || toB - fromB > CHARACTER_DIFF_MAX_CHARS;
    if (big || Date.now() > deadline) {
      changes.push(new Change(fromA, toA, fromB, toB));
      cutShort ||= !big;
    } else {
      const inner = characterDiff(a.slice(fromA, toA), b.slice(fromB, toB), fromA, fromB, deadline);
      changes.push(...inner.changes);
      cutShort ||= inner.cutShort;
    }
    lineA = endA;
    lineB = endB;
  }
  return { changes, cutShort };
}

/** The package's character diff of two short texts, its changes moved to `offsetA`/`offsetB`. */
function characterDiff(
  a: string,
  b: string,
  offsetA: number,
  offsetB: number,
  deadline: number,
): CompareDiff {
  const left = Math.max(1, deadline - Date.now());
  const started = Date.now();
  const changes = diff(a, b, { scanLimit: SCAN_LIMIT, timeout: left });
  return {
    changes: changes.map(
      (c) => new Change(c.fromA + offsetA, c.toA + offsetA, c.fromB + offsetB, c.toB + offsetB),
    ),
    // The package does not say when it gave up; having used all the time it had means it did.
    cutShort: Date.now() - started >= left,
  };
}
