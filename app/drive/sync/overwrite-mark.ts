/**
 * A revision our upload overwrote (Drive v3 has no upload precondition; upload-check.ts finds
 * it just after) is merged into our tab, and our next run uploads the result. Until then Drive
 * holds our text without that revision's lines, and the computer that wrote them, merging
 * Drive's text against its own last upload as the base, would take their absence for a
 * deletion. So the file is marked (appProperties): the checksum of the revision overwritten
 * and of the base our upload was merged with. A computer whose last synced text is the one
 * overwritten merges against that older base instead: its lines stay (or, where they clash,
 * Drive's text opens beside the tab), never silently dropped.
 */
import { normalizeLineEndings } from "~/text/line-endings";
import { decodeBytes, type TextEncodingId } from "~/text/text-encoding";
import type { StoredTabSync } from "~/storage/sync-store";
import type { DriveHttpContext } from "../http";
import { REPLACED_KEY } from "./conflict-copy";
import { downloadRevision, listRevisions, setAppProperties, type SyncFileMeta } from "./sync-drive";

/** appProperties key: the MD5 of a revision an upload overwrote. */
export const OVERWRITTEN_KEY = "plainpadOverwrittenMd5";
/** appProperties key: the MD5 of the base that upload was merged with. */
export const OVERWRITE_BASE_KEY = "plainpadOverwriteBaseMd5";

/** Marks the file: our upload (merged with base `baseMd5`) overwrote revision `overwrittenMd5`. */
export async function markOverwritten(
  http: DriveHttpContext,
  fileId: string,
  overwrittenMd5: string | null,
  baseMd5: string | null,
): Promise<void> {
  if (!overwrittenMd5 || !baseMd5) return;
  await setAppProperties(http, fileId, {
    [OVERWRITTEN_KEY]: overwrittenMd5,
    [OVERWRITE_BASE_KEY]: baseMd5,
  }).catch(() => undefined); // best effort: without it the old window stays, no worse
}

/**
 * The base to merge Drive's text (`meta`) with: the record's, unless Drive's file says the
 * record's text was overwritten; then the base that overwriting upload was merged with (read
 * from the file's revisions), or null when Drive no longer keeps it (both texts kept).
 */
export async function mergeBase(
  http: DriveHttpContext,
  fileId: string,
  record: StoredTabSync,
  meta: SyncFileMeta | null,
  encoding: TextEncodingId,
): Promise<string | null> {
  const marks = meta?.appProperties;
  const baseMd5 = marks?.[OVERWRITE_BASE_KEY];
  if (!record.md5Checksum || marks?.[OVERWRITTEN_KEY] !== record.md5Checksum) {
    return record.baseText;
  }
  // Replaced in a conflict instead: the copy holds the text (conflict-copy.ts).
  if (!baseMd5 || baseMd5 === record.md5Checksum || marks?.[REPLACED_KEY] === record.md5Checksum)
    return record.baseText;
  const revisions = await listRevisions(http, fileId);
  const at = revisions.map((revision) => revision.md5Checksum).lastIndexOf(baseMd5);
  if (at < 0) return null;
  const text = decodeBytes(await downloadRevision(http, fileId, revisions[at].id), encoding);
  return text === null ? null : normalizeLineEndings(text);
}
