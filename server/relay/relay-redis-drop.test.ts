// Redis survives a loud room: two real relay processes over a real redis-server whose pub/sub
// output buffer is small. Large presence never reaches Redis (it is refused), entries travel
// as sequence numbers, and when Redis drops the subscribers anyway, every edit of another room
// made around the drop still arrives.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viewOnlyKeys, type LiveKeys } from "@plainpad/wire/room-keys";
import { CloseCode, MessageType, encodeFrames } from "@plainpad/wire";
import { joinMessage, newKeys, until, updateMessage } from "./test-client";
import {
  joinedClient,
  relayProcessesForFile,
  type RelayProcess,
  type SocketClient,
} from "./test-relay-process";

const relays = relayProcessesForFile({ redis: true });
let admin: Redis;
const processes: RelayProcess[] = [];

beforeAll(async () => {
  admin = new Redis(relays.redis.url);
  // Far below Redis's default (32 MiB hard): any one message over 1 MiB drops a subscriber.
  await admin.config("SET", "client-output-buffer-limit", "pubsub 1mb 512kb 60");
  for (let i = 0; i < 2; i++) processes.push(await relays.start({ REDIS_URL: relays.redis.url }));
}, 60_000);

// Before the processes and Redis stop (after-hooks run last-registered first).
afterAll(async () => {
  await admin?.quit();
}, 30_000);

const joined = (url: string, keys: LiveKeys, create = false): Promise<SocketClient> =>
  joinedClient(url, joinMessage(keys, 0, create), 20_000);

/** Ids of Redis's pub/sub clients now (a dropped and reconnected subscriber gets a new id). */
async function subscriberIds(): Promise<string[]> {
  const list = String(await admin.call("CLIENT", "LIST", "TYPE", "pubsub"));
  return [...list.matchAll(/\bid=(\d+)/g)].map((match) => match[1]).sort();
}

describe("relay over Redis with a loud room (real processes)", () => {
  it("refuses large presence before Redis, and edits made around a subscriber drop all arrive", async () => {
    const [one, two] = processes;
    const quiet = newKeys();
    const writer = await joined(one.url, quiet, true);
    const reader = await joined(two.url, viewOnlyKeys(quiet));

    const loudKeys = newKeys();
    const loud = await joined(one.url, loudKeys, true);
    const listener = await joined(two.url, viewOnlyKeys(loudKeys));
    const before = await subscriberIds();
    expect(before).toHaveLength(2);
    const big = encodeFrames({ type: MessageType.Awareness, sealed: new Uint8Array(1536 * 1024) });
    for (const frame of big) loud.sendRaw(frame);
    await until(() => loud.closed !== null, 20_000, "loud closed");
    expect(loud.closed?.code).toBe(CloseCode.PresenceTooLarge);
    // An edit after it still goes through, and Redis kept both subscribers.
    writer.send(updateMessage(quiet, "after the loud one"));
    await until(() => reader.ofType(MessageType.Entry).length === 1, 20_000, "first edit");
    expect(await subscriberIds()).toEqual(before);

    // Redis drops every subscriber (as it does when one falls behind): edits made just before
    // and just after arrive all the same, in order, with no later edit to reveal the gap.
    for (let i = 0; i < 10; i++) writer.send(updateMessage(quiet, `before ${i}`));
    await admin.call("CLIENT", "KILL", "TYPE", "pubsub");
    for (let i = 0; i < 10; i++) writer.send(updateMessage(quiet, `after ${i}`));
    await until(() => writer.ofType(MessageType.Ack).length === 21, 20_000, "acks");
    await until(() => reader.ofType(MessageType.Entry).length === 21, 20_000, "all edits");
    expect(reader.entryTexts(quiet)).toEqual([
      "after the loud one",
      ...Array.from({ length: 10 }, (_, i) => `before ${i}`),
      ...Array.from({ length: 10 }, (_, i) => `after ${i}`),
    ]);
    expect(reader.closed).toBeNull();
    expect(listener.ofType(MessageType.AwarenessRelay)).toEqual([]);
    for (const socket of [writer, reader, listener]) await socket.closeAndWait();
  }, 90_000);
});
