/**
 * Which names a new, renamed or restored file or folder may have (issue 52). A folder opened in
 * the browser may sit on any system, and a file made on one is often copied to another, so the
 * rules are the strictest of the usual ones (Windows'): a name Windows refuses is refused here,
 * each rule with its own words. Pure.
 */

/** The rule a name breaks. */
export type NameRule =
  | "empty"
  | "dots"
  | "separator"
  | "forbidden-character"
  | "control-character"
  | "reserved"
  | "trailing"
  | "too-long";

/** A name that is refused, with the words that say why. */
export interface NameProblem {
  rule: NameRule;
  message: string;
}

/** The most bytes a name may take (UTF-8): the limit of the usual file systems. */
export const MAX_NAME_BYTES = 255;

/** Characters Windows does not allow in a name. */
const FORBIDDEN_CHARACTERS = /[<>:"|?*]/;

/** C0 controls and DEL (a tab or a line break pasted into a name). */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Device names Windows keeps, with or without an extension ("CON", "nul.txt", "COM1"). */
const RESERVED_NAME = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/** Why `name` cannot be a file's or a folder's name, or null when it can. */
export function nameProblem(name: string): NameProblem | null {
  const problem = (rule: NameRule, message: string): NameProblem => ({ rule, message });
  if (name.trim() === "") return problem("empty", "A name is needed: type one.");
  if (name === "." || name === "..")
    return problem(
      "dots",
      `"${name}" cannot be a name: it means ${name === "." ? "this folder" : "the folder above"}.`,
    );
  if (name.includes("/") || name.includes("\\"))
    return problem(
      "separator",
      `A name cannot contain "/" or "\\": they separate folders. To put it in another folder, use Move to….`,
    );
  const forbidden = FORBIDDEN_CHARACTERS.exec(name);
  if (forbidden)
    return problem(
      "forbidden-character",
      `A name cannot contain "${forbidden[0]}": Windows does not allow < > : " | ? * in names.`,
    );
  if (CONTROL_CHARACTERS.test(name))
    return problem(
      "control-character",
      "A name cannot contain control characters such as a tab or a line break.",
    );
  if (RESERVED_NAME.test(name))
    return problem(
      "reserved",
      `"${name}" cannot be a name: Windows keeps ${name.split(".")[0]!.toUpperCase()} for a device (so are CON, PRN, AUX, NUL, COM1–9 and LPT1–9, with any extension).`,
    );
  if (/[. ]$/.test(name))
    return problem(
      "trailing",
      "A name cannot end with a dot or a space: Windows drops them, so the file would be lost from view.",
    );
  const bytes = new TextEncoder().encode(name).byteLength;
  if (bytes > MAX_NAME_BYTES)
    return problem(
      "too-long",
      `That name is too long: ${bytes} bytes, and a name can have at most ${MAX_NAME_BYTES} (letters outside English take 2 to 4 bytes each).`,
    );
  return null;
}

/** Two names one folder cannot hold side by side on every system (case and accents folded). */
export function sameEntryName(a: string, b: string): boolean {
  return a.normalize("NFC").toLowerCase() === b.normalize("NFC").toLowerCase();
}

/**
 * A name beside `name` for a copy that cannot take its place: "notes.txt" → "notes (restored).txt",
 * then "notes (restored 2).txt"… (`attempt` counts from 1). A name starting with a dot and
 * without another (".env") keeps the dot as part of the name.
 */
export function alternativeName(name: string, label: string, attempt = 1): string {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  const suffix = attempt === 1 ? ` (${label})` : ` (${label} ${attempt})`;
  return `${stem}${suffix}${extension}`;
}
