import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  decodeTextFile,
  type DecodeResult,
  fileRejectionMessage,
  MAX_FILE_BYTES,
} from "./file-checks";
import { applyLineEnding, DEFAULT_LINE_ENDING, normalizeLineEndings } from "./line-endings";
import { encodeText } from "./text-encoding";

const FIXTURES = new URL("../../tests/fixtures/encodings/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

/** What saving the decoded text back with its detected encoding and line ending writes. */
function saveBack(result: DecodeResult): Buffer {
  if (!result.ok) throw new Error(result.reason);
  const ending = result.lineEnding ?? DEFAULT_LINE_ENDING;
  return Buffer.from(encodeText(applyLineEnding(result.text, ending), result.encoding));
}

describe("decodeTextFile", () => {
  it("decodes UTF-8 text, accents and emoji included", () => {
    const bytes = new TextEncoder().encode("Grüße 👋\nline two");
    expect(decodeTextFile(bytes)).toEqual({
      ok: true,
      text: "Grüße 👋\nline two",
      encoding: "utf-8",
      lineEnding: "lf",
      mixedLineEndings: false,
    });
  });

  it("drops a byte-order mark and says it was there", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
    expect(decodeTextFile(bytes)).toEqual({
      ok: true,
      text: "hi",
      encoding: "utf-8-bom",
      lineEnding: null,
      mixedLineEndings: false,
    });
  });

  it("refuses bytes with NUL characters as not text", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(decodeTextFile(png)).toEqual({ ok: false, reason: "not-text" });
  });

  it("reads text that is not UTF-8 as Windows-1252", () => {
    // "café" saved by an older Windows program.
    expect(decodeTextFile(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x80]))).toMatchObject({
      ok: true,
      text: "café€",
      encoding: "windows-1252",
    });
  });

  it("reads UTF-16 files with a byte-order mark", () => {
    const le = new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]);
    const be = new Uint8Array([0xfe, 0xff, 0x00, 0x68, 0x00, 0xe9]);
    expect(decodeTextFile(le)).toMatchObject({ ok: true, text: "hé", encoding: "utf-16le" });
    expect(decodeTextFile(be)).toMatchObject({ ok: true, text: "hé", encoding: "utf-16be" });
  });

  it("refuses bytes with other control characters as not text", () => {
    expect(decodeTextFile(new Uint8Array([0xc3, 0x28, 0x01, 0x02, 0x41]))).toEqual({
      ok: false,
      reason: "not-text",
    });
    expect(decodeTextFile(new Uint8Array([0x4d, 0x5a, 0x90, 0x03]))).toEqual({
      ok: false,
      reason: "not-text",
    });
  });

  it("refuses UTF-16 that is not valid UTF-16 or holds NUL characters", () => {
    expect(decodeTextFile(new Uint8Array([0xff, 0xfe, 0x68]))).toEqual({
      ok: false,
      reason: "not-text",
    });
    expect(decodeTextFile(new Uint8Array([0xff, 0xfe, 0, 0, 0x68, 0]))).toEqual({
      ok: false,
      reason: "not-text",
    });
  });

  it("reads UTF-16 without a byte-order mark, and still refuses binary numbers as not text", () => {
    expect(decodeTextFile(new Uint8Array([0x68, 0, 0xe9, 0, 0x0a, 0]))).toMatchObject({
      ok: true,
      text: "hé\n",
      encoding: "utf-16le-nobom",
    });
    // Little 16-bit numbers have their zeros on one side too, but read as control characters.
    expect(decodeTextFile(new Uint8Array([1, 0, 2, 0, 3, 0, 0x41, 0]))).toEqual({
      ok: false,
      reason: "not-text",
    });
  });

  it("returns the text with its line breaks as stored and the file's own line ending", () => {
    expect(decodeTextFile(new TextEncoder().encode("a\r\nb\r\nc\nd"))).toEqual({
      ok: true,
      text: "a\r\nb\r\nc\nd",
      encoding: "utf-8",
      lineEnding: "crlf",
      mixedLineEndings: true,
    });
    expect(decodeTextFile(new TextEncoder().encode("a\rb\r"))).toMatchObject({
      text: "a\rb\r",
      lineEnding: "cr",
    });
  });

  it("reads an empty file as UTF-8 without a line ending", () => {
    expect(decodeTextFile(new Uint8Array())).toEqual({
      ok: true,
      text: "",
      encoding: "utf-8",
      lineEnding: null,
      mixedLineEndings: false,
    });
    expect(saveBack(decodeTextFile(new Uint8Array())).byteLength).toBe(0);
  });

  it("refuses files over 500 MB", () => {
    const big = { byteLength: MAX_FILE_BYTES + 1 } as Uint8Array;
    expect(decodeTextFile(big)).toEqual({ ok: false, reason: "too-large" });
  });

  it("names the file in its message", () => {
    expect(fileRejectionMessage("photo.png", "not-text")).toContain('"photo.png"');
    expect(fileRejectionMessage("huge.txt", "too-large")).toContain("larger than 500 MB");
    expect(fileRejectionMessage("app.exe", "unsupported-type")).toContain(
      ".txt, .md, .json, .py or .csv",
    );
  });
});

describe("round trip of the fixture files", () => {
  const expected: Record<string, [string, string | null]> = {
    "lf.txt": ["utf-8", "lf"],
    "crlf.txt": ["utf-8", "crlf"],
    "cr.txt": ["utf-8", "cr"],
    "utf8-bom.txt": ["utf-8-bom", "crlf"],
    "utf16le.txt": ["utf-16le", "crlf"],
    "utf16be.txt": ["utf-16be", "lf"],
    "utf16le-nobom.txt": ["utf-16le-nobom", "crlf"],
    "utf16be-nobom.txt": ["utf-16be-nobom", "lf"],
    "windows-1252.txt": ["windows-1252", "crlf"],
    "mixed.txt": ["utf-8", "crlf"],
  };

  it("has every fixture on disk", () => {
    // legacy/: the legacy encodings, detected by a library when the file is read (legacy-encodings.test.ts).
    const files = readdirSync(FIXTURES).filter((name) => name !== "legacy");
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [name, [encoding, lineEnding]] of Object.entries(expected)) {
    if (name === "mixed.txt") continue;
    it(`${name}: detects ${encoding} ${lineEnding} and saves back identical bytes`, () => {
      const bytes = fixture(name);
      const result = decodeTextFile(bytes);
      expect(result).toMatchObject({ ok: true, encoding, lineEnding, mixedLineEndings: false });
      expect(saveBack(result).equals(Buffer.from(bytes))).toBe(true);
    });
  }

  it("reads the text of each encoding alike", () => {
    const text = (name: string) => {
      const result = decodeTextFile(fixture(name));
      return result.ok ? normalizeLineEndings(result.text) : "";
    };
    expect(text("lf.txt")).toContain("Café – naïve € “quoted”");
    for (const name of ["crlf.txt", "utf8-bom.txt", "utf16be.txt"]) {
      expect(text(name).startsWith(text("lf.txt"))).toBe(true);
    }
    expect(text("utf16le.txt")).toContain("Emoji 😀 and 𝄞");
    expect(text("utf16be-nobom.txt")).toContain("Привет, мир. Καλημέρα.\n日本語のテキスト");
    expect(text("utf16le-nobom.txt")).toContain("中文文本：你好，世界。\nCafé – naïve");
    expect(text("windows-1252.txt")).toBe("Price: € 5, café\n“quoted” – naïve\n");
  });

  it("mixed.txt: reports mixed line endings and writes the majority (CRLF) throughout", () => {
    const result = decodeTextFile(fixture("mixed.txt"));
    expect(result).toMatchObject({ ok: true, lineEnding: "crlf", mixedLineEndings: true });
    expect(saveBack(result).toString("utf8")).toBe(
      "one\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix – é\r\n",
    );
  });
});
