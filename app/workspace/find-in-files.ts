import { crc32 } from "~/text/byte-codecs";
import { compileSearch, type SearchOptions } from "~/text/search";
import type { TextEncodingId } from "~/text/text-encoding";
import {
  type ByteNeedle,
  type KnownFile,
  prefilterFile,
  requiredAsciiBytes,
} from "./byte-prefilter";
import { decodeWorkspaceFile, SEARCH_MAX_BYTES } from "./file-decoding";
import { walkShownFiles, type WalkOptions } from "./folder-walk";
import { type FileShare, ownsFile } from "./file-share";
import { listAhead } from "./list-ahead";
import { pathMatcher } from "./path-rules";
import type { FileStamp, WorkspaceFolder } from "./workspace-folder";

/**
 * Find in files (issue 52): every file of the folder, decoded in its own encoding, searched with
 * the search field's pattern builder (text or regular expression, match case, whole word),
 * results handed over file by file as they are found. Pure apart from the folder it reads: the
 * worker (find-worker.ts) runs it in the page, the tests and the bench run it in Node.
 */

/** What to look for and where. */
export interface FindQuery extends SearchOptions, WalkOptions {
  query: string;
  /** Globs of files to search, comma-separated ("*.md, docs/**"); empty: all. */
  include?: string;
  /** Globs of files to leave out, comma-separated ("node_modules, *.min.js"). */
  exclude?: string;
  /** Files larger than this are skipped and counted. Default SEARCH_MAX_BYTES. */
  maxBytes?: number;
  /** Also yield "progress" events (files searched of those listed so far). Default false. */
  reportProgress?: boolean;
  /**
   * Skip the decoding of files whose bytes cannot hold a match (byte-prefilter.ts). Default
   * true; false only to compare (tests, bench): the results are the same.
   */
  bytePrefilter?: boolean;
}

/**
 * How far a search is: `searched` of the `listed` files to search (binary, huge and unreadable
 * ones included). The folder is listed ahead of the search, so `listed` grows until
 * `listingDone`.
 */
export interface FindProgress {
  searched: number;
  listed: number;
  listingDone: boolean;
}

/** A line holding matches. Offsets are UTF-16 offsets in the file's decoded text. */
export interface LineHits {
  /** 1-based. */
  line: number;
  /** The line's text, at most LINE_TEXT_LIMIT characters of it from `textStart`. */
  text: string;
  textStart: number;
  /** Where the line starts (a match's column is `from - lineStart`). */
  lineStart: number;
  /** The matches starting on this line (one may run on past its end). */
  matches: { from: number; to: number }[];
}

/** One file's matches, with what tells later whether the file changed since. */
export interface FileHits {
  path: string;
  encoding: TextEncodingId;
  stamp: FileStamp;
  /** CRC-32 of the bytes searched. */
  checksum: number;
  lines: LineHits[];
  /** Every match of the file, also those past MATCHES_KEPT_PER_FILE. */
  matchCount: number;
}

/** The totals once the search is over. */
export interface FindSummary {
  filesSearched: number;
  filesMatched: number;
  matchCount: number;
  skippedBinary: number;
  skippedTooLarge: number;
  /** Paths that could not be read (gone, not allowed). */
  unreadable: string[];
}

/**
 * What a search found of each file, while its size and time stay the same (`KnownFile`: text,
 * and the encoding it was decoded in): a later search of the folder skips the legacy-encoding
 * guess (most of a first search's time) and the byte prefilter's binary check.
 */
export type EncodingMemo = Map<string, FileStamp & KnownFile>;

/**
 * A search's events. When a worker searches a share of the files (find-split.ts), a file carries
 * its `index` in the walk, and a progress says that every file of the share up to the walk index
 * `through` has been searched.
 */
export type FindEvent =
  | { type: "file"; hits: FileHits; index?: number }
  | { type: "progress"; progress: FindProgress; through?: number }
  | { type: "done"; summary: FindSummary }
  | { type: "error"; message: string };

/** Matches kept with their places per file; more are counted. */
export const MATCHES_KEPT_PER_FILE = 2000;
/** A "progress" event every this many files searched (and once the listing is done). */
export const PROGRESS_EVERY_FILES = 25;
/** Characters of a line shown around its first match. */
export const LINE_TEXT_LIMIT = 400;

/**
 * Counts lines forward through a text ("\n", "\r\n" and a lone "\r" each end one), so
 * matches in order are placed on their lines reading the text once.
 */
class LineCounter {
  line = 1;
  lineStart = 0;
  private nextLf: number;
  private nextCr: number;

  constructor(private readonly text: string) {
    this.nextLf = text.indexOf("\n");
    this.nextCr = text.indexOf("\r");
  }

  /** Moves to the line holding `offset` (never backwards). */
  advanceTo(offset: number): void {
    for (;;) {
      const lf = this.nextLf;
      const cr = this.nextCr;
      const at = cr === -1 ? lf : lf === -1 ? cr : Math.min(lf, cr);
      if (at === -1 || at >= offset) return;
      const end = at === cr && lf === cr + 1 ? at + 2 : at + 1;
      if (end > offset) return; // `offset` is the "\n" of a "\r\n": still that line.
      this.line++;
      this.lineStart = end;
      if (this.nextLf !== -1 && this.nextLf < end) this.nextLf = this.text.indexOf("\n", end);
      if (this.nextCr !== -1 && this.nextCr < end) this.nextCr = this.text.indexOf("\r", end);
    }
  }

  /** Where the current line's text ends (before its line break). */
  lineEnd(): number {
    const { nextLf: lf, nextCr: cr } = this;
    const at = cr === -1 ? lf : lf === -1 ? cr : Math.min(lf, cr);
    return at === -1 ? this.text.length : at;
  }
}

/** What a query that is not a regular expression is told. */
export function invalidPatternMessage(query: string): string {
  return `Invalid pattern: "${query}" is not a regular expression.`;
}

/** The matches of a compiled query in one decoded text, grouped by line. */
export function searchText(
  text: string,
  regexp: RegExp,
): { lines: LineHits[]; matchCount: number } {
  const flags = regexp.flags.includes("g") ? regexp.flags : regexp.flags + "g";
  const re = new RegExp(regexp.source, flags);
  const lines: LineHits[] = [];
  const counter = new LineCounter(text);
  let matchCount = 0;
  let current = null as LineHits | null;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text))) {
    const from = match.index;
    const to = from + match[0].length;
    if (to === from) {
      re.lastIndex++;
      continue;
    }
    matchCount++;
    if (matchCount > MATCHES_KEPT_PER_FILE) continue;
    counter.advanceTo(from);
    if (current?.line !== counter.line) {
      const start = counter.lineStart;
      const end = counter.lineEnd();
      // Long lines are shown from a little before their first match.
      const textStart = Math.max(start, Math.min(from - 40, end - LINE_TEXT_LIMIT));
      current = {
        line: counter.line,
        text: text.slice(textStart, Math.min(end, textStart + LINE_TEXT_LIMIT)),
        textStart,
        lineStart: start,
        matches: [],
      };
      lines.push(current);
    }
    current.matches.push({ from, to });
  }
  return { lines, matchCount };
}

/**
 * Searches every shown file of `folder` for `find`, yielding each file with matches as soon as
 * it is searched, then the totals. An invalid pattern yields one error event, in words.
 * `signal` stops the search between files.
 */
export async function* findInFolder(
  folder: WorkspaceFolder,
  find: FindQuery,
  signal?: AbortSignal,
  memo: EncodingMemo = new Map(),
  share?: FileShare,
): AsyncGenerator<FindEvent> {
  const compiled = compileSearch(find.query, find);
  if (compiled === null) {
    yield { type: "error", message: "Type what to find." };
    return;
  }
  if (!compiled.ok) {
    yield { type: "error", message: invalidPatternMessage(find.query) };
    return;
  }
  const wanted = pathMatcher({ include: find.include ?? "", exclude: find.exclude ?? "" });
  const maxBytes = find.maxBytes ?? SEARCH_MAX_BYTES;
  const needle =
    find.bytePrefilter === false
      ? null
      : requiredAsciiBytes(find.query, find.regexp ?? true, compiled.regexp);
  const summary: FindSummary = {
    filesSearched: 0,
    filesMatched: 0,
    matchCount: 0,
    skippedBinary: 0,
    skippedTooLarge: 0,
    unreadable: [],
  };
  const unreadable = (path: string) => summary.unreadable.push(path);
  const files = listAhead(walkShownFiles(folder, find, unreadable), wanted, signal);
  let searched = 0;
  let listingDoneTold = false;
  // Files are read a few ahead of the one being searched, so the disk (or the browser's file
  // system) works while the processor decodes and matches; results still come in folder order.
  const ahead: { path: string; index: number; loading: Promise<LoadedFile> }[] = [];
  let bytesAhead = 0;
  /** Index in the walk of the last path taken (searched here, or another share's). */
  let lastListed = -1;
  /** Every file of this share up to this walk index has been searched. */
  const searchedThrough = () => (ahead.length > 0 ? ahead[0].index - 1 : lastListed);
  const progressEvent = (): FindEvent => ({
    type: "progress",
    progress: { searched, listed: files.listed(), listingDone: files.done() },
    ...(share ? { through: searchedThrough() } : {}),
  });
  /** Searches the oldest file read ahead; what to yield for it. */
  const searchNext = async (): Promise<FindEvent[]> => {
    const { path, index, loading } = ahead.shift()!;
    const loaded = await loading;
    if (loaded.kind === "read") bytesAhead -= loaded.snapshot.size;
    const hits = await searchLoaded(path, loaded, compiled.regexp, needle, maxBytes, summary, memo);
    searched++;
    const events: FindEvent[] = hits ? [{ type: "file", hits, ...(share ? { index } : {}) }] : [];
    const listingDoneNow = files.done() && !listingDoneTold;
    if (find.reportProgress && (searched % PROGRESS_EVERY_FILES === 0 || listingDoneNow)) {
      listingDoneTold ||= files.done();
      events.push(progressEvent());
    }
    return events;
  };
  for await (const path of files.paths) {
    if (signal?.aborted) return;
    const index = ++lastListed;
    if (!ownsFile(share, index, path)) {
      // Another share's file: say how far this one is, so the merge need not wait for it.
      if (find.reportProgress && ahead.length === 0 && index % PROGRESS_EVERY_FILES === 0) {
        yield progressEvent();
      }
      continue;
    }
    const loading = loadFile(folder, path, maxBytes);
    ahead.push({ path, index, loading });
    void loading.then((loaded) => {
      if (loaded.kind === "read") bytesAhead += loaded.snapshot.size;
    });
    while (ahead.length > READ_AHEAD_FILES || (ahead.length > 1 && bytesAhead > READ_AHEAD_BYTES)) {
      const events = await searchNext();
      if (signal?.aborted) return;
      yield* events;
    }
  }
  while (ahead.length > 0) {
    const events = await searchNext();
    if (signal?.aborted) return;
    yield* events;
  }
  if (signal?.aborted) return;
  if (find.reportProgress) yield progressEvent();
  yield { type: "done", summary };
}

/**
 * Files read ahead of the one searched, at most, and at most this many bytes of them. A
 * browser's file reads each wait on its storage process: 16 in flight on each of two workers
 * took the page's regular expression over 1 GB from 11.4 to 10.0-10.3 s (8 in flight: 11.4 s
 * in both runs; 32: 11.4 s, docs/benchmarks.md).
 */
const READ_AHEAD_FILES = 16;
const READ_AHEAD_BYTES = 16 * 1024 * 1024;

type FileSnapshot = Awaited<ReturnType<WorkspaceFolder["read"]>>;
type LoadedFile =
  { kind: "read"; snapshot: FileSnapshot } | { kind: "too-large" } | { kind: "unreadable" };

async function loadFile(
  folder: WorkspaceFolder,
  path: string,
  maxBytes: number,
): Promise<LoadedFile> {
  try {
    if (folder.readUpTo) {
      const read = await folder.readUpTo(path, maxBytes);
      return read === "too-large" ? { kind: "too-large" } : { kind: "read", snapshot: read };
    }
    // The size first: a huge file is skipped without reading it.
    if ((await folder.stat(path)).size > maxBytes) return { kind: "too-large" };
    return { kind: "read", snapshot: await folder.read(path) };
  } catch {
    return { kind: "unreadable" };
  }
}

async function searchLoaded(
  path: string,
  loaded: LoadedFile,
  regexp: RegExp,
  needle: ByteNeedle | null,
  maxBytes: number,
  summary: FindSummary,
  memo: EncodingMemo,
): Promise<FileHits | null> {
  if (loaded.kind === "too-large") {
    summary.skippedTooLarge++;
    return null;
  }
  if (loaded.kind === "unreadable") {
    summary.unreadable.push(path);
    return null;
  }
  const { snapshot } = loaded;
  const stamp = { size: snapshot.size, lastModified: snapshot.lastModified };
  const known = memo.get(path);
  const unchanged = known?.size === stamp.size && known.lastModified === stamp.lastModified;
  if (needle && snapshot.bytes.byteLength <= maxBytes) {
    const verdict = prefilterFile(snapshot.bytes, needle, unchanged ? known : undefined);
    if (verdict === "binary") {
      summary.skippedBinary++;
      return null;
    }
    if (verdict === "no-match") {
      // Found text, in an ASCII-compatible encoding not yet guessed.
      if (!unchanged) memo.set(path, stamp);
      summary.filesSearched++;
      return null;
    }
  }
  const decoded = await decodeWorkspaceFile(
    snapshot.bytes,
    maxBytes,
    unchanged ? known.encoding : undefined,
  );
  if (!decoded.ok) {
    if (decoded.reason === "binary") summary.skippedBinary++;
    else summary.skippedTooLarge++;
    return null;
  }
  memo.set(path, { ...stamp, encoding: decoded.encoding });
  summary.filesSearched++;
  const { lines, matchCount } = searchText(decoded.text, regexp);
  if (matchCount === 0) return null;
  summary.filesMatched++;
  summary.matchCount += matchCount;
  return {
    path,
    encoding: decoded.encoding,
    stamp,
    checksum: crc32(snapshot.bytes),
    lines,
    matchCount,
  };
}
