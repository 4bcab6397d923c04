import { create as createFontkitFont, type Font as FontkitFont } from "fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/**
 * The PDF export's fonts (pdf-export.ts lays out and draws with them): loading each font only
 * when the text needs it, fontkit 2 adapted to pdf-lib, advance widths, and which font draws
 * each character (or that none can, or that it is not drawn).
 */

/** A TrueType font file's bytes. */
export type PdfFontBytes = Uint8Array | ArrayBuffer;

/**
 * A font for the PDF: its bytes, or a function that fetches them. A function is called only
 * when the text has characters that the fonts before it lack, so a large fallback font is
 * downloaded only for the documents that need it.
 */
export type PdfFontSource = PdfFontBytes | (() => Promise<PdfFontBytes>);

// Invisible characters (joiners, variation selectors, BOM...). They are drawn only when the
// font of the text around them has them, and left out otherwise: a viewer shows nothing for
// them either, so they are not "missing". The soft hyphen is always left out: fonts draw it
// as a visible hyphen, the editor does not.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const SOFT_HYPHEN = 0xad;
// Bidi formatting characters (LRM, RLM, ALM, embeddings, overrides, isolates): never drawn,
// but kept for the bidi algorithm, which they steer.
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// Control characters have no glyph; the editor shows them as placeholders, and so does the PDF.
const CONTROL = /\p{Cc}/u;
const MARK = /\p{M}/u;
// Characters whose glyphs may depend on their neighbours: marks, joiners and variation
// selectors, the scripts from Hebrew to Tibetan, Myanmar, Khmer, Mongolian, the Brahmic
// blocks from U+A800, Arabic presentation forms, and everything beyond the BMP (emoji).
const NEEDS_SHAPING =
  /[\p{M}\p{Default_Ignorable_Code_Point}\u0590-\u0fff\u1000-\u109f\u1780-\u18af\ua800-\uabff\ufb1d-\ufdff\ufe70-\ufeff\u{10000}-\u{10ffff}]/u;
export const NON_ASCII = /[^\x00-\x7f]/; // eslint-disable-line no-control-regex
const PLACEHOLDER = 0xfffd;

/** A parsed font, its per-character advance widths and, once used, its embedded PDF font. */
export interface LoadedFont {
  bytes: Uint8Array;
  font: FontkitFont;
  /** Points per font unit at the chosen size. */
  scale: number;
  widths: Map<number, number>;
  pdfFont?: PDFFont;
}

/** Which way fontkit lays out the run being encoded: set just before each `encodeText`. */
export interface LayoutDirection {
  current: "ltr" | "rtl";
}

type Listener = (value?: unknown) => void;

/** A Node-style stream that emits `encode()`'s bytes once, for pdf-lib's subset embedder. */
function oneShotStream(encode: () => Uint8Array) {
  const listeners = new Map<string, Listener[]>();
  const emit = (event: string, value?: unknown) =>
    listeners.get(event)?.forEach((listener) => listener(value));
  const stream = {
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return stream;
    },
  };
  // pdf-lib attaches its listeners right after the call: emit once they are there.
  void Promise.resolve().then(() => {
    let bytes: Uint8Array;
    try {
      bytes = encode();
    } catch (error) {
      emit("error", error);
      return;
    }
    emit("data", bytes);
    emit("end");
  });
  return stream;
}

/**
 * Parses a font with upstream fontkit 2 and adapts it to pdf-lib 1.17. pdf-lib ships for its
 * own fontkit fork (@pdf-lib/fontkit 1.1.1, unmaintained), whose TrueType subsets are corrupt
 * (a short `loca` table without even-length padding: some glyphs come out blank). fontkit 2
 * subsets correctly but returns the subset whole from `encode()` where pdf-lib wants a
 * stream, and its layout takes the direction that pdf-lib cannot pass.
 */
export function parseFont(bytes: Uint8Array, direction: LayoutDirection): FontkitFont {
  // fontkit 2 reads any Uint8Array; its types still say Node's Buffer.
  const created = createFontkitFont(bytes as unknown as Parameters<typeof createFontkitFont>[0]);
  const font = "fonts" in created ? created.fonts[0] : created;
  if (!font) throw new Error("The PDF font file holds no font.");
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, { encodeStream: () => oneShotStream(() => subset.encode()) });
  };
  const layout = font.layout.bind(font);
  font.layout = (text, features) => {
    // Shaping is most of the time spent on a long document, and text without marks or
    // complex scripts comes out of it unchanged: map such runs straight to glyphs. pdf-lib
    // reads only the glyphs (their advance widths, not the layout's positions).
    if (direction.current === "ltr" && typeof text === "string" && !NEEDS_SHAPING.test(text)) {
      return { glyphs: font.glyphsForString(text) } as ReturnType<typeof layout>;
    }
    // Right-to-left runs are handed over in logical order (Arabic joins by it) and laid out
    // right to left; everything else left to right, whatever script fontkit would guess.
    return layout(text, features, undefined, undefined, direction.current);
  };
  return font;
}

/**
 * The fontkit that pdf-lib embeds with, handing it the fonts this document already parsed
 * (measured for wrapping), so each is parsed once. Per document on purpose: fontkit caches
 * glyph objects with the characters they were first met for, and a glyph first met inside
 * another glyph while one document's subset was written has none, which would leave it out
 * of a later document's ToUnicode map (its text could not be copied or searched).
 */
export function fontkitFor(fonts: readonly LoadedFont[], direction: LayoutDirection) {
  return {
    create: (bytes: Uint8Array) =>
      fonts.find((loaded) => loaded.bytes === bytes)?.font ?? parseFont(bytes, direction),
  } as unknown as Parameters<PDFDocument["registerFontkit"]>[0];
}

async function loadFont(
  source: PdfFontSource,
  fontSize: number,
  direction: LayoutDirection,
): Promise<LoadedFont> {
  const raw = typeof source === "function" ? await source() : source;
  const bytes = raw instanceof Uint8Array ? raw : new Uint8Array(raw);
  const font = parseFont(bytes, direction);
  return { bytes, font, scale: fontSize / font.unitsPerEm, widths: new Map() };
}

export function advance(loaded: LoadedFont, codePoint: number): number {
  let width = loaded.widths.get(codePoint);
  if (width === undefined) {
    width = loaded.font.glyphForCodePoint(codePoint).advanceWidth * loaded.scale;
    loaded.widths.set(codePoint, width);
  }
  return width;
}

/** A character's font index, or how else it is treated. */
export const DROP = -1;
export const MISSING = -2;
/** Kept in the line for the bidi algorithm but never drawn. */
export const HIDDEN = -3;

type CharKind = "invisible" | "bidi" | "control" | "mark" | "plain";

/** Picks the font for each character, caching what it learns. */
export class FontChooser {
  private readonly fontOf = new Map<number, number>();
  private readonly kinds = new Map<number, CharKind>();
  readonly placeholderFont: number;
  readonly placeholder: string;

  constructor(readonly fonts: LoadedFont[]) {
    const withPlaceholder = fonts.findIndex((f) => f.font.hasGlyphForCodePoint(PLACEHOLDER));
    this.placeholderFont = Math.max(withPlaceholder, 0);
    this.placeholder = withPlaceholder >= 0 ? String.fromCodePoint(PLACEHOLDER) : "?";
  }

  kind(codePoint: number): CharKind {
    let kind = this.kinds.get(codePoint);
    if (kind === undefined) {
      const ch = String.fromCodePoint(codePoint);
      kind = BIDI_CONTROL.test(ch)
        ? "bidi"
        : codePoint === SOFT_HYPHEN || INVISIBLE.test(ch)
          ? "invisible"
          : CONTROL.test(ch)
            ? "control"
            : MARK.test(ch)
              ? "mark"
              : "plain";
      this.kinds.set(codePoint, kind);
    }
    return kind;
  }

  has(index: number, codePoint: number): boolean {
    return this.fonts[index].font.hasGlyphForCodePoint(codePoint);
  }

  /** The first font that has `codePoint`, or MISSING. */
  firstWith(codePoint: number): number {
    let index = this.fontOf.get(codePoint);
    if (index === undefined) {
      index = this.fonts.findIndex((f) => f.font.hasGlyphForCodePoint(codePoint));
      if (index < 0) index = MISSING;
      this.fontOf.set(codePoint, index);
    }
    return index;
  }

  /** The font index for `codePoint` after a character drawn with font `previous`. */
  choose(codePoint: number, previous: number): number {
    const kind = this.kind(codePoint);
    if (kind === "bidi") return HIDDEN;
    if (kind === "invisible") {
      return codePoint !== SOFT_HYPHEN && this.has(previous, codePoint) ? previous : DROP;
    }
    if (kind === "control") return MISSING;
    if (kind === "mark" && this.has(previous, codePoint)) return previous;
    return this.firstWith(codePoint);
  }
}

/**
 * Loads the first font, then each further font only while the text still has characters the
 * fonts loaded so far lack (one pass over the text's distinct characters).
 */
export async function loadFonts(
  text: string,
  sources: readonly PdfFontSource[],
  fontSize: number,
  direction: LayoutDirection,
): Promise<LoadedFont[]> {
  if (sources.length === 0) throw new Error("buildPdf needs at least one font.");
  const fonts = [await loadFont(sources[0], fontSize, direction)];
  if (sources.length === 1 || !NON_ASCII.test(text)) return fonts;
  const probe = new FontChooser(fonts);
  const uncovered = new Set<number>();
  const seen = new Set<number>();
  for (const ch of text.normalize("NFC")) {
    const codePoint = ch.codePointAt(0)!;
    if (seen.has(codePoint)) continue;
    seen.add(codePoint);
    const kind = probe.kind(codePoint);
    if (kind === "plain" || kind === "mark") {
      if (!probe.has(0, codePoint)) uncovered.add(codePoint);
    }
  }
  for (const source of sources.slice(1)) {
    if (uncovered.size === 0) break;
    const loaded = await loadFont(source, fontSize, direction);
    fonts.push(loaded);
    for (const codePoint of uncovered) {
      if (loaded.font.hasGlyphForCodePoint(codePoint)) uncovered.delete(codePoint);
    }
  }
  return fonts;
}
