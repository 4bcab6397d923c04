// Attacks on the relay's memory, each against a real relay process on 127.0.0.1 with real
// WebSockets: clients that never read, presence too large or too fast, pieces held before a
// JOIN. The relay's resident memory (read from /proc) stays bounded, the attackers are closed
// with their own close codes, and honest clients in another room are still served.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { viewOnlyKeys, type LiveKeys } from "@plainpad/wire/room-keys";
import { CloseCode, LIVE_LIMITS, MessageType, encodeFrames } from "@plainpad/wire";
import { RELAY_ONLY_LIMITS } from "./limits";
import { joinMessage, newKeys, snapshotMessage, until, updateMessage } from "./test-client";
import {
  joinedClient,
  openClient,
  relayProcessesForFile,
  type RelayProcess,
  type SocketClient,
} from "./test-relay-process";
import { growthDuring, RELAY_MEMORY_BOUND } from "./test-relay-memory";

const MiB = 1024 * 1024;

const relays = relayProcessesForFile({ redis: true });
let relay: RelayProcess;

// A relay of its own for each attack, so no attack's leftovers count against the next.
beforeEach(async () => {
  relay = await relays.start({ RELAY_DATA_DIR: await relays.dataDir("plainpad-relay-memory-") });
}, 30_000);

afterEach(async () => {
  await relay?.stop();
}, 30_000);

const client = () => openClient(relay.url);

const joined = (keys: LiveKeys, create = false, sinceSeq = 0) =>
  joinedClient(relay.url, joinMessage(keys, sinceSeq, create), 20_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An honest pair in a room of their own: one edit goes from one to the other. */
async function honestEditArrives(): Promise<void> {
  const keys = newKeys();
  const writer = await joined(keys, true);
  const reader = await joined(viewOnlyKeys(keys));
  writer.send(updateMessage(keys, "still served"));
  await until(() => reader.ofType(MessageType.Entry).length === 1, 20_000, "honest entry");
  expect(reader.entryTexts(keys)).toEqual(["still served"]);
  await Promise.all([writer.closeAndWait(), reader.closeAndWait()]);
}

describe("relay memory under attack (real process)", () => {
  it.each(["disk", "redis"])(
    "20 JOINs that never read a 16 MiB snapshot (%s): the replay goes out as they drain",
    async (backend) => {
      if (backend === "redis") {
        await relay.stop();
        relay = await relays.start({ REDIS_URL: relays.redis.url });
      }
      const keys = newKeys();
      const owner = await joined(keys, true);
      owner.send(updateMessage(keys, "first"));
      await until(() => owner.ofType(MessageType.Ack).length === 1, 20_000, "ack");
      owner.send(snapshotMessage(keys, 1, 0, new Uint8Array(16 * MiB).fill(7)));
      await until(() => owner.ofType(MessageType.SnapshotResult).length === 1, 30_000, "snapshot");
      expect(owner.ofType(MessageType.SnapshotResult)[0].accepted).toBe(true);

      const readers: SocketClient[] = [];
      const growth = await growthDuring(relay, async () => {
        for (let i = 0; i < 20; i++) {
          const reader = await client();
          reader.send(joinMessage(viewOnlyKeys(keys), 0, false));
          reader.socket.pause();
          readers.push(reader);
        }
        await honestEditArrives();
        await sleep(1500);
      });
      expect(growth).toBeLessThan(RELAY_MEMORY_BOUND);

      // A reader that reads after all gets the whole snapshot.
      const late = readers[0];
      late.socket.resume();
      await until(() => late.ofType(MessageType.Synced).length === 1, 30_000, "late replay");
      expect(late.ofType(MessageType.SnapshotReplay)[0].sealed.length).toBeGreaterThan(16 * MiB);
      for (const reader of readers) reader.socket.terminate();
      await owner.closeAndWait();
    },
    120_000,
  );

  it("presence in pieces and presence floods to listeners that never read are cut", async () => {
    const keys = newKeys();
    const loud = await joined(keys, true);
    const listeners: SocketClient[] = [];
    for (let i = 0; i < 10; i++) {
      const listener = await joined(viewOnlyKeys(keys));
      listener.socket.pause();
      listeners.push(listener);
    }
    const big = encodeFrames({ type: MessageType.Awareness, sealed: new Uint8Array(12 * MiB) });
    const growth = await growthDuring(relay, async () => {
      for (let i = 0; i < 2; i++) for (const frame of big) loud.sendRaw(frame);
      await until(() => loud.closed !== null, 30_000, "loud closed");
      await honestEditArrives();
    });
    expect(loud.closed?.code).toBe(CloseCode.PresenceTooLarge);
    expect(growth).toBeLessThan(RELAY_MEMORY_BOUND);

    // Presence just under the cap, as fast as the rate allows, to the same paused listeners:
    // each is closed as a slow reader once events pile up for it.
    const flooder = await joined(keys);
    const sealed = new Uint8Array(LIVE_LIMITS.maxAwarenessBytes - 1024);
    const frame = encodeFrames({ type: MessageType.Awareness, sealed })[0];
    const perSecond = LIVE_LIMITS.awarenessPerSecond - 10;
    const enough = (RELAY_ONLY_LIMITS.maxQueuedBytes * 6) / sealed.length;
    const floodGrowth = await growthDuring(relay, async () => {
      for (let sent = 0; sent < enough && flooder.closed === null; sent += perSecond / 10) {
        for (let i = 0; i < perSecond / 10; i++) flooder.sendRaw(frame);
        await sleep(100);
      }
      await honestEditArrives();
    });
    expect(flooder.closed).toBeNull();
    expect(floodGrowth).toBeLessThan(RELAY_MEMORY_BOUND);
    for (const listener of listeners) listener.socket.resume();
    await until(() => listeners.every((listener) => listener.closed), 30_000, "listeners closed");
    expect(listeners.map((listener) => listener.closed?.code)).toEqual(
      listeners.map(() => CloseCode.SlowReader),
    );
    await flooder.closeAndWait();
  }, 120_000);

  it("12 connections holding unfinished pieces before any JOIN are refused", async () => {
    const keys = newKeys();
    const frames = encodeFrames(updateMessage(keys, new Uint8Array(16 * MiB)));
    const unfinished = frames.slice(0, -1);
    const attackers: SocketClient[] = [];
    const growth = await growthDuring(relay, async () => {
      for (let i = 0; i < 12; i++) {
        const attacker = await client();
        for (const frame of unfinished) attacker.sendRaw(frame);
        attackers.push(attacker);
      }
      await until(() => attackers.every((attacker) => attacker.closed), 30_000, "closes");
      await honestEditArrives();
    });
    expect(attackers.map((attacker) => attacker.closed?.code)).toEqual(
      attackers.map(() => CloseCode.Malformed),
    );
    expect(growth).toBeLessThan(RELAY_MEMORY_BOUND);
  }, 120_000);

  it("one address may hold only so many connections; closing one lets another in", async () => {
    const open: SocketClient[] = [];
    for (let i = 0; i < RELAY_ONLY_LIMITS.maxConnectionsPerAddress; i++) open.push(await client());
    const extra = await client();
    await until(() => extra.closed !== null, 10_000, "extra closed");
    expect(extra.closed?.code).toBe(CloseCode.TooManyConnections);
    expect(open.every((socket) => socket.closed === null)).toBe(true);
    await open[0].closeAndWait();
    const keys = newKeys();
    const again = await joined(keys, true);
    expect(again.closed).toBeNull();
    for (const socket of [...open.slice(1), again]) await socket.closeAndWait();
  }, 60_000);
});
