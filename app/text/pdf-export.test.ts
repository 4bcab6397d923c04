import { describe, expect, it } from "vitest";
import { buildPdf, wrapRanges, type PdfFontSource } from "./pdf-export";
import { dejavuFont, readPdfPages } from "./pdf-test-support";

const MONO = dejavuFont("DejaVuSansMono.ttf");
const SANS = dejavuFont("DejaVuSans.ttf");

interface ParsedPdf {
  /** Each page's text as PDF.js reads it: runs of spaces collapsed, a "\n" per line. */
  pages: string[];
  /**
   * Each page's lines rebuilt on the monospace grid from where PDF.js found each piece of
   * text, so blank lines, indentation and inner runs of spaces come back (for text in the
   * monospace font only).
   */
  grid: string[][];
  title: unknown;
}

// Where the text area starts, how wide a column is (DejaVu Sans Mono's 1233/2048 em at
// 10 pt) and where the lines are: the first baseline one ascent (1901/2048 em) below the top
// margin, the next ones 13 pt apart.
const LEFT = 56.69;
const COLUMN = (1233 / 2048) * 10;
const FIRST_BASELINE = 841.89 - 56.69 - (1901 / 2048) * 10;
const LINE = 13;

/** Opens the PDF with PDF.js (Mozilla's reader) and reads each page's text back. */
async function parsePdf(bytes: Uint8Array): Promise<ParsedPdf> {
  const { pages: contents, title } = await readPdfPages(bytes);
  const pages: string[] = [];
  const grid: string[][] = [];
  for (const { items } of contents) {
    let text = "";
    const rows: string[] = [];
    for (const item of items) {
      text += item.str + (item.hasEOL ? "\n" : "");
      if (item.str.trim() === "") continue;
      const row = Math.round((FIRST_BASELINE - item.transform[5]) / LINE);
      const column = Math.round((item.transform[4] - LEFT) / COLUMN);
      rows[row] = (rows[row] ?? "").padEnd(column) + item.str;
    }
    pages.push(text);
    grid.push(Array.from(rows, (row) => row ?? ""));
  }
  return { pages, grid, title };
}

/** The text's lines as PDF.js reads them: trailing spaces and empty lines dropped. */
function lines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "");
}

describe("wrapRanges", () => {
  const wrap = (text: string, columns: number) => {
    const chars = [...text];
    return wrapRanges(
      chars,
      chars.map(() => 1),
      columns,
    ).map(([s, e]) => chars.slice(s, e).join(""));
  };

  it("breaks at spaces, dropping them at the break", () => {
    expect(wrap("the quick brown fox", 10)).toEqual(["the quick", "brown fox"]);
    expect(wrap("aaaa bbbb", 4)).toEqual(["aaaa", "bbbb"]);
  });

  it("hard-breaks a word wider than the line", () => {
    expect(wrap("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
    expect(wrap("ab cdefghij", 4)).toEqual(["ab", "cdef", "ghij"]);
  });

  it("keeps leading spaces and empty lines", () => {
    expect(wrap("    indented text", 12)).toEqual(["    indented", "text"]);
    expect(wrap("", 10)).toEqual([""]);
    expect(wrap("short", 10)).toEqual(["short"]);
  });

  it("does not leave an indentation-only line before a long word", () => {
    expect(wrap("  abcdefgh", 4)).toEqual(["  ab", "cdef", "gh"]);
  });
});

describe("buildPdf", () => {
  it("writes a PDF that PDF.js opens, with the title and the text", async () => {
    const text = "Hello, PDF!\n\n    Indented line\tafter a tab\nCafé – naïve € Ωmega Привет";
    const result = await buildPdf(text, { title: "My notes", fonts: [MONO] });
    expect(new TextDecoder().decode(result.bytes.slice(0, 5))).toBe("%PDF-");
    expect(result.pageCount).toBe(1);
    expect(result.missingGlyphs).toBe(0);

    const pdf = await parsePdf(result.bytes);
    expect(pdf.title).toBe("My notes");
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.grid[0]).toEqual([
      "Hello, PDF!",
      "",
      "    Indented line   after a tab",
      "Café – naïve € Ωmega Привет",
    ]);
    expect(lines(pdf.pages[0])).toContain("Café – naïve € Ωmega Привет");
  });

  it("embeds a subset of the font, not the whole file", async () => {
    const result = await buildPdf("Small document, a few glyphs.", {
      title: "t",
      fonts: [MONO],
    });
    // DejaVu Sans Mono is 340 KB; a subset of a few dozen glyphs is a few KB.
    expect(result.bytes.length).toBeLessThan(30_000);
  });

  it("wraps a long line at word boundaries within the margins", async () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`);
    const result = await buildPdf(words.join(" "), { title: "Wrap", fonts: [MONO] });
    const read = lines((await parsePdf(result.bytes)).pages[0]);
    expect(read.length).toBeGreaterThan(5);
    // Every word comes back whole, in order, and no line is wider than the text area
    // (80 columns of a 10 pt monospace font on A4 with 2 cm margins).
    expect(read.join(" ").split(/\s+/)).toEqual(words);
    for (const line of read) expect(line.length).toBeLessThanOrEqual(80);
  });

  it("hard-breaks a word longer than a line", async () => {
    const word = "x".repeat(200);
    const result = await buildPdf(word, { title: "Long", fonts: [MONO] });
    const read = lines((await parsePdf(result.bytes)).pages[0]);
    expect(read.join("")).toBe(word);
    expect(read.length).toBe(3);
  });

  it("starts new pages when one is full, keeping every line in order", async () => {
    const source = Array.from({ length: 150 }, (_, i) => `Line ${i + 1}`);
    const result = await buildPdf(source.join("\n"), { title: "Long", fonts: [MONO] });
    expect(result.pageCount).toBeGreaterThan(1);
    const pdf = await parsePdf(result.bytes);
    expect(pdf.pages).toHaveLength(result.pageCount);
    expect(pdf.pages.flatMap(lines)).toEqual(source);
    // Each page is full before the next one starts.
    expect(lines(pdf.pages[0]).length).toBe(lines(pdf.pages[1]).length);
  });

  it("starts a new page at a form feed", async () => {
    const result = await buildPdf("first\fsecond\f", { title: "FF", fonts: [MONO] });
    const pdf = await parsePdf(result.bytes);
    expect(pdf.pages.map(lines)).toEqual([["first"], ["second"]]);
    const blank = await buildPdf("RFC text\n\f\nnext\f\fafter a blank page", {
      title: "FF",
      fonts: [MONO],
    });
    expect((await parsePdf(blank.bytes)).pages.map(lines)).toEqual([
      ["RFC text"],
      ["next"],
      [],
      ["after a blank page"],
    ]);
  });

  it("draws characters the first font lacks with the next one, loaded only then", async () => {
    let loads = 0;
    const fallback: PdfFontSource = async () => {
      loads++;
      return SANS;
    };
    const plain = await buildPdf("Only Latin and Кириллица", {
      title: "t",
      fonts: [MONO, fallback],
    });
    expect(loads).toBe(0);
    expect(plain.missingGlyphs).toBe(0);

    const mixed = await buildPdf("Hebrew שלום and a smile 😀 ok", {
      title: "t",
      fonts: [MONO, fallback],
    });
    expect(loads).toBe(1);
    expect(mixed.missingGlyphs).toBe(0);
    const read = (await parsePdf(mixed.bytes)).pages[0];
    expect(read.trim()).toBe("Hebrew שלום and a smile 😀 ok");
  });

  it("orders right-to-left text as the bidi algorithm does and joins Arabic", async () => {
    const result = await buildPdf("abc (שלום עולם) def\nمرحبا بالعالم", {
      title: "t",
      fonts: [MONO, SANS],
    });
    expect(result.missingGlyphs).toBe(0);
    // PDF.js gives each right-to-left word in logical order and the words in display order:
    // the second Hebrew word is left of the first.
    expect(lines((await parsePdf(result.bytes)).pages[0])).toEqual([
      "abc (עולם שלום) def",
      "بالعالم مرحبا",
    ]);
  });

  it("reads back a document after another one that drew the same font", async () => {
    // DejaVu draws Cyrillic "р" with Latin "p" inside: writing the first subset once made
    // fontkit remember "p" without its character, and the next PDF lost every "p".
    await buildPdf("Привет", { title: "t", fonts: [MONO] });
    const result = await buildPdf("page", { title: "t", fonts: [MONO] });
    expect(lines((await parsePdf(result.bytes)).pages[0])).toEqual(["page"]);
  });

  it("composes accents written as combining marks", async () => {
    const result = await buildPdf("Cafe\u0301 nai\u0308ve", { title: "t", fonts: [MONO] });
    expect(lines((await parsePdf(result.bytes)).pages[0])).toEqual(["Café naïve"]);
  });

  it("counts characters no font has and draws a placeholder instead", async () => {
    const result = await buildPdf("中文 ok 中\u0007", { title: "t", fonts: [MONO, SANS] });
    expect(result.missingGlyphs).toBe(4);
    expect(result.missingCharacters).toEqual(["中", "文", "\u0007"]);
    const read = lines((await parsePdf(result.bytes)).pages[0]);
    expect(read).toEqual(["\uFFFD\uFFFD ok \uFFFD\uFFFD"]);
  });

  it("leaves out invisible characters the font lacks without counting them", async () => {
    const result = await buildPdf("a\u200bb\ufe0fc\u00add", { title: "t", fonts: [MONO] });
    expect(result.missingGlyphs).toBe(0);
    expect(lines((await parsePdf(result.bytes)).pages[0])).toEqual(["abcd"]);
  });

  it("gives one empty page for an empty text and titles it Untitled without a title", async () => {
    const result = await buildPdf("", { title: " ", fonts: [MONO] });
    expect(result.pageCount).toBe(1);
    const pdf = await parsePdf(result.bytes);
    expect(pdf.pages).toEqual([""]);
    expect(pdf.title).toBe("Untitled");
  });

  it("reports progress on a long text and ends at 1", async () => {
    const progress: number[] = [];
    const text = "A line of text that is long enough to matter.\n".repeat(3000);
    const result = await buildPdf(text, {
      title: "t",
      fonts: [MONO],
      onProgress: (f) => progress.push(f),
    });
    expect(result.pageCount).toBeGreaterThan(50);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });
});
