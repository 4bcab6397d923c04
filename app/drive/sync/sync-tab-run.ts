/**
 * One synced tab in one run: create its Drive file when it has none, find out whether Drive's
 * copy changed (the changes feed's checksum, else the file's metadata), merge three ways against
 * the text last synced, put the merged text in the tab and in Drive, rename the file when the
 * tab was renamed. Same lines changed on both sides: the tab keeps its text, Drive's opens
 * beside it, Drive gets the tab's (nothing is lost). Throws Drive's errors for the caller to
 * put into words (sync-messages.ts).
 */
import type { StoredTabSync } from "~/storage/sync-store";
import { isLegacyEncoding, loadLegacyEncoders } from "~/text/legacy-encodings";
import { normalizeLineEndings } from "~/text/line-endings";
import { decodeBytes, encodingLabel, type DecodedText } from "~/text/text-encoding";
import { DriveHttpError } from "../errors";
import type { TabRunContext } from "./tab-run-context";
import {
  markReplaced,
  noticeReplaced,
  openConflictCopy,
  replacedMarks,
  revisionsAfter,
  type KeptCopy,
} from "./conflict-copy";
import { fileIfMade, fileMadeFor, takeMadeFile } from "./made-files";
import { mergeBack } from "./merge-back";
import { contentMd5, metaOfBytes } from "./content-md5";
import { driveCopyName, fileBytes, fileTextOf } from "./merge";
import { mergedWithTextNow, mergeWithTyping } from "./merge-off-thread";
import { markOverwritten, mergeBase } from "./overwrite-mark";
import {
  downloadBytes,
  getSyncMeta,
  isDuplicateId,
  renameFile,
  uploadBytes,
  type SyncFileMeta,
} from "./sync-drive";
import {
  checkBeforeUpload,
  DriveMovedOnError,
  goneError,
  settlePending,
  writtenBetween,
} from "./upload-check";
import { undecodableNotice } from "./sync-messages";
import type { SyncTab } from "./sync-types";
import { agreeOnName, driveFileName, type TabNaming } from "./tab-naming";

export type { CopyFile, TabRunContext } from "./tab-run-context";
export { driveFileName, tabNameForFile } from "./tab-naming";

/** How the tab's run ended. */
export type TabRunResult =
  | { kind: "synced"; record: StoredTabSync }
  /** The tab was closed meanwhile. */
  | { kind: "closed" }
  /** Sync was turned off (or the tab taken out of it) meanwhile: nothing more was written. */
  | { kind: "stopped" };

/** Runs of one tab's merge when Drive's copy keeps changing under it. */
const ATTEMPTS = 3;

/** A fresh record for a tab taken into the sync. */
export function newTabRecord(tabId: string, driveFileId: string | null): StoredTabSync {
  return {
    tabId,
    included: true,
    driveFileId,
    baseText: null,
    md5Checksum: null,
    headRevisionId: null,
    modifiedTime: null,
    syncedName: null,
    pendingUpload: null,
    pendingCreateId: null,
  };
}

function readOnlyError(): DriveHttpError {
  return new DriveHttpError(
    "upload",
    403,
    JSON.stringify({ error: { code: 403, errors: [{ reason: "insufficientFilePermissions" }] } }),
  );
}

function synced(
  record: StoredTabSync,
  text: string,
  meta: SyncFileMeta,
  name: string,
): TabRunResult {
  return {
    kind: "synced",
    record: {
      ...record,
      driveFileId: meta.id,
      baseText: text,
      md5Checksum: meta.md5Checksum ?? null,
      headRevisionId: meta.headRevisionId ?? null,
      modifiedTime: meta.modifiedTime ?? null,
      // The name both sides agreed on (tab-naming.ts).
      syncedName: name,
      pendingUpload: null,
      pendingCreateId: null,
      mimeType: meta.mimeType ?? record.mimeType ?? null,
    },
  };
}

/** How an upload names the file, and the marks written with its content (conflict-copy.ts). */
type UploadNaming = TabNaming & { marks?: Record<string, string> | null };

/**
 * Puts `text` in the tab's file (a new one, of id `newId`, when `fileId` is null). An update
 * sends only the content, in the file's own MIME type, and the name only when it must change.
 */
async function upload(
  context: TabRunContext,
  tab: SyncTab,
  fileId: string | null,
  text: string,
  naming: UploadNaming,
  newId?: string,
): Promise<SyncFileMeta> {
  return uploadBytes(context.http, {
    fileId,
    name: !fileId || naming.renameFile ? naming.name : undefined,
    bytes: fileBytes(text, tab.encoding, tab.lineEnding),
    mimeType: naming.mimeType ?? "text/plain",
    parentId: fileId ? undefined : await context.folder(),
    newId,
    appProperties: naming.marks ?? undefined,
  });
}

/**
 * Drive's text of the file, or null when it did not change since the record's checksum.
 * `fresh`: Drive's copy is read whatever the changes feed said.
 */
async function remoteText(
  context: TabRunContext,
  tab: SyncTab,
  fileId: string,
  record: StoredTabSync,
  fresh: boolean,
): Promise<{ text: string | null; meta: SyncFileMeta | null; aside?: DecodedText }> {
  const change = fresh ? undefined : context.changes?.get(fileId);
  const known = record.baseText !== null && record.md5Checksum !== null;
  if (known && !fresh && context.changes && !change) return { text: null, meta: null };
  if (known && change && !change.gone && change.md5Checksum === record.md5Checksum) {
    return { text: null, meta: null };
  }
  const meta = await getSyncMeta(context.http, fileId);
  // A file in the bin is still read (its last changes come into the tab), never written.
  if (known && meta.md5Checksum === record.md5Checksum) return { text: null, meta };
  const bytes = await downloadBytes(context.http, fileId);
  const text = decodeBytes(bytes, tab.encoding);
  // Bytes that are not the tab's encoding are never merged: they are kept aside, as read.
  if (text === null)
    return { text: null, meta: metaOfBytes(meta, bytes), aside: fileTextOf(bytes) };
  return { text: normalizeLineEndings(text), meta: metaOfBytes(meta, bytes) };
}

/** Syncs one tab (see the module comment). */
export async function syncTab(
  context: TabRunContext,
  tabId: string,
  stored: StoredTabSync,
): Promise<TabRunResult> {
  const first = context.host.readTab(tabId);
  if (!first) return { kind: "closed" };
  // Legacy encoders load on demand (encodeText throws until they have).
  if (isLegacyEncoding(first.encoding)) await loadLegacyEncoders();
  let record = stored;
  const recreate = context.recreating?.has(tabId) === true;
  let fileId = recreate ? null : (first.driveFileId ?? record.driveFileId);
  if (fileId !== record.driveFileId) record = newTabRecord(tabId, fileId);
  if (!fileId && record.pendingCreateId) {
    // An earlier create whose answer was lost may have made the file: the tab takes it.
    const made = await fileIfMade(context, record.pendingCreateId);
    if (made) record = takeMadeFile(context, first, record, made.id, made.md5Checksum);
    fileId = record.driveFileId;
  }
  if (!fileId) {
    const name = driveFileName(first.name);
    // Read once: the host's `text` reads the editor, which may change during the upload. The
    // record keeps what was sent, so a line typed meanwhile is a local change for the next run.
    const text = first.text;
    // The new file's id and text are kept first: a create tried again finds the file a lost
    // answer made, and knows its text as ours.
    const newId = record.pendingCreateId ?? (await context.newFileId());
    const md5 = contentMd5(fileBytes(text, first.encoding, first.lineEnding));
    record = { ...record, pendingCreateId: newId, pendingUpload: { text, md5 } };
    context.checkpoint(record);
    // Closed meanwhile: no file is made for it (its text is in the notepad's closed tab).
    if (!context.host.readTab(tabId)) return { kind: "closed" };
    try {
      const naming = { name, renameFile: true };
      const meta = await upload(context, first, null, text, naming, newId);
      context.recreating?.delete(tabId);
      context.host.setTabDriveFile(tabId, meta.id, first.name);
      fileMadeFor(context, tabId, meta.id, text);
      return synced(record, text, meta, name);
    } catch (error) {
      // A try the request layer repeated: the first made the file (its answer lost).
      if (!isDuplicateId(error)) throw error;
      record = takeMadeFile(context, first, record, newId, undefined);
      fileId = newId;
    }
  }
  // Drive v3 has no upload precondition: a revision written during the run means merging again.
  const held: Held = { record };
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await syncExisting(context, first, fileId, held, attempt > 1);
      // A conflict's copy is opened: the file is marked once our text is in it (also when a
      // later try merged again), with what it replaced then (see conflict-copy.ts).
      const { kept } = held;
      const replaced = held.record.md5Checksum;
      if (kept) await markReplaced(context, fileId, kept, replaced).catch(() => undefined);
      return result;
    } catch (error) {
      if (!(error instanceof DriveMovedOnError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * What the tries of one tab's run carry: the record as last checkpointed, and the copy a
 * conflict opened (the file is marked once an upload has gone through).
 */
interface Held {
  record: StoredTabSync;
  kept?: KeptCopy;
}

/** Merges a tab with its Drive file and uploads the result (see the module comment). */
async function syncExisting(
  context: TabRunContext,
  first: SyncTab,
  fileId: string,
  held: Held,
  fresh: boolean,
): Promise<TabRunResult> {
  const pending = held.record.pendingUpload;
  if (pending) {
    const before = held.record;
    held.record = await settlePending(context.http, fileId, before);
    context.checkpoint(held.record);
    fresh = true;
    // It landed, its answer lost: what the check after an upload would have read, read now.
    if (held.record.baseText === pending.text && before.md5Checksum !== pending.md5) {
      const ours = { id: fileId, md5Checksum: pending.md5 };
      const encoding = first.encoding;
      const between = await writtenBetween(
        context.http,
        fileId,
        before.md5Checksum,
        ours,
        encoding,
      );
      const sent = { text: pending.text, mimeType: before.mimeType };
      if (between.length > 0) {
        await mergeBack(context, first, fileId, before.baseText, sent, between);
        await markOverwritten(context.http, fileId, between.at(-1)!.md5, before.md5Checksum);
        const meta = await getSyncMeta(context.http, fileId);
        noticeReplaced(context, first, meta, { text: before.baseText, md5: before.md5Checksum });
      }
    }
  }
  let record = held.record;
  const remote = await remoteText(context, first, fileId, record, fresh);
  // The person may have typed during the requests: merge what the tab holds now.
  const tab = context.host.readTab(first.id);
  if (!tab) return { kind: "closed" };
  const driveName = remote.meta?.name ?? context.changes?.get(fileId)?.name;
  const naming: TabNaming = {
    ...agreeOnName(context, fileId, tab, record, driveName),
    mimeType: remote.meta?.mimeType ?? record.mimeType,
  };
  const { name } = naming;
  let local = tab.text;
  // A conflict's mark goes with the upload that replaces Drive's text (conflict-copy.ts).
  const put = (text: string) => {
    const marks = held.kept ? replacedMarks(held.kept, held.record.md5Checksum) : null;
    return uploadChecked(context, tab, fileId, held.record, text, { ...naming, marks });
  };
  const binned = remote.meta?.trashed === true;
  if (remote.aside && remote.meta) {
    await keepAside(context, tab, remote.aside);
    // Drive's bytes are kept in the copy: the tab's text goes over them.
    held.record = record = { ...record, ...recordMeta(remote.meta) };
    context.checkpoint(record);
    if (binned) throw goneError();
    return put(local);
  }
  if (remote.text === null) {
    if (binned) throw goneError();
    if (local === record.baseText) {
      if (!naming.renameFile) {
        if (record.syncedName === name) return { kind: "synced", record };
        return { kind: "synced", record: { ...record, syncedName: name } };
      }
      // The rename's answer describes Drive's content now, which may be newer than the base:
      // the record keeps its own checksum, so such a revision is pulled next time.
      await renameFile(context.http, fileId, name);
      return { kind: "synced", record: { ...record, syncedName: name } };
    }
    return put(local);
  }
  // Our last upload overwritten elsewhere: merged against what that upload was based on.
  const base = await mergeBase(context.http, fileId, record, remote.meta, tab.encoding);
  const readText = () => context.host.readTab(tab.id)?.text ?? null;
  const merging = await mergeWithTyping(readText, base, local, remote.text);
  // Typing may come in while the answer is awaited: checked again here, with no await after.
  const outcome = mergedWithTextNow(merging, readText, base, remote.text);
  if (!outcome) return { kind: "closed" };
  local = outcome.local;
  // The copy's file id first: past the checkpoint, Drive's text is kept only by the copy tab.
  const copyId = outcome.kind === "conflict" ? await context.newFileId() : null;
  const before = { text: record.baseText, md5: record.md5Checksum };
  if (remote.meta) {
    record = { ...record, baseText: remote.text, ...recordMeta(remote.meta) };
    held.record = record;
    context.checkpoint(record);
  }
  if (binned) {
    // Drive's last changes come into the tab (or beside it); nothing goes into the bin.
    if (outcome.kind === "clean" && outcome.text !== local) {
      context.host.applyMergedText(tab.id, outcome.text);
    }
    if (outcome.kind === "conflict" && copyId) {
      await openConflictCopy(context, tab, { text: outcome.remote, md5: null, copyId });
    }
    throw goneError();
  }
  if (outcome.kind === "conflict" && copyId) {
    const earlier = await revisionsAfter(context, fileId, before.md5, record.md5Checksum);
    const marks = remote.meta?.appProperties;
    const kept = { text: outcome.remote, md5: record.md5Checksum, copyId, earlier, marks };
    await openConflictCopy(context, tab, kept);
    // Marked after the upload, best effort: without the mark the other computer still finds
    // the copy in the tab list.
    held.kept = kept;
    return put(local);
  }
  if (outcome.kind === "conflict") throw new Error("unreachable: a conflict has a copy id");
  noticeReplaced(context, tab, remote.meta, before);
  if (outcome.text !== local) context.host.applyMergedText(tab.id, outcome.text);
  if (outcome.text === remote.text && remote.meta) {
    if (!naming.renameFile) return synced(record, outcome.text, remote.meta, name);
    await renameFile(context.http, fileId, name);
    return synced(record, outcome.text, remote.meta, name);
  }
  return put(outcome.text);
}

/**
 * Uploads `text` over Drive's copy that `based` describes: checked just before (Drive still
 * holds the base) and after (no revision came in between; one that did is merged into the
 * tab, whose next run uploads the result). See upload-check.ts.
 */
async function uploadChecked(
  context: TabRunContext,
  tab: SyncTab,
  fileId: string,
  based: StoredTabSync,
  text: string,
  naming: UploadNaming,
): Promise<TabRunResult> {
  const before = await checkBeforeUpload(context.http, fileId, based.md5Checksum);
  if (before.capabilities?.canEdit === false) throw readOnlyError();
  // "Off" means no more writes, even from a run under way: an upload sent now would have no
  // run after it to check what it replaced.
  if (!context.syncing(tab.id)) return { kind: "stopped" };
  // Kept until the answer comes: an answer lost on the way must not make our text "theirs".
  const bytes = fileBytes(text, tab.encoding, tab.lineEnding);
  context.checkpoint({ ...based, pendingUpload: { text, md5: contentMd5(bytes) } });
  const meta = await upload(context, tab, fileId, text, naming);
  const http = context.http;
  const between = await writtenBetween(http, fileId, based.md5Checksum, meta, tab.encoding);
  const sent = { text, mimeType: naming.mimeType };
  if (between.length > 0) {
    await mergeBack(context, tab, fileId, based.baseText, sent, between);
    await markOverwritten(http, fileId, between.at(-1)!.md5, based.md5Checksum);
    // A revision in between that replaced our base in a conflict took our lines out of the
    // merge: they are in that conflict's copy, opened here too (seeds 304 and 440).
    noticeReplaced(context, tab, meta, { text: based.baseText, md5: based.md5Checksum });
  }
  return synced(based, text, meta, naming.name);
}

/** What a record keeps of Drive's metadata. */
function recordMeta(meta: SyncFileMeta) {
  return {
    md5Checksum: meta.md5Checksum ?? null,
    headRevisionId: meta.headRevisionId ?? null,
    modifiedTime: meta.modifiedTime ?? null,
  };
}

/**
 * Drive's bytes do not decode in the tab's encoding (another app changed them): they are not
 * merged but opened beside the tab as they could be read (a synced tab, its file made by its
 * own run), and the person is told.
 */
async function keepAside(context: TabRunContext, tab: SyncTab, aside: DecodedText) {
  const copyName = driveCopyName(tab.name);
  const file = { id: await context.newFileId(), md5: null };
  context.openDriveCopy(tab.id, copyName, normalizeLineEndings(aside.text), file);
  const [wanted, read] = [encodingLabel(tab.encoding), encodingLabel(aside.encoding)];
  context.host.notify(undecodableNotice(tab.name, copyName, wanted, read));
}
