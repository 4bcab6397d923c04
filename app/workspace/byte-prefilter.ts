import { looksLikeIso2022Jp } from "~/text/detect-encoding";
import { SNIFF_LENGTH } from "~/text/file-checks";
import { bomEncoding, isUtf16, type TextEncodingId } from "~/text/text-encoding";

/**
 * Find in files' byte prefilter (issue 52): most files of a folder hold no match, and deciding
 * their encoding (the legacy-encoding guess) and decoding them was most of a search's time. An
 * ASCII character is the same single byte in every ASCII-compatible encoding the workspace
 * reads (UTF-8 and all the legacy ones but ISO-2022-JP), and the strict decoders never make a
 * printable ASCII character out of other bytes; so a file whose bytes lack the query's ASCII characters
 * in a row cannot match, in whatever encoding it would be read. Such a file is counted searched
 * without a guess or a decode. A file with a candidate (which may be false: a Shift_JIS trail
 * byte can look like a letter) goes the full way, so results are the same as without it.
 */

/** Bytes every match of a query holds in a row, in an ASCII-compatible file. */
export interface ByteNeedle {
  bytes: Uint8Array;
  /** Letters match either case (ASCII folding). */
  foldCase: boolean;
  /** The index in `bytes` looked up first: its rarest character in ordinary text. */
  anchor: number;
}

/** What the prefilter tells of a file without decoding it. */
export type PrefilterVerdict =
  /** Counted searched, with no match. */
  | "no-match"
  /** Counted binary (a control character in its first SNIFF_LENGTH characters). */
  | "binary"
  /** Decode and search it as before. */
  | "decode";

/** What makes a query a regular expression (search.ts escapes these for a text query). */
const REGEXP_SYNTAX = /[\\^$.*+?()[\]{}|/]/;

/**
 * Under case-insensitive Unicode matching (the "iu" flags), these ASCII letters also match a
 * non-ASCII character: "k" the Kelvin sign (U+212A), "s" the long s (U+017F). Every other
 * ASCII character matches ASCII only (checked over all code points in the tests).
 */
const FOLDS_BEYOND_ASCII = /[ksKS]/;

/**
 * The space and the letters, from the most to the least common in English text (prose and
 * code alike): the space is a sixth of most text, so a needle is never looked up by it.
 */
const CHARACTER_FREQUENCY = " etaoinsrhldcumfpgwybvkxjqz";
/** Digits and punctuation: about as rare as a "k". */
const OTHER_RANK = CHARACTER_FREQUENCY.indexOf("k");

/** The quantifiers that may leave out the character before them. */
const OPTIONAL_QUANTIFIER = /^[?*{]/;

/**
 * The text every match of a regular expression starts with: the characters before its first
 * syntax character, when it has no alternative ("|") anywhere; all of them when it has no
 * syntax at all. Without a "|", those characters are the pattern's first terms, each matching
 * itself once, but for the last when a "?", "*" or "{" follows it (it may match none).
 */
function requiredPrefix(source: string): string {
  if (source.includes("|")) return "";
  const syntax = source.search(REGEXP_SYNTAX);
  if (syntax === -1) return source;
  const prefix = source.slice(0, syntax);
  return OPTIONAL_QUANTIFIER.test(source.slice(syntax)) ? prefix.slice(0, -1) : prefix;
}

/**
 * The bytes every match of `query` (compiled as `regexp`) holds in a row, or null when there
 * are none: the longest run of printable ASCII characters of a text query, or of the text a
 * regular expression's matches start with (`requiredPrefix`). A run never holds a letter that
 * folds to a non-ASCII character under the regexp's flags.
 */
export function requiredAsciiBytes(
  query: string,
  isRegexp: boolean,
  regexp: RegExp,
): ByteNeedle | null {
  // A pattern read as the whole of what is matched: the whole-word wrapper puts it in a group,
  // and a pattern that is no pattern alone ("ab)?(?:cd") could close that group and make its
  // leading text optional.
  if (isRegexp && !compilesAlone(query, regexp.flags)) return null;
  const literal = isRegexp ? requiredPrefix(query) : query;
  const foldCase = regexp.ignoreCase;
  const unicodeFolding = foldCase && (regexp.unicode || regexp.flags.includes("v"));
  let best = "";
  let run = "";
  for (const char of literal) {
    const usable = isNeedleCharacter(char) && !(unicodeFolding && FOLDS_BEYOND_ASCII.test(char));
    run = usable ? run + char : "";
    if (run.length > best.length) best = run;
  }
  if (best === "") return null;
  const bytes = new Uint8Array(best.length);
  for (let i = 0; i < best.length; i++) {
    const code = best.charCodeAt(i);
    bytes[i] = foldCase ? lowerAscii(code) : code;
  }
  return { bytes, foldCase, anchor: rarestIndex(bytes) };
}

function compilesAlone(source: string, flags: string): boolean {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

/**
 * The characters a needle holds: printable ASCII and the tab. Control characters are left out:
 * a few decoders (Node's Shift_JIS and IBM866, not the browsers') turn one control byte into
 * another control character.
 */
function isNeedleCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code >= 0x20 && code < 0x7f) || code === 0x09;
}

function lowerAscii(code: number): number {
  return code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
}

/** The index of the needle's least common byte: fewer places to check. */
function rarestIndex(bytes: Uint8Array): number {
  let best = 0;
  let bestRank = -1;
  for (let i = 0; i < bytes.length; i++) {
    const known = CHARACTER_FREQUENCY.indexOf(String.fromCharCode(lowerAscii(bytes[i])));
    const rank = known === -1 ? OTHER_RANK : known;
    if (rank > bestRank) {
      best = i;
      bestRank = rank;
    }
  }
  return best;
}

/** Where the has-a-zero-byte trick below looks: the high bit of each byte of a word. */
const HIGH_BITS = 0x80808080 | 0;
const ONES = 0x01010101;
/** The four bytes of a word each holding `byte`. */
const everyByte = (byte: number) => Math.imul(byte, ONES);
/** A word's bytes in either ASCII case (the letters' one differing bit set). */
const CASE_BIT = 0x20;

function isAsciiLowerLetter(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

/**
 * True when `haystack` holds the needle's bytes in a row (either case of letters if folded).
 * Its anchor byte is looked for four bytes at a time, both cases in one pass (a byte with the
 * case bit set equals the lower-case letter only when it is that letter in either case): the
 * engine's `indexOf` is a byte-by-byte loop (in Chromium half the speed of this), and a letter
 * anchor took it two passes, one per case.
 */
export function holdsNeedle(haystack: Uint8Array, needle: ByteNeedle): boolean {
  const { bytes, foldCase, anchor } = needle;
  const anchorByte = bytes[anchor];
  const caseBit = foldCase && isAsciiLowerLetter(anchorByte) ? CASE_BIT : 0;
  const last = haystack.length - bytes.length + anchor;
  const holdsAt = (at: number) =>
    (haystack[at] | caseBit) === anchorByte && matchesAt(haystack, at - anchor, bytes, foldCase);
  let at = anchor;
  while (at <= last && (haystack.byteOffset + at) % 4 !== 0) if (holdsAt(at++)) return true;
  const wordCount = at <= last ? Math.floor((last + 1 - at) / 4) : 0;
  if (wordCount > 0) {
    const words = new Uint32Array(haystack.buffer, haystack.byteOffset + at, wordCount);
    const wanted = everyByte(anchorByte);
    const wordCaseBits = everyByte(caseBit);
    for (let w = nextCandidateWord(words, 0, wanted, wordCaseBits); w !== -1;) {
      const first = at + w * 4;
      for (let j = first; j < first + 4; j++) if (holdsAt(j)) return true;
      w = nextCandidateWord(words, w + 1, wanted, wordCaseBits);
    }
    at += wordCount * 4;
  }
  for (; at <= last; at++) if (holdsAt(at)) return true;
  return false;
}

/**
 * The index of the first word from `from` that may hold `wanted`'s byte (with `caseBits` set
 * in each byte first), or -1. A loop of its own, so the engine optimizes it alone.
 */
function nextCandidateWord(words: Uint32Array, from: number, wanted: number, caseBits: number) {
  const end = words.length;
  let w = from;
  // Four words a turn, one test for them all (the loop's own cost was half its time).
  for (; w + 3 < end; w += 4) {
    // Zero bytes where the anchor is; the trick flags every word holding a zero byte.
    const a = (words[w] | caseBits) ^ wanted;
    const b = (words[w + 1] | caseBits) ^ wanted;
    const c = (words[w + 2] | caseBits) ^ wanted;
    const d = (words[w + 3] | caseBits) ^ wanted;
    const zeros = ((a - ONES) & ~a) | ((b - ONES) & ~b) | ((c - ONES) & ~c) | ((d - ONES) & ~d);
    if (zeros & HIGH_BITS) break;
  }
  for (; w < end; w++) {
    const diff = (words[w] | caseBits) ^ wanted;
    if (((diff - ONES) & ~diff & HIGH_BITS) !== 0) return w;
  }
  return -1;
}

function matchesAt(haystack: Uint8Array, start: number, bytes: Uint8Array, fold: boolean): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const byte = haystack[start + i];
    if (byte !== bytes[i] && !(fold && lowerAscii(byte) === bytes[i])) return false;
  }
  return true;
}

/** The control bytes `hasBinaryControls` looks for (as characters); NUL included. */
const BINARY_CONTROL_BYTE = new Uint8Array(256);
for (let byte = 0; byte < 0x20; byte++) {
  if (![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(byte)) BINARY_CONTROL_BYTE[byte] = 1;
}
BINARY_CONTROL_BYTE[0x7f] = 1;

/**
 * The most bytes one UTF-16 code unit of decoded text takes in the file (UTF-8: 3; GB18030's
 * four-byte sequences: 4 for 1 or 2 units). Byte `i` is at least character `i / 4`.
 */
const MAX_BYTES_PER_UNIT = 4;

/**
 * A second floor under the character a byte starts: in every ASCII-compatible encoding the
 * workspace reads, a character is one byte, or two to four bytes of which at least one is 0x80
 * or over (a lead byte: trail bytes and GB18030's digits may be ASCII, never alone), or the
 * UTF-8 byte-order mark (three such bytes, no character). So at most three bytes per byte of
 * 0x80 or over make no character of their own: the bytes before offset `q`, `high` of them
 * 0x80 or over, hold at least `q - 3 * high` whole characters. Characters only add up, so from
 * the first offset where that reaches SNIFF_LENGTH, every later byte lies past the text
 * check's first SNIFF_LENGTH characters. (Control bytes are never trail bytes: a control byte
 * is always a character of its own.)
 */
export const BYTES_WITHOUT_OWN_CHARACTER_PER_HIGH_BYTE = 3;

/**
 * Bytes scanned between two looks at that floor: whole words, and a stretch ends at
 * SNIFF_LENGTH, where the escapes' head ends.
 */
const SCAN_STRETCH = 4 * 1024;

const ESC = 0x1b;
const SPACE = everyByte(0x20);
const DEL = everyByte(0x7f);
const NO_WORDS = new Int32Array(0);
/**
 * Words a byte-lane counter takes: a lane stays under 128, so the four lanes read as one number
 * stay a 32-bit integer, which the engine keeps in a register (past 2^31 it becomes a double).
 */
const LANE_WORDS = 127;

/** What `scanStretch` saw besides its answer: bytes of 0x80 or over, and an ESC. */
const stretchSeen = { high: 0, escape: false };

/**
 * The offset of the first control byte (`BINARY_CONTROL_BYTE`) in `bytes` from `from` to `to`,
 * or -1; counts the bytes of 0x80 and over and notes an ESC (the start of ISO-2022-JP's
 * escapes) in `stretchSeen`. Four bytes at a time (the bit tricks for "a byte under 0x20" and
 * "a byte equal to 0x7f", the high bytes counted in four byte lanes), looking at single bytes
 * only in words that may hold a control byte (a line break, a tab): find in files asks this of
 * every file's first 64 KB and more, where a byte-by-byte loop was a third of a search's time.
 */
function scanStretch(bytes: Uint8Array, from: number, to: number): number {
  let high = 0;
  let escape = false;
  const byteAt = (i: number): boolean => {
    const byte = bytes[i];
    if (BINARY_CONTROL_BYTE[byte] === 1) return true;
    if (byte >= 0x80) high++;
    else if (byte === ESC) escape = true;
    return false;
  };
  const done = (control: number) => {
    stretchSeen.high = high;
    stretchSeen.escape = escape;
    return control;
  };
  // Whole words from an address divisible by four (a Uint32Array's own rule).
  let i = from;
  for (; i < to && (bytes.byteOffset + i) % 4 !== 0; i++) if (byteAt(i)) return done(i);
  const wordCount = Math.max(0, Math.floor((to - i) / 4));
  // Signed words: a Uint32Array's element over 2^31 is a double to the engine, and this loop
  // ran at two thirds of the speed with them.
  const words =
    wordCount > 0 ? new Int32Array(bytes.buffer, bytes.byteOffset + i, wordCount) : NO_WORDS;
  for (let block = 0; block < wordCount; block += LANE_WORDS) {
    const blockEnd = Math.min(wordCount, block + LANE_WORDS);
    // One counter per byte lane: each word adds its bytes' high bits, 0 or 1 a lane.
    let lanes = 0;
    for (let w = block; w < blockEnd; w++) {
      const word = words[w];
      lanes += (word & HIGH_BITS) >>> 7;
      const flipped = word ^ DEL;
      const mayHoldControl =
        ((word - SPACE) & ~word & HIGH_BITS) | ((flipped - ONES) & ~flipped & HIGH_BITS);
      if (mayHoldControl !== 0) {
        const at = i + w * 4;
        for (let j = at; j < at + 4; j++) {
          if (BINARY_CONTROL_BYTE[bytes[j]] === 1) return done(j);
          if (bytes[j] === ESC) escape = true;
        }
      }
    }
    high += (lanes & 0xff) + ((lanes >>> 8) & 0xff) + ((lanes >>> 16) & 0xff) + (lanes >>> 24);
  }
  for (i += wordCount * 4; i < to; i++) if (byteAt(i)) return done(i);
  return done(-1);
}

/**
 * The first control byte among the bytes the text check's first SNIFF_LENGTH characters may
 * span (its offset, or -1), and whether the first SNIFF_LENGTH bytes hold an ESC (complete
 * when no control byte is among them). Reads up to MAX_BYTES_PER_UNIT × SNIFF_LENGTH bytes,
 * and stops sooner where BYTES_WITHOUT_OWN_CHARACTER_PER_HIGH_BYTE's floor shows the rest lies
 * past those characters: right at SNIFF_LENGTH for a head of plain ASCII, a little past it for
 * text with a few accented letters.
 */
function scanSniffedBytes(bytes: Uint8Array): { control: number; escapeInHead: boolean } {
  const end = Math.min(bytes.length, SNIFF_LENGTH * MAX_BYTES_PER_UNIT);
  let high = 0;
  let escapeInHead = false;
  for (let at = 0; at < end;) {
    if (at - BYTES_WITHOUT_OWN_CHARACTER_PER_HIGH_BYTE * high >= SNIFF_LENGTH) break;
    const to = Math.min(end, at + SCAN_STRETCH);
    const control = scanStretch(bytes, at, to);
    if (at < SNIFF_LENGTH && stretchSeen.escape) escapeInHead = true;
    if (control !== -1) return { control, escapeInHead };
    high += stretchSeen.high;
    at = to;
  }
  return { control: -1, escapeInHead };
}

const utf16Needles = new WeakMap<ByteNeedle, Map<TextEncodingId, ByteNeedle>>();

/**
 * The needle as UTF-16 stores it: an ASCII character is the code unit 0x00XX, its byte then a
 * zero (little-endian) or a zero then its byte (big-endian). A file known to decode in UTF-16
 * holds a match only where these bytes are (at an odd offset too: then the decode decides).
 */
function utf16Needle(needle: ByteNeedle, encoding: TextEncodingId): ByteNeedle {
  let byEncoding = utf16Needles.get(needle);
  if (!byEncoding) utf16Needles.set(needle, (byEncoding = new Map()));
  let wide = byEncoding.get(encoding);
  if (!wide) {
    const bigEndian = encoding.startsWith("utf-16be");
    const bytes = new Uint8Array(needle.bytes.length * 2);
    needle.bytes.forEach((byte, i) => (bytes[2 * i + (bigEndian ? 1 : 0)] = byte));
    const anchor = 2 * needle.anchor + (bigEndian ? 1 : 0);
    byEncoding.set(encoding, (wide = { bytes, foldCase: needle.foldCase, anchor }));
  }
  return wide;
}

/** Encodings in which an ASCII character is not always its own byte. */
function asciiTransparent(encoding: TextEncodingId | undefined): boolean {
  return encoding === undefined || !(isUtf16(encoding) || encoding === "iso-2022-jp");
}

/**
 * What an earlier search of the folder learned of a file whose size and time have not changed
 * since: it is text (not binary), in `encoding` when it was decoded; with no encoding when
 * this prefilter read it as text in an ASCII-compatible encoding and no guess was made.
 */
export interface KnownFile {
  encoding?: TextEncodingId;
}

/**
 * What can be told of a file (not over the size limit) for `needle` from its bytes alone. The
 * checks of decodeWorkspaceFile that make a file UTF-16 or ISO-2022-JP (zero bytes in the head,
 * a UTF-16 byte-order mark, its escapes, or the encoding it was last found in) send it the
 * full way. The text check is read from the bytes: ASCII control bytes are the control
 * characters in every ASCII-compatible encoding (no other byte decodes to one), so their
 * place in the bytes bounds their place in the text; when a control byte falls where the text
 * check's SNIFF_LENGTH characters may end, the decode decides. A file `known` from an earlier
 * search is known to be text: only the needle is looked for (in UTF-16's bytes for a file
 * found in UTF-16, so a later search decodes only those of its UTF-16 files that may match).
 */
export function prefilterFile(
  bytes: Uint8Array,
  needle: ByteNeedle,
  known?: KnownFile,
): PrefilterVerdict {
  if (known) {
    const { encoding } = known;
    if (encoding !== undefined && isUtf16(encoding)) {
      return holdsNeedle(bytes, utf16Needle(needle, encoding)) ? "decode" : "no-match";
    }
    if (!asciiTransparent(encoding)) return "decode";
    return holdsNeedle(bytes, needle) ? "decode" : "no-match";
  }
  const head = bytes.subarray(0, SNIFF_LENGTH);
  const bom = bomEncoding(head);
  if (bom && isUtf16(bom)) return "decode";
  // One pass for the control bytes, the escapes and the bytes of 0x80 and over.
  const { control, escapeInHead } = scanSniffedBytes(bytes);
  if (control !== -1 && control < SNIFF_LENGTH) {
    // Within the first SNIFF_LENGTH characters for sure. The scan stopped at it: a zero byte
    // anywhere in the head may be UTF-16's, an escape ISO-2022-JP's.
    if (head.indexOf(0) !== -1 || (!bom && looksLikeIso2022Jp(head))) return "decode";
    return "binary";
  }
  if (escapeInHead && !bom && looksLikeIso2022Jp(head)) return "decode";
  // Past the first SNIFF_LENGTH bytes, perhaps still among the first characters.
  if (control !== -1) return "decode";
  return holdsNeedle(bytes, needle) ? "decode" : "no-match";
}
