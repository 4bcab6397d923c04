import { Marked, type Token, type Tokens } from "marked";
import { decodeEntities, type FontStyle, inlineRuns, type Run } from "./markdown-runs";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { fontkitFor, type LayoutDirection, type LoadedFont, parseFont } from "./pdf-fonts";
import type { PdfExportResult } from "./pdf-export";

/**
 * A Markdown document as a formatted PDF (issue 30, Export › PDF "as formatted"): headings,
 * paragraphs with bold, italic, code and struck-through words, lists and task lists, quotes,
 * code blocks, tables and rules, laid out on A4 pages with 2 cm margins in the DejaVu fonts.
 * Links are drawn as link-coloured text; images as "[image: alt]" (a PDF made here fetches
 * nothing); raw HTML as its text. No DOM: it reads marked's tokens, so it runs anywhere.
 */

/** Font files (TrueType bytes) for each style. */
export type FormattedPdfFonts = Record<FontStyle, Uint8Array>;

// A4 in points, 2 cm margins: the same page as the plain PDF and the print view.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56.69;
const BODY_SIZE = 10.5;
const CODE_SIZE = 9;
const HEADING_SIZES = [20, 16, 13.5, 12, 11, 10.5];
const LIST_INDENT = 16;
const QUOTE_INDENT = 14;
const TEXT_COLOR = rgb(0.07, 0.09, 0.15);
const LINK_COLOR = rgb(0.11, 0.31, 0.85);
const RULE_COLOR = rgb(0.8, 0.82, 0.86);
const CODE_BACKGROUND = rgb(0.95, 0.96, 0.97);
const MAX_MISSING_SAMPLE = 20;

/** A piece of a line: one run's text between breaks, measured. */
interface Piece extends Run {
  width: number;
  space: boolean;
}

/** Lays pages out top to bottom; a new page starts when the next line does not fit. */
class Layout {
  page!: PDFPage;
  y = 0;
  pageCount = 0;
  missingGlyphs = 0;
  readonly missingCharacters: string[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Record<FontStyle, PDFFont>,
    private readonly hasGlyph: Record<FontStyle, (codePoint: number) => boolean>,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pageCount++;
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Makes room for `height` points, starting a page when needed. */
  room(height: number): void {
    if (this.y - height < MARGIN && this.y < PAGE_HEIGHT - MARGIN) this.newPage();
  }

  gap(points: number): void {
    if (this.y < PAGE_HEIGHT - MARGIN) this.y -= points;
  }

  /** The text with characters the font lacks replaced by U+FFFD (and counted). */
  drawable(text: string, style: FontStyle): string {
    let out = "";
    for (const ch of text) {
      const code = ch.codePointAt(0)!;
      if (code < 32 || this.hasGlyph[style](code)) {
        out += code < 32 ? " " : ch;
        continue;
      }
      this.missingGlyphs++;
      if (
        this.missingCharacters.length < MAX_MISSING_SAMPLE &&
        !this.missingCharacters.includes(ch)
      )
        this.missingCharacters.push(ch);
      out += "\ufffd";
    }
    return out;
  }

  width(text: string, style: FontStyle, size: number): number {
    return this.fonts[style].widthOfTextAtSize(text, size);
  }

  /** Splits runs into words and spaces, each measured. */
  pieces(runs: readonly Run[], size: number): Piece[] {
    const pieces: Piece[] = [];
    for (const run of runs) {
      for (const part of run.text.split(/(\n| +)/)) {
        if (part === "") continue;
        const text = part === "\n" ? part : this.drawable(part, run.style);
        const space = /^ +$/.test(text);
        pieces.push({
          ...run,
          text,
          space,
          width: text === "\n" ? 0 : this.width(text, run.style, size),
        });
      }
    }
    return pieces;
  }

  /**
   * Draws `runs` wrapped to `width` at `x`, `size` points; `prefix` (a bullet) hangs to the
   * left of the first line; `bar` draws a quote's bar at that x beside each line.
   */
  paragraph(
    runs: readonly Run[],
    x: number,
    width: number,
    size: number,
    options: { prefix?: Run; bar?: number } = {},
  ): void {
    const lineHeight = size * 1.45;
    const lines: Piece[][] = [[]];
    let lineWidth = 0;
    for (const piece of this.pieces(runs, size)) {
      if (piece.text === "\n") {
        lines.push([]);
        lineWidth = 0;
        continue;
      }
      let current = lines[lines.length - 1];
      if (piece.space && current.length === 0) continue;
      if (lineWidth + piece.width > width && current.length > 0) {
        while (current.length && current[current.length - 1].space) current.pop();
        if (piece.space) {
          lines.push([]);
          lineWidth = 0;
          continue;
        }
        current = [];
        lines.push(current);
        lineWidth = 0;
      }
      // A word wider than the line is broken between characters.
      let rest = piece;
      while (rest.width > width && rest.text.length > 1) {
        let cut = rest.text.length - 1;
        while (cut > 1 && this.width(rest.text.slice(0, cut), rest.style, size) > width - lineWidth)
          cut--;
        const head = rest.text.slice(0, cut);
        current.push({ ...rest, text: head, width: this.width(head, rest.style, size) });
        current = [];
        lines.push(current);
        lineWidth = 0;
        const tail = rest.text.slice(cut);
        rest = { ...rest, text: tail, width: this.width(tail, rest.style, size) };
      }
      current.push(rest);
      lineWidth += rest.width;
    }
    lines.forEach((line, index) => {
      this.room(lineHeight);
      const baseline = this.y - size;
      if (options.bar !== undefined)
        this.page.drawRectangle({
          x: options.bar,
          y: this.y - lineHeight,
          width: 3,
          height: lineHeight,
          color: RULE_COLOR,
        });
      if (index === 0 && options.prefix) {
        const prefix = options.prefix;
        const prefixWidth = this.width(prefix.text, prefix.style, size);
        this.page.drawText(prefix.text, {
          x: x - prefixWidth - 5,
          y: baseline,
          size,
          font: this.fonts[prefix.style],
          color: TEXT_COLOR,
        });
      }
      let at = x;
      for (const piece of line) {
        const color = piece.link ? LINK_COLOR : TEXT_COLOR;
        if (!piece.space) {
          if (piece.style === "mono")
            this.page.drawRectangle({
              x: at - 1,
              y: baseline - size * 0.25,
              width: piece.width + 2,
              height: size * 1.2,
              color: CODE_BACKGROUND,
            });
          this.page.drawText(piece.text, {
            x: at,
            y: baseline,
            size,
            font: this.fonts[piece.style],
            color,
          });
          if (piece.strike || piece.link) {
            const lineY = piece.strike ? baseline + size * 0.3 : baseline - size * 0.15;
            this.page.drawLine({
              start: { x: at, y: lineY },
              end: { x: at + piece.width, y: lineY },
              thickness: 0.6,
              color,
            });
          }
        }
        at += piece.width;
      }
      this.y -= lineHeight;
    });
  }

  /** A code block: monospace lines on a shaded band, long lines broken, nothing dropped. */
  code(text: string, x: number, width: number): void {
    const lineHeight = CODE_SIZE * 1.45;
    const charWidth = this.width("M", "mono", CODE_SIZE);
    const perLine = Math.max(8, Math.floor((width - 12) / charWidth));
    this.gap(2);
    for (const source of text.replace(/\t/g, "    ").split("\n")) {
      const chars = Array.from(this.drawable(source, "mono"));
      const parts = chars.length === 0 ? [""] : [];
      for (let i = 0; i < chars.length; i += perLine)
        parts.push(chars.slice(i, i + perLine).join(""));
      for (const part of parts) {
        this.room(lineHeight);
        this.page.drawRectangle({
          x,
          y: this.y - lineHeight,
          width,
          height: lineHeight,
          color: CODE_BACKGROUND,
        });
        if (part)
          this.page.drawText(part, {
            x: x + 6,
            y: this.y - CODE_SIZE - 1,
            size: CODE_SIZE,
            font: this.fonts.mono,
            color: TEXT_COLOR,
          });
        this.y -= lineHeight;
      }
    }
    this.gap(8);
  }

  rule(x: number, width: number): void {
    this.room(12);
    this.y -= 6;
    this.page.drawLine({
      start: { x, y: this.y },
      end: { x: x + width, y: this.y },
      thickness: 0.8,
      color: RULE_COLOR,
    });
    this.y -= 6;
  }

  /** A table: equal columns, each cell wrapped; the header row in bold. */
  table(token: Tokens.Table, x: number, width: number): void {
    const columns = Math.max(1, token.header.length);
    const columnWidth = width / columns;
    const rows = [token.header, ...token.rows];
    rows.forEach((cells, rowIndex) => {
      const style: FontStyle = rowIndex === 0 ? "bold" : "regular";
      const top = this.y;
      let lowest = top;
      const pageBefore = this.pageCount;
      cells.forEach((cell, column) => {
        this.y = top;
        this.paragraph(
          inlineRuns(cell.tokens, style),
          x + column * columnWidth + 4,
          columnWidth - 8,
          BODY_SIZE,
        );
        // A row that ran onto a new page is drawn from there on.
        if (this.pageCount === pageBefore) lowest = Math.min(lowest, this.y);
        else lowest = this.y;
      });
      this.y = lowest - 2;
      this.page.drawLine({
        start: { x, y: this.y },
        end: { x: x + width, y: this.y },
        thickness: rowIndex === 0 ? 1 : 0.5,
        color: RULE_COLOR,
      });
      this.y -= 2;
    });
    this.gap(6);
  }
}

/** Draws block tokens (and nested lists, quotes) at indent `x`. */
function drawBlocks(layout: Layout, tokens: readonly Token[], x: number, width: number): void {
  for (const token of tokens) {
    switch (token.type) {
      case "heading": {
        const size = HEADING_SIZES[Math.min(5, token.depth - 1)];
        layout.gap(size * 0.7);
        layout.room(size * 3);
        layout.paragraph(inlineRuns(token.tokens, "bold"), x, width, size);
        if (token.depth <= 2) layout.rule(x, width);
        else layout.gap(3);
        break;
      }
      case "paragraph":
        layout.paragraph(inlineRuns(token.tokens, "regular"), x, width, BODY_SIZE);
        layout.gap(6);
        break;
      case "text":
        layout.paragraph(inlineRuns(token.tokens ?? [token], "regular"), x, width, BODY_SIZE);
        break;
      case "code":
        layout.code(token.text, x, width);
        break;
      case "blockquote":
        drawQuote(layout, token.tokens ?? [], x, width);
        break;
      case "list":
        drawList(layout, token as Tokens.List, x, width);
        layout.gap(6);
        break;
      case "table":
        layout.table(token as Tokens.Table, x, width);
        break;
      case "hr":
        layout.rule(x, width);
        break;
      case "html": {
        const text = decodeEntities(token.text.replace(/<[^>]*>/g, "")).trim();
        if (text) {
          layout.paragraph([{ text, style: "regular" }], x, width, BODY_SIZE);
          layout.gap(6);
        }
        break;
      }
      default:
        break;
    }
  }
}

function drawQuote(layout: Layout, tokens: readonly Token[], x: number, width: number): void {
  for (const token of tokens) {
    if (token.type === "paragraph" || token.type === "text") {
      const runs = inlineRuns(token.tokens, "italic");
      layout.paragraph(runs, x + QUOTE_INDENT, width - QUOTE_INDENT, BODY_SIZE, { bar: x + 2 });
      layout.gap(6);
    } else drawBlocks(layout, [token], x + QUOTE_INDENT, width - QUOTE_INDENT);
  }
}

function drawList(layout: Layout, list: Tokens.List, x: number, width: number): void {
  const start = typeof list.start === "number" ? list.start : 1;
  list.items.forEach((item, index) => {
    const marker = item.task
      ? item.checked
        ? "\u2611"
        : "\u2610"
      : list.ordered
        ? `${start + index}.`
        : "\u2022";
    const indent = x + LIST_INDENT;
    let first = true;
    for (const token of item.tokens) {
      if (token.type === "checkbox") continue;
      if ((token.type === "text" || token.type === "paragraph") && first) {
        const runs = inlineRuns((token as Tokens.Text).tokens ?? [token], "regular");
        layout.paragraph(runs, indent, width - LIST_INDENT, BODY_SIZE, {
          prefix: { text: marker, style: "regular" },
        });
        first = false;
      } else drawBlocks(layout, [token], indent, width - LIST_INDENT);
    }
    if (first)
      layout.paragraph([], indent, width - LIST_INDENT, BODY_SIZE, {
        prefix: { text: marker, style: "regular" },
      });
  });
}

/**
 * The formatted PDF of Markdown `source`, titled `title` (the PDF's metadata). Characters none
 * of the fonts has are drawn as U+FFFD and counted, as in the plain PDF.
 */
export async function buildFormattedPdf(
  source: string,
  options: { title: string; fonts: FormattedPdfFonts },
): Promise<PdfExportResult> {
  const tokens = new Marked({ gfm: true }).lexer(source.replace(/\r\n?/g, "\n"));
  const direction: LayoutDirection = { current: "ltr" };
  const styles: FontStyle[] = ["regular", "bold", "italic", "boldItalic", "mono"];
  const parsed: LoadedFont[] = styles.map((style) => ({
    bytes: options.fonts[style],
    font: parseFont(options.fonts[style], direction),
    scale: 1,
    widths: new Map(),
  }));
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitFor(parsed, direction));
  const title = options.title.trim() === "" ? "Untitled" : options.title;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setCreator("Plainpad");
  doc.setProducer("Plainpad (pdf-lib)");
  const embedded = await Promise.all(
    parsed.map((font) => doc.embedFont(font.bytes, { subset: true })),
  );
  const fonts = Object.fromEntries(styles.map((style, i) => [style, embedded[i]])) as Record<
    FontStyle,
    PDFFont
  >;
  const hasGlyph = Object.fromEntries(
    styles.map((style, i) => [style, (code: number) => parsed[i].font.hasGlyphForCodePoint(code)]),
  ) as Record<FontStyle, (codePoint: number) => boolean>;
  const layout = new Layout(doc, fonts, hasGlyph);
  drawBlocks(layout, tokens, MARGIN, PAGE_WIDTH - 2 * MARGIN);
  const bytes = await doc.save();
  return {
    bytes,
    pageCount: layout.pageCount,
    missingGlyphs: layout.missingGlyphs,
    missingCharacters: layout.missingCharacters,
  };
}
