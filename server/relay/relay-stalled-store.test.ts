// A relay whose store stalls (Redis stopped mid-room: a fork on a big data set, a network that
// holds packets) must not let clients pile up work for it: every frame a connection sends waits
// on its queue for the store, so past a few MiB waiting the relay stops reading that socket
// (TCP pushes back on the sender) instead of growing its memory without a limit; nobody is
// closed for it. Against a real relay process and a real redis-server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viewOnlyKeys, type LiveKeys } from "@plainpad/wire/room-keys";
import { LIVE_LIMITS, MessageType, encodeFrames } from "@plainpad/wire";
import { joinMessage, newKeys, until, updateMessage } from "./test-client";
import { startTestRedis, type TestRedis } from "./test-redis";
import {
  SocketClient,
  bundleServer,
  residentBytes,
  startRelayProcess,
  type RelayProcess,
} from "./test-relay-process";

const MiB = 1024 * 1024;
/** How much the relay's resident memory may grow during the attack (as relay-memory.test.ts). */
const MEMORY_BOUND = 128 * MiB;

let bundle: Awaited<ReturnType<typeof bundleServer>>;
let redis: TestRedis;
let relay: RelayProcess;

beforeAll(async () => {
  [bundle, redis] = await Promise.all([bundleServer(), startTestRedis()]);
  relay = await startRelayProcess(bundle.main, { BUILD_DIR: bundle.site, REDIS_URL: redis.url });
}, 60_000);

afterAll(async () => {
  if (redis?.pid) process.kill(redis.pid, "SIGCONT");
  await relay?.stop();
  await redis?.stop();
  await bundle?.cleanup();
}, 30_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function joined(keys: LiveKeys, create = false): Promise<SocketClient> {
  const socket = new SocketClient(relay.url);
  await socket.opened;
  socket.send(joinMessage(keys, 0, create));
  await until(() => socket.ofType(MessageType.Synced).length > 0, 20_000, "SYNCED");
  return socket;
}

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

    await sleep(300);
    const before = await residentBytes(relay.pid);
    let peak = before;
    process.kill(redis.pid!, "SIGSTOP");
    try {
      // 16 connections × 50 a second × 63 KiB for 5 s is about 250 MiB sent to a relay whose
      // every publish waits for Redis; before, all of it was held in the connections' queues.
      for (let tenth = 0; tenth < 50; tenth++) {
        for (const flooder of flooders) {
          if (flooder.closed) continue;
          for (let i = 0; i < perTenth; i++) flooder.sendRaw(frame);
        }
        await sleep(100);
        peak = Math.max(peak, await residentBytes(relay.pid));
      }
    } finally {
      process.kill(redis.pid!, "SIGCONT");
    }
    expect(peak - before).toBeLessThan(MEMORY_BOUND);
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
