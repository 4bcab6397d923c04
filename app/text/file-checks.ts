/** Largest file either editor opens: 50 MB. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Why a file could not be opened as text. */
export type FileRejection = "too-large" | "not-text" | "empty-name";

/** The outcome of decoding a file's bytes as text. */
export type DecodeResult = { ok: true; text: string } | { ok: false; reason: FileRejection };

/**
 * Decodes bytes as UTF-8 text (a BOM is dropped). Bytes that are not valid UTF-8, or that hold
 * NUL characters (images, archives, office documents), are refused as "not-text", so a binary
 * file never replaces a document with garbage.
 */
export function decodeTextFile(bytes: Uint8Array): DecodeResult {
  if (bytes.byteLength > MAX_FILE_BYTES) return { ok: false, reason: "too-large" };
  // NUL never appears in real text files but is common in every binary format.
  const probe = bytes.subarray(0, Math.min(bytes.byteLength, 64 * 1024));
  if (probe.includes(0)) return { ok: false, reason: "not-text" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { ok: true, text };
  } catch {
    return { ok: false, reason: "not-text" };
  }
}

/** The message shown to the user for a refused file. */
export function fileRejectionMessage(fileName: string, reason: FileRejection): string {
  switch (reason) {
    case "too-large":
      return `"${fileName}" is larger than 50 MB, too big to open in the browser editor. Your current document is unchanged.`;
    case "not-text":
      return `"${fileName}" does not look like a text file (it may be an image, a PDF or a Word document). Plainpad opens plain text files only. Your current document is unchanged.`;
    case "empty-name":
      return "The file has no name and could not be opened.";
  }
}

/** Extensions the landing page and the simple editor open (spec section 5). */
export const EDITOR_FILE_EXTENSIONS = [".txt", ".md", ".csv", ".html", ".xml", ".css", ".json"];
/** Extensions the notepad's open dialog accepts (spec section 5). */
export const NOTEPAD_FILE_EXTENSIONS = [
  ".txt",
  ".md",
  ".js",
  ".css",
  ".html",
  ".json",
  ".xml",
  ".csv",
];
