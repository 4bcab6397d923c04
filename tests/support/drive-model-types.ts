/** Types and helpers of the fake Drive shared by drive-model.ts and drive-model-rest.ts. */
import { createHash } from "node:crypto";
import { driveErrorBody } from "./drive-model-errors";

/** The account the fake Drive belongs to, as Google's userinfo endpoint answers it. */
export const MODEL_ACCOUNT_EMAIL = "ada.lovelace@example.com";

/** Drive's folder MIME type. */
export const FOLDER_MIME = "application/vnd.google-apps.folder";

/** One kept revision of a file's content. */
export interface ModelRevision {
  id: string;
  bytes: Uint8Array;
  md5Checksum: string;
  modifiedTime: string;
  mimeType: string;
}

/** One file (or folder) in the fake Drive. */
export interface ModelFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  /** The head revision's bytes. */
  bytes: Uint8Array;
  md5Checksum: string;
  modifiedTime: string;
  createdTime: string;
  /** The head revision's id ("" for folders: Drive gives them none). */
  headRevisionId: string;
  trashed: boolean;
  canEdit: boolean;
  appProperties: Record<string, string>;
  /** Every content revision, oldest first (the last is the head). */
  revisions: ModelRevision[];
}

/** A request as the model reads it (header names in lower case). */
export interface ModelRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** What happens to the connection instead of an answer (the adapters act it out). */
export type ModelTransport = "timeout" | "lost" | "offline" | "hang";

/** The model's answer. */
export interface ModelAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string;
  /** Set: no answer reaches the caller; the connection does this instead. */
  transport?: ModelTransport;
}

/** Which requests a fault is for. */
export type RequestKind =
  | "list"
  | "get"
  | "media"
  | "create"
  | "upload"
  | "rename"
  | "delete"
  | "changes"
  | "token"
  | "revisions"
  | "revision"
  | "generateIds"
  | "userinfo"
  | "any";

/**
 * What a fault does to a request:
 * - "error": answers `status`/`reason` with Drive's body; the change is NOT applied;
 * - "error-after-apply": the change IS applied, then the error is answered (a 5xx Drive sends
 *   after writing: documented as possible for 500/503);
 * - "timeout": applied; the answer does not come in time (the connection times out);
 * - "lost": applied; the answer never arrives (the connection drops);
 * - "offline": not sent (no network);
 * - "hang": applied; no answer until the caller gives up (its own time limit; Node only);
 * - "held": answered as usual, but only once `until` settles (a slow network or a busy Drive);
 * - "expire": the resumable upload session the request goes to expires (Drive forgets it and
 *   answers 404 for it from now on, as "Resume an interrupted upload" says); answered `status`
 *   (default 404 notFound).
 */
export type FaultEffect =
  "error" | "error-after-apply" | "timeout" | "lost" | "offline" | "hang" | "held" | "expire";

/** A fault given to requests of `kind` (after `skip` of them pass), `times` times (default 1). */
export interface ModelFault {
  kind: RequestKind;
  effect?: FaultEffect;
  /** For "error"/"error-after-apply" (default 500 backendError). */
  status?: number;
  reason?: string;
  times?: number;
  /** Let this many matching requests pass first. */
  skip?: number;
  /** Only requests about this file. */
  fileId?: string;
  /** Sent as Retry-After (seconds). */
  retryAfter?: number;
  /**
   * For effects that apply the change ("lost", "timeout", "hang", "error-after-apply"): only
   * the first this-many bytes of the body reach Drive (a connection that drops mid-upload; a
   * resumable session keeps what arrived).
   */
  keepBytes?: number;
  /** For "held": the answer waits for this. */
  until?: Promise<unknown>;
}

/** A request the model answered (for counting). */
export interface ModelSeen {
  method: string;
  kind: RequestKind;
  path: string;
  fileId: string | null;
  status: number;
  /** The fault it met, if any. */
  fault?: FaultEffect;
}

/** MD5 of the bytes, hex (as Drive's md5Checksum). */
export function md5Hex(bytes: Uint8Array): string {
  return createHash("md5").update(bytes).digest("hex");
}

/** What a request is, by its method and path (for faults and counting). */
export function requestKind(
  method: string,
  url: URL,
): { kind: RequestKind; fileId: string | null } {
  const path = url.pathname;
  const id = /^\/(?:upload\/)?drive\/v3\/files\/([^/]+)/.exec(path)?.[1];
  const fileId = id && id !== "generateIds" ? decodeURIComponent(id) : null;
  if (path === "/oauth2/v3/userinfo") return { kind: "userinfo", fileId };
  if (path === "/drive/v3/changes/startPageToken") return { kind: "token", fileId };
  if (path.startsWith("/drive/v3/changes")) return { kind: "changes", fileId };
  if (path === "/drive/v3/files/generateIds") return { kind: "generateIds", fileId };
  if (path.startsWith("/upload/")) {
    const create = method === "POST" && !fileId;
    const session = url.searchParams.get("upload_id");
    return { kind: create && !session ? "create" : "upload", fileId };
  }
  if (/\/revisions\/[^/]+$/.test(path)) return { kind: "revision", fileId };
  if (path.endsWith("/revisions")) return { kind: "revisions", fileId };
  if (path === "/drive/v3/files") return { kind: method === "POST" ? "create" : "list", fileId };
  if (method === "PATCH") return { kind: "rename", fileId };
  if (method === "DELETE") return { kind: "delete", fileId };
  return { kind: url.searchParams.get("alt") === "media" ? "media" : "get", fileId };
}

/** What the REST side (drive-model-rest.ts) reads and changes of the model. */
export interface DriveState {
  readonly files: Map<string, ModelFile>;
  readonly changeLog: string[];
  readonly generatedIds: Set<string>;
  quotaBytes: number;
  /** The account's address (Google's userinfo endpoint). */
  accountEmail: string;
  newId(prefix?: string): string;
  addFile(
    name: string,
    content: string | Uint8Array,
    options?: {
      parents?: string[];
      mimeType?: string;
      id?: string;
      appProperties?: Record<string, string>;
    },
  ): ModelFile;
  writeContent(file: ModelFile, bytes: Uint8Array): void;
  touch(file: ModelFile): void;
  deleteFile(id: string): void;
  usedBytes(): number;
}

/** An error answer with Drive's JSON body. */
export function errorAnswer(status: number, reason: string, fileId = ""): ModelAnswer {
  return {
    status,
    headers: { "content-type": "application/json; charset=UTF-8" },
    body: driveErrorBody(status, reason, fileId),
  };
}
