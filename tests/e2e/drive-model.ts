/**
 * An in-memory Google Drive (v3 REST) for the sync's tests: one Drive that browser tests
 * (through page.route, drive-api-fake.ts) and Node engine tests (through a fetch double) share.
 * It keeps files with bytes, md5Checksum, modifiedTime, headRevisionId, parents, trash and
 * edit rights; answers files.list by parent/name/type, files.get (metadata or alt=media),
 * files.create/update (metadata, multipart and resumable uploads), metadata PATCH (rename),
 * changes.getStartPageToken and changes.list; and injects what goes wrong: given failures
 * (rate limits, quota, any status) for matching requests, revoked tokens, a full Drive.
 * Errors carry Drive's JSON body (`error.errors[].reason`).
 */
import { createHash } from "node:crypto";

/** Drive's folder MIME type. */
export const FOLDER_MIME = "application/vnd.google-apps.folder";

/** One file (or folder) in the fake Drive. */
export interface ModelFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  bytes: Uint8Array;
  md5Checksum: string;
  modifiedTime: string;
  headRevisionId: string;
  trashed: boolean;
  canEdit: boolean;
}

/** A request as the model reads it (header names in lower case). */
export interface ModelRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The model's answer. */
export interface ModelAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string;
}

/** Which requests a failure is for. */
export type RequestKind =
  "list" | "get" | "media" | "create" | "upload" | "rename" | "changes" | "token" | "any";

/** A failure given to the next `times` (default 1) requests of `kind`. */
export interface ModelFault {
  kind: RequestKind;
  status: number;
  reason: string;
  times?: number;
  /** Sent as Retry-After (seconds). */
  retryAfter?: number;
}

/** A request the model answered (for counting). */
export interface ModelSeen {
  method: string;
  kind: RequestKind;
  path: string;
  status: number;
}

function errorBody(status: number, reason: string): string {
  return JSON.stringify({
    error: {
      code: status,
      message: reason,
      errors: [{ domain: "global", reason, message: reason }],
    },
  });
}

const encoder = new TextEncoder();

function md5(bytes: Uint8Array): string {
  return createHash("md5").update(bytes).digest("hex");
}

/** Values of `'...'` in a Drive query, unescaped. */
function quoted(clause: string): string[] {
  return [...clause.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, "$1"));
}

function kindOf(method: string, path: string, url: URL): RequestKind {
  if (path.startsWith("/drive/v3/changes")) return "changes";
  if (path.startsWith("/upload/"))
    return path === "/upload/drive/v3/files" && method === "POST" ? "create" : "upload";
  if (path === "/drive/v3/files") return method === "POST" ? "create" : "list";
  if (method === "PATCH") return "rename";
  return url.searchParams.get("alt") === "media" ? "media" : "get";
}

/** The fake Drive. Every field is public so tests can look and change. */
export class DriveModel {
  readonly files = new Map<string, ModelFile>();
  /** Change log: file ids in order; a page token is an index into it. */
  readonly changeLog: string[] = [];
  readonly seen: ModelSeen[] = [];
  faults: ModelFault[] = [];
  /** Tokens Google takes; null: any. A token not in it gets 401. */
  acceptedTokens: Set<string> | null = null;
  /** Total bytes the Drive holds at most (a full Drive answers storageQuotaExceeded). */
  quotaBytes = Number.POSITIVE_INFINITY;
  private nextId = 1;
  private clock = Date.UTC(2026, 0, 1);
  private readonly sessions = new Map<
    string,
    { fileId: string | null; meta: Record<string, unknown>; size: number; parts: Uint8Array[] }
  >();

  /** Adds a file as another app (or Drive's own editor) would; returns it. */
  addFile(
    name: string,
    content: string | Uint8Array,
    options: { parents?: string[]; mimeType?: string; id?: string } = {},
  ): ModelFile {
    const id = options.id ?? `file-${this.nextId++}`;
    const bytes = typeof content === "string" ? encoder.encode(content) : content;
    const file: ModelFile = {
      id,
      name,
      mimeType: options.mimeType ?? "text/plain",
      parents: options.parents ?? [],
      bytes,
      md5Checksum: md5(bytes),
      modifiedTime: "",
      headRevisionId: "",
      trashed: false,
      canEdit: true,
    };
    this.files.set(id, file);
    this.touch(file);
    return file;
  }

  /** Changes a file's content elsewhere (another computer, Drive's editor). */
  editFile(id: string, content: string | Uint8Array): void {
    const file = this.mustGet(id);
    file.bytes = typeof content === "string" ? encoder.encode(content) : content;
    file.md5Checksum = md5(file.bytes);
    this.touch(file);
  }

  /** Puts a file in the bin. */
  trash(id: string): void {
    this.mustGet(id).trashed = true;
    this.touch(this.mustGet(id));
  }

  /** The file's content as UTF-8 text. */
  text(id: string): string {
    return new TextDecoder().decode(this.mustGet(id).bytes);
  }

  /** Files (not folders, not trashed) in a folder. */
  filesIn(folderId: string): ModelFile[] {
    return [...this.files.values()].filter((f) => !f.trashed && f.parents.includes(folderId));
  }

  /** Folders (not trashed) named `name`. */
  foldersNamed(name: string): ModelFile[] {
    return [...this.files.values()].filter(
      (f) => !f.trashed && f.mimeType === FOLDER_MIME && f.name === name,
    );
  }

  /** Requests seen of a kind (or all). */
  count(kind?: RequestKind): number {
    return kind ? this.seen.filter((s) => s.kind === kind).length : this.seen.length;
  }

  private mustGet(id: string): ModelFile {
    const file = this.files.get(id);
    if (!file) throw new Error(`no file ${id}`);
    return file;
  }

  private touch(file: ModelFile): void {
    this.clock += 1000;
    file.modifiedTime = new Date(this.clock).toISOString();
    file.headRevisionId = `rev-${this.clock}`;
    this.changeLog.push(file.id);
  }

  private usedBytes(): number {
    let total = 0;
    for (const file of this.files.values()) total += file.bytes.byteLength;
    return total;
  }

  /** Answers one request. */
  async answer(request: ModelRequest): Promise<ModelAnswer> {
    const url = new URL(request.url);
    const path = url.pathname;
    const kind = kindOf(request.method, path, url);
    const answer = this.route(request, url, path, kind);
    this.seen.push({ method: request.method, kind, path, status: answer.status });
    return answer;
  }

  private route(request: ModelRequest, url: URL, path: string, kind: RequestKind): ModelAnswer {
    const json = (value: unknown, status = 200): ModelAnswer => ({
      status,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(value),
    });
    const fail = (
      status: number,
      reason: string,
      headers: Record<string, string> = {},
    ): ModelAnswer => ({
      status,
      headers: { "content-type": "application/json", ...headers },
      body: errorBody(status, reason),
    });
    const token = (request.headers["authorization"] ?? "").replace(/^Bearer /, "");
    if (this.acceptedTokens && !this.acceptedTokens.has(token)) return fail(401, "authError");
    const faultAt = this.faults.findIndex((f) => f.kind === kind || f.kind === "any");
    if (faultAt >= 0) {
      const fault = this.faults[faultAt];
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) this.faults.splice(faultAt, 1);
      return fail(
        fault.status,
        fault.reason,
        fault.retryAfter ? { "retry-after": String(fault.retryAfter) } : {},
      );
    }
    if (path === "/drive/v3/changes/startPageToken")
      return json({ startPageToken: String(this.changeLog.length) });
    if (path === "/drive/v3/changes") return this.changes(url, json, fail);
    if (path.startsWith("/upload/drive/v3/files"))
      return this.upload(request, url, path, json, fail);
    if (path === "/drive/v3/files" && request.method === "GET")
      return json({ files: this.list(url.searchParams.get("q") ?? "").map((f) => this.meta(f)) });
    if (path === "/drive/v3/files" && request.method === "POST") {
      const meta = JSON.parse(new TextDecoder().decode(request.body)) as {
        name: string;
        mimeType?: string;
        parents?: string[];
      };
      return json(
        this.meta(
          this.addFile(meta.name, new Uint8Array(), {
            parents: meta.parents,
            mimeType: meta.mimeType,
          }),
        ),
      );
    }
    const match = /^\/drive\/v3\/files\/([^/]+)$/.exec(path);
    const file = match ? this.files.get(decodeURIComponent(match[1])) : undefined;
    if (!file) return fail(404, "notFound");
    if (request.method === "PATCH") {
      if (!file.canEdit) return fail(403, "insufficientFilePermissions");
      const meta = JSON.parse(new TextDecoder().decode(request.body)) as {
        name?: string;
        trashed?: boolean;
      };
      if (meta.name !== undefined) file.name = meta.name;
      if (meta.trashed !== undefined) file.trashed = meta.trashed;
      this.touch(file);
      return json(this.meta(file));
    }
    if (url.searchParams.get("alt") === "media") {
      return { status: 200, headers: { "content-type": file.mimeType }, body: file.bytes };
    }
    return json(this.meta(file));
  }

  private meta(file: ModelFile) {
    return {
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      md5Checksum: file.mimeType === FOLDER_MIME ? undefined : file.md5Checksum,
      modifiedTime: file.modifiedTime,
      headRevisionId: file.headRevisionId,
      trashed: file.trashed,
      parents: file.parents,
      capabilities: { canEdit: file.canEdit },
    };
  }

  private list(q: string): ModelFile[] {
    const clauses = q.split(" and ").map((c) => c.trim());
    return [...this.files.values()].filter((file) =>
      clauses.every((clause) => {
        const [value] = quoted(clause);
        if (clause.endsWith("in parents")) return file.parents.includes(value);
        if (clause.startsWith("name=")) return file.name === value;
        if (clause.startsWith("mimeType=")) return file.mimeType === value;
        if (clause === "trashed=false") return !file.trashed;
        return true; // 'me' in owners: every file here is the user's
      }),
    );
  }

  private changes(
    url: URL,
    json: (v: unknown, s?: number) => ModelAnswer,
    fail: (s: number, r: string) => ModelAnswer,
  ): ModelAnswer {
    const from = Number(url.searchParams.get("pageToken"));
    if (!Number.isInteger(from) || from < 0 || from > this.changeLog.length)
      return fail(400, "invalidPageToken");
    const ids = [...new Set(this.changeLog.slice(from))];
    return json({
      newStartPageToken: String(this.changeLog.length),
      changes: ids.map((fileId) => {
        const file = this.files.get(fileId);
        return file
          ? {
              fileId,
              removed: false,
              file: { md5Checksum: file.md5Checksum, trashed: file.trashed, name: file.name },
            }
          : { fileId, removed: true };
      }),
    });
  }

  private write(
    fileId: string | null,
    meta: { name?: string; parents?: string[]; mimeType?: string },
    bytes: Uint8Array,
    fail: (s: number, r: string) => ModelAnswer,
  ): ModelFile | ModelAnswer {
    const existing = fileId ? this.files.get(fileId) : undefined;
    if (fileId && !existing) return fail(404, "notFound");
    if (existing && !existing.canEdit) return fail(403, "insufficientFilePermissions");
    if (this.usedBytes() - (existing?.bytes.byteLength ?? 0) + bytes.byteLength > this.quotaBytes)
      return fail(403, "storageQuotaExceeded");
    if (!existing)
      return this.addFile(meta.name ?? "Untitled", bytes, {
        parents: meta.parents,
        mimeType: meta.mimeType,
      });
    existing.bytes = bytes;
    existing.md5Checksum = md5(bytes);
    if (meta.name) existing.name = meta.name;
    // Drive sets the type an update's metadata names (a .md file sent as text/plain becomes one).
    if (meta.mimeType) existing.mimeType = meta.mimeType;
    this.touch(existing);
    return existing;
  }

  private upload(
    request: ModelRequest,
    url: URL,
    path: string,
    json: (v: unknown, s?: number) => ModelAnswer,
    fail: (s: number, r: string) => ModelAnswer,
  ): ModelAnswer {
    const fileId = decodeURIComponent(path.split("/")[5] ?? "") || null;
    const type = url.searchParams.get("uploadType");
    const done = (result: ModelFile | ModelAnswer) =>
      "status" in result ? result : json(this.meta(result));
    if (request.method === "PUT") return this.sessionPut(request, url, done);
    if (type === "multipart") {
      const { meta, content } = parseMultipart(request);
      return done(this.write(fileId, meta, content, fail));
    }
    if (type === "resumable") {
      const uploadId = `upload-${this.sessions.size + 1}`;
      const meta = request.body.byteLength
        ? (JSON.parse(new TextDecoder().decode(request.body)) as Record<string, unknown>)
        : {};
      this.sessions.set(uploadId, {
        fileId,
        meta,
        size: Number(request.headers["x-upload-content-length"]),
        parts: [],
      });
      return {
        status: 200,
        headers: {
          location: `https://www.googleapis.com/upload/drive/v3/files?uploadType=resumable&upload_id=${uploadId}`,
        },
        body: "",
      };
    }
    return fail(400, "badRequest");
  }

  private sessionPut(
    request: ModelRequest,
    url: URL,
    done: (r: ModelFile | ModelAnswer) => ModelAnswer,
  ): ModelAnswer {
    const session = this.sessions.get(url.searchParams.get("upload_id") ?? "");
    if (!session) return { status: 404, headers: {}, body: errorBody(404, "notFound") };
    session.parts.push(request.body);
    const held = session.parts.reduce((n, p) => n + p.byteLength, 0);
    if (held < session.size)
      return { status: 308, headers: held ? { range: `bytes=0-${held - 1}` } : {}, body: "" };
    const bytes = new Uint8Array(held);
    let at = 0;
    for (const part of session.parts) {
      bytes.set(part, at);
      at += part.byteLength;
    }
    return done(
      this.write(
        session.fileId,
        session.meta as { name?: string; parents?: string[] },
        bytes,
        (s, r) => ({ status: s, headers: {}, body: errorBody(s, r) }),
      ),
    );
  }
}

/** The JSON metadata part and the content bytes of a multipart/related body. */
function parseMultipart(request: ModelRequest): {
  meta: { name?: string; parents?: string[]; mimeType?: string };
  content: Uint8Array;
} {
  const boundary = /boundary=([^;]+)/.exec(request.headers["content-type"] ?? "")?.[1] ?? "";
  const raw = Buffer.from(request.body).toString("latin1");
  const parts = raw.split(`--${boundary}`).slice(1, -1);
  const bodies = parts.map((part) => {
    const start = part.indexOf("\r\n\r\n") + 4;
    return Buffer.from(part.slice(start, part.length - 2), "latin1");
  });
  return {
    meta: JSON.parse(bodies[0].toString("utf8")) as {
      name?: string;
      parents?: string[];
      mimeType?: string;
    },
    content: new Uint8Array(bodies[1] ?? Buffer.alloc(0)),
  };
}
