import { beforeAll, describe, expect, it } from "vitest";
import { loadLegacyEncoders } from "~/text/legacy-encodings";
import { encodeText, isUtf16, TEXT_ENCODINGS, type TextEncodingId } from "~/text/text-encoding";
import { BYTES_WITHOUT_OWN_CHARACTER_PER_HIGH_BYTE, prefilterFile } from "./byte-prefilter";
import { encodeAble, events, needleFor } from "./byte-prefilter-test-support";
import { MemoryFolder } from "./workspace-folder";

/**
 * The byte prefilter's text check read from the bytes: where it says binary, where it lets the
 * decode decide, and how far the text check's first 64 K characters can reach.
 */

/** A ceiling for the slower steps on a busy shared machine (not a timed assertion). */
const BUSY_MACHINE_MS = 60_000;

beforeAll(() => loadLegacyEncoders(), BUSY_MACHINE_MS);

describe("the byte prefilter's text check", () => {
  it("counts a binary file binary without decoding it, and is unsure of a late control byte", () => {
    const needle = needleFor("needle", { regexp: false })!;
    const early = new TextEncoder().encode("text \x01 more");
    expect(prefilterFile(early, needle)).toBe("binary");
    // A control byte past the first 64 KB after non-ASCII bytes: its character may be inside
    // the text check's first 64 K characters or not; the decode decides.
    const late = new Uint8Array(100 * 1024).fill(0x61);
    late.set(encodeText("ÄÖÜ", "windows-1252"), 0);
    late[64 * 1024 + 5] = 0x01;
    expect(prefilterFile(late, needle)).toBe("decode");
    // Three bytes over 0x7f cannot put a byte 6 KB further on within the first 64 K
    // characters: the scan stops before it.
    late[64 * 1024 + 5] = 0x61;
    late[70 * 1024] = 0x01;
    expect(prefilterFile(late, needle)).toBe("no-match");
    // Many of them can: a third of the head.
    for (let i = 0; i < 64 * 1024; i += 3) late[i] = 0xe4;
    expect(prefilterFile(late, needle)).toBe("decode");
    // In plain ASCII the first 64 KB are the first 64 K characters.
    late.fill(0x61, 0, 64 * 1024);
    expect(prefilterFile(late, needle)).toBe("no-match");
  });

  it("holds its floor under the characters before a byte in every encoding it reads", () => {
    // BYTES_WITHOUT_OWN_CHARACTER_PER_HIGH_BYTE: the bytes before offset q, `high` of them 0x80
    // or over, decode to at least q - 3 × high whole characters (UTF-16 code units).
    const sample = "Grüße café 東京 北京 서울 臺北 Москва Ελλάδα שלום ไทย བོད 😀 € ";
    const floorGap = (encoding: TextEncodingId, perHighByte: number, text = sample) => {
      const usable = [...text].filter((char) => encodeAble(char, encoding)).join("");
      const bytes = encodeText((usable + "ab\n").repeat(40), encoding);
      let worst = Infinity;
      let high = 0;
      for (let q = 0; q <= bytes.length; q++) {
        if (q % 7 === 0 || q === bytes.length) {
          const decoder = new TextDecoder(encoding.replace("-bom", ""));
          const characters = decoder.decode(bytes.subarray(0, q), { stream: true }).length;
          worst = Math.min(worst, characters - (q - perHighByte * high));
        }
        if (bytes[q] >= 0x80) high++;
      }
      return worst;
    };
    const knownToNode = (id: TextEncodingId) => {
      try {
        return new TextDecoder(id.replace("-bom", "")).encoding !== "";
      } catch {
        return false; // Node's own decoders lack a few single-byte ones (a byte, a character).
      }
    };
    const readable = TEXT_ENCODINGS.map(({ id }) => id).filter(
      (id) => !isUtf16(id) && id !== "iso-2022-jp" && knownToNode(id),
    );
    expect(readable.length).toBeGreaterThan(25);
    for (const encoding of readable) {
      const gap = floorGap(encoding, BYTES_WITHOUT_OWN_CHARACTER_PER_HIGH_BYTE);
      expect(gap, encoding).toBeGreaterThanOrEqual(0);
    }
    // GB18030's four-byte characters (two of their bytes are ASCII digits) need more than one
    // byte per high byte: the floor is not set tighter than the encodings allow.
    expect(floorGap("gb18030", 1, "བོད་ཡིག")).toBeLessThan(0);
  });

  it(
    "never calls a file text that the decode finds binary, in any encoding",
    async () => {
      // A control character just inside the text check's first 64 K characters, and just past
      // them, after some characters of two, three or four bytes (their bytes push the control
      // byte past 64 KB): the prefilter and the decode must agree in every encoding.
      const sniff = 64 * 1024;
      const samples: [TextEncodingId, string][] = [
        ["utf-8", "é"],
        ["utf-8", "東"],
        ["utf-8", "😀"],
        ["shift_jis", "東"],
        ["gbk", "北"],
        ["gb18030", "བ"],
        ["big5", "臺"],
        ["euc-kr", "서"],
        ["koi8-r", "Ж"],
        ["windows-1252", "é"],
      ];
      for (const [encoding, wide] of samples) {
        for (const wideCount of [1, 500, 5000]) {
          for (const controlAt of [sniff - 1, sniff, sniff + 2000]) {
            const before = wide.repeat(wideCount);
            const filler = "a".repeat(Math.max(0, controlAt - before.length));
            const text = before + filler + "\x01" + "b".repeat(3000);
            const folder = new MemoryFolder("late");
            folder.put("file.txt", encodeText(text, encoding));
            const find = { query: "needle", regexp: false };
            const withPrefilter = await events(folder, find);
            const without = await events(folder, { ...find, bytePrefilter: false });
            expect(
              withPrefilter,
              `${encoding} ${wideCount}× ${wide}, control at ${controlAt}`,
            ).toEqual(without);
          }
        }
      }
    },
    BUSY_MACHINE_MS,
  );

  it("tells binary from text as a byte-by-byte reading does, at any offset and length", () => {
    // The word-at-a-time scan against the plain reading it replaced: random files of text
    // bytes, high bytes and control bytes (a few, anywhere), from any address.
    const needle = needleFor("zq", { regexp: false })!;
    const control = [0x00, 0x01, 0x08, 0x0b, 0x0e, 0x1a, 0x1c, 0x1f, 0x7f];
    const allowed = [0x09, 0x0a, 0x0c, 0x0d, 0x1b, 0x20, 0x61, 0x7e, 0x80, 0xc3, 0xff];
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const sizes = [0, 1, 3, 5, 7, 64 * 1024 - 1, 64 * 1024 + 3, 70 * 1024, 300 * 1024];
    for (let round = 0; round < 300; round++) {
      const length = round < sizes.length ? sizes[round] : random(5000) + random(2) * 65_000;
      const offset = random(4);
      const buffer = new Uint8Array(length + offset);
      const bytes = buffer.subarray(offset);
      const highShare = random(3);
      for (let i = 0; i < length; i++) {
        bytes[i] = random(4) < highShare ? 0x80 + random(128) : allowed[random(6)];
      }
      for (let k = random(3); k > 0; k--) {
        if (length > 0) bytes[random(length)] = control[random(control.length)];
      }
      // An ISO-2022-JP escape now and then (ESC $ B), anywhere.
      if (random(8) === 0 && length > 3) bytes.set([0x1b, 0x24, 0x42], random(length - 2));
      expect(prefilterFile(bytes, needle), `round ${round}`).toBe(readByteByByte(bytes));
    }
  });
});

/**
 * The prefilter's verdict for a file without a BOM and without "zq", read a byte at a time
 * and one check after the other (as it was before the word-at-a-time scan), with its rule for
 * how far the first 64 K characters may reach looked at every 4 KB.
 */
function readByteByByte(bytes: Uint8Array): "binary" | "decode" | "no-match" {
  const sniff = 64 * 1024;
  const head = bytes.subarray(0, sniff);
  if (head.includes(0)) return "decode";
  for (let i = 0; i + 2 < head.length; i++) {
    if (head[i] === 0x1b && head[i + 1] === 0x24 && head[i + 2] === 0x42) return "decode";
  }
  const isControl = (byte: number) =>
    (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(byte)) || byte === 0x7f;
  let high = 0;
  for (let i = 0; i < Math.min(bytes.length, sniff * 4); i++) {
    if (i % 4096 === 0 && i - 3 * high >= sniff) break;
    if (isControl(bytes[i])) return i < sniff ? "binary" : "decode";
    if (bytes[i] >= 0x80) high++;
  }
  return "no-match";
}
