/**
 * A RoomStore in Redis, shared by any number of relay processes: per room a hash of numbers
 * and the verifying key, a Stream of sealed updates with ids `${seq}-0`, and the snapshot as
 * a string. Writes run as Lua scripts (redis-scripts.ts) so they are atomic, and the append
 * publishes the entry's sequence (not its bytes) on the room's channel in the same step; the
 * fan-out reads the entry from the stream (see redis-fanout.ts). Rooms
 * expire by EXPIRE after the idle days, so listIdle has nothing to do.
 */
import type { Redis } from "ioredis";
import { MessageType, decodeMessage, encodeMessage } from "@plainpad/wire";
import {
  APPEND_SCRIPT,
  CREATE_SCRIPT,
  QUOTA_SCRIPT,
  RENEW_EPOCH_SCRIPT,
  SNAPSHOT_SCRIPT,
} from "./redis-scripts";
import {
  EXPIRED,
  newEpoch,
  type CreateResult,
  type RoomEnding,
  type RoomInfo,
  type RoomStore,
  type StoredEntry,
  type StoredSnapshot,
  type SnapshotSwapResult,
} from "./room-store";
import { DEFAULT_QUOTAS, hourOf, nearlyFull, type StorageQuotas } from "./store-quota";

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
// Their order is the scripts' KEYS (redis-scripts.ts): every script is given all of them.
type RoomKeys = [string, string, string, string, string, string, string];
function keys(roomId: string): RoomKeys {
  const base = `${PREFIX}:{${roomId}}`;
  const names = ["meta", "log", "snapshot", "sizes", "ids", "ended", "seen"] as const;
  return names.map((name) => `${base}:${name}`) as RoomKeys;
}

/** The counter of bytes an address appended in an hour (shared by every relay process). */
function quotaKey(address: string, now: number): string {
  return `${PREFIX}:quota:{${address}}:${hourOf(now)}`;
}

/** True for Redis refusing a write at its maxmemory (with the noeviction policy). */
function isOutOfMemory(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("OOM");
}

/** Redis's used_memory and maxmemory (0: no limit), from INFO memory. */
async function memoryOf(redis: Redis): Promise<{ used: number; max: number }> {
  const info = await redis.info("memory");
  const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, "m").exec(info)?.[1] ?? 0);
  return { used: field("used_memory"), max: field("maxmemory") };
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
    // Rooms made before epochs have none: 1 stands for it until one is given.
    epoch: number(meta.epoch) || 1,
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
 * expire after idleRoomDays without a write. Redis's own maxmemory (with the noeviction
 * policy) is the limit on stored bytes: an append it refuses is answered as "no-space", and
 * no room is made above 90% of it. The per-address quota is counted in Redis.
 */
export function createRedisRoomStore(
  redis: Redis,
  idleRoomDays: number,
  quotas: Partial<StorageQuotas> = {},
): RoomStore {
  const ttl = Math.max(1, Math.round(idleRoomDays * 24 * 60 * 60));
  const addressBytesPerHour = quotas.addressBytesPerHour ?? DEFAULT_QUOTAS.addressBytesPerHour;
  redis.defineCommand("plainpadCreate", { numberOfKeys: 7, lua: CREATE_SCRIPT });
  redis.defineCommand("plainpadAppend", { numberOfKeys: 7, lua: APPEND_SCRIPT });
  redis.defineCommand("plainpadSnapshot", { numberOfKeys: 7, lua: SNAPSHOT_SCRIPT });
  redis.defineCommand("plainpadRenewEpoch", { numberOfKeys: 1, lua: RENEW_EPOCH_SCRIPT });
  redis.defineCommand("plainpadQuota", { numberOfKeys: 1, lua: QUOTA_SCRIPT });
  const create = script(redis, "plainpadCreate");
  const append = script(redis, "plainpadAppend");
  const snapshot = script(redis, "plainpadSnapshot");
  const renewEpoch = script(redis, "plainpadRenewEpoch");
  const countQuota = script(redis, "plainpadQuota");

  const getRoom = async (roomId: string) =>
    infoOf(roomId, await redis.hgetallBuffer(keys(roomId)[0]));
  /** Sealed bytes a snapshot would add beyond the old snapshot and the entries it covers. */
  const snapshotGrowthIn = async (roomId: string, input: StoredSnapshot): Promise<number> => {
    const room = await getRoom(roomId);
    if (!room) return 0;
    const [meta, , , sizes] = keys(roomId);
    const [upTo, appended] = await Promise.all([
      redis.hget(sizes, String(input.upToSeq)),
      redis.hget(meta, "appended"),
    ]);
    // Sizes are counted from the room's start: the log after upToSeq is one subtraction, the
    // rest of the log is what the snapshot covers (a room logged before the sizes hash counts
    // its whole log, which can only count less).
    const covered =
      upTo !== null && appended !== null
        ? room.logBytes - (Number(appended) - Number(upTo))
        : room.logBytes;
    return Math.max(0, input.sealed.length - room.snapshotBytes - covered);
  };
  const ended = async (roomId: string): Promise<RoomEnding | null> => {
    const [meta, , , , , tombstone, seen] = keys(roomId);
    const results = await redis.multi().getBuffer(tombstone).exists(seen).exists(meta).exec();
    if (!results) throw new Error("Redis transaction aborted");
    const bytes = results[0][1] as Buffer | null;
    // Redis expired the room (its marker outlives it by the idle days): it expired.
    if (!bytes) return results[1][1] === 1 && results[2][1] === 0 ? EXPIRED : null;
    const message = decodeMessage(new Uint8Array(bytes));
    if (message.type !== MessageType.Ended) throw new Error("bad tombstone in Redis");
    const { cause, at, signature } = message;
    return { cause, at, signature };
  };

  return {
    getRoom,
    async createRoom(roomId, verifyKey): Promise<CreateResult> {
      const epoch = newEpoch();
      const answer = Number(await create(...keys(roomId), Buffer.from(verifyKey), ttl, epoch));
      if (answer === -1) {
        const ending = await ended(roomId);
        if (ending) return { room: null, created: false, ended: ending };
        throw new Error("tombstone vanished right after it was found");
      }
      const room = await getRoom(roomId);
      if (!room) throw new Error("room vanished right after it was created");
      return { room, created: answer === 1, ended: null };
    },
    ended,
    async append(roomId, input, now, maxRoomBytes) {
      const size = input.sealed.length;
      const quota = input.address && addressBytesPerHour > 0 ? quotaKey(input.address, now) : null;
      let seq: number;
      let duplicateOf: number | null = null;
      try {
        if (quota && (await countQuota(quota, size, addressBytesPerHour)) !== 1) {
          return { ok: false, reason: "quota" };
        }
        const answer: unknown = await append(
          ...keys(roomId),
          Buffer.from(input.messageId),
          Buffer.from(input.sealed),
          Buffer.from(input.signature),
          maxRoomBytes,
          ttl,
          roomChannel(roomId),
          input.origin,
        );
        // {'duplicate', seq}: the log has this message id already.
        if (Array.isArray(answer)) duplicateOf = Number(answer[1]);
        seq = duplicateOf === null ? Number(answer) : -4;
      } catch (error) {
        if (!isOutOfMemory(error)) throw error;
        seq = -3;
      }
      // Not stored: the bytes do not count (a Redis at maxmemory may refuse even this).
      if (seq < 0 && quota) await redis.decrby(quota, size).catch(() => {});
      if (duplicateOf !== null) return { ok: false, reason: "duplicate", seq: duplicateOf };
      if (seq === -3) return { ok: false, reason: "no-space" };
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
    async replaceSnapshot(roomId, input, now, address): Promise<SnapshotSwapResult> {
      const record = encodeMessage({ type: MessageType.SnapshotReplay, ...input });
      // What it adds beyond the bytes it replaces counts against the writer's quota, as an
      // append does (snapshotGrowth in room-store.ts), given back when the swap is refused.
      const quota = address && addressBytesPerHour > 0 ? quotaKey(address, now) : null;
      const growth = quota ? await snapshotGrowthIn(roomId, input) : 0;
      if (quota && growth > 0 && (await countQuota(quota, growth, addressBytesPerHour)) !== 1) {
        const room = await getRoom(roomId);
        return { accepted: false, room };
      }
      const refund = () =>
        quota && growth > 0 ? redis.decrby(quota, growth).catch(() => 0) : undefined;
      let result: number[];
      try {
        result = (await snapshot(
          ...keys(roomId),
          input.upToSeq,
          input.baseSeq,
          Buffer.from(record),
          input.sealed.length,
          ttl,
        )) as number[];
      } catch (error) {
        await refund();
        throw error;
      }
      if (result[0] !== 1) await refund();
      if (result[0] === -1) return { accepted: false, room: null };
      const [accepted, snapshotSeq, logCount, logBytes, headSeq, snapshotBytes] = result;
      const [verifyKey, epoch] = await redis.hmgetBuffer(keys(roomId)[0], "verifyKey", "epoch");
      return {
        accepted: accepted === 1,
        room: {
          roomId,
          verifyKey: new Uint8Array(verifyKey ?? []),
          headSeq,
          snapshotSeq,
          logCount,
          logBytes,
          snapshotBytes,
          epoch: number(epoch ?? undefined) || 1,
        },
      };
    },
    async renewEpoch(roomId) {
      const epoch = newEpoch();
      return (await renewEpoch(keys(roomId)[0], epoch)) === 1 ? epoch : null;
    },
    async canCreateRoom() {
      const { used, max } = await memoryOf(redis);
      return nearlyFull(used, max) ? "no-space" : "ok";
    },
    async deleteRoom(roomId, ending) {
      const [meta, log, snap, sizes, ids, tombstone, seen] = keys(roomId);
      const record = Buffer.from(encodeMessage({ type: MessageType.Ended, ...ending }));
      const results = await redis
        .multi()
        .exists(meta)
        .set(tombstone, record, "EX", ttl)
        .del(meta, log, snap, sizes, ids, seen)
        .exec();
      return results?.[0]?.[1] === 1;
    },
    async pruneEnded() {},
    async listIdle() {
      return [];
    },
    async close() {},
  };
}
