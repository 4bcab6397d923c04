import { DEFAULT_FILE_NAME, safeFileName } from "./file-name";
import { escapeHtml, standaloneHtmlPage } from "./print-document";

/** The formats a document can be downloaded or saved as (Save As / Download dialog). */
export type ExportFormat = "txt" | "md" | "html" | "rtf" | "pdf";

/** One entry of the format list the export dialog offers. */
export interface ExportFormatInfo {
  id: ExportFormat;
  /** What the dialog shows: "Plain text (.txt)". */
  label: string;
  /** The file name extension with its dot (".txt"), as file pickers' `accept` lists want it. */
  extension: string;
  /** The bare MIME type ("text/plain"), without parameters, as file pickers' `accept` wants it. */
  mimeType: string;
  /** One sentence under the label saying what the file is good for. */
  description: string;
  /** True for the text formats, whose bytes are UTF-8 text ("text/…;charset=utf-8" blobs). */
  isText: boolean;
}

/** Every export format, in the order the dialog lists them. Plain text first: the default. */
export const EXPORT_FORMATS: readonly ExportFormatInfo[] = [
  {
    id: "txt",
    label: "Plain text (.txt)",
    extension: ".txt",
    mimeType: "text/plain",
    description: "The text exactly as written; opens in any editor.",
    isText: true,
  },
  {
    id: "md",
    label: "Markdown (.md)",
    extension: ".md",
    mimeType: "text/markdown",
    description:
      "The same text with a .md name, for notes apps and code hosts that render Markdown.",
    isText: true,
  },
  {
    id: "html",
    label: "Web page (.html)",
    extension: ".html",
    mimeType: "text/html",
    description: "A standalone page that any browser opens, titled with the document's name.",
    isText: true,
  },
  {
    id: "rtf",
    label: "Rich Text Format (.rtf)",
    extension: ".rtf",
    mimeType: "application/rtf",
    description: "Opens in Word, LibreOffice, Pages and WordPad.",
    isText: false,
  },
  {
    id: "pdf",
    label: "PDF document (.pdf)",
    extension: ".pdf",
    mimeType: "application/pdf",
    description: "A fixed layout on A4 pages for sharing and printing.",
    isText: false,
  },
];

/** The `EXPORT_FORMATS` entry of `format`. */
export function exportFormatInfo(format: ExportFormat): ExportFormatInfo {
  // The list is complete for the union, so the lookup cannot miss.
  return EXPORT_FORMATS.find((info) => info.id === format)!;
}

// Extensions a document name may already carry that an export replaces rather than keeps:
// the editor's own text names and every export format. "notes.md" exported as PDF is
// "notes.pdf", while "data.csv" becomes "data.csv.pdf" (the .csv says what the text is).
const REPLACED_EXTENSION = /\.(txt|text|md|markdown|mdown|mkd|html?|rtf|pdf)$/i;

/**
 * The document's name without a text or export extension, cleaned for use as a title:
 * "notes.txt" -> "notes", "Report.final.md" -> "Report.final", "" -> "Untitled". What the HTML
 * page's and the PDF's title show.
 */
export function exportTitle(documentName: string): string {
  const base = safeFileName(documentName, "")
    .trim()
    .replace(REPLACED_EXTENSION, "")
    // Windows drops trailing dots and spaces from file names; "notes." would lose its dot.
    .replace(/[.\s]+$/, "");
  return base === "" ? DEFAULT_FILE_NAME.replace(REPLACED_EXTENSION, "") : base;
}

/**
 * The download name for `documentName` exported as `format`: a known text or export
 * extension (.txt, .text, .md, .markdown, .html, .htm, .rtf, .pdf) is replaced, any other name
 * gets the format's extension appended, characters not allowed in file names are dropped and an
 * empty name becomes "Untitled". "notes.txt" -> "notes.pdf", "notes" -> "notes.md",
 * "data.csv" -> "data.csv.html".
 */
export function exportFileName(documentName: string, format: ExportFormat): string {
  return `${exportTitle(documentName)}${exportFormatInfo(format).extension}`;
}

/**
 * A standalone UTF-8 HTML5 page showing `text` as written (escaped, inside `<pre>` with wrapping
 * lines) titled `title`: readable system fonts, light and dark colours by `prefers-color-scheme`,
 * no scripts and no external resources, so it opens the same anywhere, offline too. Pure.
 */
export function toHtmlDocument(text: string, title: string): string {
  const pageTitle = title.trim() === "" ? exportTitle("") : title;
  // The HTML parser drops one newline straight after <pre>: the extra "\n" keeps a text that
  // starts with a blank line intact.
  return standaloneHtmlPage({
    title: pageTitle,
    meta: [
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<meta name="color-scheme" content="light dark">',
      '<meta name="generator" content="Plainpad">',
    ],
    css: `html { background: #ffffff; color: #1f2328; }
body { margin: 0 auto; max-width: 48rem; padding: 2rem 1.25rem 3rem; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; tab-size: 4; font: 1rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
@media (prefers-color-scheme: dark) { html { background: #161b22; color: #e6edf3; } }
@media print { html { background: #ffffff; color: #000000; } body { max-width: none; padding: 0; } }`,
    body: `<main>
<pre>
${escapeHtml(text)}</pre>
</main>`,
  });
}

// RTF escapes for the characters that need one, by UTF-16 code unit; filled as they are met.
const RTF_ESCAPES = new Map<string, string>([
  ["\\", "\\\\"],
  ["{", "\\{"],
  ["}", "\\}"],
  ["\t", "\\tab "],
  ["\n", "\\par\n"],
]);

// A backslash, brace, tab, line break, control character or anything outside printable ASCII.
// Surrogate halves match one by one, which is what RTF wants: each is its own \uN? escape.
// eslint-disable-next-line no-control-regex
const RTF_SPECIAL = /[\\{}\u0000-\u001f\u007f-\uffff]/g;

function rtfEscape(unit: string): string {
  let escape = RTF_ESCAPES.get(unit);
  if (escape === undefined) {
    const code = unit.charCodeAt(0);
    // \uN takes a signed 16-bit number: units above 32767 are written negative. "?" is the
    // one fallback character (\uc1) that readers without Unicode show instead.
    escape = `\\u${code > 0x7fff ? code - 0x10000 : code}?`;
    RTF_ESCAPES.set(unit, escape);
  }
  return escape;
}

function rtfText(text: string): string {
  return text.replace(RTF_SPECIAL, rtfEscape);
}

/**
 * `text` as an RTF 1.x document that Word, LibreOffice, Pages and WordPad open: Courier New
 * 10 pt, one paragraph per line (`\par`), tabs as `\tab`, `\ { }` escaped and every character
 * outside printable ASCII as a `\uN?` escape (N the signed 16-bit UTF-16 unit, so characters
 * beyond U+FFFF are two escapes). `title`, when given, goes into the document information.
 * Line breaks may be "\n", "\r\n" or "\r". Pure; linear in the text's length.
 */
export function toRtf(text: string, title?: string): string {
  const body = rtfText(text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text);
  const info =
    title === undefined || title.trim() === ""
      ? ""
      : `{\\info{\\title ${rtfText(title.replace(/[\r\n\t]+/g, " "))}}}\n`;
  return (
    "{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1\n" +
    "{\\fonttbl{\\f0\\fmodern\\fprq1\\fcharset0 Courier New;}}\n" +
    info +
    "\\viewkind4\\pard\\plain\\f0\\fs20 " +
    body +
    "\n}\n"
  );
}
