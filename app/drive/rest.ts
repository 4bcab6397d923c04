/**
 * Drive v3 REST calls with fetch: user info, file content and metadata, the app folder, and
 * text uploads (multipart, or resumable above {@link RESUMABLE_THRESHOLD_BYTES}).
 */
import { DriveError, DriveHttpError } from "./errors";
import { driveRequest, type DriveHttpContext } from "./http";

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
 * user, not trashed: with drive.readonly a folder of that name that someone shared would be
 * visible too), created when absent.
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
      body: JSON.stringify({ name, mimeType: FOLDER_MIME_TYPE }),
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
  mimeType: "text/plain";
  parents?: string[];
}

/** A boundary that does not occur in the content. */
export function makeBoundary(content: string, random: () => number = Math.random): string {
  for (;;) {
    const boundary = `plainpad_${Math.floor(random() * 2 ** 52).toString(36)}${Date.now().toString(36)}`;
    if (!content.includes(boundary)) return boundary;
  }
}

/** The multipart/related body: the JSON metadata part, then the text/plain part. */
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
    "Content-Type: text/plain; charset=UTF-8\r\n\r\n" +
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
  const metadata: UploadMetadata = { name: upload.name, mimeType: "text/plain" };
  if (!upload.fileId && upload.parentId) metadata.parents = [upload.parentId];
  return metadata;
}

/**
 * Resumable upload for big documents: POST/PATCH ?uploadType=resumable with the metadata to
 * get a session URI (Location header), then PUT the whole content there. Returns the id.
 */
export async function uploadResumable(
  context: DriveHttpContext,
  upload: TextUpload,
): Promise<string> {
  const content = new Blob([upload.content], { type: "text/plain; charset=UTF-8" });
  const base = upload.fileId ? fileUrl(DRIVE_UPLOAD_URL, upload.fileId) : DRIVE_UPLOAD_URL;
  const sessionUri = await driveRequest(
    context,
    {
      url: `${base}?uploadType=resumable&fields=id`,
      method: upload.fileId ? "PATCH" : "POST",
      headers: {
        "Content-Type": "application/json; charset=UTF-8",
        "X-Upload-Content-Type": "text/plain; charset=UTF-8",
        "X-Upload-Content-Length": String(content.size),
      },
      body: JSON.stringify(uploadMetadata(upload)),
      operation: "upload",
      timeoutMs: SHORT_TIMEOUT_MS,
    },
    async (response) => {
      const location = response.headers.get("Location");
      if (!location) throw new DriveError("Drive upload failed: no upload session was opened");
      return location;
    },
  );
  return driveRequest(
    context,
    {
      url: sessionUri,
      method: "PUT",
      headers: { "Content-Type": "text/plain; charset=UTF-8" },
      body: content,
      operation: "upload",
      timeoutMs: uploadTimeoutMs(content.size),
    },
    readId,
  );
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
