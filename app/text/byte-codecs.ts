import { Inflate } from "fflate";

/**
 * Byte-level building blocks of binary formats: joining byte arrays, a CRC-32 checksum appended
 * big-endian and checked, LEB128 lengths, and deflate-raw inflated within a size limit. Nothing
 * here knows a particular format (share-link.ts builds its links from them). Pure: no DOM.
 */

/** Bytes of the checksum `withCrc32` appends. */
export const CRC_BYTES = 4;

/** `parts` joined into one new array. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Bytes `crc32` takes at a time: one lookup table for each. */
const CRC_SLICE = 8;
let crcTables: Uint32Array | null = null;

/**
 * The tables of CRC-32 "slicing by 8": table 0 is the byte-at-a-time table; table k gives a
 * byte's effect k bytes further on. Find in files takes the checksum of every matching file.
 */
function crcSliceTables(): Uint32Array {
  if (crcTables) return crcTables;
  const tables = new Uint32Array(256 * CRC_SLICE);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < CRC_SLICE; k++) {
      const previous = tables[(k - 1) * 256 + n];
      tables[k * 256 + n] = (previous >>> 8) ^ tables[previous & 0xff];
    }
  }
  return (crcTables = tables);
}

/** CRC-32 (IEEE 802.3, as in zip and PNG). It catches every change confined to 32 bits. */
export function crc32(bytes: Uint8Array): number {
  const t = crcSliceTables();
  let crc = 0xffffffff;
  let i = 0;
  for (const whole = bytes.length - (bytes.length % CRC_SLICE); i < whole; i += CRC_SLICE) {
    const low =
      crc ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
    crc =
      t[1792 + (low & 0xff)] ^
      t[1536 + ((low >>> 8) & 0xff)] ^
      t[1280 + ((low >>> 16) & 0xff)] ^
      t[1024 + (low >>> 24)] ^
      t[768 + bytes[i + 4]] ^
      t[512 + bytes[i + 5]] ^
      t[256 + bytes[i + 6]] ^
      t[bytes[i + 7]];
  }
  for (; i < bytes.length; i++) crc = t[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** `bytes` followed by their CRC-32, big-endian. */
export function withCrc32(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + CRC_BYTES);
  out.set(bytes);
  const crc = crc32(bytes);
  out[bytes.length] = crc >>> 24;
  out[bytes.length + 1] = (crc >>> 16) & 0xff;
  out[bytes.length + 2] = (crc >>> 8) & 0xff;
  out[bytes.length + 3] = crc & 0xff;
  return out;
}

/**
 * The bytes before the trailing CRC-32 that `withCrc32` appended, or null when there is no room
 * for one or it does not match (the bytes were cut or changed).
 */
export function withoutCrc32(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < CRC_BYTES) return null;
  const body = bytes.subarray(0, bytes.length - CRC_BYTES);
  return crc32(body) === readUint32(bytes, bytes.length - CRC_BYTES) ? body : null;
}

/** The big-endian unsigned 32-bit number at `offset`. */
export function readUint32(bytes: Uint8Array, offset: number): number {
  const value =
    (bytes[offset] << 24) |
    (bytes[offset + 1] << 16) |
    (bytes[offset + 2] << 8) |
    bytes[offset + 3];
  return value >>> 0;
}

/** `value` (a non-negative integer) as unsigned LEB128: seven bits a byte, low bits first. */
export function encodeLeb128(value: number): Uint8Array {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return new Uint8Array(bytes);
}

/**
 * The unsigned LEB128 number at the start of `bytes` and the offset just after it; null when it
 * does not end within five bytes (any value below 2^35).
 */
export function decodeLeb128(bytes: Uint8Array): { value: number; offset: number } | null {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < Math.min(bytes.length, 5); i++) {
    value += (bytes[i] & 0x7f) * scale;
    if ((bytes[i] & 0x80) === 0) return { value, offset: i + 1 };
    scale *= 128;
  }
  return null;
}

/**
 * Inflates deflate-raw `data`, giving up (null) past `limit` bytes of output or when the stream
 * does not end: crafted input cannot make the page unpack gigabytes. Throws (fflate's error)
 * on bytes that are not deflate-raw, a stream cut short among them.
 */
export function inflateBounded(data: Uint8Array, limit: number): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let total = 0;
  let tooLarge = false;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > limit) tooLarge = true;
    else parts.push(chunk);
    if (final) ended = true;
  });
  // Pushed in slices, so output is checked against the limit as it grows.
  const SLICE = 1024;
  for (let offset = 0; offset < data.length && !tooLarge; offset += SLICE) {
    const end = Math.min(offset + SLICE, data.length);
    inflater.push(data.subarray(offset, end), end === data.length);
  }
  if (tooLarge || !ended) return null;
  return concatBytes(...parts);
}
