import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeTextFile } from "./file-checks";
import { detectLineEndings } from "./line-endings";
import { markedEncoding, type TextEncodingId } from "./text-encoding";
import { InvalidBytesError, StreamingDecoder, TextAssembler } from "./text-stream";

const FIXTURES = new URL("../../tests/fixtures/encodings/", import.meta.url);

/** Decodes `bytes` cut into pieces of `size` bytes, the way a file stream delivers them. */
function decodeInPieces(bytes: Uint8Array, size: number) {
  const marked = markedEncoding(bytes);
  const attempt = (encoding: TextEncodingId) => {
    const decoder = new StreamingDecoder(encoding);
    const assembler = new TextAssembler();
    for (let at = 0; at < bytes.byteLength; at += size) {
      assembler.push(decoder.decode(bytes.subarray(at, at + size)));
    }
    assembler.push(decoder.decode(new Uint8Array(0), true));
    return { ...assembler.finish(), encoding };
  };
  try {
    return attempt(marked ?? "utf-8");
  } catch (error) {
    if (!(error instanceof InvalidBytesError)) throw error;
    return attempt("windows-1252");
  }
}

const linesOf = (text: string) => text.split(/\r\n?|\n/);

describe("streamed decoding", () => {
  const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith(".txt"));

  it.each(fixtures)("%s gives what decodeTextFile gives, in any piece size", (name) => {
    const bytes = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
    const whole = decodeTextFile(bytes);
    if (!whole.ok) throw new Error(whole.reason);
    for (const size of [1, 2, 3, 7, 64, 1 << 20]) {
      const streamed = decodeInPieces(bytes, size);
      expect(streamed.encoding).toBe(whole.encoding);
      expect(streamed.doc.toJSON()).toEqual(linesOf(whole.text));
      expect(streamed.lineEndings.majority).toBe(whole.lineEnding);
      expect(streamed.lineEndings.mixed).toBe(whole.mixedLineEndings);
    }
  });

  it("keeps \\r\\n cut between two pieces as one line break", () => {
    const assembler = new TextAssembler();
    for (const piece of ["one\r", "\ntwo\r", "", "\nthree\r", "four\n", "\r"])
      assembler.push(piece);
    const { doc, lineEndings } = assembler.finish();
    expect(doc.toJSON()).toEqual(["one", "two", "three", "four", "", ""]);
    expect(lineEndings.counts).toEqual({ crlf: 2, lf: 1, cr: 2 });
    expect(lineEndings.counts).toEqual(detectLineEndings("one\r\ntwo\r\nthree\rfour\n\r").counts);
  });

  it("builds a long line from many pieces and a big document from many batches", () => {
    const assembler = new TextAssembler();
    const oneLine = "x".repeat(10_000);
    for (let i = 0; i < 100; i++) assembler.push(oneLine);
    assembler.push("\n");
    const line = "a line of text with some words in it";
    const many = Array.from({ length: 100_000 }, (_, i) => `${line} ${i}`);
    // Pieces cut across lines, so batches end mid-line.
    const text = many.join("\n");
    for (let at = 0; at < text.length; at += 65_521) assembler.push(text.slice(at, at + 65_521));
    const { doc, lineEndings } = assembler.finish();
    expect(doc.lines).toBe(100_001);
    expect(doc.line(1).text).toBe(oneLine.repeat(100));
    expect(doc.line(2).text).toBe(`${line} 0`);
    expect(doc.line(100_001).text).toBe(`${line} 99999`);
    expect(doc.length).toBe(1_000_001 + text.length);
    expect(lineEndings).toEqual({
      counts: { crlf: 0, lf: 100_000, cr: 0 },
      majority: "lf",
      mixed: false,
    });
  });

  it("an empty stream is an empty document", () => {
    const { doc, lineEndings } = new TextAssembler().finish();
    expect(doc.length).toBe(0);
    expect(lineEndings.majority).toBeNull();
  });

  it("decodes characters cut between pieces and rejects invalid UTF-8", () => {
    const bytes = new TextEncoder().encode("Grüße 👋 — ok");
    const streamed = decodeInPieces(bytes, 1);
    expect(streamed.doc.toString()).toBe("Grüße 👋 — ok");
    const decoder = new StreamingDecoder("utf-8");
    expect(() => decoder.decode(new Uint8Array([0x61, 0xff, 0x62]))).toThrow(InvalidBytesError);
    const cut = new StreamingDecoder("utf-8");
    cut.decode(new Uint8Array([0xe2, 0x82]));
    expect(() => cut.decode(new Uint8Array(0), true)).toThrow(InvalidBytesError);
  });
});
