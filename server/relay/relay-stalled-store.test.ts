// A relay whose store stalls (Redis stopped mid-room: a fork on a big data set, a network that
// holds packets) must not let clients pile up work for it: every frame a connection sends waits
// on its queue for the store, so past a few MiB waiting the relay stops reading that socket
// (TCP pushes back on the sender) instead of growing its memory without a limit; nobody is
// closed for it. Against a real relay process and a real redis-server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viewOnlyKeys, type LiveKeys } from "@plainpad/wire/room-keys";
import { LIVE_LIMITS, MessageType, encodeFrames } from "@plainpad/wire";
import { joinMessage, newKeys, until, updateMessage } from "./test-client";
import {
  joinedClient,
  relayProcessesForFile,
  type RelayProcess,
  type SocketClient,
} from "./test-relay-process";
import { growthDuring, RELAY_MEMORY_BOUND } from "./test-relay-memory";

const relays = relayProcessesForFile({ redis: true });
let relay: RelayProcess;
/** The file's redis-server's process id (stopped and continued by the test). */
let redisPid: number;

beforeAll(async () => {
  redisPid = relays.redis.pid!;
  relay = await relays.start({ REDIS_URL: relays.redis.url });
}, 60_000);

// Before the processes are stopped (hooks after run last-registered first): a stopped
// redis-server would not hear its own stop.
afterAll(() => {
  if (redisPid) process.kill(redisPid, "SIGCONT");
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const joined = (keys: LiveKeys, create = false) =>
  joinedClient(relay.url, joinMessage(keys, 0, create), 20_000);

describe("relay over a stalled Redis (real processes)", () => {
  it("presence sent while Redis does not answer is not read past a bound, and the room works after", async () => {
    const keys = newKeys();
    const writer = await joined(keys, true);
    const flooders: SocketClient[] = [];
    // Each in a room of its own, so nobody's presence goes to the others.
    for (let i = 0; i < 16; i++) flooders.push(await joined(newKeys(), true));
    const sealed = new Uint8Array(LIVE_LIMITS.maxAwarenessBytes - 1024);
    const frame = encodeFrames({ type: MessageType.Awareness, sealed })[0];
    // Under the presence rate: each message is one a page may send.
    const perTenth = Math.floor((LIVE_LIMITS.awarenessPerSecond - 10) / 10);

    const growth = await growthDuring(relay, async () => {
      process.kill(redisPid, "SIGSTOP");
      try {
        // 16 connections × 50 a second × 63 KiB for 5 s is about 250 MiB sent to a relay whose
        // every publish waits for Redis; before, all of it was held in the connections' queues.
        for (let tenth = 0; tenth < 50; tenth++) {
          for (const flooder of flooders) {
            if (flooder.closed) continue;
            for (let i = 0; i < perTenth; i++) flooder.sendRaw(frame);
          }
          await sleep(100);
        }
      } finally {
        process.kill(redisPid, "SIGCONT");
      }
    });
    expect(growth).toBeLessThan(RELAY_MEMORY_BOUND);
    // Pushed back, not cut: each flooder's presence was only waiting in its own socket.
    expect(flooders.filter((flooder) => flooder.closed !== null)).toEqual([]);

    // Redis is back: the room works.
    const reader = await joined(viewOnlyKeys(keys));
    writer.send(updateMessage(keys, "after the stall"));
    await until(() => reader.entryTexts(keys).includes("after the stall"), 20_000, "entry");
    for (const flooder of flooders) flooder.socket.terminate();
    await Promise.all([writer.closeAndWait(), reader.closeAndWait()]);
  }, 120_000);
});
