import { describe, expect, it } from "vitest";
import {
  decodeBytes,
  decodeText,
  DEFAULT_ENCODING,
  detectEncoding,
  encodeText,
  encodingLabel,
  findUnencodable,
  utf16WithoutBom,
  isTextEncodingId,
  isUnicodeEncoding,
  TEXT_ENCODINGS,
  type TextEncodingId,
  UnencodableTextError,
  unencodableMessage,
} from "./text-encoding";

const bytes = (...values: number[]) => new Uint8Array(values);
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe("TEXT_ENCODINGS", () => {
  it("names each encoding as users know it, UTF-8 by default", () => {
    expect(TEXT_ENCODINGS.slice(0, 7).map((e) => e.label)).toEqual([
      "UTF-8",
      "UTF-8 with BOM",
      "UTF-16 LE",
      "UTF-16 BE",
      "UTF-16 LE without BOM",
      "UTF-16 BE without BOM",
      "Windows-1252 (ANSI)",
    ]);
    // Then every legacy encoding of the WHATWG standard (legacy-encodings.ts).
    expect(TEXT_ENCODINGS).toHaveLength(7 + 34);
    expect(encodingLabel("shift_jis")).toBe("Japanese (Shift_JIS)");
    expect(DEFAULT_ENCODING).toBe("utf-8");
    expect(encodingLabel("windows-1252")).toBe("Windows-1252 (ANSI)");
    expect(TEXT_ENCODINGS.find((e) => e.id === "windows-1252")?.shortLabel).toBe("Windows-1252");
    expect(isTextEncodingId("utf-16be")).toBe(true);
    expect(isTextEncodingId("latin1")).toBe(false);
  });
});

describe("detectEncoding", () => {
  it("reads the byte-order mark first", () => {
    expect(detectEncoding(bytes(0xef, 0xbb, 0xbf, 0x68))).toBe("utf-8-bom");
    expect(detectEncoding(bytes(0xff, 0xfe, 0x68, 0))).toBe("utf-16le");
    expect(detectEncoding(bytes(0xfe, 0xff, 0, 0x68))).toBe("utf-16be");
  });

  it("tells UTF-16 without a BOM by the side its zero bytes fall on", () => {
    const le = (text: string) => new Uint8Array(Buffer.from(text, "utf16le"));
    const be = (text: string) => le(text).map((_, i, all) => all[i ^ 1]);
    for (const text of ["hi", "Привет, мир\n", "中文文本 mixed with ASCII\r\n", "Καλημέρα κόσμε"]) {
      expect(utf16WithoutBom(le(text))).toBe("utf-16le-nobom");
      expect(utf16WithoutBom(be(text))).toBe("utf-16be-nobom");
      expect(detectEncoding(be(text))).toBe("utf-16be-nobom");
      expect(decodeText(le(text))).toEqual({ text, encoding: "utf-16le-nobom" });
    }
    // Not UTF-16: text without zero bytes, a marked file, zeros on both sides (binary).
    expect(utf16WithoutBom(new TextEncoder().encode("plain text"))).toBeNull();
    expect(utf16WithoutBom(bytes(0xff, 0xfe, 0x68, 0))).toBeNull();
    expect(utf16WithoutBom(bytes(0x89, 0x50, 0, 0, 0, 0x0d, 0x49, 0, 0, 0x48))).toBeNull();
    expect(utf16WithoutBom(bytes(0x68))).toBeNull();
  });

  it("takes valid UTF-8 as UTF-8 and anything else as Windows-1252", () => {
    expect(detectEncoding(new TextEncoder().encode("café 😀"))).toBe("utf-8");
    expect(detectEncoding(bytes())).toBe("utf-8");
    expect(detectEncoding(bytes(0x63, 0x61, 0x66, 0xe9))).toBe("windows-1252");
    // A UTF-8 BOM followed by bytes that are not UTF-8: kept as Windows-1252, BOM bytes and all.
    expect(detectEncoding(bytes(0xef, 0xbb, 0xbf, 0xe9))).toBe("windows-1252");
  });
});

describe("decodeText", () => {
  it("returns the text without its BOM and the encoding it found", () => {
    expect(decodeText(bytes(0xef, 0xbb, 0xbf, 0x68, 0x69))).toEqual({
      text: "hi",
      encoding: "utf-8-bom",
    });
    expect(decodeText(bytes(0xfe, 0xff, 0, 0x68, 0, 0xe9))).toEqual({
      text: "hé",
      encoding: "utf-16be",
    });
    expect(decodeText(bytes(0x80, 0x20, 0x93, 0x94))).toEqual({
      text: "€ “”",
      encoding: "windows-1252",
    });
  });

  it("refuses broken UTF-16 (odd byte count, lone surrogate)", () => {
    expect(decodeText(bytes(0xff, 0xfe, 0x68))).toBeNull();
    expect(decodeText(bytes(0xff, 0xfe, 0x3d, 0xd8, 0x41, 0))).toBeNull();
  });
});

describe("Windows-1252", () => {
  it("round-trips all 256 byte values exactly", () => {
    const all = new Uint8Array(256).map((_, i) => i);
    const text = decodeBytes(all, "windows-1252")!;
    expect(text).toHaveLength(256);
    expect(text[0x80]).toBe("€");
    expect(text[0x93]).toBe("“");
    expect(text[0x9f]).toBe("Ÿ");
    expect(text[0xe9]).toBe("é");
    // The five bytes Windows leaves undefined decode to the C1 control of the same number.
    for (const b of [0x81, 0x8d, 0x8f, 0x90, 0x9d]) expect(text.charCodeAt(b)).toBe(b);
    expect(findUnencodable(text, "windows-1252").total).toBe(0);
    expect(same(encodeText(text, "windows-1252"), all)).toBe(true);
  });

  it("decodes past its internal chunk size", () => {
    const big = new Uint8Array(3 * (1 << 20) + 5).fill(0x61);
    big[big.length - 1] = 0x80;
    const text = decodeBytes(big, "windows-1252")!;
    expect(text).toHaveLength(big.length);
    expect(text.endsWith("aaa€")).toBe(true);
    expect(same(encodeText(text, "windows-1252"), big)).toBe(true);
  });

  it("refuses C1 controls that would read back as other characters", () => {
    // U+0080 is not byte 0x80 (that byte is €), so it cannot be written.
    expect(findUnencodable("\u0080", "windows-1252").total).toBe(1);
  });
});

describe("encodeText", () => {
  it("writes UTF-8 with and without a BOM", () => {
    expect(same(encodeText("hé", "utf-8"), bytes(0x68, 0xc3, 0xa9))).toBe(true);
    expect(same(encodeText("hé", "utf-8-bom"), bytes(0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9))).toBe(
      true,
    );
  });

  it("writes UTF-16 surrogate pairs in both byte orders", () => {
    // 😀 is U+1F600: the pair D83D DE00.
    expect(
      same(encodeText("a😀", "utf-16le"), bytes(0xff, 0xfe, 0x61, 0, 0x3d, 0xd8, 0, 0xde)),
    ).toBe(true);
    expect(
      same(encodeText("a😀", "utf-16be"), bytes(0xfe, 0xff, 0, 0x61, 0xd8, 0x3d, 0xde, 0)),
    ).toBe(true);
    expect(decodeText(encodeText("a😀", "utf-16le"))?.text).toBe("a😀");
    expect(decodeText(encodeText("a😀", "utf-16be"))?.text).toBe("a😀");
  });

  it("writes an empty document as its byte-order mark alone, or nothing", () => {
    expect(encodeText("", "utf-8")).toHaveLength(0);
    expect(encodeText("", "windows-1252")).toHaveLength(0);
    expect(same(encodeText("", "utf-8-bom"), bytes(0xef, 0xbb, 0xbf))).toBe(true);
    expect(same(encodeText("", "utf-16le"), bytes(0xff, 0xfe))).toBe(true);
    expect(same(encodeText("", "utf-16be"), bytes(0xfe, 0xff))).toBe(true);
    expect(encodeText("", "utf-16le-nobom")).toHaveLength(0);
  });

  it("writes UTF-16 without a BOM when the file had none", () => {
    expect(same(encodeText("a😀", "utf-16le-nobom"), bytes(0x61, 0, 0x3d, 0xd8, 0, 0xde))).toBe(
      true,
    );
    expect(same(encodeText("a😀", "utf-16be-nobom"), bytes(0, 0x61, 0xd8, 0x3d, 0xde, 0))).toBe(
      true,
    );
  });

  it("is the exact inverse of decodeBytes, a leading U+FEFF included", () => {
    const ids = TEXT_ENCODINGS.map((e) => e.id).filter(isUnicodeEncoding);
    for (const text of ["\ufeffstarts with a BOM", "plain", "Grüße 👋\r\n"]) {
      for (const id of ids) expect(decodeBytes(encodeText(text, id), id)).toBe(text);
    }
    expect(decodeBytes(encodeText("café “x”", "windows-1252"), "windows-1252")).toBe("café “x”");
  });

  it("refuses characters the encoding cannot hold instead of mangling them", () => {
    expect(() => encodeText("€ 😀", "windows-1252")).toThrow(UnencodableTextError);
    expect(same(encodeText("€", "windows-1252"), bytes(0x80))).toBe(true);
    for (const id of ["utf-8", "utf-8-bom", "utf-16le", "utf-16be"] as TextEncodingId[]) {
      expect(() => encodeText("broken \ud83d here", id)).toThrow(UnencodableTextError);
    }
    try {
      encodeText("a😀", "windows-1252");
    } catch (error) {
      expect((error as UnencodableTextError).found.items[0].char).toBe("😀");
    }
  });
});

describe("findUnencodable", () => {
  it("finds 😀 but not € for Windows-1252, with line and column", () => {
    const found = findUnencodable("€ 😀", "windows-1252");
    expect(found).toEqual({
      encoding: "windows-1252",
      total: 1,
      items: [{ char: "😀", codePoint: 0x1f600, offset: 2, line: 1, column: 3 }],
    });
  });

  it("counts every character and lists up to the limit, lines split by any line break", () => {
    const text = "ok\nα β\r\nγ\rδ 😀 ✓ ok";
    const found = findUnencodable(text, "windows-1252", 3);
    expect(found.total).toBe(6);
    expect(found.items.map(({ char, line, column }) => [char, line, column])).toEqual([
      ["α", 2, 1],
      ["β", 2, 3],
      ["γ", 3, 1],
    ]);
    expect(findUnencodable(text, "windows-1252", 10).items.map((i) => i.offset)).toEqual([
      3, 5, 8, 10, 12, 15,
    ]);
  });

  it("is empty for Unicode encodings except for lone surrogates", () => {
    expect(findUnencodable("€ 😀 α", "utf-8").total).toBe(0);
    const found = findUnencodable("x😀\n\udc00y\ud83d", "utf-16le");
    expect(found.total).toBe(2);
    expect(found.items.map(({ codePoint, line, column }) => [codePoint, line, column])).toEqual([
      [0xdc00, 2, 1],
      [0xd83d, 2, 3],
    ]);
  });
});

describe("unencodableMessage", () => {
  it("names the file, the encoding, the characters and what to do", () => {
    const found = findUnencodable("€ 😀\nα β γ", "windows-1252");
    expect(unencodableMessage("notes.txt", "Windows-1252 (ANSI)", found)).toBe(
      '"notes.txt" cannot be saved as Windows-1252 (ANSI): 😀 (line 1, column 3), α (line 2, ' +
        "column 1), β (line 2, column 3) and 1 more character are not in that encoding. Nothing " +
        "was saved. Choose UTF-8 in the status bar, or remove them.",
    );
  });

  it("reads naturally for one or two characters and names invisible ones by code", () => {
    const one = findUnencodable("a😀", "windows-1252");
    expect(unencodableMessage("a.txt", "Windows-1252 (ANSI)", one)).toContain(
      "😀 (line 1, column 2) is not in that encoding. Nothing was saved. Choose UTF-8 in the " +
        "status bar, or remove it.",
    );
    const two = findUnencodable("\u200b and 😀", "windows-1252");
    expect(unencodableMessage("a.txt", "Windows-1252 (ANSI)", two)).toContain(
      "the invisible character U+200B (line 1, column 1) and 😀 (line 1, column 7) are not",
    );
    expect(unencodableMessage("a.txt", "UTF-8", findUnencodable("ok", "utf-8"))).toBe("");
  });

  it("explains a lone surrogate, which no encoding can save", () => {
    const message = unencodableMessage("a.txt", "UTF-8", findUnencodable("x\ud83d", "utf-8"));
    expect(message).toContain("the broken character U+D83D (line 1, column 2) is only half");
    expect(message).toContain("Remove it, then save again.");
  });
});
