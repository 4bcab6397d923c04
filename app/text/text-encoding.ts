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
import { decodeWindows1252, encodeWindows1252, windows1252Holds } from "./windows-1252";

/**
 * An encoding Plainpad reads and writes. "utf-8-bom", "utf-16le" and "utf-16be" always write
 * their byte-order mark; "utf-8" and the "-nobom" UTF-16 ones never do (issue 31: a UTF-16 file
 * without a BOM is saved back without one). The legacy ones (GBK, Shift_JIS, Windows-1251…) are
 * in legacy-encodings.ts.
 */
export type TextEncodingId =
  | "utf-8"
  | "utf-8-bom"
  | "utf-16le"
  | "utf-16be"
  | "utf-16le-nobom"
  | "utf-16be-nobom"
  | "windows-1252"
  | LegacyEncodingId;

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
  { id: "utf-16le-nobom", label: "UTF-16 LE without BOM", shortLabel: "UTF-16 LE, no BOM" },
  { id: "utf-16be-nobom", label: "UTF-16 BE without BOM", shortLabel: "UTF-16 BE, no BOM" },
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

/** A lone (unpaired) UTF-16 surrogate: with the u flag a valid pair is one code point, not Cs. */
const LONE_SURROGATE = /\p{Cs}/gu;

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

/** True for the four UTF-16 encodings, with and without a byte-order mark. */
export function isUtf16(encoding: TextEncodingId): boolean {
  return encoding.startsWith("utf-16");
}

/** How much of a file's start `utf16WithoutBom` looks at. */
const UTF16_SNIFF_BYTES = 64 * 1024;

/** The UTF-16 encodings without a byte-order mark. */
export type Utf16WithoutBom = "utf-16le-nobom" | "utf-16be-nobom";

/**
 * The byte order of UTF-16 text that has no byte-order mark, told from `head` (a file's first
 * bytes), or null when the bytes do not look like UTF-16. Every Latin letter, and the spaces,
 * digits, punctuation and line breaks of text in any script, has a zero high byte: zeros at odd
 * offsets are little-endian, at even offsets big-endian. Binary files have zeros on both sides,
 * so one side must hold clearly more; the decoded text is then still checked for control
 * characters like any other file.
 */
export function utf16WithoutBom(head: Uint8Array): Utf16WithoutBom | null {
  if (head.byteLength < 2 || bomEncoding(head)) return null;
  const pairs = Math.min(head.byteLength, UTF16_SNIFF_BYTES) >> 1;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  const [more, fewer] = oddZeros >= evenZeros ? [oddZeros, evenZeros] : [evenZeros, oddZeros];
  // At least one character in twenty (a Greek or Russian sentence has a space in every eight or
  // so) with a zero byte on one side, and four times as many as on the other.
  if (more < Math.max(1, pairs / 20) || fewer * 4 > more) return null;
  return oddZeros > evenZeros ? "utf-16le-nobom" : "utf-16be-nobom";
}

/**
 * The browser's strict decoder for `encoding` (any but Windows-1252, decoded here: see
 * `decodeWindows1252`). A leading byte-order mark is dropped where the encoding writes one and
 * kept as text (U+FEFF) where it does not, so decoding and encoding give the bytes back.
 */
export function strictDecoder(encoding: Exclude<TextEncodingId, "windows-1252">): TextDecoder {
  // "utf-8-bom" and the "-nobom" ids are ours: the browser knows them by their plain names.
  const label = encoding === "utf-8-bom" ? "utf-8" : encoding.replace(/-nobom$/, "");
  const keepsBom = encoding === "utf-8" || encoding.endsWith("-nobom");
  return new TextDecoder(label, { fatal: true, ignoreBOM: keepsBom });
}

/**
 * The encoding a file's first bytes name for sure: its byte-order mark, else UTF-16's zero bytes
 * (`utf16WithoutBom`); null when they name none, and UTF-8 is tried.
 */
export function markedEncoding(head: Uint8Array): TextEncodingId | null {
  return bomEncoding(head) ?? utf16WithoutBom(head);
}

/**
 * The encoding of a file's bytes: a byte-order mark decides (EF BB BF, FF FE, FE FF); then
 * zero bytes on one side of each pair mean UTF-16 without a BOM (`utf16WithoutBom`); otherwise
 * valid UTF-8 is "utf-8" and anything else "windows-1252" (which every byte sequence is). A UTF-8
 * BOM followed by invalid UTF-8 is "windows-1252", so the bytes still round-trip exactly. This
 * decodes the bytes once to validate them: use `decodeText` to detect and decode in one pass.
 */
export function detectEncoding(bytes: Uint8Array): TextEncodingId {
  const marked = markedEncoding(bytes);
  if (marked && isUtf16(marked)) return marked;
  return decodeBytes(bytes, marked ?? "utf-8") === null ? "windows-1252" : (marked ?? "utf-8");
}

/**
 * Decodes bytes in `encoding`, the exact inverse of `encodeText`: one leading byte-order mark is
 * dropped for "utf-8-bom" and the UTF-16 encodings, while for "utf-8" a leading U+FEFF is kept as
 * text. Returns null when the bytes are not valid in that encoding (malformed UTF-8, an odd byte
 * count or an unpaired surrogate in UTF-16); Windows-1252 decodes any bytes.
 */
export function decodeBytes(bytes: Uint8Array, encoding: TextEncodingId): string | null {
  if (encoding === "windows-1252") return decodeWindows1252(bytes);
  // Legacy encodings: the browser's own decoder (every WHATWG encoding), strict.
  try {
    return strictDecoder(encoding).decode(bytes);
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
 * Returns null only when bytes marked or sniffed as UTF-16 are not valid UTF-16.
 */
export function decodeText(bytes: Uint8Array): DecodedText | null {
  const marked = markedEncoding(bytes);
  if (marked && isUtf16(marked)) {
    const text = decodeBytes(bytes, marked);
    return text === null ? null : { text, encoding: marked };
  }
  const encoding = marked ?? "utf-8";
  const text = decodeBytes(bytes, encoding);
  if (text !== null) return { text, encoding };
  return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
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
  if (encoding === "windows-1252") {
    const bytes = encodeWindows1252(text);
    if (!bytes) throw new UnencodableTextError(findUnencodable(text, encoding));
    return bytes;
  }
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
  const bom = encoding === "utf-16le" || encoding === "utf-16be" ? 2 : 0;
  const out = new Uint8Array(bom + text.length * 2);
  // Written byte by byte so the result does not depend on the machine's byte order.
  const [hi, lo] = encoding === "utf-16be" || encoding === "utf-16be-nobom" ? [0, 1] : [1, 0];
  if (bom) {
    out[hi] = 0xfe;
    out[lo] = 0xff;
  }
  for (let i = 0, at = bom; i < text.length; i++, at += 2) {
    const unit = text.charCodeAt(i);
    out[at + hi] = unit >> 8;
    out[at + lo] = unit & 0xff;
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
  return windows1252Holds(unit);
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
