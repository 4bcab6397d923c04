/**
 * What covers the missing precondition of Drive v3 uploads (files.update documents none, so a
 * revision written by another computer between our check and our upload would be overwritten):
 * just before each upload, Drive's checksum is read again and must still be the one the text
 * was merged with; just after it, the file's revisions must show the one we based on right
 * before ours. A revision written in between is read back (revisions.get) for the tab to merge.
 */
import { normalizeLineEndings } from "~/text/line-endings";
import { decodeBytes, type TextEncodingId } from "~/text/text-encoding";
import { DriveHttpError } from "../errors";
import type { StoredTabSync } from "~/storage/sync-store";
import type { DriveHttpContext } from "../http";
import { downloadRevision, getSyncMeta, listRevisions, type SyncFileMeta } from "./sync-drive";

/** Drive's copy changed after the merge: the tab merges again before uploading. */
export class DriveMovedOnError extends Error {
  constructor() {
    super("Drive's copy changed while this tab was being synced");
  }
}

/**
 * The file is in Drive's bin (Drive still takes uploads to it, so the sync must stop itself):
 * told as a missing file with the reason {@link IN_BIN_REASON} (ours, not Drive's).
 */
export function goneError(): DriveHttpError {
  return new DriveHttpError(
    "metadata",
    404,
    JSON.stringify({ error: { code: 404, errors: [{ reason: IN_BIN_REASON }] } }),
  );
}

/** The reason of {@link goneError}. */
export const IN_BIN_REASON = "plainpadFileInBin";

/**
 * Just before an upload: Drive still holds the content of checksum `baseMd5` (null: no base,
 * nothing to compare). Answers the file's metadata (its edit rights among them).
 */
export async function checkBeforeUpload(
  http: DriveHttpContext,
  fileId: string,
  baseMd5: string | null,
): Promise<SyncFileMeta> {
  const meta = await getSyncMeta(http, fileId);
  if (meta.trashed) throw goneError();
  if (baseMd5 !== null && meta.md5Checksum !== baseMd5) throw new DriveMovedOnError();
  return meta;
}

/**
 * A record whose last upload's answer never came: when Drive holds (or held, in its kept
 * revisions) that upload's bytes, it landed, and its text becomes the base (Drive's copy is
 * ours, not another computer's change); else it did not, and the record is as before it.
 */
export async function settlePending(
  http: DriveHttpContext,
  fileId: string,
  record: StoredTabSync,
): Promise<StoredTabSync> {
  const pending = record.pendingUpload;
  if (!pending) return record;
  const meta = await getSyncMeta(http, fileId);
  const landed =
    meta.md5Checksum === pending.md5 ||
    (await listRevisions(http, fileId)).some((revision) => revision.md5Checksum === pending.md5);
  if (!landed) return { ...record, pendingUpload: null };
  const revision = meta.md5Checksum === pending.md5 ? (meta.headRevisionId ?? null) : null;
  return {
    ...record,
    baseText: pending.text,
    md5Checksum: pending.md5,
    headRevisionId: revision,
    pendingUpload: null,
  };
}

/**
 * Just after an upload: every revision written by someone else between our base (checksum
 * `baseMd5`) and our revision `ours`, oldest first, with its text and checksum; none when none
 * was (or when Drive no longer keeps the base's revision, so nothing can be told). Each is
 * read, not only the newest: a writer without a precondition may have overwritten the one
 * before it, whose lines are then in no later revision.
 */
export async function writtenBetween(
  http: DriveHttpContext,
  fileId: string,
  baseMd5: string | null,
  ours: SyncFileMeta,
  encoding: TextEncodingId,
): Promise<{ text: string; md5: string | null }[]> {
  if (baseMd5 === null || (!ours.headRevisionId && !ours.md5Checksum)) return [];
  const revisions = await listRevisions(http, fileId);
  // Ours by its id; an upload whose answer was lost, by its checksum (its latest revision).
  const at = ours.headRevisionId
    ? revisions.findIndex((revision) => revision.id === ours.headRevisionId)
    : revisions.map((revision) => revision.md5Checksum).lastIndexOf(ours.md5Checksum);
  const baseAt = revisions
    .slice(0, Math.max(at, 0))
    .map((revision) => revision.md5Checksum)
    .lastIndexOf(baseMd5);
  if (at <= 0 || baseAt < 0) return [];
  // Our own bytes in between are earlier tries of the same upload (Drive applied one, the
  // answer failed, the request layer sent it again): not someone else's.
  const others = revisions
    .slice(baseAt + 1, at)
    .filter((revision) => revision.md5Checksum !== ours.md5Checksum);
  const between: { text: string; md5: string | null }[] = [];
  for (const revision of others) {
    const bytes = await downloadRevision(http, fileId, revision.id);
    const text = decodeBytes(bytes, encoding);
    if (text !== null)
      between.push({ text: normalizeLineEndings(text), md5: revision.md5Checksum ?? null });
  }
  return between;
}
