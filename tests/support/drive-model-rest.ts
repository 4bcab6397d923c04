/**
 * The REST side of the fake Drive (drive-model.ts): files.list/get/create/update/delete
 * (metadata, alt=media, simple, multipart and resumable uploads), files.generateIds,
 * revisions.list/get, changes.getStartPageToken/list, each answered as Drive v3 documents;
 * and Google's userinfo (the account's address).
 * Update takes no precondition: If-Match and every other header are ignored, as in Drive v3.
 * An upload's content type is the file's new MIME type when its metadata names none (Drive
 * "detects an appropriate value from uploaded content"): an update sent as text/plain turns a
 * Markdown file into a plain text one.
 */
import {
  applyFields,
  parseFields,
  parseQuery,
  QueryError,
  type FieldMask,
} from "./drive-model-query";
import {
  FOLDER_MIME,
  errorAnswer,
  type DriveState,
  type ModelAnswer,
  type ModelFile,
  type ModelRequest,
} from "./drive-model-types";

/** Defaults Drive sends without `fields` ("Return specific fields"). */
const DEFAULT_FILE = "kind,id,name,mimeType";
const DEFAULT_LIST = `kind,incompleteSearch,nextPageToken,files(${DEFAULT_FILE})`;
const DEFAULT_CHANGES = `kind,nextPageToken,newStartPageToken,changes(kind,changeType,time,removed,fileId,file(${DEFAULT_FILE}))`;
const DEFAULT_REVISIONS = "kind,nextPageToken,revisions(kind,id,mimeType,modifiedTime)";
const DEFAULT_REVISION = "kind,id,mimeType,modifiedTime";

/** Upload sessions (resumable uploads) of each model. */
const sessionsOf = new WeakMap<DriveState, Map<string, UploadSession>>();

interface UploadSession {
  fileId: string | null;
  meta: FileMetadata;
  /** X-Upload-Content-Type: the content's type. */
  contentType: string | null;
  size: number;
  parts: Uint8Array[];
  /** The file the finished upload wrote (Drive answers it again to a later status query). */
  finished?: ModelFile;
  /** Drive forgot the session: every request to it answers 404. */
  expired?: boolean;
}

function sessionsOfModel(model: DriveState): Map<string, UploadSession> {
  const sessions = sessionsOf.get(model) ?? new Map<string, UploadSession>();
  sessionsOf.set(model, sessions);
  return sessions;
}

/** The resumable upload session `uploadId` expires (a fault; Drive's sessions last a week). */
export function expireUploadSession(model: DriveState, uploadId: string): void {
  const session = sessionsOf.get(model)?.get(uploadId);
  if (session) session.expired = true;
}

/** The metadata a create or update may carry. */
interface FileMetadata {
  id?: string;
  name?: string;
  mimeType?: string;
  parents?: string[];
  trashed?: boolean;
  appProperties?: Record<string, string | null>;
}

const decoder = new TextDecoder();

function json(value: unknown, status = 200): ModelAnswer {
  return {
    status,
    headers: { "content-type": "application/json; charset=UTF-8" },
    body: JSON.stringify(value),
  };
}

function masked(value: unknown, url: URL, defaults: string): ModelAnswer {
  const mask: FieldMask = parseFields(url.searchParams.get("fields") ?? defaults);
  return json(applyFields(value, mask));
}

/** The full resource of a file (masked by `fields` before it is sent). */
export function fileResource(file: ModelFile): Record<string, unknown> {
  const folder = file.mimeType === FOLDER_MIME;
  return {
    kind: "drive#file",
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    parents: file.parents,
    trashed: file.trashed,
    modifiedTime: file.modifiedTime,
    createdTime: file.createdTime,
    appProperties: Object.keys(file.appProperties).length ? file.appProperties : undefined,
    capabilities: { canEdit: file.canEdit },
    ...(folder
      ? {}
      : {
          md5Checksum: file.md5Checksum,
          headRevisionId: file.headRevisionId,
          size: String(file.bytes.byteLength),
        }),
  };
}

function readJson(body: Uint8Array): FileMetadata {
  return body.byteLength ? (JSON.parse(decoder.decode(body)) as FileMetadata) : {};
}

function mergeAppProperties(file: ModelFile, changes: FileMetadata["appProperties"]): void {
  for (const [key, value] of Object.entries(changes ?? {})) {
    if (value === null) delete file.appProperties[key];
    else file.appProperties[key] = value;
  }
}

/** Answers one request that met no fault. */
export function answerRest(model: DriveState, request: ModelRequest, url: URL): ModelAnswer {
  const path = url.pathname;
  const method = request.method;
  try {
    if (path === "/oauth2/v3/userinfo") return json({ email: model.accountEmail });
    if (path === "/drive/v3/changes/startPageToken")
      return json({ kind: "drive#startPageToken", startPageToken: String(model.changeLog.length) });
    if (path === "/drive/v3/changes") return changes(model, url);
    if (path === "/drive/v3/files/generateIds") return generateIds(model, url);
    if (path.startsWith("/upload/drive/v3/files")) return upload(model, request, url);
    if (path === "/drive/v3/files" && method === "GET") return list(model, url);
    if (path === "/drive/v3/files" && method === "POST") {
      const result = create(model, readJson(request.body), new Uint8Array(), null);
      return "status" in result ? result : masked(fileResource(result), url, DEFAULT_FILE);
    }
    const match = /^\/drive\/v3\/files\/([^/]+)(\/revisions(?:\/([^/]+))?)?$/.exec(path);
    if (!match) return errorAnswer(404, "notFound");
    const fileId = decodeURIComponent(match[1]);
    const file = model.files.get(fileId);
    if (!file) return errorAnswer(404, "notFound", fileId);
    if (match[2]) return revisions(file, url, match[3] ? decodeURIComponent(match[3]) : null);
    if (method === "DELETE") {
      if (!file.canEdit) return errorAnswer(403, "insufficientFilePermissions", fileId);
      model.deleteFile(fileId);
      return { status: 204, headers: {}, body: "" };
    }
    if (method === "PATCH") return patchMetadata(model, file, request, url);
    if (url.searchParams.get("alt") === "media") {
      if (file.mimeType === FOLDER_MIME) return errorAnswer(403, "fileNotDownloadable", fileId);
      return { status: 200, headers: { "content-type": file.mimeType }, body: file.bytes };
    }
    return masked(fileResource(file), url, DEFAULT_FILE);
  } catch (error) {
    if (error instanceof QueryError || error instanceof SyntaxError)
      return errorAnswer(400, "invalid");
    throw error;
  }
}

function list(model: DriveState, url: URL): ModelAnswer {
  const test = parseQuery(url.searchParams.get("q") ?? "");
  const pageSize = Math.min(Number(url.searchParams.get("pageSize") ?? 100) || 100, 1000);
  const from = Number(url.searchParams.get("pageToken") ?? 0);
  const found = [...model.files.values()].filter(test);
  const page = found.slice(from, from + pageSize);
  return masked(
    {
      kind: "drive#fileList",
      incompleteSearch: false,
      nextPageToken: from + pageSize < found.length ? String(from + pageSize) : undefined,
      files: page.map(fileResource),
    },
    url,
    DEFAULT_LIST,
  );
}

function generateIds(model: DriveState, url: URL): ModelAnswer {
  const count = Math.min(Number(url.searchParams.get("count") ?? 10) || 10, 1000);
  const ids = Array.from({ length: count }, () => model.newId("gen"));
  for (const id of ids) model.generatedIds.add(id);
  return json({ kind: "drive#generatedIds", space: url.searchParams.get("space") ?? "drive", ids });
}

/** A new file; its id may be one files.generateIds gave (used once). */
function create(
  model: DriveState,
  meta: FileMetadata,
  bytes: Uint8Array,
  partType: string | null,
): ModelFile | ModelAnswer {
  if (meta.id !== undefined) {
    if (model.files.has(meta.id)) return errorAnswer(409, "duplicate", meta.id);
    if (!model.generatedIds.has(meta.id)) return errorAnswer(400, "invalid", meta.id);
    model.generatedIds.delete(meta.id);
  }
  if (model.usedBytes() + bytes.byteLength > model.quotaBytes)
    return errorAnswer(403, "storageQuotaExceeded");
  const file = model.addFile(meta.name ?? "Untitled", bytes, {
    id: meta.id,
    parents: meta.parents,
    mimeType: meta.mimeType ?? partType ?? "application/octet-stream",
  });
  mergeAppProperties(file, meta.appProperties);
  if (meta.trashed) file.trashed = true;
  return file;
}

/**
 * New content (and metadata) for a file: no precondition, trashed files too. The content's
 * type becomes the file's when the metadata names none.
 */
function update(
  model: DriveState,
  file: ModelFile,
  meta: FileMetadata,
  bytes: Uint8Array,
  contentType: string | null,
): ModelFile | ModelAnswer {
  if (!file.canEdit) return errorAnswer(403, "insufficientFilePermissions", file.id);
  if (model.usedBytes() - file.bytes.byteLength + bytes.byteLength > model.quotaBytes)
    return errorAnswer(403, "storageQuotaExceeded");
  if (meta.name !== undefined) file.name = meta.name;
  const mimeType = meta.mimeType ?? contentType;
  if (mimeType) file.mimeType = mimeType;
  if (meta.trashed !== undefined) file.trashed = meta.trashed;
  mergeAppProperties(file, meta.appProperties);
  model.writeContent(file, bytes);
  return file;
}

function patchMetadata(
  model: DriveState,
  file: ModelFile,
  request: ModelRequest,
  url: URL,
): ModelAnswer {
  if (!file.canEdit) return errorAnswer(403, "insufficientFilePermissions", file.id);
  const meta = readJson(request.body);
  if (meta.name !== undefined) file.name = meta.name;
  if (meta.mimeType !== undefined) file.mimeType = meta.mimeType;
  if (meta.trashed !== undefined) file.trashed = meta.trashed;
  mergeAppProperties(file, meta.appProperties);
  const add = url.searchParams.get("addParents");
  const remove = url.searchParams.get("removeParents");
  if (remove) file.parents = file.parents.filter((p) => !remove.split(",").includes(p));
  if (add) file.parents = [...new Set([...file.parents, ...add.split(",")])];
  model.touch(file);
  return masked(fileResource(file), url, DEFAULT_FILE);
}

function revisions(file: ModelFile, url: URL, revisionId: string | null): ModelAnswer {
  const resource = (r: ModelFile["revisions"][number]) => ({
    kind: "drive#revision",
    id: r.id,
    mimeType: r.mimeType,
    modifiedTime: r.modifiedTime,
    md5Checksum: r.md5Checksum,
    size: String(r.bytes.byteLength),
    keepForever: false,
  });
  if (revisionId === null) {
    const pageSize = Math.min(Number(url.searchParams.get("pageSize") ?? 200) || 200, 1000);
    const from = Number(url.searchParams.get("pageToken") ?? 0);
    return masked(
      {
        kind: "drive#revisionList",
        nextPageToken:
          from + pageSize < file.revisions.length ? String(from + pageSize) : undefined,
        revisions: file.revisions.slice(from, from + pageSize).map(resource),
      },
      url,
      DEFAULT_REVISIONS,
    );
  }
  const revision = file.revisions.find((r) => r.id === revisionId);
  if (!revision) return errorAnswer(404, "notFound", revisionId);
  if (url.searchParams.get("alt") === "media")
    return { status: 200, headers: { "content-type": revision.mimeType }, body: revision.bytes };
  return masked(resource(revision), url, DEFAULT_REVISION);
}

/**
 * changes.list: from the token's position, each file once at its latest change, oldest first,
 * `pageSize` at a time; the last page carries newStartPageToken.
 */
function changes(model: DriveState, url: URL): ModelAnswer {
  const from = Number(url.searchParams.get("pageToken"));
  if (!Number.isInteger(from) || from < 0 || from > model.changeLog.length)
    return errorAnswer(400, "invalid");
  const pageSize = Math.min(Number(url.searchParams.get("pageSize") ?? 100) || 100, 1000);
  const latest = new Map<string, number>();
  model.changeLog.forEach((fileId, at) => {
    if (at >= from) latest.set(fileId, at);
  });
  const entries = [...latest.entries()].sort((x, y) => x[1] - y[1]);
  const page = entries.slice(0, pageSize);
  const more = entries.length > pageSize;
  return masked(
    {
      kind: "drive#changeList",
      nextPageToken: more ? String(entries[pageSize][1]) : undefined,
      newStartPageToken: more ? undefined : String(model.changeLog.length),
      changes: page.map(([fileId]) => {
        const file = model.files.get(fileId);
        return {
          kind: "drive#change",
          changeType: "file",
          removed: !file,
          fileId,
          time: file?.modifiedTime,
          file: file ? fileResource(file) : undefined,
        };
      }),
    },
    url,
    DEFAULT_CHANGES,
  );
}

function upload(model: DriveState, request: ModelRequest, url: URL): ModelAnswer {
  const fileId = decodeURIComponent(url.pathname.split("/")[5] ?? "") || null;
  const existing = fileId ? model.files.get(fileId) : undefined;
  if (fileId && !existing) return errorAnswer(404, "notFound", fileId);
  const done = (result: ModelFile | ModelAnswer) =>
    "status" in result ? result : masked(fileResource(result), url, DEFAULT_FILE);
  const write = (meta: FileMetadata, bytes: Uint8Array, partType: string | null) =>
    done(
      existing
        ? update(model, existing, meta, bytes, partType)
        : create(model, meta, bytes, partType),
    );
  if (request.method === "PUT") return sessionPut(model, request, url);
  const type = url.searchParams.get("uploadType");
  if (type === "media") return write({}, request.body, bareType(request.headers["content-type"]));
  if (type === "multipart") {
    const parsed = parseMultipart(request);
    if (!parsed) return errorAnswer(400, "badRequest");
    return write(parsed.meta, parsed.content, parsed.contentType);
  }
  if (type === "resumable") {
    if (existing && !existing.canEdit)
      return errorAnswer(403, "insufficientFilePermissions", existing.id);
    const sessions = sessionsOfModel(model);
    const uploadId = `upload-${sessions.size + 1}`;
    sessions.set(uploadId, {
      fileId,
      meta: readJson(request.body),
      contentType: bareType(request.headers["x-upload-content-type"]),
      size: Number(request.headers["x-upload-content-length"]),
      parts: [],
    });
    return {
      status: 200,
      headers: {
        location: `https://www.googleapis.com/upload/drive/v3/files${fileId ? `/${encodeURIComponent(fileId)}` : ""}?uploadType=resumable&upload_id=${uploadId}${url.searchParams.get("fields") ? `&fields=${encodeURIComponent(url.searchParams.get("fields")!)}` : ""}`,
      },
      body: "",
    };
  }
  return errorAnswer(400, "badRequest");
}

/** A Content-Type without its parameters ("text/plain; charset=UTF-8" is "text/plain"). */
function bareType(header: string | undefined): string | null {
  return header?.split(";")[0].trim() || null;
}

/**
 * A PUT to an upload session: a status query (`bytes *\/N`) or content (`bytes a-b/N`).
 * Content shorter than its range is what arrived before the connection dropped: kept.
 * A finished session answers its file again; an expired one 404.
 */
function sessionPut(model: DriveState, request: ModelRequest, url: URL): ModelAnswer {
  const session = sessionsOf.get(model)?.get(url.searchParams.get("upload_id") ?? "");
  if (!session || session.expired) return errorAnswer(404, "notFound");
  if (session.finished) return masked(fileResource(session.finished), url, DEFAULT_FILE);
  const held = () => session.parts.reduce((n, p) => n + p.byteLength, 0);
  const incomplete = (): ModelAnswer => ({
    status: 308,
    headers: held() ? { range: `bytes=0-${held() - 1}` } : {},
    body: "",
  });
  const range = request.headers["content-range"] ?? "";
  const finish = (): ModelAnswer => {
    const bytes = new Uint8Array(held());
    let at = 0;
    for (const part of session.parts) {
      bytes.set(part, at);
      at += part.byteLength;
    }
    const file = session.fileId ? model.files.get(session.fileId) : undefined;
    if (session.fileId && !file) return errorAnswer(404, "notFound", session.fileId);
    const result = file
      ? update(model, file, session.meta, bytes, session.contentType)
      : create(model, session.meta, bytes, session.contentType);
    if ("status" in result) return result;
    session.finished = result;
    return masked(fileResource(result), url, DEFAULT_FILE);
  };
  if (range === `bytes */${session.size}`) return held() === session.size ? finish() : incomplete();
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
  if (
    range &&
    (!match ||
      Number(match[1]) !== held() ||
      Number(match[3]) !== session.size ||
      request.body.byteLength > Number(match[2]) - Number(match[1]) + 1)
  )
    return errorAnswer(400, "badRequest");
  session.parts.push(request.body);
  return held() >= session.size ? finish() : incomplete();
}

/** The JSON metadata part, the content bytes and its type of a multipart/related body. */
function parseMultipart(
  request: ModelRequest,
): { meta: FileMetadata; content: Uint8Array; contentType: string | null } | null {
  const boundary = /boundary="?([^;"]+)"?/.exec(request.headers["content-type"] ?? "")?.[1];
  if (!boundary) return null;
  const raw = Buffer.from(request.body).toString("latin1");
  const parts = raw.split(`--${boundary}`).slice(1, -1);
  if (parts.length < 1) return null;
  const split = (part: string) => {
    const at = part.indexOf("\r\n\r\n");
    const head = part.slice(0, at);
    const body = Buffer.from(part.slice(at + 4, part.length - 2), "latin1");
    const type = /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.trim() ?? null;
    return { body, type };
  };
  const [meta, content] = parts.map(split);
  return {
    meta: JSON.parse(meta.body.toString("utf8")) as FileMetadata,
    content: new Uint8Array(content?.body ?? Buffer.alloc(0)),
    contentType: content?.type ?? null,
  };
}
