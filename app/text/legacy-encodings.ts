/**
 * The legacy encodings of the WHATWG Encoding Standard beyond Windows-1252 (issue 31 item 6):
 * Chinese, Japanese and Korean multi-byte encodings, and the single-byte code pages of Central
 * and Eastern Europe, Greece, Turkey, the Middle East and Asia. Every browser's TextDecoder reads
 * them; writing them takes an encoder, which TextEncoder is not (it writes UTF-8 only), so
 * `@zxing/text-encoding` (the WHATWG encoders, with their index tables) is loaded the first time
 * a document in one of them is saved or checked. Pure apart from that import.
 */

/** A legacy encoding, by its WHATWG name (what `TextDecoder` takes and reports). */
export const LEGACY_ENCODING_IDS = [
  "gbk",
  "gb18030",
  "big5",
  "shift_jis",
  "euc-jp",
  "iso-2022-jp",
  "euc-kr",
  "windows-1250",
  "windows-1251",
  "windows-1253",
  "windows-1254",
  "windows-1255",
  "windows-1256",
  "windows-1257",
  "windows-1258",
  "windows-874",
  "koi8-r",
  "koi8-u",
  "ibm866",
  "iso-8859-2",
  "iso-8859-3",
  "iso-8859-4",
  "iso-8859-5",
  "iso-8859-6",
  "iso-8859-7",
  "iso-8859-8",
  "iso-8859-8-i",
  "iso-8859-10",
  "iso-8859-13",
  "iso-8859-14",
  "iso-8859-15",
  "iso-8859-16",
  "macintosh",
  "x-mac-cyrillic",
] as const;

export type LegacyEncodingId = (typeof LEGACY_ENCODING_IDS)[number];

/** Menu label ("Japanese (Shift_JIS)") and status bar label ("Shift_JIS") of each. */
export const LEGACY_ENCODING_LABELS: Record<LegacyEncodingId, [label: string, short: string]> = {
  gbk: ["Chinese Simplified (GBK)", "GBK"],
  gb18030: ["Chinese Simplified (GB18030)", "GB18030"],
  big5: ["Chinese Traditional (Big5)", "Big5"],
  shift_jis: ["Japanese (Shift_JIS)", "Shift_JIS"],
  "euc-jp": ["Japanese (EUC-JP)", "EUC-JP"],
  "iso-2022-jp": ["Japanese (ISO-2022-JP)", "ISO-2022-JP"],
  "euc-kr": ["Korean (EUC-KR)", "EUC-KR"],
  "windows-1250": ["Central European (Windows-1250)", "Windows-1250"],
  "windows-1251": ["Cyrillic (Windows-1251)", "Windows-1251"],
  "windows-1253": ["Greek (Windows-1253)", "Windows-1253"],
  "windows-1254": ["Turkish (Windows-1254)", "Windows-1254"],
  "windows-1255": ["Hebrew (Windows-1255)", "Windows-1255"],
  "windows-1256": ["Arabic (Windows-1256)", "Windows-1256"],
  "windows-1257": ["Baltic (Windows-1257)", "Windows-1257"],
  "windows-1258": ["Vietnamese (Windows-1258)", "Windows-1258"],
  "windows-874": ["Thai (Windows-874)", "Windows-874"],
  "koi8-r": ["Cyrillic (KOI8-R)", "KOI8-R"],
  "koi8-u": ["Cyrillic (KOI8-U)", "KOI8-U"],
  ibm866: ["Cyrillic (IBM866, DOS)", "IBM866"],
  "iso-8859-2": ["Central European (ISO-8859-2)", "ISO-8859-2"],
  "iso-8859-3": ["South European (ISO-8859-3)", "ISO-8859-3"],
  "iso-8859-4": ["Baltic (ISO-8859-4)", "ISO-8859-4"],
  "iso-8859-5": ["Cyrillic (ISO-8859-5)", "ISO-8859-5"],
  "iso-8859-6": ["Arabic (ISO-8859-6)", "ISO-8859-6"],
  "iso-8859-7": ["Greek (ISO-8859-7)", "ISO-8859-7"],
  "iso-8859-8": ["Hebrew, visual (ISO-8859-8)", "ISO-8859-8"],
  "iso-8859-8-i": ["Hebrew (ISO-8859-8-I)", "ISO-8859-8-I"],
  "iso-8859-10": ["Nordic (ISO-8859-10)", "ISO-8859-10"],
  "iso-8859-13": ["Baltic (ISO-8859-13)", "ISO-8859-13"],
  "iso-8859-14": ["Celtic (ISO-8859-14)", "ISO-8859-14"],
  "iso-8859-15": ["Western (ISO-8859-15)", "ISO-8859-15"],
  "iso-8859-16": ["South-Eastern European (ISO-8859-16)", "ISO-8859-16"],
  macintosh: ["Western (Mac Roman)", "Mac Roman"],
  "x-mac-cyrillic": ["Cyrillic (Mac)", "Mac Cyrillic"],
};

/** True for one of LEGACY_ENCODING_IDS. */
export function isLegacyEncoding(value: unknown): value is LegacyEncodingId {
  return (LEGACY_ENCODING_IDS as readonly unknown[]).includes(value);
}

/** Thrown by `encodeLegacy` before `loadLegacyEncoders` has finished. */
export class EncoderNotLoadedError extends Error {
  constructor(readonly encoding: LegacyEncodingId) {
    super(`The ${encoding} encoder is not loaded yet`);
    this.name = "EncoderNotLoadedError";
  }
}

interface LegacyEncoder {
  encode(text: string): Uint8Array;
}

interface LegacyDecoder {
  decode(bytes: Uint8Array): string;
}

type DecoderClass = new (label: string, options: { fatal: boolean }) => LegacyDecoder;

type EncoderClass = new (
  label: string,
  options: { NONSTANDARD_allowLegacyEncoding: boolean; fatal: boolean },
) => LegacyEncoder;

let encoderClass: EncoderClass | null = null;
let decoderClass: DecoderClass | null = null;
const checkers = new Map<LegacyEncodingId, LegacyDecoder>();
let loading: Promise<void> | null = null;
const encoders = new Map<LegacyEncodingId, LegacyEncoder>();

/**
 * A code table whose `indexOf` and `lastIndexOf` (of a code point, from the start) are map
 * lookups. The package's encoders find a character's bytes with `index.indexOf(codePoint)`, a
 * search through up to 24,000 entries per character: 200,000 Chinese characters took 1.6 s to
 * encode as GBK. The maps are made on first use; `map()` (how the package derives its Shift_JIS
 * and Big5 tables) gives the same kind of table.
 */
class FastLookupTable extends Array<number | null> {
  private firstOf?: Map<number | null, number>;
  private lastOf?: Map<number | null, number>;

  override indexOf(value: number | null, fromIndex?: number): number {
    if (fromIndex) return super.indexOf(value, fromIndex);
    if (!this.firstOf) {
      this.firstOf = new Map();
      for (let at = this.length - 1; at >= 0; at--) this.firstOf.set(this[at], at);
    }
    return this.firstOf.get(value) ?? -1;
  }

  override lastIndexOf(value: number | null, ...fromIndex: number[]): number {
    if (fromIndex.length) return super.lastIndexOf(value, ...fromIndex);
    if (!this.lastOf) {
      this.lastOf = new Map();
      for (let at = 0; at < this.length; at++) this.lastOf.set(this[at], at);
    }
    return this.lastOf.get(value) ?? -1;
  }
}

/** The package's tables, each list of code points made a FastLookupTable. */
function withFastLookups(indexes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(indexes).map(([name, table]) => [
      name,
      Array.isArray(table) && table.every((entry) => entry === null || typeof entry === "number")
        ? FastLookupTable.from(table as (number | null)[])
        : table,
    ]),
  );
}

/** Loads the encoders (once; about 200 KB compressed, with the tables of every encoding). */
export function loadLegacyEncoders(): Promise<void> {
  loading ??= (async () => {
    const { encodingIndexes } = await import("@zxing/text-encoding/es2015/encoding-indexes.js");
    // The encoders look their tables up on the global object, and the single-byte ones are
    // made when the module first runs: the tables must be there before it is imported.
    (globalThis as { TextEncodingIndexes?: unknown }).TextEncodingIndexes = {
      encodingIndexes: withFastLookups(encodingIndexes),
    };
    const module = await import("@zxing/text-encoding");
    encoderClass = module.TextEncoder as unknown as EncoderClass;
    decoderClass = module.TextDecoder as unknown as DecoderClass;
  })().then(
    () => undefined,
    (error: unknown) => {
      loading = null; // A failed load (offline) may be tried again.
      throw error;
    },
  );
  return loading;
}

/** Loads the encoders when `encoding` is a legacy one (nothing to load for the others). */
export function prepareEncoder(encoding: string): Promise<void> {
  return isLegacyEncoding(encoding) ? loadLegacyEncoders() : Promise.resolve();
}

// ISO-8859-8-I is ISO-8859-8's table read in logical order: the same bytes either way, and
// the package has the table under the one name only.
const packageLabel = (encoding: LegacyEncodingId) =>
  encoding === "iso-8859-8-i" ? "iso-8859-8" : encoding;

/** The package's own decoder of `encoding` (the same tables the encoder writes with). */
function checkerFor(encoding: LegacyEncodingId): LegacyDecoder {
  let checker = checkers.get(encoding);
  if (!checker) {
    checker = new decoderClass!(packageLabel(encoding), { fatal: true });
    checkers.set(encoding, checker);
  }
  return checker;
}

function encoderFor(encoding: LegacyEncodingId): LegacyEncoder {
  if (!encoderClass) throw new EncoderNotLoadedError(encoding);
  let encoder = encoders.get(encoding);
  if (!encoder) {
    encoder = new encoderClass(packageLabel(encoding), {
      NONSTANDARD_allowLegacyEncoding: true,
      fatal: true,
    });
    encoders.set(encoding, encoder);
  }
  return encoder;
}

/**
 * The bytes of `text` in `encoding`, or null when a character is not in it. Throws
 * EncoderNotLoadedError before `loadLegacyEncoders` finished.
 */
export function encodeLegacy(text: string, encoding: LegacyEncodingId): Uint8Array | null {
  const encoder = encoderFor(encoding);
  let bytes: Uint8Array;
  try {
    bytes = encoder.encode(text);
  } catch (error) {
    // The WHATWG encoders' fatal mode throws a TypeError on a code point they cannot write.
    if (error instanceof TypeError) return null;
    throw error;
  }
  // Never write bytes that do not read back as the text: the package's Shift_JIS encoder
  // turns a character it lacks into two wrong bytes instead of refusing it (its pointer
  // lookup returns -1 where the standard says null).
  try {
    return checkerFor(encoding).decode(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

const holdsCache = new Map<LegacyEncodingId, Map<number, boolean>>();

/** True when `encoding` can write the character `codePoint` (encoders must be loaded). */
export function legacyHolds(encoding: LegacyEncodingId, codePoint: number): boolean {
  let cache = holdsCache.get(encoding);
  if (!cache) {
    cache = new Map();
    holdsCache.set(encoding, cache);
  }
  let holds = cache.get(codePoint);
  if (holds === undefined) {
    holds = encodeLegacy(String.fromCodePoint(codePoint), encoding) !== null;
    cache.set(codePoint, holds);
  }
  return holds;
}
