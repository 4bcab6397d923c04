/**
 * A RoomStore in this process's memory: for tests and for a relay that may forget its rooms on
 * restart. Every method runs synchronously inside its promise, so each is atomic.
 */
import {
  newEpoch,
  noteAppended,
  replayOf,
  roomInfoOf,
  roomWouldOverflow,
  seqOfMessageId,
  snapshotFits,
  snapshotGrowth,
  type HeldRoom,
  type AppendResult,
  type CreateResult,
  type RoomEnding,
  type RoomReplay,
  type RoomStore,
  type SnapshotSwapResult,
} from "./room-store";
import { PackedLog } from "./packed-log";
import { AddressBytes, DEFAULT_QUOTAS, nearlyFull, type StorageQuotas } from "./store-quota";

interface MemoryRoom extends HeldRoom {
  lastWriteAt: number;
}

/** Sealed bytes a room holds (its log and snapshot), for the storage total. */
function heldBytes(room: HeldRoom): number {
  return room.logBytes + (room.snapshot?.sealed.length ?? 0);
}

/** A new, empty in-memory store (maxStoredBytes and the per-address quota apply to memory). */
export function createMemoryRoomStore(
  options: { quotas?: Partial<StorageQuotas> } = {},
): RoomStore {
  const rooms = new Map<string, MemoryRoom>();
  const quotas = { ...DEFAULT_QUOTAS, ...options.quotas };
  const addressBytes = new AddressBytes(quotas.addressBytesPerHour);
  let storedBytes = 0;
  const tombstones = new Map<string, { ending: RoomEnding; since: number }>();
  return {
    async getRoom(roomId) {
      const room = rooms.get(roomId);
      return room ? roomInfoOf(roomId, room) : null;
    },
    async createRoom(roomId, verifyKey, now): Promise<CreateResult> {
      const existing = rooms.get(roomId);
      if (existing) return { room: roomInfoOf(roomId, existing), created: false, ended: null };
      const tombstone = tombstones.get(roomId);
      if (tombstone) return { room: null, created: false, ended: tombstone.ending };
      const room: MemoryRoom = {
        verifyKey: verifyKey.slice(),
        headSeq: 0,
        entries: new PackedLog(),
        logBytes: 0,
        snapshot: null,
        epoch: newEpoch(),
        lastWriteAt: now,
      };
      rooms.set(roomId, room);
      return { room: roomInfoOf(roomId, room), created: true, ended: null };
    },
    async append(roomId, input, now, maxRoomBytes): Promise<AppendResult> {
      const room = rooms.get(roomId);
      if (!room) return { ok: false, reason: "missing" };
      const existing = seqOfMessageId(room, input.messageId);
      if (existing !== null) return { ok: false, reason: "duplicate", seq: existing };
      if (roomWouldOverflow(room, input.sealed.length, maxRoomBytes)) {
        return { ok: false, reason: "full" };
      }
      const size = input.sealed.length;
      if (quotas.maxStoredBytes > 0 && storedBytes + size > quotas.maxStoredBytes) {
        return { ok: false, reason: "no-space" };
      }
      if (!addressBytes.take(input.address, size, now)) return { ok: false, reason: "quota" };
      storedBytes += size;
      const seq = ++room.headSeq;
      noteAppended(room, {
        seq,
        messageId: input.messageId,
        sealed: input.sealed,
        signature: input.signature,
      });
      room.logBytes += input.sealed.length;
      room.lastWriteAt = now;
      return { ok: true, seq };
    },
    async readAfter(roomId, afterSeq) {
      const room = rooms.get(roomId);
      return room ? room.entries.after(afterSeq) : [];
    },
    async replay(roomId, sinceSeq): Promise<RoomReplay | null> {
      const room = rooms.get(roomId);
      return room ? replayOf(roomId, room, sinceSeq) : null;
    },
    async replaceSnapshot(roomId, snapshot, now, address): Promise<SnapshotSwapResult> {
      const room = rooms.get(roomId);
      if (!room) return { accepted: false, room: null };
      const refused = { accepted: false, room: roomInfoOf(roomId, room) };
      if (!snapshotFits(roomInfoOf(roomId, room), snapshot)) return refused;
      const growth = snapshotGrowth(room, snapshot);
      if (quotas.maxStoredBytes > 0 && storedBytes + growth > quotas.maxStoredBytes) return refused;
      if (!addressBytes.take(address, growth, now)) return refused;
      storedBytes -= heldBytes(room);
      room.snapshot = snapshot;
      room.entries = room.entries.trimmedThrough(snapshot.upToSeq);
      room.logBytes = room.entries.sealedBytes;
      room.lastWriteAt = now;
      storedBytes += heldBytes(room);
      return { accepted: true, room: roomInfoOf(roomId, room) };
    },
    async renewEpoch(roomId) {
      const room = rooms.get(roomId);
      if (!room) return null;
      room.epoch = newEpoch();
      return room.epoch;
    },
    async canCreateRoom() {
      return nearlyFull(storedBytes, quotas.maxStoredBytes) ? "no-space" : "ok";
    },
    async ended(roomId) {
      return tombstones.get(roomId)?.ending ?? null;
    },
    async deleteRoom(roomId, ending, now) {
      tombstones.set(roomId, { ending, since: now });
      const room = rooms.get(roomId);
      if (room) storedBytes -= heldBytes(room);
      return rooms.delete(roomId);
    },
    async pruneEnded(before) {
      for (const [roomId, { since }] of tombstones) if (since < before) tombstones.delete(roomId);
    },
    async listIdle(before) {
      return [...rooms].filter(([, room]) => room.lastWriteAt < before).map(([id]) => id);
    },
    async close() {},
  };
}
