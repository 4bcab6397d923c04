import bidiFactory, { type EmbeddingLevels } from "bidi-js";
import {
  PDFDocument,
  beginText,
  endText,
  moveText,
  setFontAndSize,
  showText,
  type PDFName,
  type PDFOperator,
  type PDFPage,
} from "pdf-lib";
import {
  advance,
  DROP,
  FontChooser,
  fontkitFor,
  HIDDEN,
  type LayoutDirection,
  loadFonts,
  MISSING,
  NON_ASCII,
  type PdfFontSource,
} from "./pdf-fonts";

export type { PdfFontBytes, PdfFontSource } from "./pdf-fonts";

/** What `buildPdf` lays out and how. */
export interface PdfExportOptions {
  /** The document's title: the PDF's Title metadata, which viewers show in their title bar. */
  title: string;
  /**
   * TrueType fonts in order of preference: each character is drawn with the first font that
   * has it (a combining mark stays with its base character's font when that font has it). The
   * first font is always loaded, sets the line metrics and should have U+FFFD. Only the
   * glyphs used are embedded (subsets); a font no character needs is not embedded.
   */
  fonts: readonly PdfFontSource[];
  /** Font size in points. 10 unless given: 80 columns of a monospace font on A4. */
  fontSize?: number;
  /** Columns per tab stop; tabs become spaces up to the next stop. 4 unless given. */
  tabSize?: number;
  /**
   * Called now and then with the share of the text laid out so far (0 to 1, rising), last
   * with 1. Between calls the work yields to the event loop, so a page stays responsive.
   */
  onProgress?: (fraction: number) => void;
}

/** A finished PDF and what could not be drawn in it. */
export interface PdfExportResult {
  /** The PDF file. */
  bytes: Uint8Array;
  /** Number of pages (at least 1). */
  pageCount: number;
  /**
   * How many characters none of the fonts has (with the default fonts: Chinese, Japanese,
   * Korean, Thai, Indic scripts, many emoji; also control characters). Each is drawn as
   * U+FFFD (or "?"), never left out silently, so the UI can say "3 characters could not be
   * drawn in the PDF".
   */
  missingGlyphs: number;
  /** The distinct characters counted in `missingGlyphs`, in order of appearance, at most 20. */
  missingCharacters: string[];
}

// A4 in points with the print view's 2 cm margins.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56.69;
const LINE_HEIGHT = 1.3;
const DEFAULT_FONT_SIZE = 10;
const DEFAULT_TAB_SIZE = 4;
const MAX_MISSING_SAMPLE = 20;
// Pages laid out between two yields to the event loop.
const PAGES_PER_SLICE = 25;

// Line breaks CodeMirror and other editors show as such; a form feed starts a new page.
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/;
const FORM_FEED = "\f";
// Right-to-left letters and bidi controls: only lines with one of them go through the bidi
// algorithm (Hebrew, Arabic, Syriac, Thaana, N'Ko..., their presentation forms, and the
// historic right-to-left scripts beyond the BMP).
const NEEDS_BIDI =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u061c\u200f\u202a-\u202e\u2066-\u2069\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
/** Bidi data of a prepared line that has right-to-left text. */
interface LineBidi {
  /** The line's characters joined: what the levels index (by UTF-16 unit). */
  text: string;
  result: EmbeddingLevels;
  /** UTF-16 offset in `text` of each character (and of the end, at index `chars.length`). */
  unitOf: number[];
  /** Character index of each UTF-16 unit of `text`. */
  charOf: number[];
}

/** One source line made ready for wrapping: a character per entry, tabs expanded. */
interface PreparedLine {
  chars: string[];
  widths: number[];
  /** Font index per character, or HIDDEN. */
  fonts: number[];
  /** Which fonts the line uses (by index), so they are embedded before it is drawn. */
  usesFont: boolean[];
  bidi?: LineBidi;
}

/**
 * Greedy wrapping of a prepared line into [start, end) ranges no wider than `maxWidth`: at
 * the last run of spaces that follows some text on the visual line (the spaces are dropped
 * there, as CSS `pre-wrap` hangs them), else mid-word when one word is wider than the line.
 * Leading spaces stay (indentation); an empty line gives one empty range. Exported for tests.
 */
export function wrapRanges(
  chars: readonly string[],
  widths: readonly number[],
  maxWidth: number,
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const n = chars.length;
  let start = 0;
  let width = 0;
  let breakAt = -1;
  let sawText = false;
  let i = 0;
  while (i < n) {
    const isSpace = chars[i] === " ";
    // Text right after spaces can start the next visual line.
    if (!isSpace && sawText && chars[i - 1] === " ") breakAt = i;
    if (width + widths[i] > maxWidth && i > start) {
      if (isSpace && sawText) {
        ranges.push([start, i]);
        while (i < n && chars[i] === " ") i++;
      } else if (breakAt > start) {
        let end = breakAt;
        while (end > start && chars[end - 1] === " ") end--;
        ranges.push([start, end]);
        i = breakAt;
      } else {
        ranges.push([start, i]);
      }
      start = i;
      width = 0;
      breakAt = -1;
      sawText = false;
      continue;
    }
    width += widths[i];
    if (!isSpace) sawText = true;
    i++;
  }
  if (start < n || ranges.length === 0) ranges.push([start, n]);
  return ranges;
}

let bidiInstance: ReturnType<typeof bidiFactory> | undefined;

function lineBidi(chars: readonly string[]): LineBidi {
  bidiInstance ??= bidiFactory();
  const text = chars.join("");
  const unitOf: number[] = [];
  const charOf: number[] = [];
  for (let c = 0; c < chars.length; c++) {
    unitOf.push(charOf.length);
    for (let u = 0; u < chars[c].length; u++) charOf.push(c);
  }
  unitOf.push(charOf.length);
  // Left to right as the paragraph direction, as the editor shows each line.
  return { text, result: bidiInstance.getEmbeddingLevels(text, "ltr"), unitOf, charOf };
}

/** The characters of [start, end) in display order (Unicode bidi algorithm, rule L2). */
function visualOrder(bidi: LineBidi, start: number, end: number): number[] {
  const first = bidi.unitOf[start];
  const last = bidi.unitOf[end] - 1;
  const units: number[] = [];
  for (let u = first; u <= last; u++) units.push(u);
  for (const [s, e] of bidiInstance!.getReorderSegments(bidi.text, bidi.result, first, last)) {
    const reversed = units.slice(s - first, e - first + 1).reverse();
    units.splice(s - first, reversed.length, ...reversed);
  }
  const order: number[] = [];
  for (const u of units) {
    // The two halves of a surrogate pair name one character.
    const c = bidi.charOf[u];
    if (order[order.length - 1] !== c) order.push(c);
  }
  return order;
}

/**
 * A PDF of `text` on A4 pages with 2 cm margins: lines wrapped at spaces (words wider than the
 * line broken), blank lines and indentation kept, tabs expanded, a new page when one is full
 * (and at each form feed), the title in the PDF's metadata, and the fonts embedded as subsets
 * so that every character they cover shows, can be copied and searched. Right-to-left text is
 * ordered by the Unicode bidi algorithm on a left-to-right line, as the editor shows it;
 * accents are composed (NFC). No DOM: runs in browsers and in Node.
 */
export async function buildPdf(text: string, options: PdfExportOptions): Promise<PdfExportResult> {
  const fontSize = options.fontSize ?? DEFAULT_FONT_SIZE;
  const tabSize = Math.max(1, options.tabSize ?? DEFAULT_TAB_SIZE);
  const lineHeight = fontSize * LINE_HEIGHT;
  const direction: LayoutDirection = { current: "ltr" };
  const fonts = await loadFonts(text, options.fonts, fontSize, direction);
  const chooser = new FontChooser(fonts);
  const primary = fonts[0].font;

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitFor(fonts, direction));
  const title = options.title.trim() === "" ? "Untitled" : options.title;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setCreator("Plainpad");
  doc.setProducer("Plainpad (pdf-lib)");

  const maxWidth = PAGE_WIDTH - 2 * MARGIN;
  const ascent = (primary.ascent / primary.unitsPerEm) * fontSize;
  const descent = (Math.abs(primary.descent) / primary.unitsPerEm) * fontSize;
  const linesPerPage = Math.max(
    1,
    Math.floor((PAGE_HEIGHT - 2 * MARGIN - ascent - descent) / lineHeight) + 1,
  );
  const firstBaseline = PAGE_HEIGHT - MARGIN - ascent;

  let missingGlyphs = 0;
  const missingCharacters: string[] = [];
  const missingSeen = new Set<string>();

  let page: PDFPage | undefined;
  let operators: PDFOperator[] = [];
  let fontKeys = new Map<number, PDFName>();
  let currentKey: PDFName | undefined;
  let linesOnPage = 0;
  let pageCount = 0;
  // A form feed ends the page; the next line drawn starts a new one. Waiting for that line
  // keeps a form feed at the end of the text from adding an empty page.
  let pageBreakPending = false;

  const finishPage = () => {
    if (!page) return;
    operators.push(endText());
    page.pushOperators(...operators);
    page = undefined;
  };
  const startPage = () => {
    finishPage();
    page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    pageCount++;
    operators = [beginText(), moveText(MARGIN, firstBaseline)];
    fontKeys = new Map();
    currentKey = undefined;
    linesOnPage = 0;
    pageBreakPending = false;
  };

  // Fonts are embedded on first use: a fallback font no character needed adds nothing.
  const embedFontsOf = async (line: PreparedLine) => {
    for (let index = 0; index < fonts.length; index++) {
      if (line.usesFont[index] && !fonts[index].pdfFont) {
        // "ABCDEF+Name" marks an embedded subset (PDF 32000-1, 9.6.4).
        const tag = Array.from({ length: 6 }, () =>
          String.fromCharCode(65 + Math.floor(Math.random() * 26)),
        ).join("");
        fonts[index].pdfFont = await doc.embedFont(fonts[index].bytes, {
          subset: true,
          customName: `${tag}+${fonts[index].font.postscriptName || `Font${index}`}`,
        });
      }
    }
  };

  /** Draws the characters `run` of `line` (display order, one font, one bidi level), one Tj. */
  const showRun = (line: PreparedLine, run: number[], fontIndex: number, rtl: boolean) => {
    const pdfFont = fonts[fontIndex].pdfFont!;
    let key = fontKeys.get(fontIndex);
    if (!key) {
      key = page!.node.newFontDictionary(pdfFont.name, pdfFont.ref);
      fontKeys.set(fontIndex, key);
    }
    if (key !== currentKey) {
      operators.push(setFontAndSize(key, fontSize));
      currentKey = key;
    }
    let chars = run.map((c) => line.chars[c]);
    if (rtl) {
      // Back to logical order for fontkit, which joins Arabic by it and lays the run out
      // right to left; brackets and the like take their mirrored form (bidi rule L4).
      chars = chars.reverse().map((ch) => {
        const mirrored = bidiInstance!.getMirroredCharacter(ch);
        return mirrored && chooser.has(fontIndex, mirrored.codePointAt(0)!) ? mirrored : ch;
      });
    }
    direction.current = rtl ? "rtl" : "ltr";
    // Each Tj advances by the glyphs' own widths, so runs in different fonts follow on.
    operators.push(showText(pdfFont.encodeText(chars.join(""))));
  };

  const drawLine = (line: PreparedLine, start: number, end: number) => {
    if (!page || linesOnPage === linesPerPage || pageBreakPending) startPage();
    if (linesOnPage > 0) operators.push(moveText(0, -lineHeight));
    linesOnPage++;
    // Trailing spaces draw nothing.
    while (end > start && line.chars[end - 1] === " ") end--;
    if (end === start) return;
    let order: number[];
    if (line.bidi) {
      order = visualOrder(line.bidi, start, end);
    } else {
      order = [];
      for (let c = start; c < end; c++) order.push(c);
    }
    const levels = line.bidi?.result.levels;
    const levelOf = (c: number) => (levels ? levels[line.bidi!.unitOf[c]] : 0);
    let k = 0;
    while (k < order.length) {
      const fontIndex = line.fonts[order[k]];
      if (fontIndex === HIDDEN) {
        k++;
        continue;
      }
      const level = levelOf(order[k]);
      const run: number[] = [];
      while (k < order.length) {
        const c = order[k];
        if (line.fonts[c] !== HIDDEN) {
          if (line.fonts[c] !== fontIndex || levelOf(c) !== level) break;
          run.push(c);
        }
        k++;
      }
      showRun(line, run, fontIndex, level % 2 === 1);
    }
  };

  const prepare = (source: string): PreparedLine => {
    const line: PreparedLine = { chars: [], widths: [], fonts: [], usesFont: [] };
    // Composed accents: "e" + U+0301 becomes "é", which the fonts draw as one glyph.
    const normalized = NON_ASCII.test(source) ? source.normalize("NFC") : source;
    let column = 0;
    let previous = 0;
    for (const ch of normalized) {
      const codePoint = ch.codePointAt(0)!;
      if (codePoint === 9) {
        const spaces = tabSize - (column % tabSize);
        for (let k = 0; k < spaces; k++) {
          line.chars.push(" ");
          line.widths.push(advance(fonts[0], 32));
          line.fonts.push(0);
        }
        line.usesFont[0] = true;
        column += spaces;
        previous = 0;
        continue;
      }
      let fontIndex = chooser.choose(codePoint, previous);
      if (fontIndex === DROP) continue;
      if (fontIndex === HIDDEN) {
        line.chars.push(ch);
        line.widths.push(0);
        line.fonts.push(HIDDEN);
        continue;
      }
      let drawn = ch;
      if (fontIndex === MISSING) {
        missingGlyphs++;
        if (!missingSeen.has(ch)) {
          missingSeen.add(ch);
          if (missingCharacters.length < MAX_MISSING_SAMPLE) missingCharacters.push(ch);
        }
        fontIndex = chooser.placeholderFont;
        drawn = chooser.placeholder;
      }
      line.chars.push(drawn);
      line.widths.push(advance(fonts[fontIndex], drawn.codePointAt(0)!));
      line.fonts.push(fontIndex);
      line.usesFont[fontIndex] = true;
      if (chooser.kind(codePoint) !== "mark") column++;
      previous = fontIndex;
    }
    if (NEEDS_BIDI.test(normalized)) line.bidi = lineBidi(line.chars);
    return line;
  };

  const sourceLines = text.split(LINE_BREAK);
  const totalLines = sourceLines.length;
  let pagesAtLastYield = 0;
  for (let lineIndex = 0; lineIndex < totalLines; lineIndex++) {
    const segments = sourceLines[lineIndex].split(FORM_FEED);
    for (let s = 0; s < segments.length; s++) {
      if (s > 0) {
        // Two form feeds in a row leave a blank page between them.
        if (pageBreakPending) startPage();
        pageBreakPending = true;
      }
      // What is left of a line beside a form feed ("\f" alone on a line, as in RFCs and man
      // pages) is no empty line of its own.
      if (segments[s] === "" && segments.length > 1) continue;
      const line = prepare(segments[s]);
      if (line.usesFont.some((used, index) => used && !fonts[index].pdfFont)) {
        await embedFontsOf(line);
      }
      for (const [start, end] of wrapRanges(line.chars, line.widths, maxWidth)) {
        drawLine(line, start, end);
      }
    }
    if (pageCount - pagesAtLastYield >= PAGES_PER_SLICE) {
      pagesAtLastYield = pageCount;
      options.onProgress?.(lineIndex / totalLines);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  if (pageCount === 0) startPage();
  finishPage();

  const bytes = await doc.save();
  options.onProgress?.(1);
  return { bytes, pageCount, missingGlyphs, missingCharacters };
}
