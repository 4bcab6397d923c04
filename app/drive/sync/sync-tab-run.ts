/**
 * One synced tab in one run: create its Drive file when it has none, find out whether Drive's
 * copy changed (the changes feed's checksum, else the file's metadata), merge three ways against
 * the text last synced, put the merged text in the tab and in Drive, rename the file when the
 * tab was renamed. Same lines changed on both sides: the tab keeps its text, Drive's opens
 * beside it, Drive gets the tab's (nothing is lost). Throws Drive's errors for the caller to
 * put into words (sync-messages.ts).
 */
import type { StoredTabSync } from "~/storage/sync-store";
import { withDefaultExtension } from "~/text/file-name";
import { isLegacyEncoding, loadLegacyEncoders } from "~/text/legacy-encodings";
import { normalizeLineEndings } from "~/text/line-endings";
import { decodeBytes, encodingLabel, type DecodedText } from "~/text/text-encoding";
import { DriveHttpError } from "../errors";
import type { DriveHttpContext } from "../http";
import { driveCopyName, fileBytes, fileTextOf, mergeTexts, type MergeOutcome } from "./merge";
import { mergeOffThread } from "./merge-off-thread";
import {
  downloadBytes,
  getSyncMeta,
  renameFile,
  uploadBytes,
  type FileChange,
  type SyncFileMeta,
} from "./sync-drive";
import { conflictNotice, undecodableNotice } from "./sync-messages";
import type { NotepadSyncHost, SyncTab } from "./sync-types";

/** What a tab's run needs. */
export interface TabRunContext {
  http: DriveHttpContext;
  host: NotepadSyncHost;
  /** The "Plainpad Documents" folder's id (made, or made again, when needed). */
  folder(): Promise<string>;
  /** Files the changes feed reported since the last run; null: look at every file. */
  changes: Map<string, FileChange> | null;
  /**
   * Stores what is known before an upload that may fail: after a merge or a conflict, Drive's
   * text becomes the base, so a retry neither opens a second Drive copy nor merges twice.
   */
  checkpoint(record: StoredTabSync): void;
  /** Tabs to put in a new file (the id is removed once it is made). */
  recreating?: Set<string>;
  /** Opens Drive's side of a conflict (the controller keeps that tab out of the sync). */
  openDriveCopy(fromId: string, name: string, text: string): void;
}

/** How the tab's run ended. */
export type TabRunResult =
  | { kind: "synced"; record: StoredTabSync }
  /** The tab was closed meanwhile. */
  | { kind: "closed" };

/** The Drive file name of a tab (its name, ".txt" added when it has no extension). */
export function driveFileName(tabName: string): string {
  return withDefaultExtension(tabName.trim() || "Untitled");
}

/** The tab name for a file renamed in Drive: ".txt" is left off when the tab had none. */
export function tabNameForFile(fileName: string, tabName: string): string {
  const addedTxt = driveFileName(tabName) !== tabName.trim();
  return addedTxt && /\.txt$/i.test(fileName) && fileName.length > 4
    ? fileName.slice(0, -4)
    : fileName;
}

/**
 * The file name this run agrees on, and whether Drive's must change: a tab renamed here
 * renames the file; a file renamed elsewhere (Drive's name differs from the one last agreed
 * while the tab's does not) renames the tab; a rename on both sides keeps this tab's.
 */
function agreeOnName(
  context: TabRunContext,
  fileId: string,
  tab: SyncTab,
  record: StoredTabSync,
  driveName: string | undefined,
): { name: string; renameFile: boolean } {
  const local = driveFileName(tab.name);
  const current = driveName ?? record.syncedName ?? local;
  const renamedHere = record.syncedName === null || local !== record.syncedName;
  if (!renamedHere && current !== local) {
    context.host.setTabDriveFile(tab.id, fileId, tabNameForFile(current, tab.name));
    return { name: current, renameFile: false };
  }
  return { name: local, renameFile: local !== current };
}

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
  };
}

function goneError(): DriveHttpError {
  return new DriveHttpError(
    "metadata",
    404,
    JSON.stringify({ error: { code: 404, errors: [{ reason: "notFound" }] } }),
  );
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
      // The name both sides agreed on (agreeOnName).
      syncedName: name,
      mimeType: meta.mimeType ?? record.mimeType ?? null,
    },
  };
}

/**
 * Puts `text` in the tab's file (a new one when `fileId` is null). An update sends only the
 * content, in the file's own MIME type, and the name only when `rename` is set.
 */
async function upload(
  context: TabRunContext,
  tab: SyncTab,
  fileId: string | null,
  text: string,
  naming: { name: string; renameFile: boolean; mimeType?: string | null },
): Promise<SyncFileMeta> {
  return uploadBytes(context.http, {
    fileId,
    name: !fileId || naming.renameFile ? naming.name : undefined,
    bytes: fileBytes(text, tab.encoding, tab.lineEnding),
    mimeType: naming.mimeType ?? "text/plain",
    parentId: fileId ? undefined : await context.folder(),
  });
}

/** Drive's text of the file, or null when it did not change since the record's checksum. */
async function remoteText(
  context: TabRunContext,
  tab: SyncTab,
  fileId: string,
  record: StoredTabSync,
): Promise<{ text: string | null; meta: SyncFileMeta | null; aside?: DecodedText }> {
  const change = context.changes?.get(fileId);
  const known = record.baseText !== null && record.md5Checksum !== null;
  if (known && context.changes && !change) return { text: null, meta: null };
  if (known && change && !change.gone && change.md5Checksum === record.md5Checksum) {
    return { text: null, meta: null };
  }
  const meta = await getSyncMeta(context.http, fileId);
  if (meta.trashed) throw goneError();
  if (known && meta.md5Checksum === record.md5Checksum) return { text: null, meta };
  const bytes = await downloadBytes(context.http, fileId);
  const text = decodeBytes(bytes, tab.encoding);
  // Bytes that are not the tab's encoding are never merged: they are kept aside, as read.
  if (text === null) return { text: null, meta, aside: fileTextOf(bytes) };
  return { text: normalizeLineEndings(text), meta };
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
  const fileId = recreate ? null : (first.driveFileId ?? record.driveFileId);
  if (fileId !== record.driveFileId) record = newTabRecord(tabId, fileId);
  if (!fileId) {
    const name = driveFileName(first.name);
    const meta = await upload(context, first, null, first.text, { name, renameFile: true });
    context.recreating?.delete(tabId);
    context.host.setTabDriveFile(tabId, meta.id, first.name);
    return synced(record, first.text, meta, name);
  }
  const remote = await remoteText(context, first, fileId, record);
  // The person may have typed during the requests: merge what the tab holds now.
  const tab = context.host.readTab(tabId);
  if (!tab) return { kind: "closed" };
  const driveName = remote.meta?.name ?? context.changes?.get(fileId)?.name;
  const naming = {
    ...agreeOnName(context, fileId, tab, record, driveName),
    mimeType: remote.meta?.mimeType ?? record.mimeType,
  };
  const { name } = naming;
  let local = tab.text;
  if (remote.aside) {
    const copyName = driveCopyName(tab.name);
    context.openDriveCopy(tabId, copyName, normalizeLineEndings(remote.aside.text));
    const [wanted, read] = [encodingLabel(tab.encoding), encodingLabel(remote.aside.encoding)];
    context.host.notify(undecodableNotice(tab.name, copyName, wanted, read));
    if (remote.meta?.capabilities?.canEdit === false) throw readOnlyError();
    return synced(record, local, await upload(context, tab, fileId, local, naming), name);
  }
  if (remote.text === null) {
    if (local === record.baseText) {
      if (!naming.renameFile) {
        return record.syncedName === name
          ? { kind: "synced", record }
          : synced(record, local, remote.meta ?? metaOf(record, fileId), name);
      }
      const meta = await renameFile(context.http, fileId, name);
      return synced(record, local, meta, name);
    }
    if (remote.meta?.capabilities?.canEdit === false) throw readOnlyError();
    return synced(record, local, await upload(context, tab, fileId, local, naming), name);
  }
  const outcome = await mergeWithTyping(context, tabId, record.baseText, local, remote.text);
  if (!outcome) return { kind: "closed" };
  local = outcome.local;
  if (remote.meta) {
    record = {
      ...record,
      baseText: remote.text,
      md5Checksum: remote.meta.md5Checksum ?? null,
      headRevisionId: remote.meta.headRevisionId ?? null,
      modifiedTime: remote.meta.modifiedTime ?? null,
    };
    context.checkpoint(record);
  }
  if (outcome.kind === "conflict") {
    const copyName = driveCopyName(tab.name);
    context.openDriveCopy(tabId, copyName, outcome.remote);
    context.host.notify(conflictNotice(tab.name, copyName));
    if (remote.meta?.capabilities?.canEdit === false) throw readOnlyError();
    return synced(record, local, await upload(context, tab, fileId, local, naming), name);
  }
  if (outcome.text !== local) context.host.applyMergedText(tabId, outcome.text);
  if (outcome.text === remote.text && remote.meta) {
    if (!naming.renameFile) return synced(record, outcome.text, remote.meta, name);
    return synced(record, outcome.text, await renameFile(context.http, fileId, name), name);
  }
  if (remote.meta?.capabilities?.canEdit === false) throw readOnlyError();
  return synced(
    record,
    outcome.text,
    await upload(context, tab, fileId, outcome.text, naming),
    name,
  );
}

/**
 * The merge of the tab's text with Drive's, with the text the tab holds once it is done: a big
 * merge runs in a worker (merge-off-thread.ts) while the person may type, so it is merged
 * again with what they typed; the last try runs here, where no typing can come in between.
 * Null when the tab was closed meanwhile.
 */
async function mergeWithTyping(
  context: TabRunContext,
  tabId: string,
  base: string | null,
  local: string,
  remote: string,
): Promise<(MergeOutcome & { local: string }) | null> {
  for (let tries = 1; ; tries++) {
    const input = { base, local, remote };
    const outcome = tries < 3 ? await mergeOffThread(input) : mergeTexts(input);
    const now = context.host.readTab(tabId);
    if (!now) return null;
    if (now.text === local) return { ...outcome, local };
    local = now.text;
  }
}

/** The record's own view of the file, when Drive's metadata was not read this run. */
function metaOf(record: StoredTabSync, fileId: string): SyncFileMeta {
  return {
    id: fileId,
    md5Checksum: record.md5Checksum ?? undefined,
    headRevisionId: record.headRevisionId ?? undefined,
    modifiedTime: record.modifiedTime ?? undefined,
    mimeType: record.mimeType ?? undefined,
  };
}
