/**
 * The three-way merge of a synced tab (pure): the text last synced (base), the tab's text
 * (local) and Drive's text (remote), line by line with node-diff3. Changes to different lines
 * combine, neighbouring ones too (merge-adjacent.ts: node-diff3 alone calls a line appended
 * below a line changed on the other side a conflict); the same lines changed differently on
 * both sides are a conflict, which keeps the local text and hands back the remote text for a
 * "(Drive copy)" tab, so no word is lost.
 *
 * All three texts are compared with "\n" line breaks (Drive's copy may have CRLF or CR); the
 * result has "\n" too, as the editor holds it. {@link fileText} gives the file its line ending
 * back, and {@link fileBytes} its encoding.
 */
import { diff3Merge } from "node-diff3";
import { applyLineEnding, normalizeLineEndings, type LineEnding } from "~/text/line-endings";
import {
  decodeBytes,
  decodeText,
  encodeText,
  type DecodedText,
  type TextEncodingId,
} from "~/text/text-encoding";
import { condense } from "./merge-anchors";
import { mergeTouchingChanges } from "./merge-adjacent";

/** Above this many lines (the three texts together) the merge is condensed first. */
export const CONDENSE_FROM_LINES = 3_000;

/** What merging gave. */
export type MergeOutcome =
  /** Both sides' changes combined (or only one side changed): `text` goes in the tab and Drive. */
  | { kind: "clean"; text: string; changedLocal: boolean; changedRemote: boolean }
  /**
   * The same lines changed on both sides: the tab keeps `local`; `remote` is Drive's text, to
   * be opened beside it. Drive then gets the local text (the copy holds Drive's).
   */
  | { kind: "conflict"; local: string; remote: string };

/** The three texts of a merge. `base` null: never synced (no common ancestor). */
export interface MergeInput {
  base: string | null;
  local: string;
  remote: string;
}

/**
 * Merges `local` and `remote` against `base`, line by line. With no base, equal texts are
 * clean and different ones a conflict (nothing says which lines each side changed). Identical
 * changes on both sides are no conflict.
 */
export function mergeTexts(input: MergeInput): MergeOutcome {
  const local = normalizeLineEndings(input.local);
  const remote = normalizeLineEndings(input.remote);
  if (local === remote) {
    return { kind: "clean", text: local, changedLocal: false, changedRemote: false };
  }
  if (input.base === null) return { kind: "conflict", local, remote };
  const base = normalizeLineEndings(input.base);
  // The common cases need no diff: one side only changed.
  if (remote === base) {
    return { kind: "clean", text: local, changedLocal: false, changedRemote: true };
  }
  if (local === base) {
    return { kind: "clean", text: remote, changedLocal: true, changedRemote: false };
  }
  const [o, a, b] = [base.split("\n"), local.split("\n"), remote.split("\n")];
  const big = o.length + a.length + b.length > CONDENSE_FROM_LINES;
  const lines = big ? mergeCondensedLines(o, a, b) : mergeLines(o, a, b);
  if (!lines) return { kind: "conflict", local, remote };
  const text = lines.join("\n");
  return { kind: "clean", text, changedLocal: text !== local, changedRemote: text !== remote };
}

/**
 * The merged lines of `a` (local) and `b` (remote) against `o` (base), node-diff3 on the whole
 * texts, or null for a conflict. Changes that only touch (a line appended below a line changed
 * on the other side) are combined (merge-adjacent.ts).
 */
export function mergeLines(o: string[], a: string[], b: string[]): string[] | null {
  const lines: string[] = [];
  for (const region of diff3Merge(a, o, b, { excludeFalseConflicts: true })) {
    const merged = region.conflict ? mergeTouchingChanges(region.conflict) : region.ok;
    if (!merged) return null;
    for (const line of merged) lines.push(line);
  }
  return lines;
}

/**
 * {@link mergeLines} for long texts: node-diff3 is quadratic on long, nearly equal texts, so
 * the untouched runs are condensed first (merge-anchors.ts). Null for a conflict, for texts too
 * different to compare in time, and wherever the condensed merge could decide otherwise than
 * the whole one (merge-anchors.ts says when): both texts are kept then, as for a conflict.
 */
export function mergeCondensedLines(o: string[], a: string[], b: string[]): string[] | null {
  const condensed = condense(o, a, b);
  if (!condensed) return null;
  const merged = mergeLines(condensed.base, condensed.local, condensed.remote);
  if (!merged) return null;
  const lines: string[] = [];
  for (const line of merged) {
    const run = condensed.expand(line);
    if (run) for (const kept of run) lines.push(kept);
    else lines.push(line);
  }
  return lines;
}

/** The file's text: the tab's "\n" text written with the tab's line ending. */
export function fileText(text: string, lineEnding: LineEnding): string {
  return applyLineEnding(text, lineEnding);
}

/**
 * The exact bytes Drive gets for a tab: its text with its line ending, in its encoding (a BOM
 * where the encoding has one). Throws UnencodableTextError when a character cannot be held.
 */
export function fileBytes(
  text: string,
  encoding: TextEncodingId,
  lineEnding: LineEnding,
): Uint8Array<ArrayBuffer> {
  return encodeText(fileText(text, lineEnding), encoding);
}

/**
 * A file's text in `encoding` (the tab's, or the one the synced tab list names); detected from
 * the bytes when none is given or when the bytes do not decode in it (changed in Drive by
 * another app): the caller compares the encodings to tell the person.
 */
export function fileTextOf(bytes: Uint8Array, encoding?: TextEncodingId): DecodedText {
  if (encoding) {
    const text = decodeBytes(bytes, encoding);
    if (text !== null) return { text, encoding };
  }
  return decodeText(bytes) ?? { text: new TextDecoder().decode(bytes), encoding: "utf-8" };
}

/** The tab's name for Drive's side of a conflict. */
export function driveCopyName(tabName: string): string {
  return `${tabName.trim() || "Untitled"} (Drive copy)`;
}
