/**
 * What the PDF unit tests share (pdf-export.test.ts, pdf-formatted.test.ts): the fonts the
 * exports embed, read from the dejavu-fonts-ttf package, and a reader that opens a PDF with
 * PDF.js (Mozilla's reader, so the test reads what a user's viewer would) and hands back each
 * page's text content. Only tests import this module.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextContent, TextItem } from "pdfjs-dist/types/src/display/api";

const require = createRequire(import.meta.url);

/** A font file of the dejavu-fonts-ttf package, as a plain Uint8Array (what browsers give). */
export function dejavuFont(name: string): Uint8Array {
  return new Uint8Array(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`)));
}

/** One page as PDF.js reads it: its pieces of text, and the font styles they name. */
export interface PdfPageText {
  items: TextItem[];
  styles: TextContent["styles"];
}

/** Every page's text content and the document's title. */
export async function readPdfPages(
  bytes: Uint8Array,
): Promise<{ pages: PdfPageText[]; title: unknown }> {
  // PDF.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const pages: PdfPageText[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const items = content.items.filter((item): item is TextItem => "str" in item);
      pages.push({ items, styles: content.styles });
    }
    const { info } = await pdf.getMetadata();
    return { pages, title: (info as { Title?: unknown }).Title };
  } finally {
    await pdf.destroy();
  }
}
