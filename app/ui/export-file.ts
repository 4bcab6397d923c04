// The font files are bundled as hashed assets: these imports are URL strings only. Nothing is
// fetched until a PDF is made, and Vite does not preload `?url` assets.
import monoFontUrl from "dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf?url";
import sansFontUrl from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url";
import sansBoldFontUrl from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url";
import sansItalicFontUrl from "dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf?url";
import sansBoldItalicFontUrl from "dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf?url";
import { exportFormatInfo, toHtmlDocument, toRtf, type ExportFormat } from "~/text/export-formats";

/** A file made for the Save As / Download dialog. */
export interface ExportedFile {
  /** The file's bytes, typed with the format's MIME type (text formats as UTF-8). */
  blob: Blob;
  /** PDF only: how many characters no embedded font has (drawn as U+FFFD). 0 otherwise. */
  missingGlyphs: number;
  /**
   * A sentence to show the user when the file differs from the text in a way they should know
   * ("3 characters could not be drawn in the PDF: 中, 文, 😺. They show as �."), else undefined.
   */
  notes?: string;
}

/** Options of `exportBlob`. */
export interface ExportFileOptions {
  /** PDF only: the share laid out so far (0 to 1), for a progress bar on long documents. */
  onProgress?: (fraction: number) => void;
  /**
   * HTML and PDF of a Markdown document "as formatted" (what the preview shows), with remote
   * images only when the user allowed them; undefined: the text as written.
   */
  formatted?: { allowRemoteImages: boolean };
}

/** Why an export failed: the PDF code or its font could not be downloaded (offline, new deploy). */
export class ExportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ExportError";
  }
}

const PDF_UNAVAILABLE =
  "The PDF maker could not be loaded. Check your connection and try again, or reload the page.";

type PdfModule = typeof import("~/text/pdf-export");

let pdfModule: Promise<PdfModule> | undefined;
const fonts = new Map<string, Promise<Uint8Array>>();

function loadPdfModule(): Promise<PdfModule> {
  // Kept once loaded; a failed load is forgotten so that the next try loads again.
  pdfModule ??= import("~/text/pdf-export").catch((error: unknown) => {
    pdfModule = undefined;
    throw new ExportError(PDF_UNAVAILABLE, { cause: error });
  });
  return pdfModule;
}

function loadFont(url: string): Promise<Uint8Array> {
  let font = fonts.get(url);
  if (!font) {
    font = fetch(url)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
        return new Uint8Array(await response.arrayBuffer());
      })
      .catch((error: unknown) => {
        fonts.delete(url);
        throw new ExportError(PDF_UNAVAILABLE, { cause: error });
      });
    fonts.set(url, font);
  }
  return font;
}

/**
 * Starts downloading the PDF code and its main font (about 0.5 MB together) without waiting:
 * call it when the user picks PDF in the dialog, so that Download is quick. Never rejects;
 * `exportBlob` reports any failure. Browser only.
 */
export function preparePdfExport(): void {
  loadPdfModule().catch(() => undefined);
  loadFont(monoFontUrl).catch(() => undefined);
}

function missingGlyphsNotice(count: number, sample: readonly string[]): string {
  const shown = sample.map((ch) => (/\p{Cc}/u.test(ch) ? "a control character" : ch));
  const list = [...new Set(shown)].slice(0, 5).join(", ");
  const characters = count === 1 ? "1 character" : `${count} characters`;
  return `${characters} could not be drawn in the PDF (${list}): ${count === 1 ? "it shows" : "they show"} as \uFFFD.`;
}

/** What both PDF makers give back: the bytes, and the characters no font could draw. */
interface MadePdf {
  bytes: Uint8Array;
  missingGlyphs: number;
  missingCharacters: readonly string[];
}

/** A made PDF as the dialog's file, with the notice of any character it could not draw. */
function pdfFile(result: MadePdf, type: string): ExportedFile {
  return {
    // pdf-lib types its bytes as Uint8Array<ArrayBufferLike>; they are a plain ArrayBuffer.
    blob: new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type }),
    missingGlyphs: result.missingGlyphs,
    notes:
      result.missingGlyphs > 0
        ? missingGlyphsNotice(result.missingGlyphs, result.missingCharacters)
        : undefined,
  };
}

/**
 * The file for `text` in `format`, titled `title` where the format has a title (HTML page,
 * PDF metadata and RTF information): .txt and .md as the text in UTF-8, .html as a standalone
 * page, .rtf for word processors, .pdf on A4 pages. The PDF code (pdf-lib, fontkit) and its
 * fonts are downloaded on the first PDF only: DejaVu Sans Mono for the text, and DejaVu Sans
 * only when the text has characters the first lacks (Hebrew, Arabic, many symbols and emoji).
 * Rejects with `ExportError` when they cannot be downloaded. Browser only.
 */
export async function exportBlob(
  format: ExportFormat,
  text: string,
  title: string,
  options: ExportFileOptions = {},
): Promise<ExportedFile> {
  const info = exportFormatInfo(format);
  const type = info.isText ? `${info.mimeType};charset=utf-8` : info.mimeType;
  switch (format) {
    case "txt":
    case "md":
      return { blob: new Blob([text], { type }), missingGlyphs: 0 };
    case "html": {
      if (options.formatted) {
        const { formattedHtmlDocument } = await import("~/preview/formatted-document");
        const html = formattedHtmlDocument(title, text, options.formatted.allowRemoteImages);
        return { blob: new Blob([html], { type }), missingGlyphs: 0 };
      }
      return { blob: new Blob([toHtmlDocument(text, title)], { type }), missingGlyphs: 0 };
    }
    case "rtf":
      return { blob: new Blob([toRtf(text, title)], { type }), missingGlyphs: 0 };
    case "pdf": {
      if (options.formatted) return formattedPdf(text, title, type);
      const [{ buildPdf }, mono] = await Promise.all([loadPdfModule(), loadFont(monoFontUrl)]);
      const result = await buildPdf(text, {
        title,
        fonts: [mono, () => loadFont(sansFontUrl)],
        onProgress: options.onProgress,
      });
      return pdfFile(result, type);
    }
  }
}

/**
 * The formatted PDF of a Markdown document (issue 30): its code (marked and the layout) and
 * the four DejaVu Sans faces load on the first such export.
 */
async function formattedPdf(text: string, title: string, type: string): Promise<ExportedFile> {
  const [module, regular, bold, italic, boldItalic, mono] = await Promise.all([
    import("~/text/pdf-formatted").catch((error: unknown) => {
      throw new ExportError(PDF_UNAVAILABLE, { cause: error });
    }),
    loadFont(sansFontUrl),
    loadFont(sansBoldFontUrl),
    loadFont(sansItalicFontUrl),
    loadFont(sansBoldItalicFontUrl),
    loadFont(monoFontUrl),
  ]);
  const result = await module.buildFormattedPdf(text, {
    title,
    fonts: { regular, bold, italic, boldItalic, mono },
  });
  return pdfFile(result, type);
}
