import { crc32 } from "~/text/byte-codecs";
import { prepareEncoder } from "~/text/legacy-encodings";
import { applyLineEnding, detectLineEndings } from "~/text/line-endings";
import {
  decodeBytes,
  encodeText,
  encodingLabel,
  findUnencodable,
  type TextEncodingId,
} from "~/text/text-encoding";
import type { FileHits } from "./find-in-files";
import type { FileStamp, WorkspaceFolder } from "./workspace-folder";

/**
 * Replace in files (issue 52): from the matches a person kept ticked, the new bytes of each
 * file, in its own encoding, with its byte-order mark and line endings, and every byte outside
 * the replaced matches exactly as it was (the unchanged stretches are copied from the file, not
 * encoded again). A file that changed since the search is not written but listed; a
 * replacement the file's encoding cannot hold is refused in words. Writing keeps the original
 * bytes, so one "Undo replace in files" puts every file back byte for byte.
 */

/** The matches of one file to replace: a file's search result, with the unticked ones left out. */
export interface ReplaceChoice {
  hits: FileHits;
  /** The matches kept, as offsets in the decoded text (from the search result's lines). */
  matches: { from: number; to: number }[];
}

/** How the replacement is written: as typed, or with $1, $& for a regular expression. */
export interface ReplaceQuery {
  replacement: string;
  /** The search's compiled pattern: given, `$1`, `$<name>` and `$&` in the replacement expand. */
  regexp?: RegExp;
}

/** One file's new bytes, and its old ones for undo. */
export interface PlannedWrite {
  path: string;
  before: Uint8Array;
  after: Uint8Array;
  /** The file's size and time when read for the plan: it is written only if still so. */
  stamp: FileStamp;
  replaced: number;
}

/** A file left unwritten, and why in words. */
export interface SkippedFile {
  path: string;
  message: string;
}

export interface ReplacePlan {
  writes: PlannedWrite[];
  /** Files that changed (size, time or bytes) since the search: not written. */
  changed: SkippedFile[];
  /** Files whose encoding cannot hold the replacement, or that could not be read. */
  refused: SkippedFile[];
}

/** What one Replace in files wrote: the originals, to put back. */
export interface UndoRecord {
  /** `writtenChecksum`: the CRC-32 of the bytes written (a time may count in whole seconds). */
  files: { path: string; original: Uint8Array; written: FileStamp; writtenChecksum: number }[];
}

/**
 * True when the file at `path` still has `stamp` and bytes of `checksum`: the size and time
 * alone miss a same-size change on a disk whose times count in seconds (FAT keeps 2 s).
 */
async function unchangedSince(
  folder: WorkspaceFolder,
  path: string,
  stamp: FileStamp,
  checksum: number,
): Promise<boolean> {
  const now = await folder.read(path);
  return (
    now.size === stamp.size &&
    now.lastModified === stamp.lastModified &&
    crc32(now.bytes) === checksum
  );
}

/** The encoding of a text's body and the length of the byte-order mark before it. */
function bodyEncoding(encoding: TextEncodingId): { body: TextEncodingId; bom: number } {
  if (encoding === "utf-8-bom") return { body: "utf-8", bom: 3 };
  if (encoding === "utf-16le") return { body: "utf-16le-nobom", bom: 2 };
  if (encoding === "utf-16be") return { body: "utf-16be-nobom", bom: 2 };
  return { body: encoding, bom: 0 };
}

interface Edit {
  from: number;
  to: number;
  insert: string;
}

/**
 * The file's new bytes: the stretches between edits copied from `original`, each edit's text
 * encoded. The byte length of an unchanged stretch is that of its text encoded again, which
 * holds for every encoding that encodes character by character (all but ISO-2022-JP); the
 * result is read back and must give `newText`, else null.
 */
export function splicedBytes(
  original: Uint8Array,
  text: string,
  edits: readonly Edit[],
  encoding: TextEncodingId,
  newText: string,
): Uint8Array | null {
  const { body, bom } = bodyEncoding(encoding);
  const parts: Uint8Array[] = [original.subarray(0, bom)];
  let byteAt = bom;
  let charAt = 0;
  try {
    for (const edit of edits) {
      const keptLength = encodeText(text.slice(charAt, edit.from), body).byteLength;
      parts.push(original.subarray(byteAt, byteAt + keptLength));
      parts.push(encodeText(edit.insert, body));
      byteAt += keptLength + encodeText(text.slice(edit.from, edit.to), body).byteLength;
      charAt = edit.to;
    }
  } catch {
    return null; // A stretch the encoder cannot write again: not spliced.
  }
  parts.push(original.subarray(byteAt));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return decodeBytes(out, encoding) === newText ? out : null;
}

/** The text a match is replaced with (a regular expression's groups expanded). */
function replacementFor(text: string, from: number, to: number, query: ReplaceQuery): string {
  if (!query.regexp || !query.replacement.includes("$")) return query.replacement;
  // Sticky, not global: String.replace then replaces the one match at lastIndex, with the
  // language's own expansion of $1, $<name>, $& and $$. Lookbehinds see the text before.
  const flags = query.regexp.flags.replace("g", "") + "y";
  const sticky = new RegExp(query.regexp.source, flags);
  sticky.lastIndex = from;
  const match = sticky.exec(text);
  if (!match || match.index + match[0].length !== to) return query.replacement;
  sticky.lastIndex = from;
  const replaced = text.replace(sticky, query.replacement);
  return replaced.slice(from, replaced.length - (text.length - to));
}

/** Reads each chosen file again and works out its new bytes, writing nothing. */
export async function planReplace(
  folder: WorkspaceFolder,
  choices: readonly ReplaceChoice[],
  query: ReplaceQuery,
): Promise<ReplacePlan> {
  const plan: ReplacePlan = { writes: [], changed: [], refused: [] };
  for (const { hits, matches } of choices) {
    if (matches.length === 0) continue;
    const { path, encoding } = hits;
    let snapshot;
    try {
      snapshot = await folder.read(path);
    } catch (error) {
      plan.refused.push({ path, message: error instanceof Error ? error.message : String(error) });
      continue;
    }
    if (
      snapshot.size !== hits.stamp.size ||
      snapshot.lastModified !== hits.stamp.lastModified ||
      crc32(snapshot.bytes) !== hits.checksum
    ) {
      plan.changed.push({
        path,
        message: `"${path}" changed on disk since the search, so it was not changed. Search again to replace in it.`,
      });
      continue;
    }
    const text = decodeBytes(snapshot.bytes, encoding);
    if (text === null) {
      plan.changed.push({
        path,
        message: `"${path}" is no longer readable as ${encodingLabel(encoding)}: not changed.`,
      });
      continue;
    }
    await prepareEncoder(encoding);
    // A typed line break is written as the file's own.
    const ending = detectLineEndings(text).majority ?? "lf";
    const sorted = [...matches].sort((a, b) => a.from - b.from);
    const edits: Edit[] = [];
    let lastEnd = 0;
    for (const { from, to } of sorted) {
      if (from < lastEnd) continue; // Overlapping matches: the first one wins.
      const insert = replacementFor(text, from, to, query);
      edits.push({
        from,
        to,
        insert: insert.includes("\n") ? applyLineEnding(insert, ending) : insert,
      });
      lastEnd = to;
    }
    const inserted = edits.map((edit) => edit.insert).join("");
    const unencodable = findUnencodable(inserted, encoding);
    if (unencodable.total > 0) {
      const chars = unencodable.items.map((item) => item.char).join(" ");
      plan.refused.push({
        path,
        message: `"${path}" is stored as ${encodingLabel(encoding)}, which has no ${chars} for the replacement, so nothing was replaced in it. Reopen it in UTF-8 to use such characters.`,
      });
      continue;
    }
    let newText = "";
    let at = 0;
    for (const edit of edits) {
      newText += text.slice(at, edit.from) + edit.insert;
      at = edit.to;
    }
    newText += text.slice(at);
    const after = splicedBytes(snapshot.bytes, text, edits, encoding, newText);
    if (!after) {
      plan.refused.push({
        path,
        message: `"${path}" (${encodingLabel(encoding)}) could not be rewritten without changing other bytes of it, so it was not changed.`,
      });
      continue;
    }
    plan.writes.push({
      path,
      before: snapshot.bytes,
      after,
      stamp: { size: snapshot.size, lastModified: snapshot.lastModified },
      replaced: edits.length,
    });
  }
  return plan;
}

/** What writing a plan (or its undo) did. */
export interface WriteOutcome {
  undo: UndoRecord;
  /** Files not written: changed since the plan, or the write failed (with the words why). */
  failed: SkippedFile[];
}

/**
 * Writes a plan's files, each only if its size and time are still those the plan read, and
 * returns the originals of those written, for undo.
 */
export async function applyReplacePlan(
  folder: WorkspaceFolder,
  plan: ReplacePlan,
  /** Checked right before each write: words why `path` must be left alone now, or null. */
  leaveAlone: (path: string) => string | null = () => null,
): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { undo: { files: [] }, failed: [] };
  for (const write of plan.writes) {
    try {
      const why = leaveAlone(write.path);
      if (why !== null) {
        outcome.failed.push({ path: write.path, message: why });
        continue;
      }
      if (!(await unchangedSince(folder, write.path, write.stamp, crc32(write.before)))) {
        outcome.failed.push({
          path: write.path,
          message: `"${write.path}" changed on disk a moment ago, so it was not changed.`,
        });
        continue;
      }
      const written = await folder.write(write.path, write.after);
      outcome.undo.files.push({
        path: write.path,
        original: write.before,
        written,
        writtenChecksum: crc32(write.after),
      });
    } catch (error) {
      outcome.failed.push({
        path: write.path,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return outcome;
}

/**
 * "Undo replace in files": puts each file back byte for byte, unless it changed again since
 * the replace wrote it (another program, or an edit): that file is listed, not overwritten.
 */
export async function undoReplace(
  folder: WorkspaceFolder,
  undo: UndoRecord,
  /** Checked right before each write: words why `path` must be left alone now, or null. */
  leaveAlone: (path: string) => string | null = () => null,
): Promise<SkippedFile[]> {
  const failed: SkippedFile[] = [];
  for (const file of undo.files) {
    try {
      const why = leaveAlone(file.path);
      if (why !== null) {
        failed.push({ path: file.path, message: why });
        continue;
      }
      if (!(await unchangedSince(folder, file.path, file.written, file.writtenChecksum))) {
        failed.push({
          path: file.path,
          message: `"${file.path}" changed after the replace, so it was not put back (that would lose the newer change).`,
        });
        continue;
      }
      await folder.write(file.path, file.original);
    } catch (error) {
      failed.push({
        path: file.path,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return failed;
}
