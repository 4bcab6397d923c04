import { describe, expect, it } from "vitest";
import {
  applyLineEnding,
  DEFAULT_LINE_ENDING,
  detectLineEndings,
  isLineEnding,
  LINE_ENDINGS,
  lineEndingLabel,
  normalizeLineEndings,
} from "./line-endings";

describe("LINE_ENDINGS", () => {
  it("uses Windows Notepad's labels, LF by default", () => {
    expect(LINE_ENDINGS.map((e) => e.label)).toEqual([
      "Windows (CRLF)",
      "Unix (LF)",
      "Macintosh (CR)",
    ]);
    expect(lineEndingLabel("cr")).toBe("Macintosh (CR)");
    expect(DEFAULT_LINE_ENDING).toBe("lf");
    expect(isLineEnding("crlf")).toBe(true);
    expect(isLineEnding("\n")).toBe(false);
  });
});

describe("detectLineEndings", () => {
  it("counts each kind, CRLF once", () => {
    expect(detectLineEndings("a\r\nb\r\nc\nd\re")).toEqual({
      counts: { crlf: 2, lf: 1, cr: 1 },
      majority: "crlf",
      mixed: true,
    });
    expect(detectLineEndings("a\nb\n")).toEqual({
      counts: { crlf: 0, lf: 2, cr: 0 },
      majority: "lf",
      mixed: false,
    });
    expect(detectLineEndings("a\rb").majority).toBe("cr");
    // "\r\r\n" is a lone CR, then a CRLF.
    expect(detectLineEndings("a\r\r\nb").counts).toEqual({ crlf: 1, lf: 0, cr: 1 });
  });

  it("takes the majority and breaks ties CRLF, then LF, then CR", () => {
    expect(detectLineEndings("a\nb\nc\r\n").majority).toBe("lf");
    expect(detectLineEndings("a\nb\r\n").majority).toBe("crlf");
    expect(detectLineEndings("a\rb\n").majority).toBe("lf");
    expect(detectLineEndings("a\rb\rc\n").majority).toBe("cr");
  });

  it("gives no majority for a text without line breaks", () => {
    expect(detectLineEndings("")).toEqual({
      counts: { crlf: 0, lf: 0, cr: 0 },
      majority: null,
      mixed: false,
    });
    expect(detectLineEndings("one line").majority).toBeNull();
  });
});

describe("normalizeLineEndings and applyLineEnding", () => {
  it("turns every line break into \\n", () => {
    expect(normalizeLineEndings("a\r\nb\rc\nd\r\r\n")).toBe("a\nb\nc\nd\n\n");
    const plain = "no carriage returns\n";
    expect(normalizeLineEndings(plain)).toBe(plain);
  });

  it("writes the chosen ending, whatever the text held", () => {
    expect(applyLineEnding("a\nb\n", "crlf")).toBe("a\r\nb\r\n");
    expect(applyLineEnding("a\nb\n", "cr")).toBe("a\rb\r");
    expect(applyLineEnding("a\nb\n", "lf")).toBe("a\nb\n");
    expect(applyLineEnding("a\r\nb\rc\n", "crlf")).toBe("a\r\nb\r\nc\r\n");
    expect(applyLineEnding("", "crlf")).toBe("");
  });

  it("round-trips normalize then apply for each kind", () => {
    for (const { id, sequence } of LINE_ENDINGS) {
      const text = ["first", "", "third", ""].join(sequence);
      expect(applyLineEnding(normalizeLineEndings(text), id)).toBe(text);
    }
  });
});
