/**
 * Windows-1252 ("ANSI"), the encoding of older Western Windows files, read and written here
 * rather than by the browser (see the note on its table). Pure: runs in Node and the browser.
 */

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

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

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

/** The Windows-1252 bytes of `text`, or null when it holds a character the encoding lacks. */
export function encodeWindows1252(text: string): Uint8Array<ArrayBuffer> | null {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80 || (unit >= 0xa0 && unit <= 0xff)) {
      out[i] = unit;
      continue;
    }
    const byte = CP1252_ENCODE.get(unit);
    if (byte === undefined) return null;
    out[i] = byte;
  }
  return out;
}

/** True when the single-unit (BMP) character `unit` is in Windows-1252. */
export function windows1252Holds(unit: number): boolean {
  return unit < 0x80 || (unit >= 0xa0 && unit <= 0xff) || CP1252_ENCODE.has(unit);
}
