import { http, HttpResponse, delay } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DriveHttpError, DriveNetworkError, DriveTimeoutError } from "./errors";
import { driveRequest, type DriveHttpContext } from "./http";
import {
  APP_FOLDER_NAME,
  DRIVE_FILES_URL,
  DRIVE_UPLOAD_URL,
  MAX_UPLOAD_INTERRUPTIONS,
  RESUMABLE_THRESHOLD_BYTES,
  USERINFO_URL,
  receivedBytes,
  ensureAppFolder,
  fetchUserEmail,
  getFileContent,
  getFileMetadata,
  uploadTextFile,
} from "./rest";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A context with a fixed token, a recorded instant sleep and no jitter randomness. */
function makeContext(token = "token-1") {
  const sleeps: number[] = [];
  const renewals: string[] = [];
  const context: DriveHttpContext = {
    tokens: {
      getToken: async () => token,
      renewToken: async () => {
        renewals.push("renewed");
        return "token-2";
      },
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  };
  return { context, sleeps, renewals };
}

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

async function record(request: Request, seen: Seen[]): Promise<void> {
  seen.push({
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    body: await request.text(),
  });
}

function boundaryOf(seen: Seen): string {
  const match = /^multipart\/related; boundary=(\S+)$/.exec(seen.headers.get("content-type") ?? "");
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

describe("uploads", () => {
  it("creates a new file with a multipart POST into the app folder", async () => {
    const seen: Seen[] = [];
    server.use(
      http.get(DRIVE_FILES_URL, async ({ request }) => {
        await record(request, seen);
        return HttpResponse.json({ files: [{ id: "folder-9", name: APP_FOLDER_NAME }] });
      }),
      http.post(DRIVE_UPLOAD_URL, async ({ request }) => {
        await record(request, seen);
        return HttpResponse.json({ id: "new-id-1" });
      }),
    );
    const { context } = makeContext();
    const folder = await ensureAppFolder(context);
    const id = await uploadTextFile(context, {
      fileId: null,
      name: "notes.txt",
      content: "Hello, Drive — ünïcode\nline 2",
      parentId: folder,
    });
    expect(id).toBe("new-id-1");
    const [search, upload] = seen;
    expect(search.url.searchParams.get("q")).toBe(
      "name='Plainpad Documents' and mimeType='application/vnd.google-apps.folder' and 'me' in owners and trashed=false",
    );
    expect(upload.method).toBe("POST");
    expect(upload.url.searchParams.get("uploadType")).toBe("multipart");
    expect(upload.headers.get("authorization")).toBe("Bearer token-1");
    const boundary = boundaryOf(upload);
    expect(upload.body).toBe(
      expectedBody(
        boundary,
        { name: "notes.txt", mimeType: "text/plain", parents: ["folder-9"] },
        "Hello, Drive — ünïcode\nline 2",
      ),
    );
  });

  it("updates an existing file with a multipart PATCH to files/{id}", async () => {
    const seen: Seen[] = [];
    server.use(
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, async ({ request, params }) => {
        await record(request, seen);
        return HttpResponse.json({ id: params.id });
      }),
    );
    const { context } = makeContext();
    const id = await uploadTextFile(context, {
      fileId: "abc 1",
      name: "a.txt",
      content: "new text",
    });
    expect(id).toBe("abc 1");
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe("PATCH");
    expect(seen[0].url.pathname).toBe("/upload/drive/v3/files/abc%201");
    expect(seen[0].url.searchParams.get("uploadType")).toBe("multipart");
    expect(seen[0].body).toBe(
      expectedBody(boundaryOf(seen[0]), { name: "a.txt", mimeType: "text/plain" }, "new text"),
    );
  });

  it("creates the app folder when the search finds none", async () => {
    const created: unknown[] = [];
    server.use(
      http.get(DRIVE_FILES_URL, () => HttpResponse.json({ files: [] })),
      http.post(DRIVE_FILES_URL, async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ id: "folder-new" });
      }),
    );
    await expect(ensureAppFolder(makeContext().context)).resolves.toBe("folder-new");
    expect(created).toEqual([
      {
        name: "Plainpad Documents",
        mimeType: "application/vnd.google-apps.folder",
        appProperties: { plainpadFolder: "1" },
      },
    ]);
  });

  it("fails with 'Drive upload failed: {status} {body}' and does not retry a 400", async () => {
    let calls = 0;
    server.use(
      http.post(DRIVE_UPLOAD_URL, () => {
        calls++;
        return new HttpResponse("bad metadata", { status: 400 });
      }),
    );
    const { context, sleeps } = makeContext();
    await expect(
      uploadTextFile(context, { fileId: null, name: "x.txt", content: "x" }),
    ).rejects.toThrow("Drive upload failed: 400 bad metadata");
    expect(calls).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("retries 429 and 503 with growing, jittered waits, then succeeds", async () => {
    const answers = [429, 503];
    server.use(
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, () => {
        const status = answers.shift();
        return status ? new HttpResponse("busy", { status }) : HttpResponse.json({ id: "f1" });
      }),
    );
    const { context, sleeps } = makeContext();
    await expect(
      uploadTextFile(context, { fileId: "f1", name: "a.txt", content: "text" }),
    ).resolves.toBe("f1");
    // base 1000 ms doubling, plus random() (0.5 here) times the same again.
    expect(sleeps).toEqual([1500, 3000]);
  });

  it("gives up after three tries of 503", async () => {
    let calls = 0;
    server.use(
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, () => {
        calls++;
        return new HttpResponse("backend error", { status: 503 });
      }),
    );
    const { context, sleeps } = makeContext();
    await expect(
      uploadTextFile(context, { fileId: "f1", name: "a.txt", content: "text" }),
    ).rejects.toThrow("Drive upload failed: 503 backend error");
    expect(calls).toBe(3);
    expect(sleeps).toHaveLength(2);
  });

  it("retries a 403 rate limit but not a 403 permission error or a 404", async () => {
    const rateLimit = JSON.stringify({
      error: { code: 403, errors: [{ reason: "userRateLimitExceeded" }] },
    });
    const forbidden = JSON.stringify({
      error: { code: 403, errors: [{ reason: "insufficientFilePermissions" }] },
    });
    const answers: [number, string][] = [
      [403, rateLimit],
      [403, forbidden],
    ];
    let calls = 0;
    server.use(
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, () => {
        calls++;
        const [status, body] = answers.shift() ?? [404, "not found"];
        return new HttpResponse(body, { status });
      }),
    );
    const { context, sleeps } = makeContext();
    const error = await uploadTextFile(context, { fileId: "f", name: "a.txt", content: "t" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DriveHttpError);
    expect((error as DriveHttpError).status).toBe(403);
    expect((error as DriveHttpError).isPermissionDenied).toBe(true);
    expect(calls).toBe(2);
    expect(sleeps).toHaveLength(1);

    const notFound = await uploadTextFile(context, {
      fileId: "f",
      name: "a.txt",
      content: "t",
    }).catch((e: unknown) => e);
    expect((notFound as DriveHttpError).isNotFound).toBe(true);
    expect(calls).toBe(3);
  });

  it("renews the token once on 401 and retries with the new one", async () => {
    const authorizations: string[] = [];
    server.use(
      http.patch(`${DRIVE_UPLOAD_URL}/:id`, ({ request }) => {
        const auth = request.headers.get("authorization") ?? "";
        authorizations.push(auth);
        return auth === "Bearer token-2"
          ? HttpResponse.json({ id: "f1" })
          : new HttpResponse("expired", { status: 401 });
      }),
    );
    const { context, renewals } = makeContext();
    await expect(
      uploadTextFile(context, { fileId: "f1", name: "a.txt", content: "t" }),
    ).resolves.toBe("f1");
    expect(authorizations).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(renewals).toEqual(["renewed"]);
  });

  it("does not renew twice when the new token is refused too", async () => {
    let calls = 0;
    server.use(
      http.post(DRIVE_UPLOAD_URL, () => {
        calls++;
        return new HttpResponse("nope", { status: 401 });
      }),
    );
    const { context, renewals } = makeContext();
    await expect(
      uploadTextFile(context, { fileId: null, name: "a.txt", content: "t" }),
    ).rejects.toThrow("Drive upload failed: 401 nope");
    expect(calls).toBe(2);
    expect(renewals).toHaveLength(1);
  });

  it("sends documents over 5 MB with a resumable upload", async () => {
    const seen: Seen[] = [];
    const session =
      "https://www.googleapis.com/upload/drive/v3/files?uploadType=resumable&upload_id=xyz";
    server.use(
      http.post(DRIVE_UPLOAD_URL, async ({ request }) => {
        await record(request, seen);
        return new HttpResponse(null, { status: 200, headers: { Location: session } });
      }),
      http.put(DRIVE_UPLOAD_URL, async ({ request }) => {
        await record(request, seen);
        return HttpResponse.json({ id: "big-1" });
      }),
    );
    const content = "a".repeat(RESUMABLE_THRESHOLD_BYTES + 10);
    const { context } = makeContext();
    await expect(
      uploadTextFile(context, { fileId: null, name: "big.txt", content, parentId: "p" }),
    ).resolves.toBe("big-1");
    expect(seen[0].url.searchParams.get("uploadType")).toBe("resumable");
    expect(JSON.parse(seen[0].body)).toEqual({
      name: "big.txt",
      mimeType: "text/plain",
      parents: ["p"],
    });
    expect(seen[0].headers.get("x-upload-content-length")).toBe(String(content.length));
    expect(seen[1].method).toBe("PUT");
    expect(seen[1].url.searchParams.get("upload_id")).toBe("xyz");
    expect(seen[1].body).toBe(content);
  });
});

/** What the fake session does with one PUT that sends content. */
type SendFault =
  /** Keep the first `keep` bytes, then the connection drops (no answer). */
  | { drop: number }
  /** Answer with this status without keeping anything (503, 404 or 410). */
  | { status: number };

/**
 * Google's side of a resumable upload, as Drive's "Resume an interrupted upload" describes it:
 * a session URI from the Location header; PUTs with Content-Range append bytes; an empty PUT
 * with `Content-Range: bytes *\/N` answers 308 with `Range: bytes=0-<last>` (no Range when
 * nothing arrived) or 200 with the file once complete; an expired session answers 404.
 */
function fakeResumableDrive(faults: SendFault[], queryFaults: SendFault[] = []) {
  const log: string[] = [];
  const sessions = new Map<string, { bytes: Uint8Array[]; size: number; expired: boolean }>();
  let sessionCount = 0;
  const held = (id: string) => sessions.get(id)!.bytes.reduce((n, part) => n + part.length, 0);
  const assembled = (id: string) => Buffer.concat(sessions.get(id)!.bytes).toString("utf8");
  server.use(
    http.post(DRIVE_UPLOAD_URL, ({ request }) => {
      const id = `s${++sessionCount}`;
      sessions.set(id, {
        bytes: [],
        size: Number(request.headers.get("x-upload-content-length")),
        expired: false,
      });
      log.push(`start ${id}`);
      return new HttpResponse(null, {
        status: 200,
        headers: { Location: `${DRIVE_UPLOAD_URL}?uploadType=resumable&upload_id=${id}` },
      });
    }),
    http.put(DRIVE_UPLOAD_URL, async ({ request }) => {
      const id = new URL(request.url).searchParams.get("upload_id")!;
      const session = sessions.get(id)!;
      const range = request.headers.get("content-range") ?? "";
      const body = new Uint8Array(await request.arrayBuffer());
      const complete = () => HttpResponse.json({ id: "big-1" }, { status: 200 });
      const incomplete = () => {
        const n = held(id);
        return new HttpResponse(null, {
          status: 308,
          headers: n > 0 ? { Range: `bytes=0-${n - 1}` } : {},
        });
      };
      if (range === `bytes */${session.size}`) {
        log.push(`query ${id}`);
        const fault = queryFaults.shift();
        if (fault && "drop" in fault) return HttpResponse.error();
        if (fault) return new HttpResponse("fault", { status: fault.status });
        if (session.expired) return new HttpResponse("Not Found", { status: 404 });
        return held(id) === session.size ? complete() : incomplete();
      }
      log.push(`send ${id} ${range}`);
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
      expect(match, `Content-Range ${range}`).not.toBeNull();
      expect(Number(match![1])).toBe(held(id)); // only the rest is sent
      expect(body.length).toBe(Number(match![2]) - Number(match![1]) + 1);
      const fault = faults.shift();
      if (fault && "drop" in fault) {
        session.bytes.push(body.slice(0, fault.drop));
        return HttpResponse.error();
      }
      if (fault) {
        if (fault.status === 404 || fault.status === 410) session.expired = true;
        return new HttpResponse("fault", { status: fault.status });
      }
      session.bytes.push(body);
      return held(id) === session.size ? complete() : incomplete();
    }),
  );
  return { log, assembled, held };
}

/** A 5 MB+ text whose bytes differ by position, so a mis-joined upload shows. */
function bigText(): string {
  const line = "0123456789abcdefghijklmnopqrstuvwxyz – ünïcödé\n";
  return line.repeat(Math.ceil((RESUMABLE_THRESHOLD_BYTES + 1000) / line.length));
}

/**
 * makeContext, with fetch told not to follow redirects. Browsers (and undici) hand a 308
 * without a Location header to the page as it is, which the upload relies on; MSW's fetch
 * interceptor instead tries to follow every 3xx and fails. "manual" makes MSW return the 308
 * as the browser would.
 */
function resumableContext() {
  const made = makeContext();
  made.context.fetchImpl = (input, init) => fetch(input, { ...init, redirect: "manual" });
  return made;
}

/** Uploads {@link bigText} (expecting Google's "big-1"); what the test checks afterwards. */
async function uploadBig() {
  const content = bigText();
  const total = Buffer.byteLength(content);
  const { context, sleeps } = resumableContext();
  await expect(uploadTextFile(context, { fileId: null, name: "big.txt", content })).resolves.toBe(
    "big-1",
  );
  return { content, total, sleeps };
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
    const google = fakeResumableDrive([{ drop: MB }]);
    const { content, total, sleeps } = await uploadBig();
    expect(google.log).toEqual([
      "start s1",
      `send s1 bytes 0-${total - 1}/${total}`,
      "query s1",
      `send s1 bytes ${MB}-${total - 1}/${total}`,
    ]);
    expect(google.assembled("s1")).toBe(content);
    expect(sleeps).toHaveLength(1); // one backoff before asking
  });

  it("after a 5xx with nothing received (308 without Range) sends everything again", async () => {
    const google = fakeResumableDrive([{ status: 503 }]);
    const { content, total } = await uploadBig();
    expect(google.log).toEqual([
      "start s1",
      `send s1 bytes 0-${total - 1}/${total}`,
      "query s1",
      `send s1 bytes 0-${total - 1}/${total}`,
    ]);
    expect(google.assembled("s1")).toBe(content);
  });

  it("when the answer was lost but Google had it all, the status query gives the file", async () => {
    const content = bigText();
    const google = fakeResumableDrive([{ drop: Buffer.byteLength(content) }]);
    const { context } = resumableContext();
    await expect(uploadTextFile(context, { fileId: null, name: "big.txt", content })).resolves.toBe(
      "big-1",
    );
    expect(google.log.filter((entry) => entry.startsWith("send"))).toHaveLength(1);
    expect(google.log.at(-1)).toBe("query s1");
  });

  it("a session that expired (404 on send, 410 on a status query) starts a new one", async () => {
    const content = bigText();
    const total = Buffer.byteLength(content);
    const google = fakeResumableDrive([{ status: 404 }, { drop: MB }], [{ status: 410 }]);
    const { context } = resumableContext();
    await expect(uploadTextFile(context, { fileId: null, name: "big.txt", content })).resolves.toBe(
      "big-1",
    );
    expect(google.log).toEqual([
      "start s1",
      `send s1 bytes 0-${total - 1}/${total}`, // 404: expired
      "start s2",
      `send s2 bytes 0-${total - 1}/${total}`, // dropped after 1 MB
      "query s2", // 410: expired as well
      "start s3",
      `send s3 bytes 0-${total - 1}/${total}`,
    ]);
    expect(google.assembled("s3")).toBe(content);
  });

  it("a status query that fails is asked again after a wait", async () => {
    const google = fakeResumableDrive([{ drop: 2 * MB }], [{ drop: 0 }, { status: 502 }]);
    const { content, total, sleeps } = await uploadBig();
    expect(google.log.slice(2)).toEqual([
      "query s1",
      "query s1",
      "query s1",
      `send s1 bytes ${2 * MB}-${total - 1}/${total}`,
    ]);
    expect(sleeps).toHaveLength(3);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0]); // backoff grows
    expect(google.assembled("s1")).toBe(content);
  });

  it("gives up after repeated interruptions without reporting the file saved", async () => {
    const drops = Array.from({ length: MAX_UPLOAD_INTERRUPTIONS + 1 }, () => ({ drop: 0 }));
    const google = fakeResumableDrive(drops, [...drops]);
    const { context } = resumableContext();
    await expect(
      uploadTextFile(context, { fileId: null, name: "big.txt", content: bigText() }),
    ).rejects.toBeInstanceOf(DriveNetworkError);
    expect(google.held("s1")).toBe(0);
  });
});

describe("reads", () => {
  it("reads content with alt=media and metadata with fields id,name,mimeType", async () => {
    const seen: URL[] = [];
    server.use(
      http.get(`${DRIVE_FILES_URL}/:id`, ({ request }) => {
        const url = new URL(request.url);
        seen.push(url);
        if (url.searchParams.get("alt") === "media") return HttpResponse.text("file text ✓");
        return HttpResponse.json({ id: "f1", name: "notes.txt", mimeType: "text/plain" });
      }),
    );
    const { context } = makeContext();
    await expect(getFileContent(context, "f1")).resolves.toBe("file text ✓");
    await expect(getFileMetadata(context, "f1")).resolves.toEqual({
      id: "f1",
      name: "notes.txt",
      mimeType: "text/plain",
    });
    expect(seen[0].pathname).toBe("/drive/v3/files/f1");
    expect(seen[1].searchParams.get("fields")).toBe("id,name,mimeType");
  });

  it("says 'Failed to load file content' when the content answer is not ok", async () => {
    server.use(http.get(`${DRIVE_FILES_URL}/:id`, () => new HttpResponse("gone", { status: 404 })));
    await expect(getFileContent(makeContext().context, "f1")).rejects.toThrow(
      "Failed to load file content",
    );
  });

  it("gives an empty e-mail when user info fails, the address when it works", async () => {
    server.use(http.get(USERINFO_URL, () => new HttpResponse("denied", { status: 403 })));
    await expect(fetchUserEmail("t")).resolves.toBe("");
    server.use(http.get(USERINFO_URL, () => HttpResponse.error()));
    await expect(fetchUserEmail("t")).resolves.toBe("");
    server.use(
      http.get(USERINFO_URL, ({ request }) =>
        request.headers.get("authorization") === "Bearer t"
          ? HttpResponse.json({ email: "ada@example.com" })
          : new HttpResponse(null, { status: 401 }),
      ),
    );
    await expect(fetchUserEmail("t")).resolves.toBe("ada@example.com");
  });
});

describe("time limits", () => {
  it("aborts a call that never answers with a timeout error", async () => {
    server.use(
      http.get(`${DRIVE_FILES_URL}/:id`, async () => {
        await delay("infinite");
        return HttpResponse.text("never");
      }),
    );
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const pending = driveRequest(
        makeContext().context,
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
