/**
 * The Drive v3 calls the background sync makes, on top of the shared request layer (http.ts):
 * file metadata with its checksum and revision, the file's bytes, a search in a folder, uploads
 * of exact bytes that answer with the new checksum, rename, and the `changes` feed. Tokens come
 * from {@link SyncDriveAccess}: a token that needs a click is never asked for here (no window
 * opens in the background); the call fails with {@link ReconnectNeededError} instead.
 */
import { DriveError, DriveHttpError } from "../errors";
import { metaOfBytes } from "./content-md5";

export {
  DRIVE_CHANGES_URL,
  TAB_LIST_MARK,
  findTabLists,
  getStartPageToken,
  listChanges,
  type ChangedFiles,
  type FileChange,
  type FoundTabList,
} from "./sync-drive-changes";
export { downloadRevision, listRevisions, type FileRevision } from "./sync-drive-revisions";
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

/** The metadata the sync reads of each file. */
export const SYNC_FILE_FIELDS =
  "id,name,mimeType,md5Checksum,modifiedTime,headRevisionId,trashed,parents,capabilities(canEdit)," +
  "appProperties";

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
  /** Plainpad's own marks on the file (conflict-copy.ts). */
  appProperties?: Record<string, string>;
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
  /**
   * The new file's id, from {@link generateFileIds}: a create tried again (its answer lost)
   * meets the file the first try made instead of making a second one.
   */
  newId?: string;
  /**
   * Plainpad's marks on the file, written with its content in one request: a reader never
   * sees the content without them (a conflict's mark, conflict-copy.ts).
   */
  appProperties?: Record<string, string>;
}

/** Ids for new files (files.generateIds). */
export async function generateFileIds(context: DriveHttpContext, count: number): Promise<string[]> {
  const search = new URLSearchParams({ count: String(count), space: "drive", type: "files" });
  const answer = await driveRequest(
    context,
    {
      url: `${DRIVE_FILES_URL}/generateIds?${search}`,
      operation: "metadata",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    (response) => response.json() as Promise<{ ids?: string[] }>,
  );
  if (!answer.ids?.length) throw new DriveError("Drive gave no file ids");
  return answer.ids;
}

/** Creates an empty file with a generated id (its content follows in a resumable upload). */
function createEmpty(context: DriveHttpContext, upload: BytesUpload & { newId: string }) {
  const metadata = {
    id: upload.newId,
    name: upload.name ?? "Untitled.txt",
    mimeType: upload.mimeType,
    parents: upload.parentId ? [upload.parentId] : undefined,
  };
  return driveRequest(
    context,
    {
      url: `${DRIVE_FILES_URL}?fields=id`,
      method: "POST",
      headers: { "Content-Type": "application/json; charset=UTF-8" },
      body: JSON.stringify(metadata),
      operation: "upload",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    readMeta,
  );
}

/**
 * Drive already holds a file with that id: an earlier try of this create landed (its answer
 * lost). The caller takes that file as its own rather than writing over what it holds now.
 */
export function isDuplicateId(error: unknown): boolean {
  return error instanceof DriveHttpError && error.status === 409;
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
  const { newId } = upload;
  if (upload.fileId || !newId || upload.bytes.byteLength <= RESUMABLE_THRESHOLD_BYTES) {
    return sendBytes(context, upload);
  }
  // Over 5 MB: the file is made empty with its id, then filled by a resumable update.
  await createEmpty(context, { ...upload, newId });
  return sendBytes(context, { ...upload, fileId: newId, newId: undefined, parentId: undefined });
}

async function sendBytes(context: DriveHttpContext, upload: BytesUpload): Promise<SyncFileMeta> {
  const metadata: {
    id?: string;
    name?: string;
    mimeType?: string;
    parents?: string[];
    appProperties?: Record<string, string>;
  } = {};
  if (upload.name !== undefined) metadata.name = upload.name;
  if (!upload.fileId) {
    metadata.name ??= "Untitled.txt";
    metadata.mimeType = upload.mimeType;
    if (upload.parentId) metadata.parents = [upload.parentId];
    if (upload.newId) metadata.id = upload.newId;
  }
  if (upload.appProperties) metadata.appProperties = upload.appProperties;
  if (upload.bytes.byteLength > RESUMABLE_THRESHOLD_BYTES) {
    const id = await uploadResumable(context, {
      fileId: upload.fileId,
      name: metadata.name ?? "",
      content: "",
      parentId: upload.parentId,
      bytes: upload.bytes,
      // The file's own type: Drive takes an upload's type as the file's new one.
      mimeType: upload.mimeType,
      metadata: upload.fileId
        ? { name: upload.name, appProperties: upload.appProperties }
        : undefined,
    });
    // A second answer: its checksum may be of a revision written after ours.
    return metaOfBytes(await getSyncMeta(context, id), upload.bytes);
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

/** Sets Plainpad's marks on a file (metadata PATCH of appProperties). */
export function setAppProperties(
  context: DriveHttpContext,
  fileId: string,
  appProperties: Record<string, string>,
): Promise<SyncFileMeta> {
  return driveRequest(
    context,
    {
      url: `${fileUrl(DRIVE_FILES_URL, fileId)}?fields=${encodeURIComponent(SYNC_FILE_FIELDS)}`,
      method: "PATCH",
      headers: { "Content-Type": "application/json; charset=UTF-8" },
      body: JSON.stringify({ appProperties }),
      operation: "metadata",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    readMeta,
  );
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
