/**
 * Test helpers for the HTTP side of the server: a small built site in a temp folder (with a
 * sibling folder beside it, which must never show through) and raw requests over TCP, so a
 * test can send what no HTTP client library would (odd targets, broken headers).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** A site folder: `root` is the `client` folder createStaticSite serves. */
export interface TestSite {
  /** The folder holding `client/` (what BUILD_DIR names). */
  buildDir: string;
  root: string;
  /** The bytes of /hello.txt, for range checks. */
  hello: string;
  cleanup(): Promise<void>;
}

/** Writes a tiny built site: an app shell, /hello.txt, /editor/index.html, and a sibling. */
export async function writeTestSite(): Promise<TestSite> {
  const buildDir = await mkdtemp(path.join(tmpdir(), "plainpad-site-"));
  const root = path.join(buildDir, "client");
  const hello = "0123456789abcdefghij";
  await mkdir(path.join(root, "editor"), { recursive: true });
  await writeFile(path.join(root, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  await writeFile(path.join(root, "index.html"), "<html><head></head><body>home</body></html>");
  await writeFile(path.join(root, "editor", "index.html"), "<html><body>editor</body></html>");
  await writeFile(path.join(root, "hello.txt"), hello);
  // "client-secret" starts with "client": a check by string prefix would let it through.
  await mkdir(path.join(buildDir, "client-secret"), { recursive: true });
  await writeFile(path.join(buildDir, "client-secret", "index.html"), "secret");
  return {
    buildDir,
    root,
    hello,
    cleanup: () => rm(buildDir, { recursive: true, force: true }),
  };
}

/** A response read off the wire: the status, lower-cased headers, and the body as text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` as bytes to 127.0.0.1:port and reads until the server closes (or the
 * answer is complete by its Content-Length). Resolves null when no status line came within
 * `waitMs` (a request the server may drop without an answer).
 */
export function rawRequest(
  port: number,
  request: string | Buffer,
  waitMs = 5000,
): Promise<RawResponse | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseResponse(Buffer.concat(chunks)));
    };
    const timer = setTimeout(finish, waitMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (isComplete(Buffer.concat(chunks))) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    socket.write(request);
  });
}

function isComplete(bytes: Buffer): boolean {
  const end = bytes.indexOf("\r\n\r\n");
  if (end === -1) return false;
  const head = bytes.subarray(0, end).toString("latin1");
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  if (length === undefined) return false;
  return bytes.length - end - 4 >= Number(length);
}

function parseResponse(bytes: Buffer): RawResponse | null {
  const end = bytes.indexOf("\r\n\r\n");
  if (end === -1) return null;
  const [statusLine = "", ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(status), headers, body: bytes.subarray(end + 4).toString("utf8") };
}

/** A GET of `target` with extra header lines, closing the connection after the answer. */
export function getRequest(target: string, headers: string[] = []): string {
  return [
    `GET ${target} HTTP/1.1`,
    "Host: 127.0.0.1",
    ...headers,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
}
