/**
 * The three-way merge of a synced tab (pure): the text last synced (base), the tab's text
 * (local) and Drive's text (remote), line by line with node-diff3. Changes to different lines
 * combine; the same lines changed differently on both sides are a conflict, which keeps the
 * local text and hands back the remote text for a "(Drive copy)" tab, so no word is lost.
 *
 * All three texts are compared with "\n" line breaks (Drive's copy may have CRLF or CR); the
 * result has "\n" too, as the editor holds it. {@link fileText} gives the file its line ending
 * back, and {@link fileBytes} its encoding.
 */
import { diff3Merge } from "node-diff3";
import { applyLineEnding, normalizeLineEndings, type LineEnding } from "~/text/line-endings";
import { encodeText, type TextEncodingId } from "~/text/text-encoding";
import { condense } from "./merge-anchors";

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
  let [o, a, b] = [base.split("\n"), local.split("\n"), remote.split("\n")];
  let expand: (line: string) => string[] | null = () => null;
  if (o.length + a.length + b.length > CONDENSE_FROM_LINES) {
    // node-diff3 is quadratic on long, nearly equal texts: merge only what changed.
    const condensed = condense(o, a, b);
    // Texts too different to compare in time: keep both, as for a conflict.
    if (!condensed) return { kind: "conflict", local, remote };
    ({ base: o, local: a, remote: b, expand } = condensed);
  }
  const regions = diff3Merge(a, o, b, { excludeFalseConflicts: true });
  const lines: string[] = [];
  for (const region of regions) {
    if (region.conflict) return { kind: "conflict", local, remote };
    for (const line of region.ok ?? []) {
      const run = expand(line);
      if (run) for (const kept of run) lines.push(kept);
      else lines.push(line);
    }
  }
  const text = lines.join("\n");
  return { kind: "clean", text, changedLocal: text !== local, changedRemote: text !== remote };
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

/** The tab's name for Drive's side of a conflict. */
export function driveCopyName(tabName: string): string {
  return `${tabName.trim() || "Untitled"} (Drive copy)`;
}
