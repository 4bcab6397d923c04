import { isLegacyEncoding } from "./legacy-encodings";
import type { TextEncodingId } from "./text-encoding";

/**
 * Guessing the encoding of a file that is not UTF-8 and has no byte-order mark (issue 31 item
 * 6), with jschardet (loaded only for such a file): Shift_JIS, GBK, Big5, EUC-KR, KOI8-R,
 * Windows-1251… A guess says how sure it is, and the user can always reopen the file in
 * another encoding from the status bar.
 */

/** A guess and how sure it is (0 to 1). */
export interface EncodingGuess {
  encoding: TextEncodingId;
  confidence: number;
}

/** Below this, a guess is not taken: Windows-1252 (which every byte sequence is) is used. */
export const MIN_CONFIDENCE = 0.5;

/** How many bytes of the file the guess reads (enough text for the statistics). */
export const GUESS_SAMPLE_BYTES = 64 * 1024;

/** The escape sequences that switch ISO-2022-JP into Japanese (it is otherwise 7-bit ASCII). */
const ISO_2022_JP_ESCAPES = [
  [0x1b, 0x24, 0x42], // ESC $ B: JIS X 0208-1983
  [0x1b, 0x24, 0x40], // ESC $ @: JIS X 0208-1978
  [0x1b, 0x28, 0x4a], // ESC ( J: JIS X 0201 Roman
];

/**
 * True when `head` holds ISO-2022-JP's escape sequences: such a file is valid ASCII (and so
 * UTF-8) byte for byte, so it must be recognised before UTF-8 is assumed.
 */
export function looksLikeIso2022Jp(head: Uint8Array): boolean {
  // From one ESC to the next by the engine's own byte search: most files hold none, and find
  // in files asks this of every file (a byte-by-byte loop was a third of a search's time).
  for (let i = head.indexOf(0x1b); i !== -1 && i + 2 < head.length; i = head.indexOf(0x1b, i + 1)) {
    if (ISO_2022_JP_ESCAPES.some(([, b, c]) => head[i + 1] === b && head[i + 2] === c)) return true;
  }
  return false;
}

/** The WHATWG name of an encoding label ("GB2312" → "gbk"), or null when no browser knows it. */
function whatwgName(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/**
 * The legacy encoding `sample` (a file's first bytes, not valid UTF-8) most likely is, with
 * how sure the guess is; null when nothing is likely enough (the caller reads Windows-1252).
 */
export async function guessLegacyEncoding(sample: Uint8Array): Promise<EncodingGuess | null> {
  const { default: jschardet } = await import("jschardet");
  // jschardet reads a "binary string": one character per byte.
  let binary = "";
  for (let i = 0; i < sample.length; i += 8192) {
    binary += String.fromCharCode(...sample.subarray(i, i + 8192));
  }
  const result = jschardet.detect(binary);
  if (!result.encoding || result.confidence < MIN_CONFIDENCE) return null;
  const name = whatwgName(result.encoding);
  if (name === "windows-1252" || isLegacyEncoding(name)) {
    return { encoding: name, confidence: result.confidence };
  }
  return null;
}

/** "99% sure" for a notice. */
export function confidenceLabel(confidence: number): string {
  return `${Math.round(confidence * 100)}% sure`;
}
