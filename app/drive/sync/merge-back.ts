/**
 * Revisions another computer (or Drive's own editor) wrote between our base and our upload
 * (upload-check.ts finds them just after the upload): merged into the tab, whose next run
 * uploads the result, or opened beside it as a synced "(Drive copy)" when they clash. A tab closed
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

/** Write-backs for a closed tab, each checked after, before copy tabs are opened instead. */
const WRITE_BACKS = 2;

/**
 * Puts the revisions written in between (`between`, oldest first) into tab `tab`, or beside it
 * (see the module comment): the newest, and each older one it overwrote, merged with our base.
 */
export async function mergeBack(
  context: TabRunContext,
  tab: SyncTab,
  fileId: string,
  base: string | null,
  sent: SentText,
  between: readonly Between[],
  writeBacks = WRITE_BACKS,
): Promise<void> {
  const now = context.host.readTab(tab.id);
  const local = now ? now.text : sent.text;
  let merged = local;
  const aside: Between[] = [];
  for (const revision of unsuperseded(base, between)) {
    const outcome = mergeTexts({ base, local: merged, remote: revision.text });
    if (outcome.kind === "clean") merged = outcome.text;
    else aside.push({ text: outcome.remote, md5: revision.md5 });
  }
  if (merged !== local && now) context.host.applyMergedText(tab.id, merged);
  else if (merged !== local) {
    try {
      if (writeBacks <= 0) throw new Error("written back often enough");
      await writeBack(context, tab, fileId, sent, merged, writeBacks - 1);
    } catch {
      // Drive moved on again, or the write failed: what was merged is kept beside instead.
      aside.push(...between.filter((revision) => !aside.some((a) => a.md5 === revision.md5)));
    }
  }
  for (const revision of aside) {
    const kept = { ...revision, copyId: await context.newFileId() };
    await openConflictCopy(context, now ?? tab, kept);
    await markReplaced(context, fileId, kept).catch(() => undefined);
  }
}

/**
 * The newest revision, then each older one that has lines (not the base's) missing from it:
 * one overwritten by a writer that had not seen it. One the newest was built on (its lines
 * all there) adds nothing, and merged on its own with the base it would clash with its own
 * continuation.
 */
function unsuperseded(base: string | null, between: readonly Between[]): Between[] {
  const newest = between.at(-1);
  if (!newest) return [];
  const kept = new Set([...(base ?? "").split("\n"), ...newest.text.split("\n")]);
  const older = between.slice(0, -1);
  return [newest, ...older.filter((r) => r.text.split("\n").some((line) => !kept.has(line)))];
}

/**
 * The closed tab's file gets `merged` (ours with the revisions in between), checked as any
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
  if (again.length > 0) await mergeBack(context, tab, fileId, sent.text, ours, again, writeBacks);
}
