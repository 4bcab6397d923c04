/**
 * The synced tab list's round trip with Drive: find the file in "Plainpad Documents" (or
 * create it), read it when it changed, merge it with this computer's synced tabs, and write
 * it back only when the entries differ. One or two requests in a run where nothing changed.
 */
import { DriveHttpError } from "../errors";
import type { DriveHttpContext } from "../http";
import {
  downloadBytes,
  findInFolder,
  findTabLists,
  TAB_LIST_MARK,
  uploadBytes,
  type FileChange,
} from "./sync-drive";
import {
  emptyTabList,
  mergeTabLists,
  parseTabList,
  recordLocalTabs,
  sameEntries,
  serializeTabList,
  TAB_LIST_FILE_NAME,
  type LocalListedTab,
  type TabListFile,
} from "./tab-list-file";

/** What the tab list's step needs and gives back. */
export interface TabListState {
  /** The file's id once known. */
  fileId: string | null;
  /** The list as last read or written in this page (null: not read yet). */
  list: TabListFile | null;
  /** Drive's checksum of the list as last read or written (its own writes need no re-read). */
  md5?: string | null;
  /** Set when the computers met at an older list: its folder, where new files now go. */
  folderId?: string | null;
}

/** Inputs of {@link syncTabList}. */
export interface TabListInput {
  http: DriveHttpContext;
  folder(): Promise<string>;
  deviceId: string;
  /** Files the changes feed reported; null: read the file in any case. */
  changes: Map<string, FileChange> | null;
  /** The tabs synced here, in tab order. */
  tabs: readonly LocalListedTab[];
  /** Files whose tabs were closed or taken out since the last run. */
  closed: readonly string[];
  now: number;
}

async function readList(http: DriveHttpContext, fileId: string): Promise<TabListFile | null> {
  const bytes = await downloadBytes(http, fileId);
  return parseTabList(new TextDecoder().decode(bytes));
}

/**
 * Two computers turning sync on together each make a folder and a list: every list is marked
 * (appProperties), and a computer that sees a list not its own (in the changes feed, or on a
 * first run) moves to the oldest one, bringing its entries, so all meet there.
 */
async function meetAtOldest(
  input: TabListInput,
  state: TabListState,
): Promise<TabListState | null> {
  const { http, changes } = input;
  const another =
    changes === null || [...changes].some(([id, change]) => change.tabList && id !== state.fileId);
  if (!another) return null;
  const [oldest] = await findTabLists(http);
  if (!oldest || oldest.id === state.fileId) return null;
  const ours =
    state.list ?? (state.fileId ? await readList(http, state.fileId).catch(() => null) : null);
  const theirs = await readList(http, oldest.id);
  const mine = recordLocalTabs(
    ours ?? emptyTabList(input.deviceId, input.now),
    input.tabs,
    input.closed,
    input.now,
  );
  const merged = theirs ? mergeTabLists(mine, theirs) : mine;
  const written = { ...merged, deviceId: input.deviceId, updatedAt: input.now };
  const meta = await uploadBytes(http, {
    fileId: oldest.id,
    name: TAB_LIST_FILE_NAME,
    bytes: new TextEncoder().encode(serializeTabList(written, input.now)),
    mimeType: "application/json",
  });
  const folderId = oldest.parents?.[0] ?? null;
  return { fileId: meta.id, list: written, md5: meta.md5Checksum ?? null, folderId };
}

/** Reads, merges and writes the list; returns the new state. */
export async function syncTabList(input: TabListInput, state: TabListState): Promise<TabListState> {
  const met = await meetAtOldest(input, state);
  if (met) return met;
  const { http } = input;
  let fileId = state.fileId;
  let remote: TabListFile | null = null;
  let read = false;
  let md5 = state.md5 ?? null;
  const change = fileId ? input.changes?.get(fileId) : undefined;
  const mustRead =
    state.list === null ||
    input.changes === null ||
    (change !== undefined && (change.gone || change.md5Checksum !== state.md5));
  if (fileId && mustRead) {
    try {
      remote = await readList(http, fileId);
      read = true;
      md5 = change?.md5Checksum ?? null;
    } catch (error) {
      // Deleted in Drive: look for another by name, else write a new one.
      if (!(error instanceof DriveHttpError && error.status === 404)) throw error;
      fileId = null;
    }
  }
  if (!fileId) {
    const found = await findInFolder(http, await input.folder(), TAB_LIST_FILE_NAME);
    if (found) {
      fileId = found.id;
      remote = await readList(http, fileId);
      read = true;
      md5 = found.md5Checksum ?? null;
    }
  }
  const mine = recordLocalTabs(
    state.list ?? emptyTabList(input.deviceId, input.now),
    input.tabs,
    input.closed,
    input.now,
  );
  const merged = remote ? mergeTabLists(mine, remote) : mine;
  const unchanged = read
    ? remote !== null && sameEntries(merged, remote)
    : state.list !== null && sameEntries(merged, state.list) && fileId !== null;
  if (unchanged) return { fileId, list: merged, md5 };
  const written = { ...merged, deviceId: input.deviceId, updatedAt: input.now };
  const meta = await uploadBytes(http, {
    fileId,
    name: TAB_LIST_FILE_NAME,
    bytes: new TextEncoder().encode(serializeTabList(written, input.now)),
    mimeType: "application/json",
    parentId: fileId ? undefined : await input.folder(),
    appProperties: { [TAB_LIST_MARK]: "1" },
  });
  return { fileId: meta.id, list: written, md5: meta.md5Checksum ?? null };
}
