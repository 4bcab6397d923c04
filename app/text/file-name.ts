/** The simple editor's default document name (spec). */
export const DEFAULT_FILE_NAME = "Untitled.txt";

// Not allowed in file names on Windows, macOS or Linux: / \ : * ? " < > | and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME_CHARACTERS = /[/\\:*?"<>|\u0000-\u001f]/g;

/**
 * `name` with ".txt" appended unless it already ends in ".txt" (any case): "notes" ->
 * "notes.txt", "Notes.TXT" stays, "data.md" -> "data.md.txt". For files that must be text files
 * whatever they were called (a .zip of tabs); a document's own name keeps its extension
 * (`withDefaultExtension`).
 */
export function withTxtExtension(name: string): string {
  return /\.txt$/i.test(name) ? name : `${name}.txt`;
}

// An extension: a dot after at least one character, then up to 10 letters and digits with at
// least one letter ("notes.md", "trip.JSON", "a.mp3"); "v1.2" or "Chapter 3.5" have none.
const OWN_EXTENSION = /.\.(?=[a-z0-9]{0,9}[a-z])[a-z0-9]{1,10}$/i;

/** True when `name` ends in an extension of its own ("trip.md", "data.json"; not "notes" or "v1.2"). */
export function hasOwnExtension(name: string): boolean {
  return OWN_EXTENSION.test(name);
}

/**
 * `name` as a document's file name (decision 020): kept as it is when it has an extension of its
 * own ("trip.md", "notes.txt", "data.JSON"), else with ".txt" appended ("notes" ->
 * "notes.txt", "v1.2" -> "v1.2.txt"). The simple editor's names, downloads, Save As suggestions
 * and Drive files all go through this rule.
 */
export function withDefaultExtension(name: string): string {
  return hasOwnExtension(name) ? name : `${name}.txt`;
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
 * Normalises a document's file name (typed in the editor header, or an opened file's): drops
 * the characters `safeFileName` replaces, trims it, falls back to "Untitled.txt" when nothing is
 * left, and gives a name without an extension ".txt" (`withDefaultExtension`). "notes" ->
 * "notes.txt", "trip.md" stays "trip.md".
 */
export function normalizeFileName(name: string): string {
  const cleaned = safeFileName(name, "").trim();
  if (cleaned === "" || cleaned === ".txt") return DEFAULT_FILE_NAME;
  return withDefaultExtension(cleaned);
}
