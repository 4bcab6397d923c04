/**
 * A RoomStore in Redis, shared by any number of relay processes: per room a hash of numbers
 * and the verifying key, a Stream of sealed updates with ids `${seq}-0`, and the snapshot as
 * a string. Writes run as Lua scripts (redis-scripts.ts) so they are atomic, and the append
 * publishes the entry's sequence (not its bytes) on the room's channel in the same step; the
 * fan-out reads the entry from the stream (see redis-fanout.ts). Rooms
 * expire by EXPIRE after the idle days, so listIdle has nothing to do.
 */
import type { Redis } from "ioredis";
import { MessageType, decodeMessage, encodeMessage } from "../../app/collab/wire";
import { APPEND_SCRIPT, CREATE_SCRIPT, SNAPSHOT_SCRIPT } from "./redis-scripts";
import type {
  RoomInfo,
  RoomStore,
  StoredEntry,
  StoredSnapshot,
  SnapshotSwapResult,
} from "./room-store";

const PREFIX = "plainpad:relay";

/** The pub/sub channel of a room. */
export function roomChannel(roomId: string): string {
  return `${PREFIX}:{${roomId}}`;
}

/** The room id of a channel, or null. */
export function roomOfChannel(channel: string): string | null {
  const match = /^plainpad:relay:\{([0-9a-f]{32})\}$/.exec(channel);
  return match ? match[1] : null;
}

// The hash tag {roomId} keeps a room's keys on one slot (Redis Cluster runs scripts per slot).
function keys(roomId: string): [string, string, string] {
  const base = `${PREFIX}:{${roomId}}`;
  return [`${base}:meta`, `${base}:log`, `${base}:snapshot`];
}

/** The stream that holds a room's log (the fan-out reads published entries from it). */
export function roomLogKey(roomId: string): string {
  return keys(roomId)[1];
}

/** The hash of a room's numbers (the fan-out reads the head after a reconnect). */
export function roomMetaKey(roomId: string): string {
  return keys(roomId)[0];
}

type ScriptRunner = (...args: (string | number | Buffer)[]) => Promise<unknown>;

function script(redis: Redis, name: string): ScriptRunner {
  const fn = (redis as unknown as Record<string, ScriptRunner>)[name];
  return fn.bind(redis);
}

function number(buffer: Buffer | undefined): number {
  return buffer ? Number(buffer.toString()) : 0;
}

function infoOf(roomId: string, meta: Record<string, Buffer>): RoomInfo | null {
  if (!meta.verifyKey) return null;
  return {
    roomId,
    verifyKey: new Uint8Array(meta.verifyKey),
    headSeq: number(meta.head),
    snapshotSeq: number(meta.snapSeq),
    logCount: number(meta.logCount),
    logBytes: number(meta.logBytes),
    snapshotBytes: number(meta.snapBytes),
  };
}

/** One stream record of a room's log as an entry. */
export function entryOf([id, fields]: [Buffer, Buffer[]]): StoredEntry {
  const values: Record<string, Buffer> = {};
  for (let i = 0; i < fields.length; i += 2) values[fields[i].toString()] = fields[i + 1];
  return {
    seq: Number(id.toString().split("-")[0]),
    messageId: new Uint8Array(values.m),
    sealed: new Uint8Array(values.s),
    signature: new Uint8Array(values.g),
  };
}

function snapshotOf(bytes: Buffer | null): StoredSnapshot | null {
  if (!bytes) return null;
  const message = decodeMessage(new Uint8Array(bytes));
  if (message.type !== MessageType.SnapshotReplay) throw new Error("bad snapshot in Redis");
  const { snapshotId, upToSeq, baseSeq, sealed, signature } = message;
  return { snapshotId, upToSeq, baseSeq, sealed, signature };
}

/**
 * A store on an ioredis connection (which it does not close: the caller owns it). Idle rooms
 * expire after idleRoomDays without a write.
 */
export function createRedisRoomStore(redis: Redis, idleRoomDays: number): RoomStore {
  const ttl = Math.max(1, Math.round(idleRoomDays * 24 * 60 * 60));
  redis.defineCommand("plainpadCreate", { numberOfKeys: 3, lua: CREATE_SCRIPT });
  redis.defineCommand("plainpadAppend", { numberOfKeys: 3, lua: APPEND_SCRIPT });
  redis.defineCommand("plainpadSnapshot", { numberOfKeys: 3, lua: SNAPSHOT_SCRIPT });
  const create = script(redis, "plainpadCreate");
  const append = script(redis, "plainpadAppend");
  const snapshot = script(redis, "plainpadSnapshot");

  const getRoom = async (roomId: string) =>
    infoOf(roomId, await redis.hgetallBuffer(keys(roomId)[0]));

  return {
    getRoom,
    async createRoom(roomId, verifyKey) {
      const created = (await create(...keys(roomId), Buffer.from(verifyKey), ttl)) === 1;
      const room = await getRoom(roomId);
      if (!room) throw new Error("room vanished right after it was created");
      return { room, created };
    },
    async append(roomId, input, _now, maxRoomBytes) {
      const seq = Number(
        await append(
          ...keys(roomId),
          Buffer.from(input.messageId),
          Buffer.from(input.sealed),
          Buffer.from(input.signature),
          maxRoomBytes,
          ttl,
          roomChannel(roomId),
          input.origin,
        ),
      );
      if (seq === -1) return { ok: false, reason: "missing" };
      if (seq === -2) return { ok: false, reason: "full" };
      return { ok: true, seq };
    },
    async readAfter(roomId, afterSeq) {
      const raw = await redis.xrangeBuffer(keys(roomId)[1], `${afterSeq + 1}-0`, "+");
      return raw.map(entryOf);
    },
    async replay(roomId, sinceSeq) {
      const [meta, log, snap] = keys(roomId);
      // One MULTI: the numbers, the snapshot and the log are read at one instant.
      const results = await redis
        .multi()
        .hgetallBuffer(meta)
        .getBuffer(snap)
        .xrangeBuffer(log, `${sinceSeq + 1}-0`, "+")
        .exec();
      if (!results) throw new Error("Redis transaction aborted");
      for (const [error] of results) if (error) throw error;
      const room = infoOf(roomId, results[0][1] as Record<string, Buffer>);
      if (!room) return null;
      const stored = snapshotOf(results[1][1] as Buffer | null);
      const from = Math.max(sinceSeq, room.snapshotSeq);
      const entries = (results[2][1] as [Buffer, Buffer[]][]).map(entryOf);
      return {
        room,
        snapshot: sinceSeq < room.snapshotSeq ? stored : null,
        entries: entries.filter((entry) => entry.seq > from),
      };
    },
    async replaceSnapshot(roomId, input): Promise<SnapshotSwapResult> {
      const record = encodeMessage({ type: MessageType.SnapshotReplay, ...input });
      const result = (await snapshot(
        ...keys(roomId),
        input.upToSeq,
        input.baseSeq,
        Buffer.from(record),
        input.sealed.length,
        ttl,
      )) as number[];
      if (result[0] === -1) return { accepted: false, room: null };
      const [accepted, snapshotSeq, logCount, logBytes, headSeq, snapshotBytes] = result;
      const verifyKey = new Uint8Array(
        (await redis.hgetBuffer(keys(roomId)[0], "verifyKey")) ?? [],
      );
      return {
        accepted: accepted === 1,
        room: { roomId, verifyKey, headSeq, snapshotSeq, logCount, logBytes, snapshotBytes },
      };
    },
    async deleteRoom(roomId) {
      const [meta, log, snap] = keys(roomId);
      const results = await redis.multi().exists(meta).del(meta, log, snap).exec();
      return results?.[0]?.[1] === 1;
    },
    async listIdle() {
      return [];
    },
    async close() {},
  };
}
