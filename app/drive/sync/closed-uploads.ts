/**
 * A tab closed while the check after its last upload was still to be made (the upload's
 * answer, or the revisions after it, never came): that check is what finds a revision another
 * computer or Drive's own editor wrote just before ours, and the tab's next run, which would
 * make it, never comes. So its record outlives the tab, out of the sync with its pending upload
 * kept, until a run has made the check: a revision in between is merged with ours in the file
 * (or kept in a copy tab when they clash; merge-back.ts), not left in Drive's history.
 * Likewise a tab closed while the create of its file was under way with its answer lost: a run
 * looks for the file by the id it was made with, and when it is there the notepad's closed tab
 * is told (`closedTabFileMade`), so Reopen resumes that file and nothing typed into it is lost.
 */
import type { StoredTabSync } from "~/storage/sync-store";
import { mergeBack } from "./merge-back";
import type { SyncState } from "./sync-state";
import type { SyncTab } from "./sync-types";
import { fileIfMade, fileMadeFor, madeFileText } from "./made-files";
import { tabNameForFile } from "./tab-naming";
import type { TabRunContext } from "./tab-run-context";
import { settlePending, writtenBetween } from "./upload-check";

/** True when tab `record`, closed now, must be kept until the check after its upload. */
export function keptAfterClose(record: StoredTabSync): boolean {
  if (!record.included) return false;
  if (record.driveFileId === null) return record.pendingCreateId !== null;
  return record.pendingUpload !== null;
}

/** Makes the check of every closed tab kept for it; one that cannot be made yet stays. */
export async function settleClosedUploads(state: SyncState, context: TabRunContext) {
  const open = new Set(context.host.listTabs().map((tab) => tab.id));
  for (const record of [...state.records.values()]) {
    const { driveFileId, pendingUpload, pendingCreateId } = record;
    if (open.has(record.tabId) || record.included) continue;
    if (!driveFileId && !pendingCreateId) continue;
    if (driveFileId && !pendingUpload) continue;
    try {
      if (!driveFileId) await settleClosedCreate(context, record, pendingCreateId!);
      else await settleClosed(context, record, driveFileId, pendingUpload!);
      state.deleteRecord(record.tabId);
    } catch {
      // Offline, refused…: the record stays for the next run.
    }
  }
}

/** The file a closed tab's create made (its answer lost), told to the notepad's closed tab. */
async function settleClosedCreate(context: TabRunContext, record: StoredTabSync, id: string) {
  const made = await fileIfMade(context, id);
  const text = made && madeFileText(record, made.md5Checksum);
  if (made && text !== null) fileMadeFor(context, record.tabId, made.id, text);
}

async function settleClosed(
  context: TabRunContext,
  record: StoredTabSync,
  fileId: string,
  pending: { text: string; md5: string },
) {
  const settled = await settlePending(context.http, fileId, record);
  // Not landed: Drive's copy is another's, untouched by us. Landed over our own base: nothing
  // was in between to lose.
  if (settled.baseText !== pending.text || record.md5Checksum === pending.md5) return;
  // The closed tab's format is no longer known: its text is read as the tab list's default.
  const name = tabNameForFile(record.syncedName ?? "Untitled.txt", "Untitled");
  const tab: SyncTab = {
    id: record.tabId,
    name,
    text: pending.text,
    encoding: "utf-8",
    lineEnding: "lf",
    driveFileId: fileId,
  };
  const ours = { id: fileId, md5Checksum: pending.md5 };
  const between = await writtenBetween(context.http, fileId, record.md5Checksum, ours, "utf-8");
  if (between.length === 0) return;
  const sent = { text: pending.text, mimeType: record.mimeType };
  await mergeBack(context, tab, fileId, record.baseText, sent, between);
}
