import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DriveModel, FOLDER_MIME } from "./drive-model";
import { modelFetch } from "./drive-model-fetch";

/**
 * The one fake Drive answers as Drive v3 documents, seen through the same fetch the engine's
 * tests use: what a test against it proves would hold against Google.
 */
const API = "https://www.googleapis.com/drive/v3";
const UPLOAD = "https://www.googleapis.com/upload/drive/v3/files";

function multipart(meta: object, text: string): { body: string; headers: Record<string, string> } {
  const b = "b0undary";
  return {
    body: `--${b}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(meta)}\r\n--${b}\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${b}--`,
    headers: { "Content-Type": `multipart/related; boundary=${b}` },
  };
}

function setup() {
  const model = new DriveModel();
  const network = { offline: false };
  const fetch = modelFetch(model, network);
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(path.startsWith("https:") ? path : `${API}${path}`, init);
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text), response };
  };
  return { model, network, fetch, call };
}

describe("the fake Drive", () => {
  it("keeps the real MD5, a new head revision per upload, and every revision readable", async () => {
    const { model, call } = setup();
    const file = model.addFile("a.txt", "one");
    const first = file.headRevisionId;
    const up = multipart({}, "two");
    const answer = await call(
      `${UPLOAD}/${file.id}?uploadType=multipart&fields=md5Checksum,headRevisionId`,
      { method: "PATCH", ...up },
    );
    expect(answer.json().md5Checksum).toBe(createHash("md5").update("two").digest("hex"));
    expect(answer.json().headRevisionId).not.toBe(first);
    const list = (
      await call(`/files/${file.id}/revisions?fields=revisions(id,md5Checksum)`)
    ).json();
    expect(list.revisions.map((r: { id: string }) => r.id)).toEqual([
      first,
      answer.json().headRevisionId,
    ]);
    expect((await call(`/files/${file.id}/revisions/${first}?alt=media`)).text).toBe("one");
    expect((await call(`/files/${file.id}?alt=media`)).text).toBe("two");
  });

  it("sends only the fields asked for (Drive's defaults without `fields`)", async () => {
    const { model, call } = setup();
    const file = model.addFile("a.txt", "x");
    expect(Object.keys((await call(`/files/${file.id}`)).json()).sort()).toEqual(
      ["id", "kind", "mimeType", "name"].sort(),
    );
    expect((await call(`/files/${file.id}?fields=id,capabilities(canEdit)`)).json()).toEqual({
      id: file.id,
      capabilities: { canEdit: true },
    });
  });

  it("takes no precondition on update: If-Match with an old revision is ignored", async () => {
    const { model, call } = setup();
    const file = model.addFile("a.txt", "base");
    model.editFile(file.id, "someone else's");
    const answer = await call(`${UPLOAD}/${file.id}?uploadType=media`, {
      method: "PATCH",
      headers: { "If-Match": '"stale-etag"', "Content-Type": "text/plain" },
      body: "mine",
    });
    expect(answer.status).toBe(200);
    expect(model.text(file.id)).toBe("mine");
    expect(model.revisionTexts(file.id)).toEqual(["base", "someone else's", "mine"]);
  });

  it("takes an upload's content type as the file's type when the metadata names none", async () => {
    const { model, call } = setup();
    const md = model.addFile("a.md", "# A", { mimeType: "text/markdown" });
    // The metadata's own type wins; without one, the content's type (multipart part, media).
    await call(`${UPLOAD}/${md.id}?uploadType=multipart`, {
      method: "PATCH",
      ...multipart({ mimeType: "text/markdown" }, "# B"),
    });
    expect(model.files.get(md.id)!.mimeType).toBe("text/markdown");
    await call(`${UPLOAD}/${md.id}?uploadType=multipart`, {
      method: "PATCH",
      ...multipart({}, "# C"),
    });
    expect(model.files.get(md.id)!.mimeType).toBe("text/plain");
    // A resumable session's type is its X-Upload-Content-Type.
    const json = model.addFile("a.json", "{}", { mimeType: "text/plain" });
    const opened = await call(`${UPLOAD}/${json.id}?uploadType=resumable`, {
      method: "PATCH",
      headers: {
        "Content-Type": "application/json; charset=UTF-8",
        "X-Upload-Content-Type": "application/json",
        "X-Upload-Content-Length": "7",
      },
      body: "{}",
    });
    const session = opened.response.headers.get("location")!;
    await call(session, {
      method: "PUT",
      headers: { "Content-Range": "bytes 0-6/7" },
      body: '{"a":1}',
    });
    expect(model.text(json.id)).toBe('{"a":1}');
    expect(model.files.get(json.id)!.mimeType).toBe("application/json");
  });

  it("pages the changes feed: each file once at its latest change, then newStartPageToken", async () => {
    const { model, call } = setup();
    const start = (await call("/changes/startPageToken")).json().startPageToken;
    const a = model.addFile("a", "1");
    const b = model.addFile("b", "1");
    const c = model.addFile("c", "1");
    model.editFile(a.id, "2");
    const page1 = (await call(`/changes?pageToken=${start}&pageSize=2&fields=*`)).json();
    expect(page1.changes.map((x: { fileId: string }) => x.fileId)).toEqual([b.id, c.id]);
    expect(page1.newStartPageToken).toBeUndefined();
    const page2 = (
      await call(`/changes?pageToken=${page1.nextPageToken}&pageSize=2&fields=*`)
    ).json();
    expect(page2.changes.map((x: { fileId: string }) => x.fileId)).toEqual([a.id]);
    expect(page2.changes[0].file.md5Checksum).toBe(model.files.get(a.id)!.md5Checksum);
    const after = (await call(`/changes?pageToken=${page2.newStartPageToken}`)).json();
    expect(after.changes).toEqual([]);
    model.deleteFile(b.id);
    const removed = (await call(`/changes?pageToken=${page2.newStartPageToken}&fields=*`)).json();
    expect(removed.changes).toEqual([expect.objectContaining({ fileId: b.id, removed: true })]);
  });

  it("keeps trashed files writable and says they are trashed; lists leave them out", async () => {
    const { model, call } = setup();
    const folder = model.addFolder("F");
    const file = model.addFile("a.txt", "x", { parents: [folder.id] });
    model.trash(file.id);
    const up = await call(`${UPLOAD}/${file.id}?uploadType=media&fields=trashed`, {
      method: "PATCH",
      body: "written into the bin",
    });
    expect(up.json()).toEqual({ trashed: true });
    expect(model.text(file.id)).toBe("written into the bin");
    const q = encodeURIComponent(`'${folder.id}' in parents and trashed=false`);
    expect((await call(`/files?q=${q}`)).json().files).toEqual([]);
  });

  it("sets appProperties on create and update, finds them with `has`, and removes with null", async () => {
    const { model, call } = setup();
    const created = await call(`/files?fields=id,appProperties`, {
      method: "POST",
      body: JSON.stringify({
        name: "Plainpad Documents",
        mimeType: FOLDER_MIME,
        appProperties: { plainpad: "folder", v: "1" },
      }),
    });
    const id = created.json().id;
    expect(created.json().appProperties).toEqual({ plainpad: "folder", v: "1" });
    model.addFolder("Plainpad Documents");
    const q = encodeURIComponent(
      "appProperties has { key='plainpad' and value='folder' } and trashed=false",
    );
    expect((await call(`/files?q=${q}&fields=files(id)`)).json().files).toEqual([{ id }]);
    await call(`/files/${id}`, {
      method: "PATCH",
      body: JSON.stringify({ appProperties: { v: null } }),
    });
    expect(model.files.get(id)!.appProperties).toEqual({ plainpad: "folder" });
    expect((await call(`/files?q=${encodeURIComponent("fullText contains 'x'")}`)).status).toBe(
      400,
    );
  });

  it("creates with an id from generateIds once; a retry with the same id is refused", async () => {
    const { model, call } = setup();
    const [id] = (await call("/files/generateIds?count=2&space=drive")).json().ids;
    const up = multipart({ id, name: "n.txt" }, "hello");
    const first = await call(`${UPLOAD}?uploadType=multipart`, { method: "POST", ...up });
    expect(first.json().id).toBe(id);
    const again = await call(`${UPLOAD}?uploadType=multipart`, { method: "POST", ...up });
    expect(again.status).toBe(409);
    expect([...model.files.values()].filter((f) => f.name === "n.txt")).toHaveLength(1);
  });

  it("answers errors with Drive's documented body", async () => {
    const { call } = setup();
    const missing = await call("/files/nope?fields=id");
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({
      error: {
        code: 404,
        message: "File not found: nope.",
        errors: [
          {
            domain: "global",
            reason: "notFound",
            message: "File not found: nope.",
            locationType: "parameter",
            location: "fileId",
          },
        ],
      },
    });
  });

  it("faults: an error before or after the change, timeouts and lost answers after it, offline", async () => {
    const { model, network, call } = setup();
    const file = model.addFile("a.txt", "0");
    const put = (text: string) =>
      call(`${UPLOAD}/${file.id}?uploadType=media`, { method: "PATCH", body: text }).then(
        (r) => r.status,
        (e: Error) => e.name,
      );
    model.faults = [{ kind: "upload", status: 503, reason: "backendError" }];
    expect(await put("1")).toBe(503);
    expect(model.text(file.id)).toBe("0");
    model.faults = [{ kind: "upload", effect: "error-after-apply", status: 500 }];
    expect(await put("2")).toBe(500);
    expect(model.text(file.id)).toBe("2");
    model.faults = [{ kind: "upload", effect: "timeout" }];
    expect(await put("3")).toBe("TimeoutError");
    expect(model.text(file.id)).toBe("3");
    model.faults = [{ kind: "upload", effect: "lost", skip: 1 }];
    expect(await put("4")).toBe(200);
    expect(await put("5")).toBe("TypeError");
    expect(model.text(file.id)).toBe("5");
    network.offline = true;
    expect(await put("6")).toBe("TypeError");
    expect(model.text(file.id)).toBe("5");
  });

  it("a hung answer waits for the caller's own time limit, the change applied", async () => {
    const { model, fetch } = setup();
    const file = model.addFile("a.txt", "0");
    model.faults = [{ kind: "upload", effect: "hang" }];
    const controller = new AbortController();
    const pending = fetch(`${UPLOAD}/${file.id}?uploadType=media`, {
      method: "PATCH",
      body: "1",
      signal: controller.signal,
    });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(model.text(file.id)).toBe("1");
  });

  it("refuses every token after revokeTokens (401 authError) until a new one is granted", async () => {
    const { model, fetch } = setup();
    const file = model.addFile("a.txt", "0");
    const old = model.grantToken();
    model.revokeTokens();
    const get = (token: string) =>
      fetch(`${API}/files/${file.id}`, { headers: { Authorization: `Bearer ${token}` } });
    const refused = await get(old);
    expect(refused.status).toBe(401);
    expect(JSON.stringify(await refused.json())).toContain("authError");
    expect((await get(model.grantToken())).status).toBe(200);
  });
});

describe('the fake Drive\'s resumable uploads ("Resume an interrupted upload")', () => {
  /** Opens a session for `size` bytes; returns its URI. */
  async function openSession(call: ReturnType<typeof setup>["call"], size: number) {
    const opened = await call(`${UPLOAD}?uploadType=resumable`, {
      method: "POST",
      headers: { "X-Upload-Content-Length": String(size) },
      body: JSON.stringify({ name: "big.txt", mimeType: "text/plain" }),
    });
    expect(opened.status).toBe(200);
    return opened.response.headers.get("location")!;
  }

  it("keeps the bytes that arrived before a dropped connection, says so with 308 + Range, takes the rest", async () => {
    const { model, call } = setup();
    const text = "0123456789";
    const session = await openSession(call, 10);
    model.faults = [{ kind: "upload", effect: "lost", keepBytes: 4 }];
    const dropped = await call(session, {
      method: "PUT",
      headers: { "Content-Range": "bytes 0-9/10" },
      body: text,
    }).catch((e: Error) => e.name);
    expect(dropped).toBe("TypeError");
    const status = await call(session, {
      method: "PUT",
      headers: { "Content-Range": "bytes */10" },
    });
    expect(status.status).toBe(308);
    expect(status.response.headers.get("range")).toBe("bytes=0-3");
    expect(model.fileNamed("big.txt")).toBeUndefined(); // nothing saved before the whole text
    const from4 = (start: number) =>
      call(session, {
        method: "PUT",
        headers: { "Content-Range": `bytes ${start}-9/10` },
        body: text.slice(start),
      });
    expect((await from4(2)).status).toBe(400); // bytes Drive already holds are refused
    const done = await from4(4);
    expect(done.status).toBe(200);
    expect(model.text(done.json().id)).toBe(text);
  });

  it("a session whose last answer was lost answers its file to a status query, writing nothing again", async () => {
    const { model, call } = setup();
    const session = await openSession(call, 3);
    model.faults = [{ kind: "upload", effect: "lost" }];
    await call(session, {
      method: "PUT",
      headers: { "Content-Range": "bytes 0-2/3" },
      body: "abc",
    }).catch(() => "lost");
    const file = model.fileNamed("big.txt")!;
    expect(model.text(file.id)).toBe("abc");
    const status = await call(session, {
      method: "PUT",
      headers: { "Content-Range": "bytes */3" },
    });
    expect(status.status).toBe(200);
    expect(status.json().id).toBe(file.id);
    expect(file.revisions).toHaveLength(1);
    expect([...model.files.values()].filter((f) => f.name === "big.txt")).toHaveLength(1);
  });

  it("an expired session answers 404 to everything after, and a new session starts from zero", async () => {
    const { model, call } = setup();
    const first = await openSession(call, 3);
    model.faults = [{ kind: "upload", effect: "expire", status: 410, reason: "gone" }];
    const put = (session: string) =>
      call(session, { method: "PUT", headers: { "Content-Range": "bytes 0-2/3" }, body: "abc" });
    expect((await put(first)).status).toBe(410);
    expect((await put(first)).status).toBe(404);
    const second = await openSession(call, 3);
    expect(second).not.toBe(first);
    expect(model.text((await put(second)).json().id)).toBe("abc");
  });
});

describe("the fake Drive's held answers", () => {
  it("answers a held request only once the test lets it go, and applies it then", async () => {
    const { model, call } = setup();
    const file = model.addFile("a.txt", "0");
    let release!: () => void;
    model.faults = [
      { kind: "upload", effect: "held", until: new Promise<void>((r) => (release = r)) },
    ];
    let answered = false;
    const pending = call(`${UPLOAD}/${file.id}?uploadType=media`, {
      method: "PATCH",
      body: "1",
    }).then((answer) => ((answered = true), answer.status));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    expect(model.text(file.id)).toBe("0");
    release();
    expect(await pending).toBe(200);
    expect(model.text(file.id)).toBe("1");
  });
});
