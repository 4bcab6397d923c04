import type { Text } from "@codemirror/state";

/** A compiled search query, or why it could not be compiled. */
export type CompiledSearch = { ok: true; regexp: RegExp } | { ok: false; error: "Invalid pattern" };

/**
 * How a query is read. The defaults are the simple editor's search field: a regular expression,
 * upper and lower case alike. Find in files (issue 52) adds the usual three switches.
 */
export interface SearchOptions {
  /** False: the query is plain text, every character taken as it is. Default true. */
  regexp?: boolean;
  /** True: upper and lower case differ. Default false. */
  matchCase?: boolean;
  /**
   * True: a match must not touch a letter, digit or underscore on either side, in any script
   * (a Cyrillic or Japanese word too, which `\b` would not see as a word).
   */
  wholeWord?: boolean;
}

/** Characters with a meaning in a regular expression, escaped for a plain-text query. */
const REGEXP_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/** Letters, digits and underscores of every script: what a whole word may not touch. */
const WORD_CHAR = String.raw`[\p{L}\p{N}_]`;

/**
 * Compiles the search field's text as a regular expression (global, so one RegExp scans the
 * whole document; multiline, so `^` and `$` mean the start and end of a line as a user expects
 * in a text editor), case-insensitive unless `matchCase`. An empty query compiles to nothing
 * (null). Plain text and whole words use the u flag (letters of every script); a regular
 * expression does only for whole words, so its syntax stays that of the search field.
 */
export function compileSearch(query: string, options: SearchOptions = {}): CompiledSearch | null {
  if (query === "") return null;
  const { regexp = true, matchCase = false, wholeWord = false } = options;
  const pattern = regexp ? query : query.replace(REGEXP_SYNTAX, "\\$&");
  const flags = "gm" + (matchCase ? "" : "i") + (!regexp || wholeWord ? "u" : "");
  try {
    // The pattern must be one alone: inside the whole-word group, "ab)?(?:cd" would close it
    // and compile to something else than what was typed.
    const alone = new RegExp(pattern, flags);
    if (!wholeWord) return { ok: true, regexp: alone };
    const source = `(?<!${WORD_CHAR})(?:${pattern})(?!${WORD_CHAR})`;
    return { ok: true, regexp: new RegExp(source, flags) };
  } catch {
    return { ok: false, error: "Invalid pattern" };
  }
}

/** Every match as parallel arrays of start and end offsets (typed arrays: compact for 100k+). */
export interface MatchList {
  starts: Uint32Array;
  ends: Uint32Array;
  count: number;
}

/**
 * Finds every non-empty match of `regexp` in `text` with a single RegExp scan (no per-line
 * cursor), which is what keeps "search all" fast on 10 MB documents. Empty matches (like `x*`)
 * are skipped so the scan always advances.
 */
export function findAllMatches(text: string, regexp: RegExp): MatchList {
  const re = regexp.global ? regexp : new RegExp(regexp.source, regexp.flags + "g");
  re.lastIndex = 0;
  let starts = new Uint32Array(256);
  let ends = new Uint32Array(256);
  let count = 0;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text))) {
    const length = match[0].length;
    if (length === 0) {
      re.lastIndex++;
      continue;
    }
    if (count === starts.length) {
      const grownStarts = new Uint32Array(count * 2);
      grownStarts.set(starts);
      starts = grownStarts;
      const grownEnds = new Uint32Array(count * 2);
      grownEnds.set(ends);
      ends = grownEnds;
    }
    starts[count] = match.index;
    ends[count] = match.index + length;
    count++;
  }
  return { starts: starts.subarray(0, count), ends: ends.subarray(0, count), count };
}

/** How much text one scan step reads (a slice of the document, not the whole of it). */
const WINDOW_CHARS = 256 * 1024;
/** Text read past a step's end, so a match that starts inside it is seen whole. */
const OVERLAP_CHARS = 4 * 1024;
/** A step ends at a line's end unless the line runs on for longer than this. */
const MAX_LINE_TAIL = 1 << 20;
/** Matches kept with their offsets; past this only every CHECKPOINT_EVERY-th is kept. */
const MAX_STORED_MATCHES = 1 << 20;
const CHECKPOINT_EVERY = 1024;

/** A match as document offsets. */
export interface MatchRange {
  from: number;
  to: number;
}

/**
 * Counts and lists every match of a regular expression in a CodeMirror document a step at a
 * time, so that a search over hundreds of megabytes never freezes the page: the caller runs
 * `step()` until `done`, yielding to the browser between steps, and can show the first match
 * as soon as the first step found it. Never builds the document as one string.
 *
 * The matches are exactly those of `findAllMatches(doc.toString(), regexp)`: each step reads a
 * window of the text ending at a line's end plus a margin, starts one character early (so `^`,
 * `\b` and lookbehinds see what precedes it) and keeps only matches starting in its own part.
 * A match that reaches the window's end is read again in a larger window. Patterns that match
 * across more than a few kilobytes of line breaks, or look ahead past them, are the only ones
 * that could differ, and no search field query does that in practice.
 *
 * Offsets of the first million matches are kept; past that, every 1024th, and `matchAt` finds
 * the others by scanning from the nearest one (the count stays exact).
 */
export class MatchScanner {
  private readonly re: RegExp;
  private position = 0;
  private starts = new Uint32Array(256);
  private ends = new Uint32Array(256);
  private checkpoints: number[] = [];
  count = 0;

  constructor(
    readonly doc: Text,
    regexp: RegExp,
  ) {
    this.re = new RegExp(
      regexp.source,
      regexp.flags.includes("g") ? regexp.flags : regexp.flags + "g",
    );
  }

  /** True once the whole document is scanned. */
  get done(): boolean {
    return this.position >= this.doc.length;
  }

  /** Share of the document scanned, 0..1. */
  get progress(): number {
    return this.doc.length === 0 ? 1 : Math.min(1, this.position / this.doc.length);
  }

  /** Scans the next window of the document (about 256 KB). */
  step(): void {
    if (this.done) return;
    const from = this.position;
    const acceptEnd = Math.min(this.doc.length, from + WINDOW_CHARS);
    let overlap = OVERLAP_CHARS;
    for (;;) {
      const found: number[] = [];
      const { end, touchesEnd } = this.scanWindow(from, acceptEnd, overlap, found);
      if (touchesEnd && overlap < this.doc.length) {
        overlap *= 4;
        continue;
      }
      for (let i = 0; i < found.length; i += 2) this.add(found[i], found[i + 1]);
      this.position = Math.max(acceptEnd, end);
      return;
    }
  }

  /** Runs step() until done (for small documents and tests). */
  finish(): this {
    while (!this.done) this.step();
    return this;
  }

  /**
   * Scans [from, acceptEnd) for match starts, reading up to `overlap` characters (and the rest of
   * that line) beyond. Reports the end of the last match and whether a kept match reached the
   * end of the text read while more text follows (it may be cut short there).
   */
  private scanWindow(from: number, acceptEnd: number, overlap: number, found: number[]) {
    const { doc, re } = this;
    const windowStart = Math.max(0, from - 1);
    let windowEnd = Math.min(doc.length, acceptEnd + overlap);
    const lineEnd = doc.lineAt(windowEnd).to;
    if (lineEnd - windowEnd <= MAX_LINE_TAIL) windowEnd = lineEnd;
    const text = doc.sliceString(windowStart, windowEnd);
    re.lastIndex = from - windowStart;
    let lastEnd = from;
    let touchesEnd = false;
    let match: RegExpExecArray | null;
    while ((match = re.exec(text))) {
      const start = windowStart + match.index;
      if (start >= acceptEnd) break;
      const length = match[0].length;
      if (length === 0) {
        re.lastIndex++;
        continue;
      }
      const end = start + length;
      if (end >= windowEnd && windowEnd < doc.length) touchesEnd = true;
      found.push(start, end);
      lastEnd = end;
    }
    return { end: lastEnd, touchesEnd };
  }

  private add(from: number, to: number): void {
    const index = this.count++;
    if (index % CHECKPOINT_EVERY === 0) this.checkpoints.push(from);
    if (index >= MAX_STORED_MATCHES) return;
    if (index === this.starts.length) {
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    this.starts[index] = from;
    this.ends[index] = to;
  }

  /** The match at `index` (0-based) among those found so far, or null. */
  matchAt(index: number): MatchRange | null {
    if (index < 0 || index >= this.count) return null;
    if (index < MAX_STORED_MATCHES) return { from: this.starts[index], to: this.ends[index] };
    // Past the stored ones: scan forward from the checkpoint before it.
    const checkpoint = Math.floor(index / CHECKPOINT_EVERY);
    const scanner = new MatchScanner(this.doc, this.re);
    scanner.position = this.checkpoints[checkpoint];
    const wanted = index - checkpoint * CHECKPOINT_EVERY;
    while (scanner.count <= wanted && !scanner.done) scanner.step();
    return scanner.matchAt(wanted);
  }

  /** The index of the first match starting at or after `offset` (wrapping to 0), or -1. */
  indexAtOrAfter(offset: number): number {
    if (this.count === 0) return -1;
    let low = 0;
    let high = Math.min(this.count, MAX_STORED_MATCHES);
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.starts[middle] < offset) low = middle + 1;
      else high = middle;
    }
    return low < this.count ? low : 0;
  }
}

function grow(array: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const grown = new Uint32Array(array.length * 2);
  grown.set(array);
  return grown;
}

/** Next index after `index`, wrapping from the last match to the first. */
export function nextMatchIndex(index: number, total: number): number {
  if (total === 0) return -1;
  return index < 0 || index >= total - 1 ? 0 : index + 1;
}

/** Previous index before `index`, wrapping from the first match to the last. */
export function previousMatchIndex(index: number, total: number): number {
  if (total === 0) return -1;
  return index <= 0 || index > total - 1 ? total - 1 : index - 1;
}

/** The counter text: "n/total" (1-based) or "No matches". */
export function matchCounter(index: number, total: number): string {
  return total === 0 ? "No matches" : `${index + 1}/${total}`;
}
