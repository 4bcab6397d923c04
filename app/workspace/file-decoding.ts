import { guessLegacyEncoding, looksLikeIso2022Jp } from "~/text/detect-encoding";
import { hasBinaryControls, SNIFF_LENGTH } from "~/text/file-checks";
import {
  bomEncoding,
  decodeBytes,
  isUtf16,
  markedEncoding,
  type TextEncodingId,
} from "~/text/text-encoding";

/**
 * A workspace file's bytes as text, each file in its own encoding (issue 52), decided as the
 * editors decide it when they open a file (app/storage/local-files.ts): a byte-order mark,
 * then UTF-16's zero bytes, ISO-2022-JP's escapes, valid UTF-8, then the legacy encoding the
 * detector guesses (Shift_JIS, GBK, KOI8-R…), else Windows-1252, which every byte sequence is.
 * Binary files are told apart the same way. Line breaks are kept as stored, so offsets in the
 * text map back to the bytes.
 */

/**
 * The bytes the legacy-encoding guess reads per file: a quarter of what the editors read when
 * opening one file (GUESS_SAMPLE_BYTES), because the detector's time grows faster than its
 * sample (64 KB of GBK: 45 ms; 16 KB: 5 ms, the same answer) and a search guesses for
 * thousands of files.
 */
export const SEARCH_GUESS_BYTES = 16 * 1024;

/**
 * The bytes of a first, quicker guess (the detector's time grows with its sample: 4 KB takes a
 * quarter of 16 KB's time). It is taken when it names a legacy encoding with
 * QUICK_GUESS_CONFIDENCE, its sample holds QUICK_GUESS_HIGH_BYTES bytes over 0x7F, and the
 * whole file decodes in it; otherwise the guess on SEARCH_GUESS_BYTES decides. On a handful of
 * high bytes the detector is sure and wrong: a quick sample of plain ASCII reads as
 * Windows-1252 whatever follows, one with a single "©" before Russian text as ISO-8859-2 at 95%.
 * Windows-1252 is taken from it only when the sample holds no "<" or ">": jschardet's
 * Windows-1252 prober drops what it takes for markup (all before the last ">", all after an
 * unclosed "<"), so a "->" or "-->" near the sample's end left it a few clean bytes and 95% for
 * Windows-1252 over Thai, Ukrainian or Czech text (found by a review that generated 14,411
 * files in 28 encodings).
 */
export const QUICK_GUESS_BYTES = 4 * 1024;
export const QUICK_GUESS_CONFIDENCE = 0.95;
/**
 * 64 high bytes: 32 characters of Japanese or Chinese, a line or two of Russian or Greek, a
 * page of French. Windows-1252 files in a search (a tenth of the bench's folder) then need no
 * full guess: they took half of a regular expression's decoding time.
 */
export const QUICK_GUESS_HIGH_BYTES = 64;

/** Files larger than this are skipped by find in files (and counted): 64 MB. */
export const SEARCH_MAX_BYTES = 64 * 1024 * 1024;

export type DecodedFile =
  | { ok: true; text: string; encoding: TextEncodingId }
  | { ok: false; reason: "binary" | "too-large" };

/** Decodes a file's bytes in its own encoding, or says why it is not searched as text. */
export async function decodeWorkspaceFile(
  bytes: Uint8Array,
  maxBytes = SEARCH_MAX_BYTES,
  /** The encoding found when this file (same size and time) was last searched: tried first. */
  known?: TextEncodingId,
): Promise<DecodedFile> {
  if (bytes.byteLength > maxBytes) return { ok: false, reason: "too-large" };
  const head = bytes.subarray(0, SNIFF_LENGTH);
  // What `startsLikeBinary` and `markedEncoding` tell, reading the head once: without a zero
  // byte (most text) it cannot be UTF-16 without a BOM, so only the BOM is looked at.
  // `indexOf` rather than `includes`: the same answer, in half the time in V8.
  const hasZero = head.indexOf(0) !== -1;
  const marked = hasZero ? markedEncoding(head) : bomEncoding(head);
  if (hasZero && !(marked && isUtf16(marked))) return { ok: false, reason: "binary" };
  const knownText = known === undefined ? null : decodeBytes(bytes, known);
  const decoded =
    knownText !== null && known !== undefined
      ? { text: knownText, encoding: known }
      : await decodeInOwnEncoding(bytes, head, marked);
  if (!decoded || hasBinaryControls(decoded.text.slice(0, SNIFF_LENGTH))) {
    return { ok: false, reason: "binary" };
  }
  return { ok: true, ...decoded };
}

async function decodeInOwnEncoding(
  bytes: Uint8Array,
  head: Uint8Array,
  marked: TextEncodingId | null,
): Promise<{ text: string; encoding: TextEncodingId } | null> {
  if (marked && isUtf16(marked)) {
    const text = decodeBytes(bytes, marked);
    return text === null ? null : { text, encoding: marked };
  }
  if (!marked && looksLikeIso2022Jp(head)) {
    const text = decodeBytes(bytes, "iso-2022-jp");
    if (text !== null) return { text, encoding: "iso-2022-jp" };
  }
  const unicode = decodeBytes(bytes, marked ?? "utf-8");
  if (unicode !== null) return { text: unicode, encoding: marked ?? "utf-8" };
  const quickSample = bytes.subarray(0, QUICK_GUESS_BYTES);
  if (bytes.byteLength > QUICK_GUESS_BYTES && holdsHighBytes(quickSample, QUICK_GUESS_HIGH_BYTES)) {
    const quick = await guessLegacyEncoding(quickSample).catch(() => null);
    if (
      quick &&
      quick.confidence >= QUICK_GUESS_CONFIDENCE &&
      (quick.encoding !== "windows-1252" || !holdsMarkupBracket(quickSample))
    ) {
      const text = decodeBytes(bytes, quick.encoding);
      if (text !== null) return { text, encoding: quick.encoding };
    }
  }
  const guess = await guessLegacyEncoding(bytes.subarray(0, SEARCH_GUESS_BYTES)).catch(() => null);
  if (guess && guess.encoding !== "windows-1252") {
    const text = decodeBytes(bytes, guess.encoding);
    if (text !== null) return { text, encoding: guess.encoding };
  }
  return { text: decodeBytes(bytes, "windows-1252")!, encoding: "windows-1252" };
}

/** Whether `bytes` hold at least `count` bytes over 0x7F (counting stops there). */
function holdsHighBytes(bytes: Uint8Array, count: number): boolean {
  let seen = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] > 0x7f && ++seen >= count) return true;
  }
  return false;
}

/** Whether `bytes` hold a "<" or a ">" (which jschardet's Windows-1252 prober reads as markup). */
function holdsMarkupBracket(bytes: Uint8Array): boolean {
  return bytes.indexOf(0x3c) !== -1 || bytes.indexOf(0x3e) !== -1;
}
