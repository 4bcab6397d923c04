/** The simple editor's default document name (spec). */
export const DEFAULT_FILE_NAME = "Untitled.txt";

/**
 * Normalises a file name typed in the editor header: trims it, drops characters that are not
 * allowed in file names on common systems (/ \ : * ? " < > | and control characters), falls back
 * to "Untitled.txt" when nothing is left, and appends ".txt" unless it already ends in ".txt"
 * (any case). "notes" -> "notes.txt", "notes.md" -> "notes.md.txt".
 */
export function normalizeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[/\\:*?"<>|\u0000-\u001f]/g, "").trim();
  if (cleaned === "" || cleaned === ".txt") return DEFAULT_FILE_NAME;
  return /\.txt$/i.test(cleaned) ? cleaned : `${cleaned}.txt`;
}
