import { describe, expect, it, vi } from "vitest";
import { DriveModel, FOLDER_MIME, type ModelRequest } from "../../tests/support/drive-model";
import { modelFetch } from "../../tests/support/drive-model-fetch";
import { DriveHttpError, DriveNetworkError, DriveTimeoutError } from "./errors";
import { driveRequest, type DriveHttpContext } from "./http";
import {
  APP_FOLDER_NAME,
  DRIVE_FILES_URL,
  MAX_UPLOAD_INTERRUPTIONS,
  RESUMABLE_THRESHOLD_BYTES,
  receivedBytes,
  ensureAppFolder,
  fetchUserEmail,
  getFileContent,
  getFileMetadata,
  uploadTextFile,
} from "./rest";

/*
 * Against the one fake Drive (tests/support/drive-model.ts): each request the calls make is
 * recorded as the model received it, and what they did is read back from the Drive itself.
 */

/** A request as Drive received it (its body as UTF-8 text). */
interface Seen {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
}

/**
 * A fake Drive, the requests it received, and a context with a fixed token ("token-1", renewed
 * to "token-2"), a recorded instant sleep and no jitter randomness.
 */
function setup() {
  const model = new DriveModel();
  const seen: Seen[] = [];
  model.beforeAnswer = (request: ModelRequest) => {
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: Buffer.from(request.body).toString("utf8"),
    });
  };
  const sleeps: number[] = [];
  const renewals: string[] = [];
  const context: DriveHttpContext = {
    tokens: {
      getToken: async () => "token-1",
      renewToken: async () => {
        renewals.push("renewed");
        return "token-2";
      },
    },
    fetchImpl: modelFetch(model),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  };
  return { model, seen, context, sleeps, renewals };
}

function boundaryOf(seen: Seen): string {
  const match = /^multipart\/related; boundary=(\S+)$/.exec(seen.headers["content-type"] ?? "");
  expect(match, "multipart content type").not.toBeNull();
  return match![1];
}

function expectedBody(boundary: string, metadata: object, content: string): string {
  return [
    `--${boundary}`,
    "Content-Type: application/json; charset=UTF-8",
    "",
    JSON.stringify(metadata),
    `--${boundary}`,
    "Content-Type: text/plain; charset=UTF-8",
    "",
    content,
    `--${boundary}--`,
  ].join("\r\n");
}

/** The DriveHttpError a call fails with. */
async function httpError(pending: Promise<unknown>): Promise<DriveHttpError> {
  const error = await pending.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DriveHttpError);
  return error as DriveHttpError;
}

/** Requests to the upload endpoint. */
function uploads(seen: Seen[]): Seen[] {
  return seen.filter((s) => s.url.pathname.startsWith("/upload/"));
}

describe("uploads", () => {
  it("creates a new file with a multipart POST into the app folder", async () => {
    const { model, seen, context } = setup();
    const folder = model.addFolder(APP_FOLDER_NAME);
    const content = "Hello, Drive — ünïcode\nline 2";
    expect(await ensureAppFolder(context)).toBe(folder.id);
    const id = await uploadTextFile(context, {
      fileId: null,
      name: "notes.txt",
      content,
      parentId: folder.id,
    });
    const file = model.files.get(id)!;
    expect([file.name, file.mimeType, file.parents, model.text(id)]).toEqual([
      "notes.txt",
      "text/plain",
      [folder.id],
      content,
    ]);
    const [search, upload] = seen;
    expect(search.url.searchParams.get("q")).toBe(
      "name='Plainpad Documents' and mimeType='application/vnd.google-apps.folder' and 'me' in owners and trashed=false",
    );
    expect(upload.method).toBe("POST");
    expect(upload.url.searchParams.get("uploadType")).toBe("multipart");
    expect(upload.headers["authorization"]).toBe("Bearer token-1");
    expect(upload.body).toBe(
      expectedBody(
        boundaryOf(upload),
        { name: "notes.txt", mimeType: "text/plain", parents: [folder.id] },
        content,
      ),
    );
  });

  it("updates an existing file with a multipart PATCH to files/{id}", async () => {
    const { model, seen, context } = setup();
    model.addFile("a.txt", "old text", { id: "abc 1" });
    const id = await uploadTextFile(context, {
      fileId: "abc 1",
      name: "a.txt",
      content: "new text",
    });
    expect(id).toBe("abc 1");
    expect(model.revisionTexts("abc 1")).toEqual(["old text", "new text"]);
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe("PATCH");
    expect(seen[0].url.pathname).toBe("/upload/drive/v3/files/abc%201");
    expect(seen[0].url.searchParams.get("uploadType")).toBe("multipart");
    expect(seen[0].body).toBe(
      expectedBody(boundaryOf(seen[0]), { name: "a.txt", mimeType: "text/plain" }, "new text"),
    );
  });

  it("creates the app folder, marked, when the search finds none", async () => {
    const { model, seen, context } = setup();
    const id = await ensureAppFolder(context);
    expect(model.foldersNamed(APP_FOLDER_NAME).map((f) => [f.id, f.appProperties])).toEqual([
      [id, { plainpadFolder: "1" }],
    ]);
    expect(JSON.parse(seen[1].body)).toEqual({
      name: "Plainpad Documents",
      mimeType: FOLDER_MIME,
      appProperties: { plainpadFolder: "1" },
    });
  });

  it("fails with 'Drive upload failed: {status} {body}' and does not retry a 400", async () => {
    const { model, context, sleeps } = setup();
    model.faults = [{ kind: "create", status: 400, reason: "badRequest" }];
    const error = await httpError(
      uploadTextFile(context, { fileId: null, name: "x.txt", content: "x" }),
    );
    expect(error.message).toMatch(/^Drive upload failed: 400 \{"error":/);
    expect(error.reasons).toEqual(["badRequest"]);
    expect(model.count("create")).toBe(1);
    expect(model.fileNamed("x.txt")).toBeUndefined();
    expect(sleeps).toEqual([]);
  });

  it("retries 429 and 503 with growing, jittered waits, then succeeds", async () => {
    const { model, context, sleeps } = setup();
    model.addFile("a.txt", "old", { id: "f1" });
    model.faults = [
      { kind: "upload", status: 429, reason: "rateLimitExceeded" },
      { kind: "upload", status: 503, reason: "backendError" },
    ];
    await expect(
      uploadTextFile(context, { fileId: "f1", name: "a.txt", content: "text" }),
    ).resolves.toBe("f1");
    expect(model.text("f1")).toBe("text");
    // base 1000 ms doubling, plus random() (0.5 here) times the same again.
    expect(sleeps).toEqual([1500, 3000]);
  });

  it("waits at least as long as Retry-After says", async () => {
    const { model, context, sleeps } = setup();
    model.addFile("a.txt", "old", { id: "f1" });
    model.faults = [{ kind: "upload", status: 503, reason: "backendError", retryAfter: 7 }];
    await uploadTextFile(context, { fileId: "f1", name: "a.txt", content: "text" });
    expect(sleeps).toEqual([7000]);
    expect(model.text("f1")).toBe("text");
  });

  it("gives up after three tries of 503", async () => {
    const { model, context, sleeps } = setup();
    model.addFile("a.txt", "old", { id: "f1" });
    model.faults = [{ kind: "upload", status: 503, reason: "backendError", times: 5 }];
    await expect(
      uploadTextFile(context, { fileId: "f1", name: "a.txt", content: "text" }),
    ).rejects.toThrow(/^Drive upload failed: 503 .*Backend Error/);
    expect(model.count("upload")).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(model.text("f1")).toBe("old");
  });

  it("retries a 403 rate limit but not a 403 permission error or a 404", async () => {
    const { model, context, sleeps } = setup();
    model.addFile("a.txt", "theirs", { id: "f" }).canEdit = false;
    model.faults = [{ kind: "upload", status: 403, reason: "userRateLimitExceeded" }];
    const upload = () =>
      httpError(uploadTextFile(context, { fileId: "f", name: "a.txt", content: "t" }));
    const error = await upload();
    expect(error.status).toBe(403);
    expect(error.reasons).toEqual(["insufficientFilePermissions"]);
    expect(error.isPermissionDenied).toBe(true);
    expect(model.count("upload")).toBe(2);
    expect(sleeps).toHaveLength(1);
    expect(model.text("f")).toBe("theirs");

    model.deleteFile("f");
    const notFound = await upload();
    expect(notFound.isNotFound).toBe(true);
    expect(model.count("upload")).toBe(3);
  });

  it("renews the token once on 401 and retries with the new one", async () => {
    const { model, seen, context, renewals } = setup();
    model.addFile("a.txt", "old", { id: "f1" });
    model.acceptedTokens = new Set(["token-2"]); // token-1 expired
    await expect(
      uploadTextFile(context, { fileId: "f1", name: "a.txt", content: "t" }),
    ).resolves.toBe("f1");
    expect(seen.map((s) => s.headers["authorization"])).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
    expect(renewals).toEqual(["renewed"]);
    expect(model.text("f1")).toBe("t");
  });

  it("does not renew twice when the new token is refused too", async () => {
    const { model, context, renewals } = setup();
    model.revokeTokens();
    await expect(
      uploadTextFile(context, { fileId: null, name: "a.txt", content: "t" }),
    ).rejects.toThrow(/^Drive upload failed: 401 .*Invalid Credentials/);
    expect(model.count("create")).toBe(2);
    expect(renewals).toHaveLength(1);
    expect(model.fileNamed("a.txt")).toBeUndefined();
  });

  it("sends documents over 5 MB with a resumable upload", async () => {
    const { model, seen, context } = setup();
    const folder = model.addFolder(APP_FOLDER_NAME);
    const content = "a".repeat(RESUMABLE_THRESHOLD_BYTES + 10);
    const id = await uploadTextFile(context, {
      fileId: null,
      name: "big.txt",
      content,
      parentId: folder.id,
    });
    expect(model.text(id)).toBe(content);
    expect(model.files.get(id)!.parents).toEqual([folder.id]);
    expect(seen[0].url.searchParams.get("uploadType")).toBe("resumable");
    expect(JSON.parse(seen[0].body)).toEqual({
      name: "big.txt",
      mimeType: "text/plain",
      parents: [folder.id],
    });
    expect(seen[0].headers["x-upload-content-length"]).toBe(String(content.length));
    expect(seen[1].method).toBe("PUT");
    expect(seen[1].url.searchParams.get("upload_id")).toBeTruthy();
    expect(seen).toHaveLength(2);
  });
});

/**
 * The upload requests as a log: "start" (a session opened), "send <session> <Content-Range>"
 * and "query <session>" (a status query, `bytes *\/N`).
 */
function sessionLog(seen: Seen[]): string[] {
  return uploads(seen).map((s) => {
    const session = s.url.searchParams.get("upload_id");
    const range = s.headers["content-range"] ?? "";
    if (!session) return "start";
    return range.startsWith("bytes */") ? `query ${session}` : `send ${session} ${range}`;
  });
}

/** A 5 MB+ text whose bytes differ by position, so a mis-joined upload shows. */
function bigText(): string {
  const line = "0123456789abcdefghijklmnopqrstuvwxyz – ünïcödé\n";
  return line.repeat(Math.ceil((RESUMABLE_THRESHOLD_BYTES + 1000) / line.length));
}

/** The files named big.txt in the fake Drive. */
function bigFiles(model: DriveModel) {
  return [...model.files.values()].filter((file) => file.name === "big.txt");
}

/**
 * Uploads {@link bigText} as a new file against `drive`; checks that Drive holds exactly that
 * text in one file with one revision, and returns what the test checks besides.
 */
async function uploadBig(drive: ReturnType<typeof setup>) {
  const content = bigText();
  const total = Buffer.byteLength(content);
  const id = await uploadTextFile(drive.context, { fileId: null, name: "big.txt", content });
  expect(bigFiles(drive.model).map((file) => [file.id, file.revisions.length])).toEqual([[id, 1]]);
  expect(drive.model.text(id)).toBe(content);
  return { total, log: sessionLog(drive.seen) };
}

describe("resumable uploads that resume", () => {
  const MB = 1024 * 1024;

  it("reads the Range of a 308", () => {
    expect(receivedBytes("bytes=0-1048575", 5 * MB)).toBe(MB);
    expect(receivedBytes(null, 5 * MB)).toBe(0);
    expect(receivedBytes("bytes=0-99", 50)).toBe(0); // more than there is: start again
    expect(receivedBytes("garbage", 50)).toBe(0);
  });

  it("after a dropped connection asks for the status (308 + Range) and sends only the rest", async () => {
    const drive = setup();
    drive.model.faults = [{ kind: "upload", effect: "lost", keepBytes: MB }];
    const { total, log } = await uploadBig(drive);
    expect(log).toEqual([
      "start",
      `send upload-1 bytes 0-${total - 1}/${total}`,
      "query upload-1",
      `send upload-1 bytes ${MB}-${total - 1}/${total}`,
    ]);
    expect(drive.sleeps).toHaveLength(1); // one backoff before asking
  });

  it("after a 5xx with nothing received (308 without Range) sends everything again", async () => {
    const drive = setup();
    drive.model.faults = [{ kind: "upload", status: 503, reason: "backendError" }];
    const { total, log } = await uploadBig(drive);
    expect(log).toEqual([
      "start",
      `send upload-1 bytes 0-${total - 1}/${total}`,
      "query upload-1",
      `send upload-1 bytes 0-${total - 1}/${total}`,
    ]);
  });

  it("when the answer was lost but Google had it all, the status query gives the file", async () => {
    const drive = setup();
    drive.model.faults = [{ kind: "upload", effect: "lost" }];
    const { log } = await uploadBig(drive);
    expect(log.filter((entry) => entry.startsWith("send"))).toHaveLength(1);
    expect(log.at(-1)).toBe("query upload-1");
  });

  it("a session that expired (404 on send, 410 on a status query) starts a new one", async () => {
    const drive = setup();
    drive.model.faults = [
      { kind: "upload", effect: "expire", status: 404 },
      { kind: "upload", effect: "lost", keepBytes: MB },
      { kind: "upload", effect: "expire", status: 410 },
    ];
    const { total, log } = await uploadBig(drive);
    expect(log).toEqual([
      "start",
      `send upload-1 bytes 0-${total - 1}/${total}`, // 404: expired
      "start",
      `send upload-2 bytes 0-${total - 1}/${total}`, // dropped after 1 MB
      "query upload-2", // 410: expired as well
      "start",
      `send upload-3 bytes 0-${total - 1}/${total}`,
    ]);
  });

  it("a status query that fails is asked again after a wait", async () => {
    const drive = setup();
    drive.model.faults = [
      { kind: "upload", effect: "lost", keepBytes: 2 * MB },
      { kind: "upload", effect: "lost" },
      { kind: "upload", status: 502, reason: "backendError" },
    ];
    const { total, log } = await uploadBig(drive);
    expect(log.slice(2)).toEqual([
      "query upload-1",
      "query upload-1",
      "query upload-1",
      `send upload-1 bytes ${2 * MB}-${total - 1}/${total}`,
    ]);
    expect(drive.sleeps).toHaveLength(3);
    expect(drive.sleeps[1]).toBeGreaterThan(drive.sleeps[0]); // backoff grows
  });

  it("gives up after repeated interruptions without reporting the file saved", async () => {
    const { model, seen, context } = setup();
    const content = bigText();
    const total = Buffer.byteLength(content);
    model.faults = [
      { kind: "upload", effect: "lost", keepBytes: 0, times: 2 * (MAX_UPLOAD_INTERRUPTIONS + 1) },
    ];
    await expect(
      uploadTextFile(context, { fileId: null, name: "big.txt", content }),
    ).rejects.toBeInstanceOf(DriveNetworkError);
    expect(bigFiles(model)).toEqual([]);
    // Drive holds nothing of it: the session answers 308 without a Range.
    model.faults = [];
    const status = await modelFetch(model)(uploads(seen).at(-1)!.url, {
      method: "PUT",
      headers: { "Content-Range": `bytes */${total}` },
    });
    expect([status.status, status.headers.get("range")]).toEqual([308, null]);
  });
});

describe("reads", () => {
  it("reads content with alt=media and metadata with fields id,name,mimeType", async () => {
    const { model, seen, context } = setup();
    model.addFile("notes.txt", "file text ✓", { id: "f1" });
    await expect(getFileContent(context, "f1")).resolves.toBe("file text ✓");
    await expect(getFileMetadata(context, "f1")).resolves.toEqual({
      id: "f1",
      name: "notes.txt",
      mimeType: "text/plain",
    });
    expect(seen[0].url.pathname).toBe("/drive/v3/files/f1");
    expect(seen[0].url.searchParams.get("alt")).toBe("media");
    expect(seen[1].url.searchParams.get("fields")).toBe("id,name,mimeType");
  });

  it("says 'Failed to load file content' when the content answer is not ok", async () => {
    const { context } = setup();
    await expect(getFileContent(context, "gone")).rejects.toThrow("Failed to load file content");
  });

  it("gives an empty e-mail when user info fails, the address when it works", async () => {
    const { model } = setup();
    model.acceptedTokens = new Set(["t"]);
    const email = (token = "t") => fetchUserEmail(token, modelFetch(model));
    model.faults = [{ kind: "userinfo", status: 403, reason: "insufficientPermissions" }];
    await expect(email()).resolves.toBe("");
    model.faults = [{ kind: "userinfo", effect: "lost" }];
    await expect(email()).resolves.toBe("");
    await expect(email("expired")).resolves.toBe(""); // 401
    await expect(email()).resolves.toBe(model.accountEmail);
  });
});

describe("time limits", () => {
  it("aborts a call that never answers with a timeout error", async () => {
    const { model, context } = setup();
    model.addFile("slow.txt", "x", { id: "slow" });
    model.faults = [{ kind: "get", effect: "hang" }];
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const pending = driveRequest(
        context,
        { url: `${DRIVE_FILES_URL}/slow`, operation: "metadata", timeoutMs: 5_000 },
        (response) => response.text(),
      ).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5_001);
      const error = await pending;
      expect(error).toBeInstanceOf(DriveTimeoutError);
      expect((error as Error).message).toBe("Google Drive did not answer within 5 seconds.");
    } finally {
      vi.useRealTimers();
    }
  });
});
