import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MessageType } from "@plainpad/wire";
import { createRedisFanout } from "./redis-fanout";
import { createRedisRoomStore } from "./redis-store";
import { createRelayHub } from "./relay-hub";
import { addressQuotaContract, roomStoreContract } from "./room-store.contract";
import type { FanoutEvent } from "./room-fanout";
import { EXPIRED } from "./room-store";
import { startTestRedis, type TestRedis } from "./test-redis";
import { HubClient, joinMessage, newKeys, until, updateMessage } from "./test-client";

let redis: TestRedis;
const connections: Redis[] = [];
function connect(): Redis {
  const connection = new Redis(redis.url);
  connections.push(connection);
  return connection;
}

beforeAll(async () => {
  redis = await startTestRedis();
}, 20_000);
afterAll(async () => {
  await Promise.allSettled(connections.map((connection) => connection.quit()));
  await redis?.stop();
});

roomStoreContract(
  "redis",
  async () => {
    const connection = connect();
    await connection.flushall();
    return createRedisRoomStore(connection, 30);
  },
  async () => {},
);

addressQuotaContract("redis", async (quotas) => {
  const connection = connect();
  await connection.flushall();
  return createRedisRoomStore(connection, 30, quotas);
});

describe("redis store: durability and storage", () => {
  const roomId = "e0".repeat(16);
  let nextMessageId = 0;
  // Each with its own message id: the store keeps a repeated one once.
  const entry = (length: number, address?: string) => ({
    messageId: Uint8Array.of(++nextMessageId, nextMessageId >> 8, ...new Uint8Array(14)),
    sealed: new Uint8Array(length).fill(2),
    signature: new Uint8Array(64).fill(3),
    origin: "t",
    address,
  });

  it("shares an address's hourly quota between relay processes", async () => {
    const first = connect();
    await first.flushall();
    const quotas = { addressBytesPerHour: 2048 };
    const one = createRedisRoomStore(first, 30, quotas);
    const two = createRedisRoomStore(connect(), 30, quotas);
    await one.createRoom(roomId, new Uint8Array(32), 0);
    expect((await one.append(roomId, entry(1024, "198.51.100.7"), 0, 1 << 20)).ok).toBe(true);
    expect((await two.append(roomId, entry(1024, "198.51.100.7"), 0, 1 << 20)).ok).toBe(true);
    expect(await one.append(roomId, entry(1024, "198.51.100.7"), 0, 1 << 20)).toEqual({
      ok: false,
      reason: "quota",
    });
    expect(await two.append(roomId, entry(1024, "198.51.100.7"), 0, 1 << 20)).toEqual({
      ok: false,
      reason: "quota",
    });
  });

  it("answers a write Redis refuses at maxmemory as no space, and makes no new room", async () => {
    const connection = connect();
    await connection.flushall();
    const store = createRedisRoomStore(connection, 30, { addressBytesPerHour: 0 });
    await store.createRoom(roomId, new Uint8Array(32), 0);
    const used = Number(/^used_memory:(\d+)/m.exec(await connection.info("memory"))?.[1]);
    await connection.config("SET", "maxmemory", String(used + 512 * 1024));
    try {
      const results = [];
      for (let i = 0; i < 40; i++)
        results.push(await store.append(roomId, entry(64 * 1024), 0, 1 << 30));
      expect(results.at(-1)).toEqual({ ok: false, reason: "no-space" });
      const stored = results.filter((result) => result.ok).length;
      expect(stored).toBeGreaterThan(0);
      expect(await store.canCreateRoom()).toBe("no-space");
      // Nothing refused was kept: the log holds exactly the acknowledged entries.
      expect((await store.readAfter(roomId, 0)).map((e) => e.seq)).toEqual(
        Array.from({ length: stored }, (_, i) => i + 1),
      );
    } finally {
      await connection.config("SET", "maxmemory", "0");
    }
    expect(await store.canCreateRoom()).toBe("ok");
  });

  it("trims the log with a snapshot without reading the trimmed entries", async () => {
    const connection = connect();
    await connection.flushall();
    const store = createRedisRoomStore(connection, 30);
    await store.createRoom(roomId, new Uint8Array(32), 0);
    for (let i = 0; i < 6; i++) await store.append(roomId, entry(1000 + i), 0, 1 << 20);
    const monitor = await connect().monitor();
    const seen: string[] = [];
    monitor.on("monitor", (_time: string, args: string[]) => seen.push(args[0].toUpperCase()));
    const snapshot = {
      snapshotId: new Uint8Array(16),
      upToSeq: 4,
      baseSeq: 0,
      sealed: new Uint8Array(10),
      signature: new Uint8Array(64),
    };
    const result = await store.replaceSnapshot(roomId, snapshot, 0);
    await until(() => seen.includes("XTRIM"));
    monitor.disconnect();
    expect(result.room).toMatchObject({ logCount: 2, logBytes: 1004 + 1005, snapshotSeq: 4 });
    expect(seen).not.toContain("XRANGE");
    expect(await store.append(roomId, entry(7), 0, 1 << 20)).toMatchObject({ seq: 7 });
    expect(await store.getRoom(roomId)).toMatchObject({ logCount: 3, logBytes: 1004 + 1005 + 7 });
  });
});

describe("redis store and fan-out", () => {
  it("expires a room after the idle days with no write", async () => {
    const connection = connect();
    const store = createRedisRoomStore(connection, 2);
    const roomId = "cd".repeat(16);
    await store.createRoom(roomId, new Uint8Array(32), 0);
    await store.append(
      roomId,
      {
        messageId: new Uint8Array(16),
        sealed: new Uint8Array(4),
        signature: new Uint8Array(64),
        origin: "t",
      },
      0,
      1024,
    );
    const ttl = await connection.ttl(`plainpad:relay:{${roomId}}:log`);
    expect(ttl).toBeGreaterThan(2 * 24 * 3600 - 10);
    expect(ttl).toBeLessThanOrEqual(2 * 24 * 3600);
    // Redis expiring the room (as its TTL does) leaves a marker for the idle days more: those
    // who come back are told it expired, and it is not made again meanwhile.
    const seenTtl = await connection.ttl(`plainpad:relay:{${roomId}}:seen`);
    expect(seenTtl).toBeGreaterThan(4 * 24 * 3600 - 10);
    const roomKeys = ["meta", "log", "snapshot", "sizes", "ids"].map(
      (k) => `plainpad:relay:{${roomId}}:${k}`,
    );
    await connection.del(...roomKeys);
    expect(await store.getRoom(roomId)).toBeNull();
    expect(await store.ended(roomId)).toEqual(EXPIRED);
    expect((await store.createRoom(roomId, new Uint8Array(32), 0)).ended).toEqual(EXPIRED);
    expect(await store.ended("ef".repeat(16))).toBeNull();
    // A deleted room's tombstone is kept for the idle days too, then Redis drops it.
    await store.deleteRoom(roomId, EXPIRED, 0);
    const tombstoneTtl = await connection.ttl(`plainpad:relay:{${roomId}}:ended`);
    expect(tombstoneTtl).toBeGreaterThan(2 * 24 * 3600 - 10);
    expect(tombstoneTtl).toBeLessThanOrEqual(2 * 24 * 3600);
  });

  it("publishes each entry in the append script, in sequence order, with its origin", async () => {
    const store = createRedisRoomStore(connect(), 30);
    const fanout = createRedisFanout(connect(), connect());
    const roomId = "ef".repeat(16);
    const events: FanoutEvent[] = [];
    const unsubscribe = await fanout.subscribe(roomId, (event) => events.push(event));
    await store.createRoom(roomId, new Uint8Array(32), 0);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.append(
          roomId,
          {
            messageId: new Uint8Array(16).fill(i),
            sealed: Uint8Array.of(i, 1, 2),
            signature: new Uint8Array(64).fill(i),
            origin: `conn-${i}`,
          },
          0,
          1 << 20,
        ),
      ),
    );
    await fanout.publish(roomId, { kind: "awareness", sealed: Uint8Array.of(9), origin: "x" });
    const ending = {
      cause: "deleted" as const,
      at: 1_800_000_000_000,
      signature: new Uint8Array(64).fill(3),
    };
    await fanout.publish(roomId, { kind: "ended", ending });
    await until(() => events.length === 22);
    const entries = events.flatMap((event) => (event.kind === "entry" ? [event] : []));
    expect(entries.map((event) => event.entry.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    for (const event of entries) {
      const i = event.entry.sealed[0];
      expect(event.origin).toBe(`conn-${i}`);
      expect(event.entry.messageId).toEqual(new Uint8Array(16).fill(i));
      expect(event.entry.signature).toEqual(new Uint8Array(64).fill(i));
      expect(event.entry.sealed).toEqual(Uint8Array.of(i, 1, 2));
    }
    expect(events[20]).toEqual({ kind: "awareness", sealed: Uint8Array.of(9), origin: "x" });
    expect(events[21]).toEqual({ kind: "ended", ending });
    await unsubscribe();
  });

  it("lets clients on two hubs (two processes' worth) edit one room through Redis", async () => {
    const hubs = [0, 1].map(() =>
      createRelayHub({
        store: createRedisRoomStore(connect(), 30),
        fanout: createRedisFanout(connect(), connect()),
        idleSweepMs: 0,
      }),
    );
    const keys = newKeys();
    const a = new HubClient(hubs[0]);
    a.send(joinMessage(keys));
    await until(() => a.ofType(MessageType.Synced).length === 1);
    const b = new HubClient(hubs[1]);
    b.send(joinMessage(keys, 0, false));
    await until(() => b.ofType(MessageType.Synced).length === 1);
    for (let i = 0; i < 10; i++) {
      a.send(updateMessage(keys, `a${i}`));
      b.send(updateMessage(keys, `b${i}`));
    }
    await until(
      () => a.ofType(MessageType.Entry).length === 10 && b.ofType(MessageType.Entry).length === 10,
    );
    expect(b.entryTexts(keys)).toEqual(Array.from({ length: 10 }, (_, i) => `a${i}`));
    expect(a.entryTexts(keys)).toEqual(Array.from({ length: 10 }, (_, i) => `b${i}`));
    const seqs = [...a.ofType(MessageType.Entry), ...a.ofType(MessageType.Ack)]
      .map((message) => message.seq)
      .sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const hub of hubs) await hub.close();
  });
});
