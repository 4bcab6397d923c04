/**
 * Files a tab's create made: the one a create whose answer was lost made (found again by the id
 * it was made with, `pendingCreateId`), and the one made for a tab closed while its create was
 * under way, which the notepad keeps with the closed tab (`closedTabFileMade`) so Reopen closed
 * tab resumes it instead of making a second file.
 */
import type { StoredTabSync } from "~/storage/sync-store";
import { DriveHttpError } from "../errors";
import { contentMd5 } from "./content-md5";
import { getSyncMeta, type SyncFileMeta } from "./sync-drive";
import type { SyncTab } from "./sync-types";
import type { TabRunContext } from "./tab-run-context";

/** The MD5 of no bytes. */
const EMPTY_MD5 = contentMd5(new Uint8Array());

/**
 * The tab takes the file its own create made (the answer lost): its text there is a pending
 * upload of ours, merged with what Drive has done to it since; an empty file (the first step
 * of a big create) is an empty base.
 */
export function takeMadeFile(
  context: TabRunContext,
  tab: SyncTab,
  record: StoredTabSync,
  fileId: string,
  md5: string | undefined,
): StoredTabSync {
  context.recreating?.delete(tab.id);
  context.host.setTabDriveFile(tab.id, fileId, tab.name);
  const empty = isUnwrittenBigCreate(record, md5);
  const made = madeFileText(record, md5);
  if (made !== null) fileMadeFor(context, tab.id, fileId, made);
  const base = empty ? { baseText: "", md5Checksum: EMPTY_MD5 } : {};
  const taken = { ...record, ...base, driveFileId: fileId, pendingCreateId: null };
  context.checkpoint(taken);
  return taken;
}

/**
 * The text a create of `record` put in the file it made (Drive's checksum `md5`), or null when
 * it is not known: ours, or nothing yet (the first step of a big create).
 */
export function madeFileText(record: StoredTabSync, md5: string | undefined): string | null {
  return isUnwrittenBigCreate(record, md5) ? "" : (record.pendingUpload?.text ?? null);
}

/** The file is still empty though our upload was not: the first step of a big create. */
function isUnwrittenBigCreate(record: StoredTabSync, md5: string | undefined): boolean {
  return md5 === EMPTY_MD5 && record.pendingUpload?.md5 !== EMPTY_MD5;
}

/**
 * A file was made for tab `tabId` holding `text`: a tab closed while its create was under way
 * keeps it (with `text`, its base) in the notepad's closed tab, so Reopen resumes that file.
 */
export function fileMadeFor(context: TabRunContext, tabId: string, fileId: string, text: string) {
  if (!context.host.readTab(tabId)) context.host.closedTabFileMade(tabId, fileId, text);
}

/** The file a create with id `id` made, or null when it made none (or it is gone). */
export async function fileIfMade(context: TabRunContext, id: string): Promise<SyncFileMeta | null> {
  try {
    return await getSyncMeta(context.http, id);
  } catch (error) {
    if (error instanceof DriveHttpError && error.status === 404) return null;
    throw error;
  }
}
