import { http, HttpResponse, delay } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DriveHttpError, DriveTimeoutError } from "./errors";
import { driveRequest, type DriveHttpContext } from "./http";
import {
  APP_FOLDER_NAME,
  DRIVE_FILES_URL,
  DRIVE_UPLOAD_URL,
  RESUMABLE_THRESHOLD_BYTES,
  USERINFO_URL,
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
      { name: "Plainpad Documents", mimeType: "application/vnd.google-apps.folder" },
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
