// The site and the relay's upgrade on one real HTTP server on 127.0.0.1, over raw sockets:
// requests that used to throw out of a handler (and end the process) get an answer, and no
// answer points at another host or shows a folder beside the site.
import { rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { RELAY_PATH } from "@plainpad/wire";
import { createMemoryRoomStore, createRelayHub } from "./relay/relay-hub";
import type { RelayHub } from "./relay/relay-types";
import { attachRelay, type RelayEndpoint } from "./relay-server";
import { createStaticSite } from "./static-site";
import { getRequest, rawRequest, writeTestSite, type TestSite } from "./test-http";

let site: TestSite;
let server: http.Server;
let hub: RelayHub;
let endpoint: RelayEndpoint;
let port: number;

beforeAll(async () => {
  site = await writeTestSite();
  const handler = createStaticSite(site.root);
  server = http.createServer(handler);
  hub = createRelayHub({ store: createMemoryRoomStore(), idleSweepMs: 0 });
  endpoint = attachRelay(server, hub, { allowedOrigins: ["https://friend.example"] });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await hub.close();
  await endpoint.close(1000);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await site.cleanup();
});

const get = (target: string, headers: string[] = []) =>
  rawRequest(port, getRequest(target, headers));

/** Opens a WebSocket to the relay with these headers; resolves "open" or the refusal status. */
function openRelay(headers: Record<string, string> = {}): Promise<"open" | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${RELAY_PATH}`, { headers });
    socket.once("open", () => {
      socket.close();
      resolve("open");
    });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("error", () => {});
  });
}

describe("static site: byte ranges", () => {
  it("answers a reversed range 416 and still serves the file afterwards", async () => {
    const reversed = await get("/hello.txt", ["Range: bytes=5-2"]);
    expect(reversed?.status).toBe(416);
    expect(reversed?.headers["content-range"]).toBe(`bytes */${site.hello.length}`);
    expect((await get("/hello.txt"))?.body).toBe(site.hello);
  });

  it("reads an end past the file (even past 2^64) as 'to the end'", async () => {
    const huge = await get("/hello.txt", ["Range: bytes=3-18446744073709551615"]);
    expect(huge?.status).toBe(206);
    expect(huge?.body).toBe(site.hello.slice(3));
    expect(huge?.headers["content-range"]).toBe(`bytes 3-19/${site.hello.length}`);
  });

  it("serves the exact bytes of a single range, a suffix, and 0-0", async () => {
    expect((await get("/hello.txt", ["Range: bytes=2-4"]))?.body).toBe("234");
    expect((await get("/hello.txt", ["Range: bytes=-3"]))?.body).toBe("hij");
    // sirv cannot send one byte from 0; the whole file answers any range correctly.
    const first = await get("/hello.txt", ["Range: bytes=0-0"]);
    expect(first?.status).toBe(200);
    expect(first?.body).toBe(site.hello);
  });

  it("answers a start past the end 416, and several ranges or garbage with the whole file", async () => {
    expect((await get("/hello.txt", ["Range: bytes=99-"]))?.status).toBe(416);
    for (const range of ["bytes=0-1,4-5", "bytes=abc", "pages=1-2", "bytes=--1"]) {
      const answer = await get("/hello.txt", [`Range: ${range}`]);
      expect(answer?.status, range).toBe(200);
      expect(answer?.body, range).toBe(site.hello);
    }
  });
});

describe("static site: files", () => {
  it("ends only that answer when a file is gone since the start", async () => {
    const gone = path.join(site.root, "gone.txt");
    await writeFile(gone, "here at the start");
    const withGone = http.createServer(createStaticSite(site.root));
    await new Promise<void>((resolve) => withGone.listen(0, "127.0.0.1", resolve));
    const { port: gonePort } = withGone.address() as AddressInfo;
    await rm(gone);
    // Before: the read stream's ENOENT had no listener and ended the process (this test run).
    const answer = await rawRequest(gonePort, getRequest("/gone.txt"));
    expect(answer?.body ?? "").not.toContain("here at the start");
    expect((await rawRequest(gonePort, getRequest("/hello.txt")))?.body).toBe(site.hello);
    withGone.closeAllConnections();
    await new Promise((resolve) => withGone.close(resolve));
  });
});

describe("static site: request targets", () => {
  it("answers //[ and broken percent-encoding 400, then serves the home page", async () => {
    expect((await get("//["))?.status).toBe(400);
    expect((await get("/%E0%A4%A"))?.status).toBe(400);
    expect((await get("/a\\b"))?.status).toBe(400);
    const home = await get("/");
    expect(home?.status).toBe(200);
    expect(home?.body).toContain("home");
  });

  it("redirects a folder without its slash to a path on this host, never to another", async () => {
    expect((await get("/editor"))?.headers.location).toBe("/editor/");
    // Before: "/.//evil.com/..%2Feditor" answered "Location: //evil.com/..%2Feditor/".
    for (const target of ["/.//evil.com/..%2Feditor", "//evil.com/..%2Feditor", "///editor"]) {
      const answer = await get(target);
      expect(answer?.status, target).toBe(301);
      expect(answer?.headers.location, target).toBe("/editor/");
    }
  });

  it("does not tell whether a folder beside the site exists", async () => {
    // Before: "/../client-secret" passed a string-prefix check and answered 301.
    const sibling = await get("/..%2Fclient-secret");
    const missing = await get("/..%2Fno-such-folder");
    expect(sibling?.status).toBe(404);
    expect(sibling?.status).toBe(missing?.status);
    expect(sibling?.body).not.toContain("secret");
  });
});

describe("relay upgrade", () => {
  it("answers an upgrade to //[ 400 and still takes the relay's own", async () => {
    const odd = await rawRequest(
      port,
      [
        "GET //[ HTTP/1.1",
        "Host: 127.0.0.1",
        "Connection: Upgrade",
        "Upgrade: websocket",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "",
        "",
      ].join("\r\n"),
    );
    expect(odd?.status).toBe(400);
    expect(await openRelay()).toBe("open");
  });

  it("takes pages of its own host and of configured origins, refuses other sites' pages", async () => {
    expect(await openRelay({ Origin: `http://127.0.0.1:${port}` })).toBe("open");
    expect(await openRelay({ Origin: "https://friend.example" })).toBe("open");
    expect(await openRelay({ Origin: "https://evil.example" })).toBe(403);
    expect(await openRelay({ Origin: "null" })).toBe(403);
  });
});
