import { expect, test, type Page } from "@playwright/test";
import { expectPopupsOnlyInClicks, installDriveFakes } from "./drive-fakes";
import { DriveModel } from "../support/drive-model";

/**
 * The one fake Drive (tests/support/drive-model.ts through page.route): two browser
 * contexts, two "computers", share one Drive. Checked from inside the page with the browser's
 * own fetch, as the app calls Drive: CORS, multipart bodies with exact bytes, the changes feed,
 * rename, injected failures (an answer lost after the change was applied) and a dropped
 * network. The sync's UI tests build on these.
 */

test.afterEach(() => expectPopupsOnlyInClicks());

/** fetch from inside the page; answers status, a header and the body as text. */
function call(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: number[] | string } = {},
) {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const body = Array.isArray(init.body) ? new Uint8Array(init.body) : init.body;
        const response = await fetch(url, {
          method: init.method ?? "GET",
          headers: { Authorization: "Bearer test", ...init.headers },
          body,
        });
        return { status: response.status, text: await response.text() };
      } catch {
        return { status: 0, text: "network error" };
      }
    },
    { url, init },
  );
}

const FILES = "https://www.googleapis.com/drive/v3/files";
const UPLOAD = "https://www.googleapis.com/upload/drive/v3/files";

test("two computers share one fake Drive: uploads, changes, rename, failures, offline", async ({
  browser,
}) => {
  const model = new DriveModel();
  const laptop = await browser.newContext();
  const desktop = await browser.newContext();
  const a = await laptop.newPage();
  const b = await desktop.newPage();
  const fakesA = await installDriveFakes(a, { model });
  await installDriveFakes(b, { model });
  await a.goto("/online-notepad/");
  await b.goto("/online-notepad/");

  const start = await call(b, "https://www.googleapis.com/drive/v3/changes/startPageToken");
  const { startPageToken } = JSON.parse(start.text) as { startPageToken: string };

  // The laptop creates a Windows-1252 file with CRLF ("café\r\n") in a multipart upload.
  const head =
    "--b\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n" +
    JSON.stringify({ name: "Notes.txt", mimeType: "text/plain", parents: ["folder-x"] }) +
    "\r\n--b\r\nContent-Type: text/plain\r\n\r\n";
  const bytes = [...head].map((c) => c.charCodeAt(0));
  bytes.push(0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a, ...[..."\r\n--b--"].map((c) => c.charCodeAt(0)));
  const created = await call(a, `${UPLOAD}?uploadType=multipart&fields=id,md5Checksum`, {
    method: "POST",
    headers: { "Content-Type": "multipart/related; boundary=b" },
    body: bytes,
  });
  expect(created.status).toBe(200);
  const file = JSON.parse(created.text) as { id: string; md5Checksum: string };
  expect(Array.from(model.files.get(file.id)!.bytes)).toEqual([0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a]);
  expect(file.md5Checksum).toBe(model.files.get(file.id)!.md5Checksum);

  // The desktop sees it in the changes feed and in the folder, and renames it.
  const changes = await call(
    b,
    `https://www.googleapis.com/drive/v3/changes?pageToken=${startPageToken}&fields=${encodeURIComponent("newStartPageToken,changes(fileId,file(md5Checksum))")}`,
  );
  expect(JSON.parse(changes.text)).toMatchObject({
    changes: [{ fileId: file.id, file: { md5Checksum: file.md5Checksum } }],
  });
  const q = encodeURIComponent("'folder-x' in parents and name='Notes.txt' and trashed=false");
  expect(JSON.parse((await call(b, `${FILES}?q=${q}`)).text).files).toMatchObject([
    { id: file.id },
  ]);
  const renamed = await call(b, `${FILES}/${file.id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Letter.txt" }),
  });
  expect(JSON.parse(renamed.text)).toMatchObject({ name: "Letter.txt" });

  // Injected rate limit, with Drive's error body; then a dropped network on the laptop only.
  model.faults = [{ kind: "media", status: 429, reason: "rateLimitExceeded" }];
  const limited = await call(a, `${FILES}/${file.id}?alt=media`);
  expect(limited.status).toBe(429);
  expect(limited.text).toContain("rateLimitExceeded");
  // An answer lost after Drive applied the upload: the page sees a network error, Drive has it.
  model.faults = [{ kind: "upload", effect: "lost" }];
  const lost = await call(a, `${UPLOAD}/${file.id}?uploadType=media`, {
    method: "PATCH",
    headers: { "Content-Type": "text/plain" },
    body: "applied",
  });
  expect(lost.status).toBe(0);
  expect(model.text(file.id)).toBe("applied");
  fakesA.offline = true;
  expect((await call(a, `${FILES}/${file.id}?alt=media`)).status).toBe(0);
  expect((await call(b, `${FILES}/${file.id}?alt=media`)).status).toBe(200);

  await laptop.close();
  await desktop.close();
});
