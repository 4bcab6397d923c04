import type { Text } from "@codemirror/state";
import {
  type FileRejection,
  hasBinaryControls,
  MAX_FILE_BYTES,
  SNIFF_LENGTH,
  startsLikeBinary,
} from "~/text/file-checks";
import { DEFAULT_LINE_ENDING, type LineEnding, type LineEndingReport } from "~/text/line-endings";
import { isUtf16, markedEncoding, type TextEncodingId } from "~/text/text-encoding";
import {
  type EncodingGuess,
  GUESS_SAMPLE_BYTES,
  guessLegacyEncoding,
  looksLikeIso2022Jp,
} from "~/text/detect-encoding";
import { InvalidBytesError, StreamingDecoder, TextAssembler } from "~/text/text-stream";
import { READ_SLICE_MS, yieldToPage } from "./work-slices";

/**
 * A text file read from the user's computer, as a CodeMirror document (its lines; the file's
 * line breaks are `lineEnding`): saving it as
 * `encodeText(applyLineEnding(text.toString(), lineEnding), encoding)` gives the bytes back.
 */
export interface LocalTextFile {
  name: string;
  text: Text;
  /** The encoding the file was stored in, detected from its bytes. */
  encoding: TextEncodingId;
  /** The file's line ending (the majority when mixed), or LF when it has no line break. */
  lineEnding: LineEnding;
  /** True when the file mixed line endings; saving writes `lineEnding` throughout. */
  mixedLineEndings: boolean;
  /** The file's modification time (ms since the epoch) when read, to notice later changes. */
  lastModified: number;
  /** The file's size in bytes when read. */
  size: number;
  /** Set when the encoding was guessed from the text (a legacy one): how sure the guess is. */
  guessed?: EncodingGuess;
}

/** A file the user picked that cannot be opened as text. */
export class FileRejectedError extends Error {
  constructor(
    readonly fileName: string,
    readonly reason: FileRejection,
  ) {
    super(`${fileName}: ${reason}`);
    this.name = "FileRejectedError";
  }
}

/** How far reading a file has got, in bytes. */
export interface ReadProgress {
  loaded: number;
  total: number;
}

/** Options of `readLocalTextFile`. */
export interface ReadFileOptions {
  /** Called as the file is read (about once per slice). */
  onProgress?: (progress: ReadProgress) => void;
  /** Stops the read: the promise rejects with an AbortError DOMException. */
  signal?: AbortSignal;
  /** Read in this encoding instead of detecting one ("Reopen with encoding"). */
  encoding?: TextEncodingId;
}

/** True for the rejection of a read the user cancelled. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * Reads a picked or dropped file as text, detecting its encoding and line ending, as a stream:
 * the bytes are decoded piece by piece into a CodeMirror document, never held as one string, and
 * the work yields to the page every few milliseconds, so a 500 MB file keeps the page
 * responsive. Rejects with FileRejectedError when the file is over MAX_FILE_BYTES (checked
 * before reading a byte) or is not text, and with an AbortError when `signal` aborts.
 *
 * The encoding is decided as `decodeTextFile` decides it: a byte-order mark names it, then the
 * zero bytes of UTF-16 without one, else UTF-8; bytes that turn out not to be valid UTF-8
 * (anywhere in the file) start the read over as Windows-1252, which every byte sequence is.
 */
export async function readLocalTextFile(
  file: File,
  options: ReadFileOptions = {},
): Promise<LocalTextFile> {
  if (file.size > MAX_FILE_BYTES) throw new FileRejectedError(file.name, "too-large");
  const head = new Uint8Array(await file.slice(0, SNIFF_LENGTH).arrayBuffer());
  // Zero bytes are what UTF-16 is made of: when the user reopens a file as UTF-16, the decoded
  // text's control characters are what tells a binary file.
  const chosenUtf16 = options.encoding !== undefined && isUtf16(options.encoding);
  if (!chosenUtf16 && startsLikeBinary(head)) throw new FileRejectedError(file.name, "not-text");
  const marked = markedEncoding(head);
  let decoded: DecodedFile;
  let guessed: EncodingGuess | undefined;
  if (options.encoding) {
    // Reopened in a chosen encoding: bytes that are not valid in it are refused, not mangled.
    try {
      decoded = await decodeFile(file, options.encoding, options);
    } catch (error) {
      if (error instanceof InvalidBytesError)
        throw new FileRejectedError(file.name, "wrong-encoding");
      throw error;
    }
  } else if (!marked && looksLikeIso2022Jp(head)) {
    guessed = { encoding: "iso-2022-jp", confidence: 0.99 };
    decoded = await decodeFile(file, guessed.encoding, options);
  } else {
    try {
      decoded = await decodeFile(file, marked ?? "utf-8", options);
    } catch (error) {
      if (!(error instanceof InvalidBytesError)) throw error;
      // Broken UTF-16 is not a text file; anything else that is not UTF-8 is a legacy
      // encoding: guessed from the text (Shift_JIS, GBK…), else Windows-1252, which every
      // byte sequence is.
      if (marked && isUtf16(marked)) throw new FileRejectedError(file.name, "not-text");
      ({ decoded, guessed } = await decodeGuessed(file, options));
    }
  }
  return {
    guessed,
    name: file.name,
    text: decoded.doc,
    encoding: decoded.encoding,
    lineEnding: decoded.lineEndings.majority ?? DEFAULT_LINE_ENDING,
    mixedLineEndings: decoded.lineEndings.mixed,
    lastModified: file.lastModified,
    size: file.size,
  };
}

/** Reads a file that is not UTF-8 in the legacy encoding its text most likely is. */
async function decodeGuessed(
  file: File,
  options: ReadFileOptions,
): Promise<{ decoded: DecodedFile; guessed?: EncodingGuess }> {
  const sample = new Uint8Array(await file.slice(0, GUESS_SAMPLE_BYTES).arrayBuffer());
  const guess = await guessLegacyEncoding(sample).catch(() => null);
  if (guess && guess.encoding !== "windows-1252") {
    try {
      return { decoded: await decodeFile(file, guess.encoding, options), guessed: guess };
    } catch (error) {
      // The guess read the start well but not the rest: Windows-1252 keeps every byte.
      if (!(error instanceof InvalidBytesError)) throw error;
    }
  }
  return { decoded: await decodeFile(file, "windows-1252", options) };
}

/** The most bytes decoded between two checks of the clock. */
const PART_BYTES = 64 * 1024;

/**
 * Progress is reported at most this often: the read yields every few milliseconds, and a
 * progress bar redrawn more often than the screen shows it is work taken from the read.
 */
const PROGRESS_EVERY_MS = 50;

interface DecodedFile {
  doc: Text;
  encoding: TextEncodingId;
  lineEndings: LineEndingReport;
}

async function decodeFile(
  file: File,
  encoding: TextEncodingId,
  { onProgress, signal }: ReadFileOptions,
): Promise<DecodedFile> {
  const aborted = () => new DOMException("The file read was cancelled.", "AbortError");
  if (signal?.aborted) throw aborted();
  const decoder = new StreamingDecoder(encoding);
  const assembler = new TextAssembler();
  // The first characters are checked for the control codes binary files are full of.
  let start = "";
  let startChecked = false;
  const take = (text: string) => {
    if (!startChecked) {
      start += text.slice(0, SNIFF_LENGTH - start.length);
      if (start.length >= SNIFF_LENGTH) {
        startChecked = true;
        if (hasBinaryControls(start)) throw new FileRejectedError(file.name, "not-text");
      }
    }
    assembler.push(text);
  };
  let loaded = 0;
  let sliceStart = performance.now();
  let lastProgressAt = -Infinity;
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // The browser hands over up to megabytes at once: decoded in parts, with a look at the
    // clock after each, so no task runs long.
    for (let at = 0; at < value.byteLength; at += PART_BYTES) {
      const part = value.subarray(at, at + PART_BYTES);
      take(decoder.decode(part));
      loaded += part.byteLength;
      const now = performance.now();
      if (now - sliceStart >= READ_SLICE_MS) {
        if (now - lastProgressAt >= PROGRESS_EVERY_MS) {
          onProgress?.({ loaded, total: file.size });
          lastProgressAt = now;
        }
        await yieldToPage();
        if (signal?.aborted) {
          void reader.cancel().catch(() => undefined);
          throw aborted();
        }
        sliceStart = performance.now();
      }
    }
  }
  take(decoder.decode(new Uint8Array(0), true));
  if (!startChecked && hasBinaryControls(start)) {
    throw new FileRejectedError(file.name, "not-text");
  }
  onProgress?.({ loaded, total: file.size });
  const { doc, lineEndings } = assembler.finish();
  return { doc, encoding, lineEndings };
}

/**
 * The document whose text is the pieces joined (as `textPieces` cut them: a big file handed
 * over from the landing page), built in slices between page tasks like a file being read.
 */
export async function assemblePieces(pieces: readonly string[]): Promise<Text> {
  const assembler = new TextAssembler();
  let sliceStart = performance.now();
  for (const piece of pieces) {
    assembler.push(piece);
    if (performance.now() - sliceStart >= READ_SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
  }
  return assembler.finish().doc;
}
