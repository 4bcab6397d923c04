import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  EncoderNotLoadedError,
  LEGACY_ENCODING_IDS,
  type LegacyEncodingId,
  loadLegacyEncoders,
} from "./legacy-encodings";
import {
  decodeBytes,
  encodeText,
  findUnencodable,
  UnencodableTextError,
  unencodableMessage,
} from "./text-encoding";

const fixture = (name: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../tests/fixtures/encodings/legacy/${name}`, import.meta.url)),
  );

/** A fixture file for each family, with the text it holds (written by another program). */
const FIXTURES: [LegacyEncodingId, string, string][] = [
  ["shift_jis", "shift_jis.txt", "メモ帳のテスト"],
  ["euc-jp", "euc-jp.txt", "東京と大阪"],
  ["iso-2022-jp", "iso-2022-jp.txt", "こんにちは、世界"],
  ["gbk", "gbk.txt", "简体中文的文字"],
  ["gb18030", "gb18030.txt", "བོད་ཡིག"],
  ["big5", "big5.txt", "繁體中文的文字"],
  ["euc-kr", "euc-kr.txt", "한국어 문장입니다"],
  ["windows-1251", "windows-1251.txt", "Блокнот в браузере"],
  ["windows-1250", "windows-1250.txt", "Příliš žluťoučký kůň"],
  ["koi8-r", "koi8-r.txt", "французских булок"],
  ["iso-8859-7", "iso-8859-7.txt", "Καλημέρα κόσμε"],
  ["windows-1256", "windows-1256.txt", "مرحبا بالعالم"],
];

/** Single-byte encodings: every byte is one character (or none). */
const SINGLE_BYTE = LEGACY_ENCODING_IDS.filter(
  (id) => !["gbk", "gb18030", "big5", "shift_jis", "euc-jp", "iso-2022-jp", "euc-kr"].includes(id),
);

/**
 * Node's decoders (ICU) where they differ from the WHATWG Encoding Standard, with what
 * Chromium's TextDecoder reads instead (null: nothing, U+FFFD). Node 20 reads windows-1252 as
 * Latin-1, has no ISO-8859-16, and keeps ICU's own tables for a few bytes of the others.
 */
const BROWSER_READS: Partial<Record<string, Record<number, string | null>>> = {
  "windows-1253": { 0xaa: null },
  "windows-874": Object.fromEntries(
    [0xdb, 0xdc, 0xdd, 0xde, 0xfc, 0xfd, 0xfe, 0xff].map((byte) => [byte, null]),
  ),
  "koi8-u": { 0xae: "ў", 0xbe: "Ў" },
  ibm866: { 0x1a: "\u001a", 0x1c: "\u001c", 0x7f: "\u007f" },
  "windows-1252": upperHalf(
    0x80,
    "€\u0081\u201aƒ\u201e…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ",
  ),
};

/** The encodings Node has no decoder for, as Chromium reads their bytes from 0xA0 up. */
const NODE_LACKS: Record<string, string> = {
  "iso-8859-16":
    "\u00a0ĄąŁ€\u201eŠ§š©Ș«Ź\u00adźŻ°±ČłŽ”¶·žčș»ŒœŸżÀÁÂĂÄĆÆÇÈÉÊËÌÍÎÏĐŃÒÓÔŐÖŚŰÙÚÛÜĘȚßàáâăäćæçèéêëìíîïđńòóôőöśűùúûüęțÿ",
};

function upperHalf(first: number, characters: string): Record<number, string> {
  return Object.fromEntries([...characters].map((char, index) => [first + index, char]));
}

/** What a browser reads byte `byte` as in `id` (null: no character). */
function browserReads(id: string, byte: number, decoder: TextDecoder | null): string | null {
  const departure = BROWSER_READS[id];
  if (departure && byte in departure) return departure[byte];
  if (!decoder) {
    // ISO-8859-16 is ASCII and C1 controls below 0xA0.
    return byte < 0xa0 ? String.fromCharCode(byte) : [...NODE_LACKS[id]][byte - 0xa0];
  }
  const read = decoder.decode(new Uint8Array([byte]));
  return read === "\ufffd" ? null : read;
}

describe("legacy encodings", () => {
  it("refuses to encode before the encoders are loaded (the caller loads them first)", () => {
    expect(() => encodeText("日本", "shift_jis")).toThrow(EncoderNotLoadedError);
  });

  describe("once loaded", () => {
    beforeAll(() => loadLegacyEncoders());

    it.each(FIXTURES)(
      "%s: the fixture decodes and encodes back byte for byte",
      (id, name, words) => {
        const bytes = fixture(name);
        const text = decodeBytes(bytes, id);
        expect(text).toContain(words);
        expect(Buffer.from(encodeText(text!, id)).equals(Buffer.from(bytes))).toBe(true);
      },
    );

    // Against Node's decoder (ICU), not the encoder package's own tables: every byte the
    // decoder reads as a character must be written back as that byte. Where Node departs from
    // the WHATWG standard that browsers follow, BROWSER_READS says what Chromium reads instead.
    it.each(["windows-1252", ...SINGLE_BYTE] as const)(
      "%s: every byte the browser reads as a character is written back as that byte",
      (id) => {
        const decoder = id in NODE_LACKS ? null : new TextDecoder(id);
        let characters = 0;
        for (let byte = 0; byte <= 0xff; byte++) {
          const read = browserReads(id, byte, decoder);
          if (read === null) continue; // A byte the code page leaves undefined.
          characters++;
          expect([...encodeText(read, id)], `byte 0x${byte.toString(16)}`).toEqual([byte]);
          // Windows-1252 is read by the app's own decoder, not the browser's.
          if (id === "windows-1252") expect(decodeBytes(new Uint8Array([byte]), id)).toBe(read);
        }
        expect(characters).toBeGreaterThan(200);
      },
    );

    it.each(["gbk", "euc-kr", "shift_jis", "big5"] as const)(
      "%s: every two-byte character the browser reads is written back as the same character",
      (id) => {
        // Every lead and trail byte pair: the tables' lookups (made fast with maps) must find
        // each character the decoder knows. Big5's Hong Kong block (leads below 0xA1) and the
        // vendors' private-use characters (U+E000 to U+F8FF) are read but, as the standard
        // says, never written.
        const decoder = new TextDecoder(id);
        const unwritten: string[] = [];
        let characters = 0;
        for (let lead = 0x81; lead <= 0xfe; lead++) {
          for (let trail = 0x40; trail <= 0xfe; trail++) {
            const text = decoder.decode(new Uint8Array([lead, trail]));
            if (text.length === 0 || text.includes("\ufffd") || [...text].length !== 1) continue;
            characters++;
            const codePoint = text.codePointAt(0)!;
            if (codePoint >= 0xe000 && codePoint <= 0xf8ff) continue;
            if (id === "big5" && lead < 0xa1) continue;
            try {
              if (decodeBytes(encodeText(text, id), id) !== text) unwritten.push(text);
            } catch {
              unwritten.push(text);
            }
          }
        }
        expect(characters).toBeGreaterThan(8000);
        // Two Big5 exceptions, where Node's decoder (ICU) is not the standard's: it reads F9FE
        // as "▓" where the standard and browsers read "￭", and "▓" is not in the standard's
        // Big5 (saving refuses it in words); "仝" is written as C6DF, which browsers read back
        // as "仝" and ICU does not.
        expect(unwritten).toEqual(id === "big5" ? ["仝", "▓"] : []);
      },
    );

    it("says which characters an encoding cannot hold, and refuses to write them", () => {
      const text = "Привет 😀\nмир €";
      const found = findUnencodable(text, "koi8-r");
      expect(found.total).toBe(2);
      expect(found.items.map((item) => [item.char, item.line, item.column])).toEqual([
        ["😀", 1, 8],
        ["€", 2, 5],
      ]);
      expect(() => encodeText(text, "koi8-r")).toThrow(UnencodableTextError);
      expect(unencodableMessage("a.txt", "Cyrillic (KOI8-R)", found)).toBe(
        '"a.txt" cannot be saved as Cyrillic (KOI8-R): 😀 (line 1, column 8) and € (line 2, column 5) are not in that encoding. Nothing was saved. Choose UTF-8 in the status bar, or remove them.',
      );
      // A character Shift_JIS lacks is refused, not written as two wrong bytes.
      expect(findUnencodable("日本 한", "shift_jis").total).toBe(1);
      expect(() => encodeText("한", "shift_jis")).toThrow(UnencodableTextError);
      // GB18030 holds every Unicode character.
      expect(findUnencodable("😀 €", "gb18030").total).toBe(0);
    });

    it("rejects bytes that are not valid in a multi-byte encoding", () => {
      expect(decodeBytes(new Uint8Array([0x82, 0xa0, 0x82]), "shift_jis")).toBeNull();
    });
  });
});
