/**
 * "Bring in your N synced tabs": the files of the shared tab list that no open tab holds,
 * opened as new synced tabs in the list's order, in the encoding and line ending the list gives
 * them (detected from the bytes for lists written before they were kept).
 */
import type { StoredTabSync } from "~/storage/sync-store";
import { detectLineEndings, normalizeLineEndings } from "~/text/line-endings";
import { encodingLabel } from "~/text/text-encoding";
import { DriveHttpError } from "../errors";
import type { DriveHttpContext } from "../http";
import { metaOfBytes } from "./content-md5";
import { fileTextOf } from "./merge";
import { downloadBytes, getSyncMeta } from "./sync-drive";
import { undecodableBringInNotice } from "./sync-messages";
import { driveFileName, newTabRecord } from "./sync-tab-run";
import type { NotepadSyncHost, SyncTab } from "./sync-types";
import { liveEntries, type TabListEntry, type TabListFile } from "./tab-list-file";

/** The list's files that no open tab holds and that were not dismissed, in order. */
export function missingEntries(
  list: TabListFile | null,
  tabs: readonly SyncTab[],
  dismissed: readonly string[],
): TabListEntry[] {
  if (!list) return [];
  const open = new Set(tabs.map((tab) => tab.driveFileId).filter(Boolean));
  return liveEntries(list).filter(
    (entry) => !open.has(entry.driveFileId) && !dismissed.includes(entry.driveFileId),
  );
}

/** The offer's count, or null when there is nothing to bring in. */
export function remoteOffer(
  list: TabListFile | null,
  tabs: readonly SyncTab[],
  dismissed: readonly string[],
): { count: number } | null {
  const count = missingEntries(list, tabs, dismissed).length;
  return count > 0 ? { count } : null;
}

/** What bringing tabs in needs. */
export interface BringInInput {
  http: DriveHttpContext;
  host: NotepadSyncHost;
  list: TabListFile | null;
  dismissed: readonly string[];
  /** Stores the new tab's sync record (synced, with its base text). */
  save(record: StoredTabSync): void;
}

/**
 * Opens every missing file as a synced tab; returns how many opened. A file deleted from
 * Drive meanwhile is skipped; other failures stop and are thrown (the tabs opened so far stay).
 */
export async function bringInTabs(input: BringInInput): Promise<number> {
  let opened = 0;
  for (const entry of missingEntries(input.list, input.host.listTabs(), input.dismissed)) {
    let bytes: Uint8Array;
    let meta;
    try {
      // The bytes first, then the metadata made to match them (it may be of a newer revision).
      bytes = await downloadBytes(input.http, entry.driveFileId);
      meta = metaOfBytes(await getSyncMeta(input.http, entry.driveFileId), bytes);
    } catch (error) {
      if (error instanceof DriveHttpError && error.status === 404) continue;
      throw error;
    }
    if (meta.trashed) continue;
    const decoded = fileTextOf(bytes, entry.encoding);
    const text = normalizeLineEndings(decoded.text);
    const tabId = input.host.openTabFromDrive({
      driveFileId: entry.driveFileId,
      name: entry.name,
      text,
      encoding: decoded.encoding,
      lineEnding: entry.lineEnding ?? detectLineEndings(decoded.text).majority ?? "lf",
    });
    if (entry.encoding && decoded.encoding !== entry.encoding) {
      const [listed, read] = [encodingLabel(entry.encoding), encodingLabel(decoded.encoding)];
      input.host.notify(undecodableBringInNotice(entry.name, listed, read));
    }
    input.save({
      ...newTabRecord(tabId, entry.driveFileId),
      baseText: text,
      md5Checksum: meta.md5Checksum ?? null,
      headRevisionId: meta.headRevisionId ?? null,
      modifiedTime: meta.modifiedTime ?? null,
      syncedName: driveFileName(entry.name),
    });
    opened++;
  }
  return opened;
}
