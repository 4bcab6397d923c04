import { describe, expect, it } from "vitest";
import { decodeEntities } from "./markdown-runs";
import { buildFormattedPdf, type FormattedPdfFonts } from "./pdf-formatted";
import { dejavuFont, readPdfPages } from "./pdf-test-support";

const FONTS: FormattedPdfFonts = {
  regular: dejavuFont("DejaVuSans.ttf"),
  bold: dejavuFont("DejaVuSans-Bold.ttf"),
  italic: dejavuFont("DejaVuSans-Oblique.ttf"),
  boldItalic: dejavuFont("DejaVuSans-BoldOblique.ttf"),
  mono: dejavuFont("DejaVuSansMono.ttf"),
};

interface TextPiece {
  text: string;
  font: string;
  size: number;
}

/** Every piece of text PDF.js reads back, with its font name and size, page by page. */
async function readPdf(bytes: Uint8Array) {
  const { pages, title } = await readPdfPages(bytes);
  return {
    pages: pages.map(({ items, styles }) =>
      items.flatMap((item): TextPiece[] =>
        item.str.trim()
          ? [
              {
                text: item.str,
                font: styles[item.fontName]?.fontFamily ?? item.fontName,
                size: Math.round(Math.hypot(item.transform[0], item.transform[1]) * 10) / 10,
              },
            ]
          : [],
      ),
    ),
    title: title as string | undefined,
  };
}

const text = (pieces: readonly TextPiece[]) => pieces.map((piece) => piece.text).join(" ");

describe("the formatted PDF of a Markdown document", () => {
  it("lays out headings larger, keeps the words of every block, and draws no markup", async () => {
    const source = [
      "# Release notes",
      "",
      "Plainpad shows **bold words** and _slanted words_ and `code words` and ~~old~~ [a link](https://plainpad.app).",
      "",
      "- [x] Highlighting done",
      "- [ ] Preview open",
      "",
      "1. First step",
      "2. Second step",
      "",
      "> Quoted wisdom",
      "",
      "```js",
      "function greet(name) {",
      '  return "Hello " + name;',
      "}",
      "```",
      "",
      "| Feature | Status |",
      "|---|---|",
      "| Tables | drawn |",
      "",
      "![A chart](https://example.com/chart.png) &amp; <b>raw html</b>",
      "",
      "---",
    ].join("\n");
    const result = await buildFormattedPdf(source, { title: "Notes", fonts: FONTS });
    const { pages, title } = await readPdf(result.bytes);
    expect(title).toBe("Notes");
    expect(result.pageCount).toBe(1);
    const all = text(pages[0]);
    for (const words of [
      "Release notes",
      "bold",
      "slanted",
      "code",
      "Highlighting",
      "Preview open",
      "1.",
      "Second step",
      "Quoted wisdom",
      "function greet(name) {",
      "Feature",
      "drawn",
      "[image: A chart]",
      "raw html",
    ])
      expect(all).toContain(words);
    expect(all).not.toMatch(/\*\*|```|\| ---|<b>|&amp;/);
    expect(all).toContain("&");
    const heading = pages[0].find((piece) => piece.text.includes("Release"))!;
    const body = pages[0].find((piece) => piece.text.includes("Plainpad"))!;
    expect(heading.size).toBeGreaterThan(body.size * 1.5);
    expect(pages[0].some((piece) => piece.text.includes("☑"))).toBe(true);
    expect(pages[0].some((piece) => piece.text.includes("☐"))).toBe(true);
    expect(result.missingGlyphs).toBe(0);
  });

  it("wraps long paragraphs and code onto further pages without losing a word", async () => {
    const paragraph = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const source =
      Array.from({ length: 40 }, () => paragraph).join("\n\n") +
      "\n\n```\n" +
      "x".repeat(500) +
      "\n```\n";
    const result = await buildFormattedPdf(source, { title: "Long", fonts: FONTS });
    expect(result.pageCount).toBeGreaterThan(3);
    const { pages } = await readPdf(result.bytes);
    const all = pages.map(text).join(" ");
    expect(all.match(/word59/g)?.length).toBe(40);
    expect(all.replace(/[^x]/g, "").length).toBe(500);
  });

  it("counts characters the fonts lack and draws them as U+FFFD", async () => {
    const result = await buildFormattedPdf("中文 text", { title: "", fonts: FONTS });
    expect(result.missingGlyphs).toBe(2);
    expect(result.missingCharacters).toEqual(["中", "文"]);
  });

  it("decodes the character references marked leaves in text", () => {
    expect(decodeEntities("a &amp; b &lt;c&gt; &#39;d&#x27; &nbsp;&unknown;")).toBe(
      "a & b <c> 'd' \u00a0&unknown;",
    );
  });
});
