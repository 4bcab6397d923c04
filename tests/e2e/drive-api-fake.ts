import type { Request, Route } from "@playwright/test";
import type { DriveModel } from "../support/drive-model";
import { answerFromModel } from "../support/drive-model-route";

/**
 * The fake Drive REST API behind drive-fakes.ts: files.get/list/create/update, multipart and
 * resumable uploads ("Resume an interrupted upload": a session URI in Location, PUTs with
 * Content-Range, a status query answered 308 with `Range: bytes=0-N`, 404 for an expired
 * session), and errors with Drive's JSON body. It records each request in the fakes.
 * With a {@link DriveModel} (the sync's tests) every Drive REST call is answered by the model
 * instead: one Drive with folders, changes, revisions and checksums, which several pages
 * (two browser contexts: two computers) can share.
 */

/** A request the fake Drive endpoints answered. */
export interface SeenRequest {
  method: string;
  url: URL;
  body: string;
  authorization: string;
  contentRange: string;
}

/** A failure the next upload request gets, as Drive sends it. */
export interface UploadFailure {
  status: number;
  /** error.errors[0].reason, e.g. "appNotAuthorizedToFile". */
  reason: string;
  message?: string;
}

/** What the fake upload session does with one PUT that sends content. */
export type SendFault = { drop: number } | { status: number };

/** What the fake REST API reads and records: the part of drive-fakes.ts's handle it serves. */
export interface DriveApiState {
  /** Requests to the Drive REST API (www.googleapis.com/drive, /upload). */
  driveCalls: SeenRequest[];
  /** Failures given to the next upload requests (POST/PATCH), one each, in order. */
  uploadFailures: UploadFailure[];
  /** Answer the next Drive REST call with 401 (an expired or revoked token). */
  unauthorizedOnce: boolean;
  /** When set, uploads are answered only once this settles (a slow network). */
  uploadGate: Promise<void> | null;
  /** What the next content PUTs of resumable sessions meet, one each, in order. */
  resumableFaults: SendFault[];
  /** Content served for alt=media, per file id. */
  contents: Map<string, string>;
  /** The bytes each finished upload delivered, per file id (resumable uploads). */
  uploaded: Map<string, Buffer>;
  /** When set, the model answers every Drive REST call (the knobs above are not used). */
  model: DriveModel | null;
  /** With a model: Drive calls fail as a dropped connection (the page is offline). */
  offline: boolean;
}

/** The address the fake user-info endpoint returns. */
export const FAKE_EMAIL = "ada.lovelace@example.com";

function record(request: Request): SeenRequest {
  return {
    method: request.method(),
    url: new URL(request.url()),
    body: request.postData() ?? "",
    authorization: request.headers()["authorization"] ?? "",
    contentRange: request.headers()["content-range"] ?? "",
  };
}

/** A Drive error body as Google sends it. */
export function googleErrorBody(status: number, reason: string, message = reason): string {
  return JSON.stringify({
    error: { code: status, message, errors: [{ domain: "global", reason, message }] },
  });
}

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Location, Range",
};

/** Upload sessions of one page: bytes received so far, per upload id. */
const sessionsOf = new WeakMap<DriveApiState, Map<string, ResumableSession>>();

interface ResumableSession {
  fileId: string;
  size: number;
  parts: Buffer[];
}

function held(session: ResumableSession): number {
  return session.parts.reduce((n, part) => n + part.length, 0);
}

export async function answerDrive(route: Route, fakes: DriveApiState): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  if (url.pathname === "/oauth2/v3/userinfo") {
    return route.fulfill({
      headers: CORS,
      contentType: "application/json",
      body: JSON.stringify({ email: FAKE_EMAIL }),
    });
  }
  const seen = record(request);
  fakes.driveCalls.push(seen);
  const json = (value: unknown, status = 200) =>
    route.fulfill({
      status,
      headers: CORS,
      contentType: "application/json",
      body: JSON.stringify(value),
    });
  const error = (status: number, reason: string, message?: string) =>
    route.fulfill({
      status,
      headers: CORS,
      contentType: "application/json",
      body: googleErrorBody(status, reason, message),
    });
  if (fakes.model) return answerFromModel(route, fakes.model, fakes.offline);
  if (fakes.unauthorizedOnce) {
    fakes.unauthorizedOnce = false;
    return error(401, "authError", "Invalid Credentials");
  }
  if (url.pathname.startsWith("/upload/drive/v3/files")) {
    if (fakes.uploadGate) await fakes.uploadGate;
    if (request.method() === "PUT") return answerSessionPut(route, fakes, url);
    const failure = fakes.uploadFailures.shift();
    if (failure) return error(failure.status, failure.reason, failure.message);
    const fileId = decodeURIComponent(url.pathname.split("/")[5] ?? "") || "new-file-1";
    if (url.searchParams.get("uploadType") === "resumable") {
      const sessions = sessionsOf.get(fakes) ?? new Map<string, ResumableSession>();
      sessionsOf.set(fakes, sessions);
      const uploadId = `session-${sessions.size + 1}`;
      sessions.set(uploadId, {
        fileId,
        size: Number(request.headers()["x-upload-content-length"]),
        parts: [],
      });
      return route.fulfill({
        status: 200,
        headers: {
          ...CORS,
          Location: `https://www.googleapis.com/upload/drive/v3/files?uploadType=resumable&upload_id=${uploadId}`,
        },
        body: "",
      });
    }
    return json({ id: fileId });
  }
  const fileMatch = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
  if (fileMatch) {
    const id = decodeURIComponent(fileMatch[1]);
    if (url.searchParams.get("alt") === "media") {
      return route.fulfill({
        headers: CORS,
        contentType: "text/plain",
        body: fakes.contents.get(id) ?? "",
      });
    }
    return json({ id, name: `${id}.txt`, mimeType: "text/plain" });
  }
  if (url.pathname === "/drive/v3/files" && request.method() === "GET") return json({ files: [] });
  if (url.pathname === "/drive/v3/files" && request.method() === "POST")
    return json({ id: "folder-1" });
  return route.fulfill({ status: 404, headers: CORS, body: "not faked" });
}

/** A PUT to an upload session: a status query (bytes *\/N) or content (bytes a-b/N). */
async function answerSessionPut(route: Route, fakes: DriveApiState, url: URL): Promise<void> {
  const request = route.request();
  const session = sessionsOf.get(fakes)?.get(url.searchParams.get("upload_id") ?? "");
  if (!session) {
    return route.fulfill({ status: 404, headers: CORS, body: googleErrorBody(404, "notFound") });
  }
  const range = request.headers()["content-range"] ?? "";
  const finished = () => {
    fakes.uploaded.set(session.fileId, Buffer.concat(session.parts));
    return route.fulfill({
      status: 200,
      headers: CORS,
      contentType: "application/json",
      body: JSON.stringify({ id: session.fileId }),
    });
  };
  const resumeIncomplete = () => {
    const n = held(session);
    return route.fulfill({
      status: 308,
      headers: n > 0 ? { ...CORS, Range: `bytes=0-${n - 1}` } : CORS,
      body: "",
    });
  };
  if (range === `bytes */${session.size}`) {
    return held(session) === session.size ? finished() : resumeIncomplete();
  }
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
  const body = request.postDataBuffer() ?? Buffer.alloc(0);
  if (!match || Number(match[1]) !== held(session) || Number(match[3]) !== session.size) {
    return route.fulfill({ status: 400, headers: CORS, body: googleErrorBody(400, "badRequest") });
  }
  const fault = fakes.resumableFaults.shift();
  if (fault && "drop" in fault) {
    session.parts.push(body.subarray(0, fault.drop));
    return route.abort("connectionreset");
  }
  if (fault) {
    return route.fulfill({
      status: fault.status,
      headers: CORS,
      body: googleErrorBody(fault.status, "backendError"),
    });
  }
  session.parts.push(body);
  return held(session) === session.size ? finished() : resumeIncomplete();
}
