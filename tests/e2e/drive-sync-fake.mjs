// A stateful stand-in for Google Drive for the notepad's background sync (issue 45), in plain
// JavaScript so both the browser tests (tests/e2e/drive-sync*.spec.ts) and the benchmark
// (bench/notepad.bench.mjs, run by plain Node) use it. One `SyncDrive` is one Google account's
// Drive; installing it on two browser contexts makes two computers sharing that Drive.
//
// It answers what the sync calls, as Drive v3 documents it: files.list with `q` (name, parent,
// mimeType, trashed), files.get (metadata with md5Checksum, headRevisionId, modifiedTime,
// capabilities.canEdit; alt=media for bytes), files.create / files.update (metadata JSON, and
// multipart uploads on /upload), changes.getStartPageToken and changes.list, errors with
// Drive's JSON body. Google's sign-in script (GIS) is faked so that a token request made inside
// a click is granted (one outside a click fails, as the browser blocks the window) and the token
// can be made to expire (every call then answers 401 until a new token).
import { createHash } from "node:crypto";

/** The app id (project number) and e-mail of the fake configuration. */
export const SYNC_FAKE_APP_ID = "123456789012";
export const SYNC_FAKE_EMAIL = "ada.lovelace@example.com";

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Location, Range",
};

const FOLDER_MIME = "application/vnd.google-apps.folder";

function md5(bytes) {
  return createHash("md5").update(bytes).digest("hex");
}

function errorBody(status, reason, message = reason) {
  return JSON.stringify({
    error: { code: status, message, errors: [{ domain: "global", reason, message }] },
  });
}

/** The values of `name='…'`, `mimeType='…'` and `'…' in parents` in a files.list query. */
function parseQuery(q) {
  const unquote = (value) => value.replace(/\\'/g, "'").replace(/\\\\/g, "\\");
  const name = /name\s*=\s*'((?:\\.|[^'\\])*)'/.exec(q);
  const mime = /mimeType\s*=\s*'((?:\\.|[^'\\])*)'/.exec(q);
  const parent = /'((?:\\.|[^'\\])*)'\s+in\s+parents/.exec(q);
  return {
    name: name ? unquote(name[1]) : null,
    mimeType: mime ? unquote(mime[1]) : null,
    parent: parent ? unquote(parent[1]) : null,
    notTrashed: /trashed\s*=\s*false/.test(q),
  };
}

/** Splits a multipart/related body into its JSON metadata and its content bytes. */
function parseMultipart(body, contentType) {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === "--") break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2); // skip CRLF after the delimiter and before the next
    const split = part.indexOf("\r\n\r\n");
    parts.push(part.subarray(split + 4));
    at = next;
  }
  if (parts.length < 2) return null;
  return { metadata: JSON.parse(parts[0].toString("utf8")), content: parts[1] };
}

/**
 * One Google Drive (one account), shared by every context it is installed on. Its knobs make
 * Google's failures happen: `failures` (the next Drive calls answer these, one each),
 * `expireToken()` (every call answers 401 until the page gets a new token), `offline` (calls
 * fail as a dropped connection).
 */
export class SyncDrive {
  constructor() {
    /** @type {Map<string, {id: string, name: string, mimeType: string, parents: string[], bytes: Buffer, revision: number, modifiedTime: string, trashed: boolean, canEdit: boolean}>} */
    this.files = new Map();
    /** Each change: the id of the file changed (changes.list reads from a position). */
    this.changeLog = [];
    /** Every Drive REST request answered: "METHOD path" (the benchmark counts them). */
    this.requests = [];
    /** @type {{status: number, reason: string}[]} failures for the next Drive calls, in order */
    this.failures = [];
    /** Calls fail as if the network were down. */
    this.offline = false;
    this.tokenCounter = 0;
    /** Tokens Google still takes. */
    this.validTokens = new Set();
    this.nextId = 1;
  }

  /**
   * Files (not folders) in the folder named `folderName`, by name: their text (UTF-8).
   * @returns {Record<string, string>}
   */
  textsIn(folderName = "Plainpad Documents") {
    const folder = [...this.files.values()].find(
      (file) => file.mimeType === FOLDER_MIME && file.name === folderName && !file.trashed,
    );
    /** @type {Record<string, string>} */
    const texts = {};
    for (const file of this.files.values()) {
      if (folder && file.parents.includes(folder.id) && file.mimeType !== FOLDER_MIME)
        texts[file.name] = file.bytes.toString("utf8");
    }
    return texts;
  }

  /** The file named `name` (not a folder), or undefined. */
  fileNamed(name) {
    return [...this.files.values()].find(
      (file) => file.name === name && file.mimeType !== FOLDER_MIME && !file.trashed,
    );
  }

  /** Changes a file as Drive's own editor (or another app) would. */
  editFile(id, text) {
    const file = this.files.get(id);
    if (!file) throw new Error(`no file ${id}`);
    this.write(file, Buffer.from(text, "utf8"));
  }

  /** Adds a file the person already had in Drive (opened in a tab later). */
  addFile(name, text, parents = []) {
    const file = this.create({ name, mimeType: "text/plain", parents }, Buffer.from(text));
    return file.id;
  }

  /** Google stops taking every token given so far (it lasts an hour). */
  expireToken() {
    this.validTokens.clear();
  }

  /** A new token (the fake sign-in script asks for it). */
  grantToken() {
    this.tokenCounter += 1;
    const token = `ya29.SYNC-FAKE-${this.tokenCounter}`;
    this.validTokens.add(token);
    return token;
  }

  create(metadata, bytes) {
    const id =
      metadata.id ??
      (metadata.mimeType === FOLDER_MIME ? `folder-${this.nextId++}` : `file-${this.nextId++}`);
    const file = {
      appProperties: metadata.appProperties ?? {},
      revisions: [],
      createdTime: new Date(Date.UTC(2026, 0, 1) + this.changeLog.length * 1000).toISOString(),
      id,
      name: metadata.name ?? "Untitled",
      mimeType: metadata.mimeType ?? "text/plain",
      parents: metadata.parents ?? [],
      bytes,
      revision: 0,
      modifiedTime: "",
      trashed: false,
      canEdit: true,
    };
    this.files.set(id, file);
    this.write(file, bytes);
    return file;
  }

  write(file, bytes) {
    file.bytes = bytes;
    file.revision += 1;
    file.modifiedTime = new Date(Date.now() + this.changeLog.length).toISOString();
    file.revisions.push({ id: `rev-${file.revision}`, md5Checksum: md5(bytes), bytes });
    this.changeLog.push(file.id);
  }

  meta(file) {
    const meta = {
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      modifiedTime: file.modifiedTime,
      headRevisionId: `rev-${file.revision}`,
      trashed: file.trashed,
      parents: file.parents,
      capabilities: { canEdit: file.canEdit },
      createdTime: file.createdTime,
      appProperties: file.appProperties,
    };
    if (file.mimeType !== FOLDER_MIME) meta.md5Checksum = md5(file.bytes);
    return meta;
  }

  /** Answers one request to www.googleapis.com (Drive and user info). */
  async answer(route) {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    if (method === "OPTIONS")
      return route.fulfill({
        status: 204,
        headers: {
          ...CORS,
          "Access-Control-Allow-Headers": "*",
          "Access-Control-Allow-Methods": "*",
        },
      });
    if (url.pathname === "/oauth2/v3/userinfo") {
      return route.fulfill({
        headers: CORS,
        contentType: "application/json",
        body: JSON.stringify({ email: SYNC_FAKE_EMAIL }),
      });
    }
    this.requests.push(`${method} ${url.pathname}`);
    const json = (value, status = 200) =>
      route.fulfill({
        status,
        headers: CORS,
        contentType: "application/json",
        body: JSON.stringify(value),
      });
    const error = (status, reason) =>
      route.fulfill({
        status,
        headers: CORS,
        contentType: "application/json",
        body: errorBody(status, reason),
      });
    if (this.offline) return route.abort("internetdisconnected");
    const token = (request.headers()["authorization"] ?? "").replace(/^Bearer /, "");
    if (!this.validTokens.has(token)) return error(401, "authError");
    const failure = this.failures.shift();
    if (failure) return error(failure.status, failure.reason);

    if (url.pathname === "/drive/v3/changes/startPageToken") {
      return json({ startPageToken: String(this.changeLog.length) });
    }
    if (url.pathname === "/drive/v3/changes") {
      const from = Number(url.searchParams.get("pageToken") ?? "0");
      const ids = [...new Set(this.changeLog.slice(from))];
      return json({
        newStartPageToken: String(this.changeLog.length),
        changes: ids.map((fileId) => {
          const file = this.files.get(fileId);
          return file
            ? {
                fileId,
                removed: false,
                file: { md5Checksum: md5(file.bytes), trashed: file.trashed },
              }
            : { fileId, removed: true };
        }),
      });
    }
    if (url.pathname === "/drive/v3/files/generateIds") {
      const count = Number(url.searchParams.get("count") ?? "10");
      return json({ ids: Array.from({ length: count }, () => `gen-${this.nextId++}`) });
    }
    const revisions = /^\/drive\/v3\/files\/([^/]+)\/revisions(?:\/([^/]+))?$/.exec(url.pathname);
    if (revisions) {
      const file = this.files.get(decodeURIComponent(revisions[1]));
      if (!file) return error(404, "notFound");
      if (!revisions[2]) {
        return json({
          revisions: file.revisions.map(({ id, md5Checksum }) => ({ id, md5Checksum })),
        });
      }
      const kept = file.revisions.find((r) => r.id === decodeURIComponent(revisions[2]));
      if (!kept) return error(404, "revisionNotFound");
      return route.fulfill({ headers: CORS, contentType: "text/plain", body: kept.bytes });
    }
    const upload = url.pathname.startsWith("/upload/drive/v3/files");
    const idMatch = /^\/(?:upload\/)?drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
    const id = idMatch ? decodeURIComponent(idMatch[1]) : null;
    if (upload) {
      const parsed = parseMultipart(
        request.postDataBuffer() ?? Buffer.alloc(0),
        request.headers()["content-type"] ?? "",
      );
      if (!parsed) return error(400, "badRequest");
      if (!id && parsed.metadata.id && this.files.has(parsed.metadata.id))
        return error(409, "duplicate");
      if (!id) return json(this.meta(this.create(parsed.metadata, parsed.content)));
      const file = this.files.get(id);
      if (!file || file.trashed) return error(404, "notFound");
      if (!file.canEdit) return error(403, "insufficientFilePermissions");
      if (parsed.metadata.name) file.name = parsed.metadata.name;
      this.write(file, parsed.content);
      return json(this.meta(file));
    }
    if (id) {
      const file = this.files.get(id);
      if (!file) return error(404, "notFound");
      if (method === "PATCH") {
        const body = JSON.parse(request.postData() ?? "{}");
        if (body.name) file.name = body.name;
        if (body.appProperties) Object.assign(file.appProperties, body.appProperties);
        this.changeLog.push(file.id);
        return json(this.meta(file));
      }
      if (url.searchParams.get("alt") === "media") {
        return route.fulfill({ headers: CORS, contentType: "text/plain", body: file.bytes });
      }
      return json(this.meta(file));
    }
    if (url.pathname === "/drive/v3/files" && method === "POST") {
      const metadata = JSON.parse(request.postData() ?? "{}");
      return json(this.meta(this.create(metadata, Buffer.alloc(0))));
    }
    if (url.pathname === "/drive/v3/files" && method === "GET") {
      const q = url.searchParams.get("q") ?? "";
      const query = parseQuery(q);
      const mark = /appProperties has \{ key='([^']+)' and value='([^']+)' \}/.exec(q);
      const files = [...this.files.values()]
        .filter((file) => !mark || file.appProperties[mark[1]] === mark[2])
        .filter(
          (file) =>
            (query.name === null || file.name === query.name) &&
            (query.mimeType === null || file.mimeType === query.mimeType) &&
            (query.parent === null || file.parents.includes(query.parent)) &&
            !(query.notTrashed && file.trashed),
        );
      return json({ files: files.map((file) => this.meta(file)) });
    }
    return route.fulfill({ status: 404, headers: CORS, body: "not faked" });
  }
}

// Google's sign-in library as the sync uses it: a token client that grants a token from the
// shared Drive (asked through an exposed function), and revoke.
const GIS_SCRIPT = `
(() => {
  window.google = window.google || {};
  window.google.accounts = { oauth2: {
    initTokenClient(config) {
      window.__syncFakeTokenClient = true;
      return { requestAccessToken() {
        window.__syncFakeTokenRequests = (window.__syncFakeTokenRequests || 0) + 1;
        // Google's window opens only inside the person's click (or key): as the browser does,
        // a request outside one fails.
        if (!(navigator.userActivation && navigator.userActivation.isActive)) {
          window.__syncFakeRefused = (window.__syncFakeRefused || 0) + 1;
          setTimeout(() => config.error_callback && config.error_callback({
            type: "popup_failed_to_open", message: "Failed to open popup window" }), 20);
          return;
        }
        window.__syncFakeGrant().then((token) => config.callback({ access_token: token,
          expires_in: "3599", token_type: "Bearer", scope: config.scope }));
      } };
    },
    revoke(token, done) { done(); },
    hasGrantedAllScopes(response, ...scopes) {
      const granted = String(response.scope || "").split(" ");
      return scopes.every((scope) => granted.includes(scope));
    },
  } };
})();
`;

/**
 * Installs `drive` (and Google's sign-in script) on a browser context: every page of it then
 * talks to that Drive. Call before the first navigation.
 */
export async function installSyncDrive(context, drive) {
  await context.exposeFunction("__syncFakeGrant", () => drive.grantToken());
  await context.addInitScript((appId) => {
    window.__PLAINPAD_DRIVE_CONFIG__ = {
      clientId: "test-client.apps.googleusercontent.com",
      apiKey: "test-key",
      appId,
      readonly: false,
    };
  }, SYNC_FAKE_APP_ID);
  await context.route("https://accounts.google.com/**", (route) =>
    route.request().url().startsWith("https://accounts.google.com/gsi/client")
      ? route.fulfill({ contentType: "text/javascript", body: GIS_SCRIPT })
      : route.fulfill({ status: 404, body: "" }),
  );
  await context.route("https://apis.google.com/**", (route) =>
    route.fulfill({ status: 404, body: "" }),
  );
  await context.route("https://oauth2.googleapis.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
  );
  await context.route("https://www.googleapis.com/**", (route) => drive.answer(route));
}
