/**
 * The Drive v3 calls the background sync makes, on top of the shared request layer (http.ts):
 * file metadata with its checksum and revision, the file's bytes, a search in a folder, uploads
 * of exact bytes that answer with the new checksum, rename, and the `changes` feed. Tokens come
 * from {@link SyncDriveAccess}: a token that needs a click is never asked for here (no window
 * opens in the background); the call fails with {@link ReconnectNeededError} instead.
 */
import { DriveError, DriveHttpError } from "../errors";
import { driveRequest, type DriveHttpContext, type TokenSource } from "../http";
import {
  DRIVE_FILES_URL,
  DRIVE_UPLOAD_URL,
  FOLDER_MIME_TYPE,
  RESUMABLE_THRESHOLD_BYTES,
  SHORT_TIMEOUT_MS,
  makeBoundary,
  uploadResumable,
  uploadTimeoutMs,
} from "../rest";

/** Drive v3 changes endpoint. */
export const DRIVE_CHANGES_URL = "https://www.googleapis.com/drive/v3/changes";
/** The metadata the sync reads of each file. */
export const SYNC_FILE_FIELDS =
  "id,name,mimeType,md5Checksum,modifiedTime,headRevisionId,trashed,parents,capabilities(canEdit)";

/** A file's metadata as the sync reads it. */
export interface SyncFileMeta {
  id: string;
  name?: string;
  mimeType?: string;
  /** Drive's MD5 of the content: what tells the sync a file changed elsewhere. */
  md5Checksum?: string;
  modifiedTime?: string;
  headRevisionId?: string;
  trashed?: boolean;
  parents?: string[];
  capabilities?: { canEdit?: boolean };
}

/** The Google token needs a click to be renewed: the sync waits for "Reconnect". */
export class ReconnectNeededError extends DriveError {
  constructor() {
    super("Reconnect to keep syncing.");
  }
}

/** What the sync needs of the page's Google session (Drive.syncAccess() gives it). */
export interface SyncDriveAccess {
  /** The build has Drive ids. */
  isConfigured(): boolean;
  /** A token is held and not near its expiry. */
  hasValidToken(): boolean;
  /** The held token (rejects when none is valid; never opens a window). */
  currentToken(): Promise<string>;
  /**
   * Gets a token, opening Google's window when needed. CALL SYNCHRONOUSLY FROM A CLICK.
   */
  connectInClick(): Promise<void>;
  /** Google refused the held token (a 401): drop it, so Reconnect asks for a new one. */
  forgetRefusedToken(): void;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** The request context of the sync: tokens without windows. */
export function syncHttpContext(access: SyncDriveAccess): DriveHttpContext {
  const tokens: TokenSource = {
    getToken: () =>
      access.hasValidToken() ? access.currentToken() : Promise.reject(new ReconnectNeededError()),
    // A 401 means Google no longer takes the token (revoked, or expired early): a new one
    // needs the person's click, and Reconnect must not reuse the refused one.
    renewToken: () => {
      access.forgetRefusedToken();
      return Promise.reject(new ReconnectNeededError());
    },
  };
  return { tokens, fetchImpl: access.fetchImpl, sleep: access.sleep, random: access.random };
}

function fileUrl(base: string, id: string): string {
  return `${base}/${encodeURIComponent(id)}`;
}

const readMeta = (response: Response) => response.json() as Promise<SyncFileMeta>;

/** A file's metadata ({@link SYNC_FILE_FIELDS}). */
export function getSyncMeta(context: DriveHttpContext, fileId: string): Promise<SyncFileMeta> {
  return driveRequest(
    context,
    {
      url: `${fileUrl(DRIVE_FILES_URL, fileId)}?fields=${encodeURIComponent(SYNC_FILE_FIELDS)}`,
      operation: "metadata",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    readMeta,
  );
}

/** The file's bytes (alt=media), to be decoded in the tab's encoding. */
export function downloadBytes(context: DriveHttpContext, fileId: string): Promise<Uint8Array> {
  return driveRequest(
    context,
    {
      url: `${fileUrl(DRIVE_FILES_URL, fileId)}?alt=media`,
      operation: "content",
      timeoutMs: 120_000,
    },
    async (response) => new Uint8Array(await response.arrayBuffer()),
  );
}

function quote(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** The first file (not trashed) named `name` in the folder, or null. */
export async function findInFolder(
  context: DriveHttpContext,
  folderId: string,
  name: string,
): Promise<SyncFileMeta | null> {
  const search = new URLSearchParams({
    q: `${quote(folderId)} in parents and name=${quote(name)} and trashed=false`,
    fields: `files(${SYNC_FILE_FIELDS})`,
    spaces: "drive",
    pageSize: "1",
  });
  const found = await driveRequest(
    context,
    { url: `${DRIVE_FILES_URL}?${search}`, operation: "metadata", timeoutMs: SHORT_TIMEOUT_MS },
    (response) => response.json() as Promise<{ files?: SyncFileMeta[] }>,
  );
  return found.files?.[0] ?? null;
}

/** True when the folder still exists and is not in the bin. */
export async function folderExists(context: DriveHttpContext, folderId: string): Promise<boolean> {
  try {
    const meta = await getSyncMeta(context, folderId);
    return !meta.trashed && meta.mimeType === FOLDER_MIME_TYPE;
  } catch (error) {
    if (error instanceof DriveHttpError && error.status === 404) return false;
    throw error;
  }
}

/**
 * What to upload: `fileId` null creates the file named `name` in `parentId`. An update sends
 * the content only (Drive keeps the file's name and MIME type: a `.md` or `.json` file opened
 * from Drive stays one), and `name` only when the tab was renamed.
 */
export interface BytesUpload {
  fileId: string | null;
  name?: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** The content's type: a new file's type; on an update, the file's own (never changed). */
  mimeType: string;
  parentId?: string;
}

/**
 * Creates or updates a file with exactly `bytes` and answers its new metadata (checksum
 * included, so no second request is needed). Above 5 MB the resumable upload is used (it
 * rides out dropped connections), followed by one metadata read.
 */
export async function uploadBytes(
  context: DriveHttpContext,
  upload: BytesUpload,
): Promise<SyncFileMeta> {
  const metadata: { name?: string; mimeType?: string; parents?: string[] } = {};
  if (upload.name !== undefined) metadata.name = upload.name;
  if (!upload.fileId) {
    metadata.name ??= "Untitled.txt";
    metadata.mimeType = upload.mimeType;
    if (upload.parentId) metadata.parents = [upload.parentId];
  }
  if (upload.bytes.byteLength > RESUMABLE_THRESHOLD_BYTES) {
    const id = await uploadResumable(context, {
      fileId: upload.fileId,
      name: metadata.name ?? "",
      content: "",
      parentId: upload.parentId,
      bytes: upload.bytes,
      metadata: upload.fileId ? { name: upload.name } : undefined,
    });
    return getSyncMeta(context, id);
  }
  const boundary = makeBoundary("", context.random);
  const body = new Blob([
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n` +
      `${JSON.stringify(metadata)}\r\n--${boundary}\r\nContent-Type: ${upload.mimeType}\r\n\r\n`,
    upload.bytes,
    `\r\n--${boundary}--`,
  ]);
  const base = upload.fileId ? fileUrl(DRIVE_UPLOAD_URL, upload.fileId) : DRIVE_UPLOAD_URL;
  const meta = await driveRequest(
    context,
    {
      url: `${base}?uploadType=multipart&fields=${encodeURIComponent(SYNC_FILE_FIELDS)}`,
      method: upload.fileId ? "PATCH" : "POST",
      headers: { "Content-Type": `multipart/related; boundary=${boundary}` },
      body,
      operation: "upload",
      timeoutMs: uploadTimeoutMs(body.size),
    },
    readMeta,
  );
  if (!meta.id) throw new DriveError("Drive upload failed: the answer had no file id");
  return meta;
}

/** Renames a file (metadata PATCH). */
export function renameFile(
  context: DriveHttpContext,
  fileId: string,
  name: string,
): Promise<SyncFileMeta> {
  return driveRequest(
    context,
    {
      url: `${fileUrl(DRIVE_FILES_URL, fileId)}?fields=${encodeURIComponent(SYNC_FILE_FIELDS)}`,
      method: "PATCH",
      headers: { "Content-Type": "application/json; charset=UTF-8" },
      body: JSON.stringify({ name }),
      operation: "metadata",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    readMeta,
  );
}

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

/** What the changes feed says of one file. */
export interface FileChange {
  /** The file's checksum now (absent for a removed file, or when Drive left it out). */
  md5Checksum?: string;
  /** The file's name now (a rename made elsewhere shows here). */
  name?: string;
  /** Removed, in the bin, or no longer visible to the app. */
  gone: boolean;
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
    file?: { md5Checksum?: string; trashed?: boolean; name?: string };
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
        "nextPageToken,newStartPageToken,changes(fileId,removed,file(md5Checksum,trashed,name))",
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
      });
    }
    if (page.newStartPageToken) return { changes, nextToken: page.newStartPageToken };
    if (!page.nextPageToken) return { changes, nextToken: token };
    token = page.nextPageToken;
  }
}
