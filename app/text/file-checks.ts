import { LANGUAGES, languageFromName } from "./languages";
import { detectLineEndings, type LineEnding } from "./line-endings";
import { decodeText, isUtf16, markedEncoding, type TextEncodingId } from "./text-encoding";

/** Largest file either editor opens: 500 MB (decision 011). */
export const MAX_FILE_BYTES = 500 * 1024 * 1024;

/** The limit as people read it ("500 MB"). */
export const MAX_FILE_LABEL = `${MAX_FILE_BYTES / (1024 * 1024)} MB`;

/** How much of a file's start is looked at to tell text from binary. */
export const SNIFF_LENGTH = 64 * 1024;

/** Why a file could not be opened as text. */
export type FileRejection =
  | "too-large"
  | "not-text"
  | "unsupported-type"
  | "empty-name"
  /** Reopened in an encoding its bytes are not valid in. */
  | "wrong-encoding";

/**
 * The outcome of decoding a file's bytes as text. `text` keeps the file's line breaks (CodeMirror
 * takes \r\n, \r and \n alike; `normalizeLineEndings` gives "\n" only); writing it back as `encodeText(applyLineEnding(text, lineEnding ?? default), encoding)` gives the original
 * bytes (for a file with mixed line endings, the majority is written throughout).
 */
export type DecodeResult =
  | {
      ok: true;
      text: string;
      encoding: TextEncodingId;
      /** The file's (majority) line ending, or null when it has no line break at all. */
      lineEnding: LineEnding | null;
      /** True when the file mixes line endings; the majority is `lineEnding`. */
      mixedLineEndings: boolean;
    }
  | { ok: false; reason: FileRejection };

/** Control characters other than tab, line feed, form feed and carriage return. */
// eslint-disable-next-line no-control-regex
const BINARY_CONTROL = /[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f\x7f]/;

/**
 * True when a file's first bytes hold NUL, which never appears in real UTF-8 or single-byte text
 * but is common in every binary format. UTF-16 text is exempt: marked by its byte-order mark, or
 * without one when its zero bytes fall on one side of each pair (`utf16WithoutBom`).
 */
export function startsLikeBinary(head: Uint8Array): boolean {
  const marked = markedEncoding(head);
  if (marked && isUtf16(marked)) return false;
  return head.subarray(0, Math.min(head.byteLength, SNIFF_LENGTH)).indexOf(0) !== -1;
}

/** True when decoded text holds control characters no text file has (check its start). */
export function hasBinaryControls(text: string): boolean {
  return BINARY_CONTROL.test(text);
}

/**
 * Decodes a file's bytes as text and says how it was stored: UTF-8 (with or without a BOM),
 * UTF-16 LE/BE when it starts with its byte-order mark (Windows Notepad's "Unicode") or when its
 * zero bytes say so without one, and
 * otherwise Windows-1252 for older Western files that are not valid UTF-8; see `decodeText`.
 * Bytes holding NUL or other control characters (images, archives, office documents) are refused
 * as "not-text", so a binary file never replaces a document with garbage.
 */
export function decodeTextFile(bytes: Uint8Array): DecodeResult {
  if (bytes.byteLength > MAX_FILE_BYTES) return { ok: false, reason: "too-large" };
  if (startsLikeBinary(bytes)) return { ok: false, reason: "not-text" };
  const decoded = decodeText(bytes);
  if (!decoded || hasBinaryControls(decoded.text.slice(0, SNIFF_LENGTH))) {
    return { ok: false, reason: "not-text" };
  }
  const endings = detectLineEndings(decoded.text);
  return {
    ok: true,
    // Line breaks stay as stored: both editors' CodeMirror documents read \r\n, \r and \n as
    // line breaks when the text goes in, and saving applies the document's line ending, so
    // normalising here would only copy a 10 MB text once more on the way to the editor.
    text: decoded.text,
    encoding: decoded.encoding,
    lineEnding: endings.majority,
    mixedLineEndings: endings.mixed,
  };
}

/** The message shown to the user for a refused file. */
export function fileRejectionMessage(fileName: string, reason: FileRejection): string {
  switch (reason) {
    case "too-large":
      return `"${fileName}" is larger than ${MAX_FILE_LABEL}, too big to open in the browser editor. Your current document is unchanged.`;
    case "not-text":
      return `"${fileName}" does not look like a text file (it may be an image, a PDF or a Word document). Plainpad opens plain text files only. Your current document is unchanged.`;
    case "unsupported-type":
      return `"${fileName}" is not a file type the notepad opens (it opens text, Markdown, code and data files such as .txt, .md, .json, .py or .csv). Your tabs are unchanged.`;
    case "empty-name":
      return "The file has no name and could not be opened.";
    case "wrong-encoding":
      return `"${fileName}" is not valid text in that encoding, so it was not reopened. The document is unchanged.`;
  }
}

/**
 * The extensions of every language Plainpad highlights (issue 30, beyond the spec's lists:
 * decision 017), so a .py or .yaml file opens in both editors.
 */
const CODE_FILE_EXTENSIONS = LANGUAGES.flatMap((language) =>
  language.extensions.map((ext) => `.${ext}`),
);

const withCode = (spec: string[]) => [
  ...spec,
  ...CODE_FILE_EXTENSIONS.filter((ext) => !spec.includes(ext)),
];

/** Extensions the landing page and the simple editor open (spec section 5, and code). */
export const EDITOR_FILE_EXTENSIONS = withCode([
  ".txt",
  ".md",
  ".csv",
  ".html",
  ".xml",
  ".css",
  ".json",
]);
/** Extensions the notepad's open dialog accepts (spec section 5, and code). */
export const NOTEPAD_FILE_EXTENSIONS = withCode([
  ".txt",
  ".md",
  ".js",
  ".css",
  ".html",
  ".json",
  ".xml",
  ".csv",
]);

/**
 * True for a file the notepad opens: by its extension, or a name a language claims whole
 * (`Dockerfile`, `.bashrc`).
 */
export function notepadOpens(fileName: string): boolean {
  const dot = fileName.lastIndexOf(".");
  const extension = dot > 0 ? fileName.slice(dot).toLowerCase() : "";
  return NOTEPAD_FILE_EXTENSIONS.includes(extension) || languageFromName(fileName) !== null;
}
