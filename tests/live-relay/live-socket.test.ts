/**
 * The page's WebSocket adapter (openWebSocket) against the real relay endpoint over real
 * sockets on 127.0.0.1 (the `ws` package stands in for the browser's WebSocket): two people
 * edit, the relay restarts mid-session, and both end with the same text.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, it, vi } from "vitest";
import { WebSocket } from "ws";
import { createMemoryRoomStore, createRelayHub } from "../../server/relay/relay-hub";
import type { RelayHub } from "../../server/relay/relay-types";
import { attachRelay, type RelayEndpoint } from "../../server/relay-server";
import { keysFromSecret } from "~/collab/live-keys";
import { LiveSession } from "~/collab/live-session";
import { RELAY_PATH } from "@plainpad/wire";

/** Waits (polling) until check() is true; fails after timeoutMs. */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let server: http.Server;
let hub: RelayHub;
let endpoint: RelayEndpoint;
const store = createMemoryRoomStore();
const sessions: LiveSession[] = [];

function startRelay() {
  hub = createRelayHub({ store, idleSweepMs: 0 });
  endpoint = attachRelay(server, hub, { keepAliveMs: 60_000 });
}

beforeEach(async () => {
  vi.stubGlobal("WebSocket", WebSocket);
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  startRelay();
});
afterEach(async () => {
  while (sessions.length) sessions.pop()?.leave();
  await hub.close();
  await endpoint.close(1000);
  await new Promise((resolve) => server.close(resolve));
  vi.unstubAllGlobals();
});

describe("live sessions over real WebSockets", () => {
  it("edit together, survive a relay restart, and agree", async () => {
    const { port } = server.address() as AddressInfo;
    const relayUrl = `ws://127.0.0.1:${port}${RELAY_PATH}`;
    const keys = keysFromSecret(new Uint8Array(32).fill(33));
    const ada = new LiveSession({
      keys,
      relayUrl,
      create: true,
      initialText: "one",
      userName: "Ada",
    });
    sessions.push(ada);
    ada.start();
    await ada.whenSynced();
    const bo = new LiveSession({ keys, relayUrl, create: false, userName: "Bo" });
    sessions.push(bo);
    bo.start();
    await bo.whenSynced();
    // Ada's first update may still be on its way through the relay's signature check when Bo
    // joins: then it reaches Bo live, right after the replay.
    await until(() => bo.text.toString() === "one");

    bo.text.insert(3, " two");
    await until(() => ada.text.toString() === "one two");

    // The relay restarts; both type while it is down; nothing is lost.
    await hub.close();
    await endpoint.close(1000);
    await until(() => ada.getStatus().state === "reconnecting");
    ada.text.insert(0, "zero ");
    bo.text.insert(bo.text.length, " three");
    startRelay();
    const expected = "zero one two three";
    await until(() => ada.text.toString() === expected && bo.text.toString() === expected);
    await until(() => ada.getStatus().state === "live" && bo.getStatus().state === "live");
    await until(() => ada.getStatus().peers.length === 2);
  }, 30_000);
});
