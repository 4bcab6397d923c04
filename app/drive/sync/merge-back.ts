/**
 * A revision another computer (or Drive's own editor) wrote between our base and our upload
 * (upload-check.ts finds it just after the upload): merged into the tab, whose next run uploads
 * the result, or opened beside it as a synced "(Drive copy)" when they clash. A tab closed
 * during its upload has no text to merge into: the revision is merged with ours in the file
 * itself, checked like any upload, and kept in a copy tab when that cannot be done.
 */
import { markReplaced, openConflictCopy } from "./conflict-copy";
import { contentMd5 } from "./content-md5";
import { fileBytes, mergeTexts } from "./merge";
import { uploadBytes } from "./sync-drive";
import type { SyncTab } from "./sync-types";
import type { TabRunContext } from "./tab-run-context";
import { checkBeforeUpload, writtenBetween } from "./upload-check";

/** What our upload sent: its text, and the file's MIME type it was sent in. */
export interface SentText {
  text: string;
  mimeType?: string | null;
}

/** A revision written in between, with its checksum. */
export interface Between {
  text: string;
  md5: string | null;
}

/** Write-backs for a closed tab, each one checked after, before a copy tab is opened instead. */
const WRITE_BACKS = 2;

/** Puts `between` into tab `tab` (or beside it; see the module comment). */
export async function mergeBack(
  context: TabRunContext,
  tab: SyncTab,
  fileId: string,
  base: string | null,
  sent: SentText,
  between: Between,
  writeBacks = WRITE_BACKS,
): Promise<void> {
  const now = context.host.readTab(tab.id);
  const local = now ? now.text : sent.text;
  const outcome = mergeTexts({ base, local, remote: between.text });
  if (outcome.kind === "clean" && outcome.text === local) return;
  if (outcome.kind === "clean" && now) return context.host.applyMergedText(tab.id, outcome.text);
  if (outcome.kind === "clean" && writeBacks > 0) {
    try {
      return await writeBack(context, tab, fileId, sent, outcome.text, writeBacks - 1);
    } catch {
      // Drive moved on again, or the write failed: the revision is kept beside, below.
    }
  }
  const remote = outcome.kind === "conflict" ? outcome.remote : between.text;
  const kept = { text: remote, md5: between.md5, copyId: await context.newFileId() };
  await openConflictCopy(context, now ?? tab, kept);
  await markReplaced(context, fileId, kept).catch(() => undefined);
}

/**
 * The closed tab's file gets `merged` (ours with the revision in between), checked as any
 * upload: Drive must still hold what we sent, and a revision written during this write is
 * merged back in turn.
 */
async function writeBack(
  context: TabRunContext,
  tab: SyncTab,
  fileId: string,
  sent: SentText,
  merged: string,
  writeBacks: number,
): Promise<void> {
  const sentMd5 = contentMd5(fileBytes(sent.text, tab.encoding, tab.lineEnding));
  await checkBeforeUpload(context.http, fileId, sentMd5);
  const meta = await uploadBytes(context.http, {
    fileId,
    bytes: fileBytes(merged, tab.encoding, tab.lineEnding),
    mimeType: sent.mimeType ?? "text/plain",
  });
  const again = await writtenBetween(context.http, fileId, sentMd5, meta, tab.encoding);
  const ours = { text: merged, mimeType: sent.mimeType };
  if (again) await mergeBack(context, tab, fileId, sent.text, ours, again, writeBacks);
}
