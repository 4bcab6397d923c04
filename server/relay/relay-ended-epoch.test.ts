// Where room epochs meet tombstones: a JOIN that names an epoch makes a room the relay lost
// again (the client was in it), but an ended room (deleted by its edit link, or expired after
// the idle days) is not lost: its tombstone wins, the client is told it ended, and the room is
// not made again. Run on every store (memory, disk, a real redis-server).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveKeys } from "@plainpad/wire/room-keys";
import { CloseCode, MessageType } from "@plainpad/wire";
import { createDiskRoomStore } from "./disk-store";
import { createMemoryRoomStore } from "./memory-store";
import { createRedisRoomStore } from "./redis-store";
import { createRelayHub } from "./relay-hub";
import type { RelayHub } from "./relay-types";
import type { RoomStore } from "./room-store";
import {
  HubClient,
  deleteMessage,
  joinMessage,
  newKeys,
  until,
  updateMessage,
} from "./test-client";
import { startTestRedis, type TestRedis } from "./test-redis";

const DAY_MS = 24 * 60 * 60 * 1000;
const IDLE_DAYS = 2;

let redis: TestRedis;
const connections: Redis[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
}, 20_000);
afterAll(async () => {
  await Promise.allSettled(connections.map((connection) => connection.quit()));
  await redis?.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

interface Backend {
  name: string;
  open(): Promise<RoomStore>;
  /** Lets the room expire after its idle days, as this store does it. */
  expire(hub: RelayHub, roomId: string, advance: (ms: number) => void): Promise<void>;
  /** Loses everything stored (a relay's data gone) before the next open(). */
  loseEverything(): Promise<void>;
}

/** Memory and disk: the hub's sweep deletes the idle room and keeps its tombstone. */
async function sweptIdle(hub: RelayHub, _roomId: string, advance: (ms: number) => void) {
  advance((IDLE_DAYS + 1) * DAY_MS);
  expect(await hub.sweepIdle()).toBe(1);
}

const backends: Backend[] = [
  // A fresh memory store or data folder is a relay that lost everything.
  {
    name: "memory",
    open: async () => createMemoryRoomStore(),
    expire: sweptIdle,
    loseEverything: async () => {},
  },
  {
    name: "disk",
    async open() {
      const dir = await mkdtemp(path.join(tmpdir(), "plainpad-ended-epoch-"));
      dirs.push(dir);
      return createDiskRoomStore(dir, { quotas: { minFreeBytes: 0 } });
    },
    expire: sweptIdle,
    loseEverything: async () => {},
  },
  {
    name: "redis",
    async open() {
      const connection = new Redis(redis.url);
      connections.push(connection);
      return createRedisRoomStore(connection, IDLE_DAYS);
    },
    // Redis expires the room's keys by their TTL; the marker outlives them by the idle days.
    async expire(_hub, roomId) {
      const connection = new Redis(redis.url);
      connections.push(connection);
      const names = ["meta", "log", "snapshot", "sizes", "ids"];
      await connection.del(...names.map((name) => `plainpad:relay:{${roomId}}:${name}`));
    },
    // A Redis without persistence restarted, or a failover to a replica that had nothing.
    async loseEverything() {
      const connection = new Redis(redis.url);
      connections.push(connection);
      await connection.flushall();
    },
  },
];

/** A room with one acknowledged update; gives the epoch and sequence its writer knows. */
async function roomWithOneUpdate(hub: RelayHub, keys: LiveKeys) {
  const owner = new HubClient(hub);
  owner.send(joinMessage(keys));
  await until(() => owner.ofType(MessageType.Synced).length > 0, 5000, "SYNCED");
  owner.send(updateMessage(keys, "typed before the end"));
  await until(() => owner.ofType(MessageType.Ack).length === 1, 5000, "ACK");
  const { epoch } = owner.ofType(MessageType.Welcome)[0];
  expect(epoch).toBeGreaterThan(0);
  return { owner, epoch, seq: owner.ofType(MessageType.Ack)[0].seq };
}

/** JOINs as a returning page does (naming its epoch), with and without `create`. */
async function rejoinsAfterTheEnd(hub: RelayHub, keys: LiveKeys, epoch: number, seq: number) {
  const answers = [];
  for (const create of [false, true]) {
    const late = new HubClient(hub);
    late.send(joinMessage(keys, seq, create, epoch));
    await until(() => late.closed !== null, 5000, "close");
    expect(late.ofType(MessageType.Welcome)).toEqual([]);
    answers.push({ code: late.closed?.code, ended: late.ofType(MessageType.Ended)[0] });
  }
  return answers;
}

describe.each(backends)("an ended room and a JOIN naming its epoch ($name)", (backend) => {
  it("a deleted room is answered with the signed ENDED and not made again", async () => {
    const store = await backend.open();
    const hub = createRelayHub({ store, idleSweepMs: 0 });
    const keys = newKeys();
    const { owner, epoch, seq } = await roomWithOneUpdate(hub, keys);
    const deletion = deleteMessage(keys, Date.now());
    if (deletion.type !== MessageType.DeleteRoom) throw new Error("not a delete");
    owner.send(deletion);
    await until(() => owner.closed !== null, 5000, "owner closed");
    expect(owner.closed?.code).toBe(CloseCode.RoomEnded);

    for (const { code, ended } of await rejoinsAfterTheEnd(hub, keys, epoch, seq)) {
      expect(code).toBe(CloseCode.RoomEnded);
      expect(ended).toMatchObject({ cause: "deleted", at: deletion.at });
      expect(ended.signature).toEqual(deletion.signature);
    }
    expect(await store.getRoom(keys.roomId)).toBeNull();
    expect(await store.ended(keys.roomId)).toMatchObject({ cause: "deleted" });
    await hub.close();
    await store.close();
  });

  it("an expired room is answered as expired and not made again", async () => {
    const store = await backend.open();
    let time = Date.now();
    const hub = createRelayHub({
      store,
      now: () => time,
      idleSweepMs: 0,
      limits: { idleRoomDays: IDLE_DAYS },
    });
    const keys = newKeys();
    const { owner, epoch, seq } = await roomWithOneUpdate(hub, keys);
    owner.peer.closed();
    await backend.expire(hub, keys.roomId, (ms) => (time += ms));
    expect(await store.getRoom(keys.roomId)).toBeNull();

    for (const { code, ended } of await rejoinsAfterTheEnd(hub, keys, epoch, seq)) {
      expect(code).toBe(CloseCode.RoomExpired);
      expect(ended).toMatchObject({ cause: "expired" });
    }
    expect(await store.getRoom(keys.roomId)).toBeNull();
    await hub.close();
    await store.close();
  });

  it("a room the relay lost without an end is still made again for that JOIN", async () => {
    // The counterpart: no tombstone, so the epoch brings the room back (a fresh store stands
    // for a relay whose data is gone).
    const first = await backend.open();
    const firstHub = createRelayHub({ store: first, idleSweepMs: 0 });
    const keys = newKeys();
    const { owner, epoch, seq } = await roomWithOneUpdate(firstHub, keys);
    owner.peer.closed();
    await firstHub.close();
    await first.close();
    await backend.loseEverything();

    const store = await backend.open();
    const hub = createRelayHub({ store, idleSweepMs: 0 });
    const member = new HubClient(hub);
    member.send(joinMessage(keys, seq, false, epoch));
    await until(() => member.ofType(MessageType.Synced).length > 0, 5000, "SYNCED");
    expect(member.ofType(MessageType.Welcome)[0]).toMatchObject({ created: true, headSeq: 0 });
    expect(member.ofType(MessageType.Welcome)[0].epoch).not.toBe(epoch);
    await hub.close();
    await store.close();
  });
});
