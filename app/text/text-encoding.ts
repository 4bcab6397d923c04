/**
 * Character encodings a document is read in and written back in, so that opening and saving an
 * unchanged file gives the same bytes. Pure: runs in Node and in the browser.
 */

import {
  encodeLegacy,
  isLegacyEncoding,
  LEGACY_ENCODING_IDS,
  LEGACY_ENCODING_LABELS,
  legacyHolds,
  type LegacyEncodingId,
} from "./legacy-encodings";

/**
 * An encoding Plainpad reads and writes. The BOM variants always write their byte-order mark.
 * The legacy ones (GBK, Shift_JIS, Windows-1251…) are in legacy-encodings.ts.
 */
export type TextEncodingId =
  "utf-8" | "utf-8-bom" | "utf-16le" | "utf-16be" | "windows-1252" | LegacyEncodingId;

/** What the UI shows for an encoding: `label` in menus, `shortLabel` in the status bar. */
export interface TextEncodingInfo {
  id: TextEncodingId;
  label: string;
  shortLabel: string;
}

/** Every encoding, in the order a menu lists them, with the names Windows Notepad users know. */
export const TEXT_ENCODINGS: readonly TextEncodingInfo[] = [
  { id: "utf-8", label: "UTF-8", shortLabel: "UTF-8" },
  { id: "utf-8-bom", label: "UTF-8 with BOM", shortLabel: "UTF-8 with BOM" },
  { id: "utf-16le", label: "UTF-16 LE", shortLabel: "UTF-16 LE" },
  { id: "utf-16be", label: "UTF-16 BE", shortLabel: "UTF-16 BE" },
  { id: "windows-1252", label: "Windows-1252 (ANSI)", shortLabel: "Windows-1252" },
  ...LEGACY_ENCODING_IDS.map((id) => ({
    id,
    label: LEGACY_ENCODING_LABELS[id][0],
    shortLabel: LEGACY_ENCODING_LABELS[id][1],
  })),
];

/** The encoding of a new document. */
export const DEFAULT_ENCODING: TextEncodingId = "utf-8";

/** True for a known encoding id (for checking stored or user-supplied values). */
export function isTextEncodingId(value: unknown): value is TextEncodingId {
  return TEXT_ENCODINGS.some((encoding) => encoding.id === value);
}

/** The menu label of an encoding ("Windows-1252 (ANSI)"). */
export function encodingLabel(encoding: TextEncodingId): string {
  return TEXT_ENCODINGS.find((info) => info.id === encoding)?.label ?? encoding;
}

/** True for the encodings that can hold every Unicode character. */
export function isUnicodeEncoding(encoding: TextEncodingId): boolean {
  return encoding !== "windows-1252" && !isLegacyEncoding(encoding);
}

// Windows-1252 bytes 0x80-0x9F (WHATWG index). The five bytes Windows leaves undefined (0x81,
// 0x8D, 0x8F, 0x90, 0x9D) decode to the C1 controls of the same number, as browsers do, and
// encode back to the same byte, so every one of the 256 byte values survives a round trip.
// Decoding is done here rather than by TextDecoder("windows-1252"), which Node 20 treats as
// Latin-1 (0x80 becomes U+0080 instead of "€").
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc,
  0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

/** Byte value -> UTF-16 code unit. */
const CP1252_DECODE = new Uint16Array(256);
for (let byte = 0; byte < 256; byte++) {
  CP1252_DECODE[byte] = byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH[byte - 0x80] : byte;
}

/** Code unit -> byte, for the 32 characters outside the ranges that map to themselves. */
const CP1252_ENCODE = new Map<number, number>(CP1252_HIGH.map((unit, i) => [unit, 0x80 + i]));

/** A lone (unpaired) UTF-16 surrogate: with the u flag a valid pair is one code point, not Cs. */
const LONE_SURROGATE = /\p{Cs}/gu;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.byteLength >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

/** The encoding a byte-order mark at the start of `bytes` names, or null without one. */
export function bomEncoding(bytes: Uint8Array): TextEncodingId | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return "utf-8-bom";
  if (startsWith(bytes, [0xff, 0xfe])) return "utf-16le";
  if (startsWith(bytes, [0xfe, 0xff])) return "utf-16be";
  return null;
}

/**
 * The encoding of a file's bytes: a byte-order mark decides (EF BB BF, FF FE, FE FF); otherwise
 * valid UTF-8 is "utf-8" and anything else "windows-1252" (which every byte sequence is). A UTF-8
 * BOM followed by invalid UTF-8 is "windows-1252", so the bytes still round-trip exactly. This
 * decodes the bytes once to validate them: use `decodeText` to detect and decode in one pass.
 */
export function detectEncoding(bytes: Uint8Array): TextEncodingId {
  const bom = bomEncoding(bytes);
  if (bom === "utf-16le" || bom === "utf-16be") return bom;
  return decodeBytes(bytes, bom ?? "utf-8") === null ? "windows-1252" : (bom ?? "utf-8");
}

/**
 * Decodes bytes in `encoding`, the exact inverse of `encodeText`: one leading byte-order mark is
 * dropped for "utf-8-bom" and the UTF-16 encodings, while for "utf-8" a leading U+FEFF is kept as
 * text. Returns null when the bytes are not valid in that encoding (malformed UTF-8, an odd byte
 * count or an unpaired surrogate in UTF-16); Windows-1252 decodes any bytes.
 */
export function decodeBytes(bytes: Uint8Array, encoding: TextEncodingId): string | null {
  if (encoding === "windows-1252") return decodeWindows1252(bytes);
  const label = encoding === "utf-8-bom" ? "utf-8" : encoding;
  // Legacy encodings: the browser's own decoder (every WHATWG encoding), strict.
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: encoding === "utf-8" }).decode(bytes);
  } catch {
    return null;
  }
}

/** Text decoded together with the encoding it was detected in. */
export interface DecodedText {
  text: string;
  encoding: TextEncodingId;
}

/**
 * Detects the encoding of `bytes` (see `detectEncoding`) and decodes them, in one pass for UTF-8.
 * Returns null only when a UTF-16 byte-order mark is followed by bytes that are not valid UTF-16.
 */
export function decodeText(bytes: Uint8Array): DecodedText | null {
  const bom = bomEncoding(bytes);
  if (bom === "utf-16le" || bom === "utf-16be") {
    const text = decodeBytes(bytes, bom);
    return text === null ? null : { text, encoding: bom };
  }
  const encoding = bom ?? "utf-8";
  const text = decodeBytes(bytes, encoding);
  if (text !== null) return { text, encoding };
  return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
}

/** Decodes Windows-1252 bytes (any bytes: every value maps to a character). */
export function decodeWindows1252(bytes: Uint8Array): string {
  // In chunks, so a big file needs 2 MB of code units rather than twice its size at once.
  const chunk = 1 << 20;
  const units = new Uint16Array(Math.min(chunk, bytes.byteLength));
  const decoder = new TextDecoder("utf-16le");
  const parts: string[] = [];
  for (let start = 0; start < bytes.byteLength; start += chunk) {
    const end = Math.min(start + chunk, bytes.byteLength);
    for (let i = start; i < end; i++) units[i - start] = CP1252_DECODE[bytes[i]];
    const filled = units.subarray(0, end - start);
    if (LITTLE_ENDIAN) {
      parts.push(decoder.decode(filled));
      continue;
    }
    for (let i = 0; i < filled.length; i += 8192) {
      parts.push(String.fromCharCode(...filled.subarray(i, i + 8192)));
    }
  }
  return parts.join("");
}

/** Thrown by `encodeText` when the text holds characters the encoding cannot write. */
export class UnencodableTextError extends Error {
  constructor(readonly found: UnencodableReport) {
    super(`${found.total} character(s) cannot be encoded as ${found.encoding}`);
    this.name = "UnencodableTextError";
  }
}

/**
 * The exact bytes of `text` in `encoding`, with the byte-order mark for "utf-8-bom" and the UTF-16
 * encodings and none for "utf-8" and "windows-1252". Line endings are written as they are in
 * `text` (see `applyLineEnding`). Throws UnencodableTextError, without writing anything, when a
 * character cannot be held (any non-Windows-1252 character, or a lone surrogate in any encoding):
 * call `findUnencodable` first to tell the user. Linear time, no per-character strings.
 */
export function encodeText(text: string, encoding: TextEncodingId): Uint8Array<ArrayBuffer> {
  if (encoding === "windows-1252") return encodeWindows1252(text);
  if (!isWellFormed(text)) throw new UnencodableTextError(findUnencodable(text, encoding));
  if (isLegacyEncoding(encoding)) {
    // Throws EncoderNotLoadedError unless loadLegacyEncoders() has finished.
    const bytes = encodeLegacy(text, encoding);
    if (!bytes) throw new UnencodableTextError(findUnencodable(text, encoding));
    return bytes as Uint8Array<ArrayBuffer>;
  }
  if (encoding === "utf-8") return new TextEncoder().encode(text);
  if (encoding === "utf-8-bom") {
    const body = new TextEncoder().encode(text);
    const out = new Uint8Array(body.byteLength + 3);
    out.set([0xef, 0xbb, 0xbf]);
    out.set(body, 3);
    return out;
  }
  const out = new Uint8Array(2 + text.length * 2);
  // Written byte by byte so the result does not depend on the machine's byte order.
  const [hi, lo] = encoding === "utf-16be" ? [0, 1] : [1, 0];
  out[hi] = 0xfe;
  out[lo] = 0xff;
  for (let i = 0, at = 2; i < text.length; i++, at += 2) {
    const unit = text.charCodeAt(i);
    out[at + hi] = unit >> 8;
    out[at + lo] = unit & 0xff;
  }
  return out;
}

function encodeWindows1252(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80 || (unit >= 0xa0 && unit <= 0xff)) {
      out[i] = unit;
      continue;
    }
    const byte = CP1252_ENCODE.get(unit);
    if (byte === undefined) throw new UnencodableTextError(findUnencodable(text, "windows-1252"));
    out[i] = byte;
  }
  return out;
}

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed (ES2024) is native and fast; the regex serves older engines.
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (typeof native === "function") return native.call(text);
  LONE_SURROGATE.lastIndex = 0;
  return !LONE_SURROGATE.test(text);
}

/** One character that cannot be written in the chosen encoding. */
export interface UnencodableChar {
  /** The whole code point (an emoji is one character here), or a lone surrogate. */
  char: string;
  codePoint: number;
  /** Offset in `text`, in UTF-16 code units. */
  offset: number;
  /** 1-based line; \r\n, \r and \n each end a line. */
  line: number;
  /** 1-based column in UTF-16 code units, as the editors' status bar counts it. */
  column: number;
}

/** What `findUnencodable` found: the first characters (up to its limit) and how many in all. */
export interface UnencodableReport {
  encoding: TextEncodingId;
  /** Every unencodable character in the text, counted as code points. */
  total: number;
  /** The first `limit` of them, in text order. */
  items: UnencodableChar[];
}

/**
 * The characters of `text` that `encoding` cannot hold, for a message before anything is written:
 * for Windows-1252 every character outside it (whole code points, so an emoji counts once), for
 * every encoding a lone surrogate (half of a character, which no encoding can write). Lists the
 * first `limit` (default 5) with their position and counts all of them. `total === 0` means
 * `encodeText` will succeed. Linear time; lines are counted only as far as the last one listed.
 */
export function findUnencodable(
  text: string,
  encoding: TextEncodingId,
  limit = 5,
): UnencodableReport {
  const report: UnencodableReport = { encoding, total: 0, items: [] };
  const unicode = isUnicodeEncoding(encoding);
  if (unicode && isWellFormed(text)) return report;
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    let width = 1;
    if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        // A whole astral character (an emoji): fine in Unicode, one character to report else.
        if (
          unicode ||
          (isLegacyEncoding(encoding) && legacyHolds(encoding, text.codePointAt(i)!))
        ) {
          i++;
          continue;
        }
        width = 2;
      }
    } else if (unicode || unit < 0x80 || holdsUnit(encoding, unit)) {
      continue;
    }
    report.total++;
    if (report.items.length < limit) {
      // Lines are counted from where the previous listed character was found, so only once.
      for (; scanned < i; scanned++) {
        const c = text.charCodeAt(scanned);
        if (c === 13 && text.charCodeAt(scanned + 1) === 10) continue; // \r\n: counted at \n
        if (c === 10 || c === 13) {
          line++;
          lineStart = scanned + 1;
        }
      }
      const char = text.slice(i, i + width);
      report.items.push({
        char,
        codePoint: char.codePointAt(0) ?? unit,
        offset: i,
        line,
        column: i - lineStart + 1,
      });
    }
    i += width - 1;
  }
  return report;
}

/** True when the single-unit (BMP) character `unit` is in the non-Unicode `encoding`. */
function holdsUnit(encoding: TextEncodingId, unit: number): boolean {
  if (isLegacyEncoding(encoding)) return legacyHolds(encoding, unit);
  return (unit >= 0xa0 && unit <= 0xff) || CP1252_ENCODE.has(unit);
}

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

function describe(item: UnencodableChar): string {
  const where = `(line ${item.line}, column ${item.column})`;
  if (item.codePoint >= 0xd800 && item.codePoint <= 0xdfff) {
    return `the broken character ${hex(item.codePoint)} ${where}`;
  }
  // Invisible, combining or private characters are named by their code point, not shown.
  if (/^[\p{C}\p{Z}\p{M}]$/u.test(item.char)) {
    return `the invisible character ${hex(item.codePoint)} ${where}`;
  }
  return `${item.char} ${where}`;
}

function listing(items: string[], more: number): string {
  if (more > 0) {
    return `${items.join(", ")} and ${more} more character${more === 1 ? "" : "s"}`;
  }
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * The sentence shown instead of saving when `found.total > 0`: names the file, the encoding and
 * the first characters with their line and column, and says what to do. For example:
 * `"notes.txt" cannot be saved as Windows-1252 (ANSI): 😀 (line 1, column 3) and 2 more characters
 * are not in that encoding. Nothing was saved. Choose UTF-8 in the status bar, or remove them.`
 * `label` is the encoding's name as the UI shows it (`encodingLabel(found.encoding)`). Returns ""
 * when nothing was found.
 */
export function unencodableMessage(
  fileName: string,
  label: string,
  found: UnencodableReport,
): string {
  if (found.total === 0) return "";
  const shown = found.items.slice(0, 3).map(describe);
  const list = listing(shown, found.total - shown.length);
  const one = found.total === 1;
  if (isUnicodeEncoding(found.encoding)) {
    return (
      `"${fileName}" cannot be saved as ${label}: ${list} ${one ? "is" : "are"} only half of a ` +
      `character (often left by a broken copy and paste), which no encoding can write. Nothing ` +
      `was saved. Remove ${one ? "it" : "them"}, then save again.`
    );
  }
  return (
    `"${fileName}" cannot be saved as ${label}: ${list} ${one ? "is" : "are"} not in that ` +
    `encoding. Nothing was saved. Choose UTF-8 in the status bar, or remove ${one ? "it" : "them"}.`
  );
}
