/**
 * Quick open's ranking (issue 52): a query's letters must appear in a path in order, case
 * aside; among the paths that have them, the ones people expect come first, as in the code
 * editors they know: letters in a row, letters at the start of a word (after "/", "-", "_",
 * ".", a space, or a capital in camelCase), letters in the file's own name rather than its
 * folders'. Equal scores go to the shorter path. Recently opened files come before the rest.
 * Pure and allocation-light: an index over 10,000 paths answers a query in a few milliseconds.
 */

/** A path and the places of the query's letters in it (for marking them in the list). */
export interface RankedPath {
  path: string;
  score: number;
  /** Offsets in `path` of the matched letters, in order. */
  positions: number[];
  /** True for a recently opened file. */
  recent: boolean;
}

const WORD_START = 8;
const AFTER_SEPARATOR = 9;
const IN_A_ROW = 10;
const IN_FILE_NAME = 3;
const GAP = 0.25;
const LEADING_GAP = 0.05;

function isSeparator(code: number): boolean {
  // "/", "\\", "-", "_", ".", " "
  return code === 47 || code === 92 || code === 45 || code === 95 || code === 46 || code === 32;
}

function isUpper(code: number): boolean {
  return code >= 65 && code <= 90;
}

function isLower(code: number): boolean {
  return code >= 97 && code <= 122;
}

/** What matching a letter at `at` of `path` is worth, before the bonus for letters in a row. */
function letterScore(path: string, at: number, nameStart: number): number {
  let score = 1;
  if (at === 0) score += AFTER_SEPARATOR;
  else {
    const before = path.charCodeAt(at - 1);
    if (before === 47 || before === 92) score += AFTER_SEPARATOR;
    else if (isSeparator(before)) score += WORD_START;
    else if (isLower(before) && isUpper(path.charCodeAt(at))) score += WORD_START;
  }
  if (at >= nameStart) score += IN_FILE_NAME;
  return score;
}

/**
 * The best score of `query` (lower case) in `path` (with `lower` its lower case), and where
 * its letters are when `positions` is given; null when the letters are not all there in order.
 * Dynamic programming over (query letter, path offset): O(query × path), gaps cost linearly,
 * so the best earlier placement is carried as a running maximum.
 */
export function scorePath(
  query: string,
  path: string,
  lower = path.toLowerCase(),
  positions?: number[],
): number | null {
  const m = query.length;
  const n = lower.length;
  if (m === 0) return 0;
  if (m > n) return null;
  // Cheap rejection first: most paths lack the letters in order.
  for (let i = 0, at = 0; i < m; i++, at++) {
    at = lower.indexOf(query[i], at);
    if (at === -1) return null;
  }
  const nameStart = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1;
  const NONE = -Infinity;
  // rows[i * n + j]: best score with query[i] placed at j (and query[0..i) before it).
  const rows = new Float64Array(m * n).fill(NONE);
  const from = positions ? new Int32Array(m * n).fill(-1) : null;
  for (let j = 0; j < n; j++) {
    if (lower[j] === query[0]) rows[j] = letterScore(path, j, nameStart) - LEADING_GAP * j;
  }
  for (let i = 1; i < m; i++) {
    const previous = (i - 1) * n;
    const row = i * n;
    // Best of previous[k] + GAP * k over k < j - 1 (a gap before j), with its k.
    let carried = NONE;
    let carriedAt = -1;
    for (let j = i; j < n; j++) {
      if (j >= 2 && rows[previous + j - 2] !== NONE) {
        const value = rows[previous + j - 2] + GAP * (j - 2);
        if (value > carried) {
          carried = value;
          carriedAt = j - 2;
        }
      }
      if (lower[j] !== query[i]) continue;
      const inARow = rows[previous + j - 1] === NONE ? NONE : rows[previous + j - 1] + IN_A_ROW;
      const gapped = carried === NONE ? NONE : carried - GAP * (j - 1);
      const best = Math.max(inARow, gapped);
      if (best === NONE) continue;
      rows[row + j] = best + letterScore(path, j, nameStart);
      if (from) from[row + j] = inARow >= gapped ? j - 1 : carriedAt;
    }
  }
  let best = NONE;
  let bestAt = -1;
  for (let j = 0; j < n; j++) {
    if (rows[(m - 1) * n + j] > best) {
      best = rows[(m - 1) * n + j];
      bestAt = j;
    }
  }
  if (best === NONE) return null;
  if (positions && from) {
    positions.length = m;
    for (let i = m - 1, at = bestAt; i >= 0; i--) {
      positions[i] = at;
      at = i > 0 ? from[i * n + at] : -1;
    }
  }
  return best;
}

/** Orders two results: recent first (the latest first), then by score, then the shorter path, then by name. */
function compareRanked(a: RankedPath, b: RankedPath, recentOrder: Map<string, number>): number {
  if (a.recent !== b.recent) return a.recent ? -1 : 1;
  if (a.recent && b.recent) return recentOrder.get(a.path)! - recentOrder.get(b.path)!;
  if (a.score !== b.score) return b.score - a.score;
  if (a.path.length !== b.path.length) return a.path.length - b.path.length;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** Options of a quick-open query. */
export interface QuickOpenOptions {
  /** The most results returned. Default 50. */
  limit?: number;
  /** Recently opened paths, the latest first: those that match come before the rest. */
  recent?: readonly string[];
}

/**
 * The paths of an opened folder, ready for quick open: their lower case is computed once, so a
 * query only scores. Paths can be added as the folder is listed.
 */
export class QuickOpenIndex {
  private readonly paths: string[] = [];
  private readonly lowered: string[] = [];

  constructor(paths: Iterable<string> = []) {
    for (const path of paths) this.add(path);
  }

  get size(): number {
    return this.paths.length;
  }

  add(path: string): void {
    this.paths.push(path);
    this.lowered.push(path.toLowerCase());
  }

  /** The best matches of `query` (spaces ignored), best first. */
  query(query: string, { limit = 50, recent = [] }: QuickOpenOptions = {}): RankedPath[] {
    const needle = query.toLowerCase().replace(/\s+/g, "");
    const recentOrder = new Map(recent.map((path, order) => [path, order]));
    const found: RankedPath[] = [];
    for (let i = 0; i < this.paths.length; i++) {
      const score = scorePath(needle, this.paths[i], this.lowered[i]);
      if (score === null) continue;
      const path = this.paths[i];
      found.push({ path, score, positions: [], recent: recentOrder.has(path) });
    }
    found.sort((a, b) => compareRanked(a, b, recentOrder));
    const top = found.slice(0, limit);
    for (const result of top) scorePath(needle, result.path, undefined, result.positions);
    return top;
  }
}
