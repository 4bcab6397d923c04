/**
 * Drive's changes feed as the sync reads it (changes.getStartPageToken, changes.list over every
 * page), and the search for synced tab lists, which the feed marks (appProperties).
 */
import { DriveError } from "../errors";
import { driveRequest, type DriveHttpContext } from "../http";
import { DRIVE_FILES_URL, SHORT_TIMEOUT_MS } from "../rest";

/** Drive v3 changes endpoint. */
export const DRIVE_CHANGES_URL = "https://www.googleapis.com/drive/v3/changes";
/** appProperties key of a synced tab list ("1"), so computers find each other's. */
export const TAB_LIST_MARK = "plainpadTabList";

/** The token from which the changes feed starts (changes.getStartPageToken). */
export async function getStartPageToken(context: DriveHttpContext): Promise<string> {
  const answer = await driveRequest(
    context,
    {
      url: `${DRIVE_CHANGES_URL}/startPageToken`,
      operation: "metadata",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    (response) => response.json() as Promise<{ startPageToken?: string }>,
  );
  if (!answer.startPageToken) throw new DriveError("Drive gave no changes token");
  return answer.startPageToken;
}

/** A synced tab list found in Drive. */
export interface FoundTabList {
  id: string;
  parents?: string[];
  createdTime?: string;
}

/** Every synced tab list in Drive (not in the bin), the oldest first. */
export async function findTabLists(context: DriveHttpContext): Promise<FoundTabList[]> {
  const search = new URLSearchParams({
    q: `appProperties has { key='${TAB_LIST_MARK}' and value='1' } and trashed=false`,
    fields: "files(id,parents,createdTime)",
    spaces: "drive",
    pageSize: "100",
  });
  const found = await driveRequest(
    context,
    { url: `${DRIVE_FILES_URL}?${search}`, operation: "metadata", timeoutMs: SHORT_TIMEOUT_MS },
    (response) => response.json() as Promise<{ files?: FoundTabList[] }>,
  );
  const lists = found.files ?? [];
  const key = (list: FoundTabList) => `${list.createdTime ?? "~"} ${list.id}`;
  return lists.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** What the changes feed says of one file. */
export interface FileChange {
  /** The file's checksum now (absent for a removed file, or when Drive left it out). */
  md5Checksum?: string;
  /** The file's name now (a rename made elsewhere shows here). */
  name?: string;
  /** Removed, in the bin, or no longer visible to the app. */
  gone: boolean;
  /** A synced tab list (marked so with appProperties), maybe another computer's. */
  tabList?: boolean;
}

/** Files changed since a token, and the token to ask from next time. */
export interface ChangedFiles {
  changes: Map<string, FileChange>;
  nextToken: string;
}

interface ChangesPage {
  nextPageToken?: string;
  newStartPageToken?: string;
  changes?: {
    fileId?: string;
    removed?: boolean;
    file?: {
      md5Checksum?: string;
      trashed?: boolean;
      name?: string;
      appProperties?: Record<string, string>;
    };
  }[];
}

/**
 * Every page of the changes feed since `pageToken` (changes.list), with each file's new
 * checksum, so a file that changed only because this computer uploaded it needs no request.
 */
export async function listChanges(
  context: DriveHttpContext,
  pageToken: string,
): Promise<ChangedFiles> {
  const changes = new Map<string, FileChange>();
  let token = pageToken;
  for (;;) {
    const search = new URLSearchParams({
      pageToken: token,
      fields:
        "nextPageToken,newStartPageToken," +
        "changes(fileId,removed,file(md5Checksum,trashed,name,appProperties))",
      pageSize: "1000",
      spaces: "drive",
    });
    const page = await driveRequest(
      context,
      { url: `${DRIVE_CHANGES_URL}?${search}`, operation: "metadata", timeoutMs: SHORT_TIMEOUT_MS },
      (response) => response.json() as Promise<ChangesPage>,
    );
    for (const change of page.changes ?? []) {
      if (!change.fileId) continue;
      changes.set(change.fileId, {
        md5Checksum: change.file?.md5Checksum,
        name: change.file?.name,
        gone: change.removed === true || change.file?.trashed === true,
        tabList: change.file?.appProperties?.[TAB_LIST_MARK] === "1",
      });
    }
    if (page.newStartPageToken) return { changes, nextToken: page.newStartPageToken };
    if (!page.nextPageToken) return { changes, nextToken: token };
    token = page.nextPageToken;
  }
}
