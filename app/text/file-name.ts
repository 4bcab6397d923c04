/** The simple editor's default document name (spec). */
export const DEFAULT_FILE_NAME = "Untitled.txt";

// Not allowed in file names on Windows, macOS or Linux: / \ : * ? " < > | and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME_CHARACTERS = /[/\\:*?"<>|\u0000-\u001f]/g;

/**
 * `name` with ".txt" appended unless it already ends in ".txt" (any case): "notes" ->
 * "notes.txt", "Notes.TXT" stays, "data.md" -> "data.md.txt". Downloads, Drive files and the
 * editor's names all go through this one rule.
 */
export function withTxtExtension(name: string): string {
  return /\.txt$/i.test(name) ? name : `${name}.txt`;
}

/**
 * `name` with every character that is not allowed in file names on common systems
 * (/ \ : * ? " < > | and control characters) replaced by `replacement` ("_" unless given;
 * "" drops them). Nothing else changes: no trimming, no extension.
 */
export function safeFileName(name: string, replacement = "_"): string {
  return name.replace(UNSAFE_FILE_NAME_CHARACTERS, replacement);
}

/**
 * Normalises a file name typed in the editor header: drops the characters `safeFileName`
 * replaces, trims it, falls back to "Untitled.txt" when nothing is left, and ends it in ".txt"
 * (`withTxtExtension`). "notes" -> "notes.txt", "notes.md" -> "notes.md.txt".
 */
export function normalizeFileName(name: string): string {
  const cleaned = safeFileName(name, "").trim();
  if (cleaned === "" || cleaned === ".txt") return DEFAULT_FILE_NAME;
  return withTxtExtension(cleaned);
}
