import { deflateRawSync, crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  concatBytes,
  crc32,
  decodeLeb128,
  encodeLeb128,
  inflateBounded,
  readUint32,
  withCrc32,
  withoutCrc32,
} from "./byte-codecs";

const ascii = (text: string) => new TextEncoder().encode(text);

describe("byte codecs", () => {
  it("computes the standard CRC-32 (the check value of '123456789' is CBF43926)", () => {
    expect(crc32(ascii("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it("gives zlib's CRC-32 for every length around its eight-byte steps, from any offset", () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;
    const buffer = Uint8Array.from({ length: 5000 }, random);
    for (const length of [1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 4093]) {
      for (let offset = 0; offset < 8; offset++) {
        const bytes = buffer.subarray(offset, offset + length);
        expect(crc32(bytes), `${length} bytes from ${offset}`).toBe(zlibCrc32(bytes));
      }
    }
  });

  it("appends the checksum big-endian and refuses bytes that were cut or changed", () => {
    const framed = withCrc32(ascii("payload"));
    expect(readUint32(framed, framed.length - 4)).toBe(crc32(ascii("payload")));
    expect(withoutCrc32(framed)).toEqual(ascii("payload"));
    const changed = framed.slice();
    changed[2] ^= 0x01;
    expect(withoutCrc32(changed)).toBeNull();
    expect(withoutCrc32(framed.subarray(0, framed.length - 1))).toBeNull();
    expect(withoutCrc32(new Uint8Array(3))).toBeNull();
  });

  it("joins byte arrays in order", () => {
    expect(concatBytes(ascii("ab"), new Uint8Array(), ascii("c"))).toEqual(ascii("abc"));
  });

  it("round-trips LEB128 lengths and refuses one that does not end", () => {
    for (const value of [0, 1, 127, 128, 300, 16_383, 16_384, 50 * 1024 * 1024, 2 ** 34]) {
      const bytes = encodeLeb128(value);
      expect(decodeLeb128(concatBytes(bytes, ascii("rest")))).toEqual({
        value,
        offset: bytes.length,
      });
    }
    expect([...encodeLeb128(300)]).toEqual([0xac, 0x02]);
    expect(decodeLeb128(new Uint8Array([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]))).toBeNull();
    expect(decodeLeb128(new Uint8Array())).toBeNull();
  });

  it("inflates deflate-raw within a limit, gives up past it, and throws on a cut stream", () => {
    const text = ascii("all work and no play ".repeat(500));
    const deflated = new Uint8Array(deflateRawSync(text));
    expect(inflateBounded(deflated, text.length)).toEqual(text);
    expect(inflateBounded(deflated, text.length - 1)).toBeNull();
    expect(() => inflateBounded(deflated.subarray(0, deflated.length - 2), text.length)).toThrow();
  });
});
