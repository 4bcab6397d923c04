import { renderMarkdownHtml } from "~/text/markdown-blocks";
import { standaloneHtmlPage } from "~/text/print-document";
import { printHtml } from "./print";
import { sanitizeMarkdownToString } from "./sanitize-markdown";

/**
 * A Markdown document "as formatted" (issue 30): the same rendering and sanitizer as the
 * preview, as one standalone HTML page with its own small stylesheet (no script, no request to
 * any site but the document's own remote images, when allowed). Used by Export › HTML "as
 * formatted" and by Print while the preview is shown. Loaded only when one of them is used.
 */

/** The page's stylesheet: readable on screen and on A4 paper, light only (it is a document). */
export const FORMATTED_CSS = `
@page { size: A4; margin: 2cm; }
html { background: #fff; color: #111827; }
body { margin: 0 auto; max-width: 46rem; padding: 2rem 1.5rem; font: 11pt/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif; }
@media print { body { max-width: none; padding: 0; } }
h1, h2, h3, h4, h5, h6 { line-height: 1.25; margin: 1.4em 0 0.5em; break-after: avoid; }
h1 { font-size: 1.9em; border-bottom: 1px solid #d1d5db; padding-bottom: 0.2em; }
h2 { font-size: 1.5em; border-bottom: 1px solid #e5e7eb; padding-bottom: 0.2em; }
h3 { font-size: 1.25em; } h4 { font-size: 1.1em; } h5, h6 { font-size: 1em; }
p, ul, ol, blockquote, pre, table, dl, details { margin: 0 0 1em; }
a { color: #1d4ed8; }
code, kbd, samp, pre { font-family: ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.92em; }
code { background: #f3f4f6; border-radius: 4px; padding: 0.1em 0.3em; }
pre { background: #f3f4f6; border-radius: 6px; padding: 0.8em 1em; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
pre code { background: none; padding: 0; }
blockquote { border-left: 4px solid #d1d5db; color: #374151; padding: 0 1em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d1d5db; padding: 0.3em 0.7em; }
th { background: #f9fafb; }
img { max-width: 100%; }
hr { border: 0; border-top: 1px solid #d1d5db; margin: 1.5em 0; }
li > input[type="checkbox"] { margin-right: 0.4em; }
.md-image-placeholder { display: inline-block; border: 1px dashed #9ca3af; border-radius: 4px; padding: 0.2em 0.5em; color: #4b5563; font-size: 0.9em; }
`;

/** The complete formatted page of `source` (Markdown), titled `title`. */
export function formattedHtmlDocument(
  title: string,
  source: string,
  allowRemoteImages: boolean,
): string {
  const body = sanitizeMarkdownToString(renderMarkdownHtml(source), allowRemoteImages);
  return standaloneHtmlPage({
    title: title.trim() || "Untitled",
    meta: [
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<meta name="generator" content="Plainpad">',
    ],
    css: FORMATTED_CSS,
    body,
  });
}

/** Prints `source` formatted (what the preview shows), titled `title`. */
export function printFormatted(title: string, source: string, allowRemoteImages: boolean): void {
  printHtml(formattedHtmlDocument(title, source, allowRemoteImages));
}
