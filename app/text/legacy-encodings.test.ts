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

    // Against the WHATWG index of each code page (Node's own decoders differ from browsers'
    // for a few of them, so the standard's table is the reference here).
    it.each(SINGLE_BYTE)("%s: every byte of the code page encodes back to itself", async (id) => {
      const { encodingIndexes } = await import("@zxing/text-encoding/es2015/encoding-indexes.js");
      // ISO-8859-8-I is ISO-8859-8's table, read in logical order.
      const tables = encodingIndexes as unknown as Record<string, (number | null)[]>;
      const table = tables[id === "iso-8859-8-i" ? "iso-8859-8" : id];
      expect(table).toHaveLength(128);
      for (let byte = 0; byte < 256; byte++) {
        const codePoint = byte < 0x80 ? byte : table[byte - 0x80];
        if (codePoint === null) continue; // A byte the code page leaves undefined.
        expect([...encodeText(String.fromCodePoint(codePoint), id)], `byte ${byte}`).toEqual([
          byte,
        ]);
      }
    });

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
