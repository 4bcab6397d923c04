// HTTP fuzz: the bundled server (server/start.ts with SUPERVISOR=off, so a crash is an exit,
// not a quiet restart) as a process on 127.0.0.1, sent a fixed, seeded set of odd requests:
// request targets, methods, headers, Range forms, percent-encoding, very long paths and WebSocket
// upgrades to odd targets. None may be answered with a server error, and afterwards the same
// process still serves the site and the relay still takes a WebSocket and a JOIN.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MessageType } from "@plainpad/wire";
import { joinMessage, newKeys, until } from "./relay/test-client";
import { SocketClient, startRelayProcess, type RelayProcess } from "./relay/test-relay-process";
import { rawRequest, type RawResponse } from "./test-http";
import { bundleStartServer, type ServerBundle } from "./test-server-bundle";
import { seededRandom } from "../tests/support/seeded-random";

const SEED = 49;
const REQUESTS = 400;
const AT_ONCE = 16;

const METHODS = [
  "GET",
  "GET",
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "OPTIONS",
  "PATCH",
  "TRACE",
  "BREW",
  "get",
  "M-SEARCH",
];

const TARGETS = [
  "/",
  "/hello.txt",
  "/editor",
  "/editor/",
  "/relay",
  "//[",
  "//[::1]/",
  "/[",
  "//evil.com/",
  "/.//evil.com/..%2Feditor",
  "///editor",
  "/..%2Fclient-secret",
  "/..%2f..%2f..%2fetc%2fpasswd",
  "/%",
  "/%zz",
  "/%E0%A4%A",
  "/%00",
  "/%C0%AE%C0%AE/",
  "/editor?%",
  "/editor?x=1#frag",
  "/\\evil.com",
  "*",
  "http://127.0.0.1/editor",
  "http://[/",
  "ws://x/relay",
  "/é/ü",
  "/hello.txt/",
  "/hello.txt.br",
  "/editor/index.html",
];

const RANGES = [
  "bytes=5-2",
  "bytes=0-18446744073709551615",
  "bytes=18446744073709551615-",
  `bytes=0-${"9".repeat(300)}`,
  "bytes=0-1,3-4,6-7",
  "bytes=-1",
  "bytes=-0",
  "bytes=-",
  "bytes=--5",
  "bytes=-5-",
  "bytes=1.5-2",
  "bytes=0x10-",
  "bytes=abc",
  "pages=1-2",
  "bytes=99-",
  "bytes=0-0",
  ",,,",
];

const HEADER_LINES = [
  "Accept-Encoding: br, gzip",
  "Accept-Encoding: gzip",
  'If-None-Match: W/"garbage"',
  "If-None-Match: *",
  "If-Modified-Since: not a date",
  "X-Forwarded-For: 198.51.100.1, , garbage, [::1]:80",
  "X-Forwarded-For: " + "1.2.3.4,".repeat(200),
  "Origin: null",
  "Origin: https://evil.example",
  "Cookie: " + "a=b; ".repeat(100),
  "Accept: */*",
  "Expect: 100-continue",
  "Content-Length: 0",
];

/** One odd request, as bytes, from the generator. */
function oddRequest(random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const roll = random();
  let target = pick(TARGETS);
  if (roll < 0.08) target = `/${"a/".repeat(1000 + Math.floor(random() * 6000))}`;
  else if (roll < 0.16) {
    target = `/${Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
      String.fromCharCode(33 + Math.floor(random() * 94)),
    ).join("")}`;
  }
  const upgrade = random() < 0.2;
  const lines = [`${upgrade ? "GET" : pick(METHODS)} ${target} HTTP/1.1`];
  if (random() < 0.9) lines.push(random() < 0.9 ? "Host: 127.0.0.1" : "Host: [");
  if (random() < 0.5) lines.push(`Range: ${pick(RANGES)}`);
  for (let i = Math.floor(random() * 3); i > 0; i--) lines.push(pick(HEADER_LINES));
  if (upgrade) {
    lines.push("Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13");
    if (random() < 0.8) lines.push("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==");
  } else lines.push("Connection: close");
  return `${lines.join("\r\n")}\r\n\r\n`;
}

let bundle: ServerBundle;
let server: RelayProcess;
let dataDir: string;

beforeAll(async () => {
  bundle = await bundleStartServer("fuzz");
  dataDir = await mkdtemp(path.join(tmpdir(), "plainpad-fuzz-"));
  server = await startRelayProcess(bundle.main, {
    BUILD_DIR: bundle.site.buildDir,
    RELAY_DATA_DIR: dataDir,
    SUPERVISOR: "off",
    TRUST_PROXY: "1",
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await bundle?.cleanup();
  await rm(dataDir, { recursive: true, force: true });
}, 30_000);

describe("HTTP fuzz", () => {
  it(`answers ${REQUESTS} odd requests (seed ${SEED}) without a server error, and still serves`, async () => {
    const random = seededRandom(SEED);
    const requests = Array.from({ length: REQUESTS }, () => oddRequest(random));
    const answers: (RawResponse | null)[] = [];
    for (let i = 0; i < requests.length; i += AT_ONCE) {
      const batch = requests.slice(i, i + AT_ONCE);
      // An upgrade that is taken stays open: the answer is read and the socket closed.
      answers.push(
        ...(await Promise.all(batch.map((request) => rawRequest(server.port, request, 3000)))),
      );
    }
    const serverErrors = answers
      .map((answer, index) => ({
        status: answer?.status ?? 0,
        request: requests[index]!.slice(0, 200),
      }))
      .filter(({ status }) => status >= 500);
    expect(serverErrors).toEqual([]);
    // Most requests are answered at all (the rest are ones HTTP lets a server drop).
    expect(answers.filter(Boolean).length).toBeGreaterThan(REQUESTS / 2);

    const home = await rawRequest(
      server.port,
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    expect(home?.status).toBe(200);
    const keys = newKeys();
    const client = new SocketClient(server.url);
    await client.opened;
    client.send(joinMessage(keys));
    await until(() => client.ofType(MessageType.Synced).length > 0, 10_000, "SYNCED");
    await client.closeAndWait();
    expect(server.output()).not.toMatch(/exited|Error:/);
  }, 120_000);
});
