/**
 * Line endings a document is read with and written back with. The editors hold text with "\n"
 * only; a file's own line ending is kept beside the text and applied again on save. Pure.
 */

/** A line ending: "\n" (Unix, macOS), "\r\n" (Windows) or "\r" (classic Mac OS). */
export type LineEnding = "lf" | "crlf" | "cr";

/** What the UI shows for a line ending, and the characters it writes. */
export interface LineEndingInfo {
  id: LineEnding;
  /** The label Windows Notepad uses in its status bar, e.g. "Windows (CRLF)". */
  label: string;
  sequence: "\n" | "\r\n" | "\r";
}

/** Every line ending, in Windows Notepad's order and with its labels. */
export const LINE_ENDINGS: readonly LineEndingInfo[] = [
  { id: "crlf", label: "Windows (CRLF)", sequence: "\r\n" },
  { id: "lf", label: "Unix (LF)", sequence: "\n" },
  { id: "cr", label: "Macintosh (CR)", sequence: "\r" },
];

/** The line ending of a new document, and of a file without any line break. */
export const DEFAULT_LINE_ENDING: LineEnding = "lf";

/** True for a known line ending id (for checking stored or user-supplied values). */
export function isLineEnding(value: unknown): value is LineEnding {
  return LINE_ENDINGS.some((ending) => ending.id === value);
}

/** The status-bar label of a line ending ("Windows (CRLF)"). */
export function lineEndingLabel(ending: LineEnding): string {
  return LINE_ENDINGS.find((info) => info.id === ending)?.label ?? ending;
}

/** The line breaks found in a text. */
export interface LineEndingReport {
  /** How many line breaks of each kind; "\r\n" counts once, as CRLF only. */
  counts: Record<LineEnding, number>;
  /**
   * The most frequent kind (ties prefer CRLF, then LF, then CR), or null when the text has no
   * line break at all, so the caller picks its default.
   */
  majority: LineEnding | null;
  /** True when more than one kind occurs; saving then writes the majority throughout. */
  mixed: boolean;
}

function count(text: string, needle: string): number {
  let found = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    found++;
  }
  return found;
}

/** Counts the line breaks of each kind in `text` and names the majority. Linear, no copies. */
export function detectLineEndings(text: string): LineEndingReport {
  const hasCr = text.includes("\r");
  const crlf = hasCr ? count(text, "\r\n") : 0;
  const counts: Record<LineEnding, number> = {
    crlf,
    lf: count(text, "\n") - crlf,
    cr: hasCr ? count(text, "\r") - crlf : 0,
  };
  // LINE_ENDINGS is in tie-break order, so the first maximum wins a tie.
  let majority: LineEnding | null = null;
  for (const { id } of LINE_ENDINGS) {
    if (counts[id] > 0 && (majority === null || counts[id] > counts[majority])) majority = id;
  }
  const kinds = LINE_ENDINGS.filter(({ id }) => counts[id] > 0).length;
  return { counts, majority, mixed: kinds > 1 };
}

/** `text` with every "\r\n" and lone "\r" turned into "\n" (returned as is when it has no "\r"). */
export function normalizeLineEndings(text: string): string {
  if (!text.includes("\r")) return text;
  const joined = text.replaceAll("\r\n", "\n");
  // What is left are lone carriage returns.
  return joined.includes("\r") ? joined.replaceAll("\r", "\n") : joined;
}

/**
 * `text` with its line breaks written as `ending`: the editor's "\n" becomes "\r\n" or "\r".
 * Any "\r\n" or "\r" already in `text` is converted too, so the result has one kind only.
 */
export function applyLineEnding(text: string, ending: LineEnding): string {
  const normalized = normalizeLineEndings(text);
  if (ending === "lf") return normalized;
  return normalized.replaceAll("\n", ending === "crlf" ? "\r\n" : "\r");
}
