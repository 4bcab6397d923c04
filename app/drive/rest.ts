/**
 * Drive v3 REST calls with fetch: user info, file content and metadata, the app folder, and
 * text uploads (multipart, or resumable above {@link RESUMABLE_THRESHOLD_BYTES}).
 */
import { DriveError, DriveHttpError, DriveNetworkError, DriveTimeoutError } from "./errors";
import { backoffDelay, driveRequest, isRetryable, type DriveHttpContext } from "./http";

/** Drive v3 metadata endpoint. */
export const DRIVE_FILES_URL = "https://www.googleapis.com/drive/v3/files";
/** Drive v3 upload endpoint. */
export const DRIVE_UPLOAD_URL = "https://www.googleapis.com/upload/drive/v3/files";
/** OpenID user-info endpoint (the e-mail shown in the header). */
export const USERINFO_URL = "https://www.googleapis.com/oauth2/v3/userinfo";
/** Folder new documents go into, created on first save. */
export const APP_FOLDER_NAME = "Plainpad Documents";
/** Drive's MIME type for folders. */
export const FOLDER_MIME_TYPE = "application/vnd.google-apps.folder";
/** Documents larger than this are sent with a resumable upload. */
export const RESUMABLE_THRESHOLD_BYTES = 5 * 1024 * 1024;
/** Time limit of user-info and metadata calls. */
export const SHORT_TIMEOUT_MS = 15_000;

/** Metadata the app reads (fields id,name,mimeType). */
export interface DriveFileMetadata {
  id: string;
  name?: string;
  mimeType?: string;
}

/** Upload progress stages, for the UI. */
export type UploadStage = "folder" | "uploading";

function fileUrl(base: string, fileId: string): string {
  return `${base}/${encodeURIComponent(fileId)}`;
}

/** Upload time limit: a minute plus one second per 100 KB (a slow line still finishes). */
export function uploadTimeoutMs(bytes: number): number {
  return 60_000 + Math.ceil(bytes / 100_000) * 1000;
}

/**
 * The signed-in user's e-mail from the user-info endpoint; an empty string on any failure
 * (the spec's rule: a missing address never blocks Drive).
 */
export async function fetchUserEmail(
  token: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  timeoutMs = SHORT_TIMEOUT_MS,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(USERINFO_URL, {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (!response.ok) return "";
    const data = (await response.json()) as { email?: unknown };
    return typeof data.email === "string" ? data.email : "";
  } catch {
    return "";
  } finally {
    clearTimeout(timer);
  }
}

/** The file's text (GET files/{id}?alt=media). Non-ok: 'Failed to load file content'. */
export function getFileContent(context: DriveHttpContext, fileId: string): Promise<string> {
  return driveRequest(
    context,
    {
      url: `${fileUrl(DRIVE_FILES_URL, fileId)}?alt=media`,
      operation: "content",
      timeoutMs: 120_000,
    },
    (response) => response.text(),
  );
}

/** The file's id, name and MIME type (files.get with fields id,name,mimeType). */
export function getFileMetadata(
  context: DriveHttpContext,
  fileId: string,
): Promise<DriveFileMetadata> {
  return driveRequest(
    context,
    {
      url: `${fileUrl(DRIVE_FILES_URL, fileId)}?fields=${encodeURIComponent("id,name,mimeType")}`,
      operation: "metadata",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    (response) => response.json() as Promise<DriveFileMetadata>,
  );
}

function escapeQueryValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/'/g, "\\'");
}

/**
 * The id of the "Plainpad Documents" folder: searched first (name, folder type, owned by the
 * user, not trashed), created when absent. With drive.file the search sees only folders this
 * app created; with drive.readonly a folder of that name that someone shared would be visible
 * too, hence 'me' in owners.
 */
export async function ensureAppFolder(
  context: DriveHttpContext,
  name = APP_FOLDER_NAME,
): Promise<string> {
  const q = `name='${escapeQueryValue(name)}' and mimeType='${FOLDER_MIME_TYPE}' and 'me' in owners and trashed=false`;
  const search = new URLSearchParams({
    q,
    fields: "files(id,name)",
    spaces: "drive",
    pageSize: "1",
  });
  const found = await driveRequest(
    context,
    { url: `${DRIVE_FILES_URL}?${search}`, operation: "folder", timeoutMs: SHORT_TIMEOUT_MS },
    (response) => response.json() as Promise<{ files?: { id: string }[] }>,
  );
  const existing = found.files?.[0]?.id;
  if (existing) return existing;
  const created = await driveRequest(
    context,
    {
      url: `${DRIVE_FILES_URL}?fields=id`,
      method: "POST",
      headers: { "Content-Type": "application/json; charset=UTF-8" },
      // Marked, like the synced tab list, so Plainpad can tell its folders (issue 50).
      body: JSON.stringify({
        name,
        mimeType: FOLDER_MIME_TYPE,
        appProperties: { plainpadFolder: "1" },
      }),
      operation: "folder",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    (response) => response.json() as Promise<{ id?: string }>,
  );
  if (!created.id) throw new DriveHttpError("folder", 200, "no folder id in the answer");
  return created.id;
}

/** Metadata part of an upload. `parents` only when creating. */
export interface UploadMetadata {
  name: string;
  /** A new file's type, or on an update the file's own (so Drive keeps it). */
  mimeType: string;
  parents?: string[];
}

/** The type of new files (and of an update whose file's type is not known). */
export const TEXT_MIME_TYPE = "text/plain";

/** A boundary that does not occur in the content. */
export function makeBoundary(content: string, random: () => number = Math.random): string {
  for (;;) {
    const boundary = `plainpad_${Math.floor(random() * 2 ** 52).toString(36)}${Date.now().toString(36)}`;
    if (!content.includes(boundary)) return boundary;
  }
}

/** The multipart/related body: the JSON metadata part, then the text in the file's type. */
export function buildMultipartBody(
  metadata: UploadMetadata,
  content: string,
  boundary: string,
): string {
  return (
    `--${boundary}\r\n` +
    "Content-Type: application/json; charset=UTF-8\r\n\r\n" +
    `${JSON.stringify(metadata)}\r\n` +
    `--${boundary}\r\n` +
    `Content-Type: ${metadata.mimeType}; charset=UTF-8\r\n\r\n` +
    `${content}\r\n` +
    `--${boundary}--`
  );
}

/** What to upload: `fileId` null creates a file (in `parentId`), otherwise updates it. */
export interface TextUpload {
  fileId: string | null;
  name: string;
  content: string;
  parentId?: string;
  /**
   * The file's exact bytes (a synced tab in its own encoding); when set they are sent instead
   * of `content` as UTF-8. Only the resumable upload reads them.
   */
  bytes?: Uint8Array<ArrayBuffer>;
  /**
   * The content's MIME type: a new file's, or on an update the file's own (Drive takes an
   * upload's type as the file's: a `.md` sent as text/plain turns plain). Default text/plain.
   */
  mimeType?: string;
  /**
   * The metadata a resumable update sends instead of name and MIME type (the sync's update
   * of a file: only a new name, when the tab was renamed, so Drive's own name and type stay).
   */
  metadata?: { name?: string; appProperties?: Record<string, string> };
}

/** The Content-Type of the upload's content: UTF-8 text, or exact bytes in the file's type. */
function contentType(upload: TextUpload): string {
  const type = upload.mimeType ?? TEXT_MIME_TYPE;
  return upload.bytes ? type : `${type}; charset=UTF-8`;
}

async function readId(response: Response): Promise<string> {
  const data = (await response.json()) as { id?: unknown };
  if (typeof data.id !== "string" || !data.id) {
    throw new DriveError("Drive upload failed: the answer had no file id");
  }
  return data.id;
}

/**
 * Creates (POST) or updates (PATCH files/{id}) a text file with a multipart upload and
 * returns its id. Non-ok after retries: 'Drive upload failed: {status} {body}'.
 */
export function uploadMultipart(context: DriveHttpContext, upload: TextUpload): Promise<string> {
  const metadata = uploadMetadata(upload);
  const boundary = makeBoundary(upload.content, context.random);
  const body = buildMultipartBody(metadata, upload.content, boundary);
  const base = upload.fileId ? fileUrl(DRIVE_UPLOAD_URL, upload.fileId) : DRIVE_UPLOAD_URL;
  return driveRequest(
    context,
    {
      url: `${base}?uploadType=multipart&fields=id`,
      method: upload.fileId ? "PATCH" : "POST",
      headers: { "Content-Type": `multipart/related; boundary=${boundary}` },
      body,
      operation: "upload",
      timeoutMs: uploadTimeoutMs(body.length),
    },
    readId,
  );
}

function uploadMetadata(upload: TextUpload): UploadMetadata {
  const mimeType = upload.mimeType ?? TEXT_MIME_TYPE;
  const metadata: UploadMetadata = { name: upload.name, mimeType };
  if (!upload.fileId && upload.parentId) metadata.parents = [upload.parentId];
  return metadata;
}

/** Interruptions (dropped connection, time-out, 5xx, 429) one resumable upload rides out. */
export const MAX_UPLOAD_INTERRUPTIONS = 5;
/** Upload sessions one save may open (a session that expired is replaced by a new one). */
export const MAX_UPLOAD_SESSIONS = 3;

/** What Google said about a resumable session after a request to it. */
type SessionAnswer =
  | { kind: "done"; id: string }
  /** 308 Resume Incomplete: Google holds the first `received` bytes. */
  | { kind: "incomplete"; received: number }
  /** 404 or 410: the session expired; the upload must start again in a new one. */
  | { kind: "expired"; status: number; body: string };

/**
 * Bytes Google holds, from a 308's `Range: bytes=0-N` (N + 1). No Range header means none; so
 * does one the browser was not allowed to read, which at worst sends bytes again.
 */
export function receivedBytes(range: string | null, total: number): number {
  const match = range ? /^bytes=0-(\d+)$/.exec(range.trim()) : null;
  if (!match) return 0;
  const received = Number(match[1]) + 1;
  return Number.isSafeInteger(received) && received <= total ? received : 0;
}

async function readSessionAnswer(response: Response, total: number): Promise<SessionAnswer> {
  if (response.status === 308) {
    return { kind: "incomplete", received: receivedBytes(response.headers.get("Range"), total) };
  }
  if (response.status === 404 || response.status === 410) {
    return { kind: "expired", status: response.status, body: await response.text() };
  }
  return { kind: "done", id: await readId(response) };
}

/** A failure after which asking the session for its status and resuming may work. */
function isInterruption(error: unknown): boolean {
  return (
    error instanceof DriveNetworkError ||
    error instanceof DriveTimeoutError ||
    (error instanceof DriveHttpError && isRetryable(error.status, error.body))
  );
}

/** Opens a resumable session (POST, or PATCH files/{id}) and returns its URI. */
function startUploadSession(
  context: DriveHttpContext,
  upload: TextUpload,
  size: number,
): Promise<string> {
  const base = upload.fileId ? fileUrl(DRIVE_UPLOAD_URL, upload.fileId) : DRIVE_UPLOAD_URL;
  return driveRequest(
    context,
    {
      url: `${base}?uploadType=resumable&fields=id`,
      method: upload.fileId ? "PATCH" : "POST",
      headers: {
        "Content-Type": "application/json; charset=UTF-8",
        "X-Upload-Content-Type": contentType(upload),
        "X-Upload-Content-Length": String(size),
      },
      body: JSON.stringify(
        upload.fileId && upload.metadata ? upload.metadata : uploadMetadata(upload),
      ),
      operation: "upload",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    async (response) => {
      const location = response.headers.get("Location");
      if (!location) throw new DriveError("Drive upload failed: no upload session was opened");
      return location;
    },
  );
}

/** Sends the content (of `type`) from byte `offset` on (Content-Range: bytes offset-last/total). */
function sendFrom(
  context: DriveHttpContext,
  sessionUri: string,
  content: Blob,
  offset: number,
  type: string,
): Promise<SessionAnswer> {
  const total = content.size;
  const rest = content.slice(offset);
  return driveRequest(
    context,
    {
      url: sessionUri,
      method: "PUT",
      headers: {
        "Content-Type": type,
        "Content-Range": `bytes ${offset}-${total - 1}/${total}`,
      },
      body: rest,
      operation: "upload",
      timeoutMs: uploadTimeoutMs(rest.size),
      acceptStatuses: [308, 404, 410],
      maxAttempts: 1, // the caller asks for the session's status instead of re-sending blindly
    },
    (response) => readSessionAnswer(response, total),
  );
}

/** Asks the session how much it holds: an empty PUT with Content-Range: bytes *\/total. */
function queryStatus(
  context: DriveHttpContext,
  sessionUri: string,
  total: number,
): Promise<SessionAnswer> {
  return driveRequest(
    context,
    {
      url: sessionUri,
      method: "PUT",
      headers: { "Content-Range": `bytes */${total}` },
      body: "",
      operation: "upload",
      timeoutMs: SHORT_TIMEOUT_MS,
      acceptStatuses: [308, 404, 410],
      maxAttempts: 1,
    },
    (response) => readSessionAnswer(response, total),
  );
}

/**
 * Resumable upload for big documents (Drive's "Resume an interrupted upload"): open a session
 * (POST/PATCH ?uploadType=resumable with the metadata; its URI comes in Location), PUT the
 * content there. After a dropped connection, a time-out or a 5xx/429 it waits (backoff), asks
 * the session how much arrived (PUT `Content-Range: bytes *\/N`, answered 308 with `Range`) and
 * sends only the rest; a session that expired (404/410) is replaced by a new one, from the
 * start. Resolves with the file id only when Google answers 200/201, so nothing is reported
 * saved before Google has the whole text.
 */
export async function uploadResumable(
  context: DriveHttpContext,
  upload: TextUpload,
): Promise<string> {
  const type = contentType(upload);
  const content = new Blob([upload.bytes ?? upload.content], { type });
  const total = content.size;
  const sleep = context.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = context.random ?? Math.random;
  let sessions = 1;
  let interruptions = 0;
  let sessionUri = await startUploadSession(context, upload, total);
  let next: { kind: "send"; offset: number } | { kind: "query" } = { kind: "send", offset: 0 };
  for (;;) {
    let answer: SessionAnswer;
    try {
      answer =
        next.kind === "send"
          ? await sendFrom(context, sessionUri, content, next.offset, type)
          : await queryStatus(context, sessionUri, total);
    } catch (error) {
      if (!isInterruption(error) || interruptions >= MAX_UPLOAD_INTERRUPTIONS) throw error;
      interruptions++;
      await sleep(backoffDelay(interruptions, random));
      next = { kind: "query" };
      continue;
    }
    if (answer.kind === "done") return answer.id;
    if (answer.kind === "expired") {
      if (sessions >= MAX_UPLOAD_SESSIONS) {
        throw new DriveHttpError("upload", answer.status, answer.body);
      }
      sessions++;
      sessionUri = await startUploadSession(context, upload, total);
      next = { kind: "send", offset: 0 };
      continue;
    }
    if (answer.received >= total || (next.kind === "send" && answer.received <= next.offset)) {
      // Google holds everything yet has not finished, or the send made no progress: count it
      // as an interruption so a session that never completes cannot loop forever.
      if (interruptions >= MAX_UPLOAD_INTERRUPTIONS) {
        throw new DriveHttpError("upload", 308, `upload incomplete: ${answer.received}/${total}`);
      }
      interruptions++;
      await sleep(backoffDelay(interruptions, random));
      next =
        answer.received >= total ? { kind: "query" } : { kind: "send", offset: answer.received };
      continue;
    }
    next = { kind: "send", offset: answer.received };
  }
}

/** Byte length of the text as UTF-8. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** Uploads with the method that suits the size. */
export function uploadTextFile(context: DriveHttpContext, upload: TextUpload): Promise<string> {
  // Cheap bound first: UTF-8 is at most 3 bytes per UTF-16 unit.
  const big =
    upload.content.length * 3 > RESUMABLE_THRESHOLD_BYTES &&
    utf8Length(upload.content) > RESUMABLE_THRESHOLD_BYTES;
  return big ? uploadResumable(context, upload) : uploadMultipart(context, upload);
}
