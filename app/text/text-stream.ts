import { Text } from "@codemirror/state";
import { type LineEnding, LINE_ENDINGS, type LineEndingReport } from "./line-endings";
import { strictDecoder, type TextEncodingId } from "./text-encoding";
import { decodeWindows1252 } from "./windows-1252";

/**
 * Decoding a file that arrives in pieces (a `File.stream()`), straight into a CodeMirror `Text`:
 * no giant intermediate string, so a file of hundreds of megabytes needs about its own size in
 * memory, and every piece is a few milliseconds of work the caller can spread over frames.
 * Pure: the same bytes give exactly what `decodeTextFile` gives for them in one piece.
 */

/**
 * Lines are handed to CodeMirror in batches of about this many characters: building the tree
 * of a batch is one step a reader cannot yield inside, so it stays well under its 4 ms slice.
 */
const BATCH_CHARS = 1 << 18;

/**
 * Builds a CodeMirror document from text pieces cut anywhere (inside a line, between "\r" and
 * "\n"), counting the line breaks of each kind on the way. A line without breaks (a one-line
 * minified file) is kept as a list of pieces until its end, so it is joined once, not per piece.
 */
export class TextAssembler {
  private doc: Text | null = null;
  private batch: string[] = [];
  private batchChars = 0;
  /** The current line's text so far, in pieces (no line break in it). */
  private lineParts: string[] = [];
  /** The previous piece ended with "\r": it may be the first half of "\r\n". */
  private pendingCr = false;
  private readonly counts: Record<LineEnding, number> = { crlf: 0, lf: 0, cr: 0 };
  private done = false;

  /** Adds the next piece of text. */
  push(piece: string): void {
    if (this.done) throw new Error("TextAssembler: push after finish");
    if (this.pendingCr) {
      piece = "\r" + piece;
      this.pendingCr = false;
    }
    if (piece.endsWith("\r")) {
      piece = piece.slice(0, -1);
      this.pendingCr = true;
    }
    // One split of the whole piece: its last part is the unfinished line after the last break.
    // Without "\r" (most files) every break is "\n", counted from the split and cut with a plain
    // string split, which engines run several times faster than the pattern (Firefox most).
    let lines: string[];
    if (piece.indexOf("\r") === -1) {
      lines = piece.split("\n");
      this.counts.lf += lines.length - 1;
    } else {
      countBreaks(piece, this.counts);
      lines = piece.split(/\r\n?|\n/);
    }
    const rest = lines.pop() as string;
    if (lines.length === 0) {
      if (rest) this.lineParts.push(rest);
      return;
    }
    if (this.lineParts.length) {
      lines[0] = this.lineParts.join("") + lines[0];
      this.lineParts = [];
    }
    if (rest) this.lineParts.push(rest);
    for (const line of lines) {
      this.batch.push(line);
      this.batchChars += line.length + 1;
    }
    if (this.batchChars >= BATCH_CHARS) this.flush();
  }

  /** The whole document and its line breaks. */
  finish(): { doc: Text; lineEndings: LineEndingReport } {
    if (!this.done) {
      this.done = true;
      if (this.pendingCr) {
        this.counts.cr++;
        this.batch.push(this.lineParts.join(""));
        this.lineParts = [];
      }
      this.batch.push(this.lineParts.join(""));
      this.lineParts = [];
      this.flush();
    }
    return { doc: this.doc ?? Text.empty, lineEndings: reportOf(this.counts) };
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    // Appending joins the document's last line with the batch's first, so each later batch
    // starts with an empty line: the lines already added are complete.
    if (this.doc) this.batch.unshift("");
    const added = Text.of(this.batch);
    this.doc = this.doc ? this.doc.append(added) : added;
    this.batch = [];
    this.batchChars = 0;
  }
}

function countBreaks(text: string, counts: Record<LineEnding, number>): void {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) {
    if (at > 0 && text.charCodeAt(at - 1) === 13) crlf++;
    else lf++;
  }
  if (text.includes("\r")) {
    for (let at = text.indexOf("\r"); at !== -1; at = text.indexOf("\r", at + 1)) cr++;
    cr -= crlf;
  }
  counts.crlf += crlf;
  counts.lf += lf;
  counts.cr += cr;
}

function reportOf(counts: Record<LineEnding, number>): LineEndingReport {
  // LINE_ENDINGS is in tie-break order, so the first maximum wins a tie (as detectLineEndings).
  let majority: LineEnding | null = null;
  for (const { id } of LINE_ENDINGS) {
    if (counts[id] > 0 && (majority === null || counts[id] > counts[majority])) majority = id;
  }
  const kinds = LINE_ENDINGS.filter(({ id }) => counts[id] > 0).length;
  return { counts: { ...counts }, majority, mixed: kinds > 1 };
}

/** Pieces of about PIECE_CHARS characters: how a big text travels without one giant string. */
const PIECE_CHARS = 1 << 20;

/**
 * The text as pieces of about a million characters (lines joined by "\n", cut anywhere):
 * joined, they are `text.toString()`, but no string of hundreds of megabytes is ever built.
 */
export function textPieces(text: Text, size = PIECE_CHARS): string[] {
  const pieces: string[] = [];
  for (let from = 0; from < text.length; from += size) {
    pieces.push(text.sliceString(from, Math.min(text.length, from + size)));
  }
  return pieces;
}

/** Bytes that cannot be decoded in the encoding chosen for them. */
export class InvalidBytesError extends Error {
  constructor(readonly encoding: TextEncodingId) {
    super(`The bytes are not valid ${encoding}`);
    this.name = "InvalidBytesError";
  }
}

/**
 * Decodes bytes arriving in pieces, in one encoding (the inverse of `encodeText`, like
 * `decodeBytes`): a character cut between two pieces is decoded whole. Throws
 * InvalidBytesError on bytes the encoding cannot hold (Windows-1252 holds any).
 */
export class StreamingDecoder {
  private readonly decoder: TextDecoder | null;

  constructor(readonly encoding: TextEncodingId) {
    this.decoder =
      // The same decoder as decodeBytes, so a file read in pieces gives the same text.
      encoding === "windows-1252" ? null : strictDecoder(encoding);
  }

  /** The text of the next piece (`last` flushes a character left incomplete). */
  decode(bytes: Uint8Array, last = false): string {
    if (!this.decoder) return decodeWindows1252(bytes);
    try {
      return this.decoder.decode(bytes, { stream: !last });
    } catch {
      throw new InvalidBytesError(this.encoding);
    }
  }
}
