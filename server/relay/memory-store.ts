/**
 * A RoomStore in this process's memory: for tests and for a relay that may forget its rooms on
 * restart. Every method runs synchronously inside its promise, so each is atomic.
 */
import {
  entriesAfter,
  snapshotFits,
  type AppendResult,
  type RoomInfo,
  type RoomReplay,
  type RoomStore,
  type SnapshotSwapResult,
  type StoredEntry,
  type StoredSnapshot,
} from "./room-store";

interface MemoryRoom {
  verifyKey: Uint8Array;
  headSeq: number;
  entries: StoredEntry[];
  logBytes: number;
  snapshot: StoredSnapshot | null;
  lastWriteAt: number;
}

function infoOf(roomId: string, room: MemoryRoom): RoomInfo {
  return {
    roomId,
    verifyKey: room.verifyKey,
    headSeq: room.headSeq,
    snapshotSeq: room.snapshot?.upToSeq ?? 0,
    logCount: room.entries.length,
    logBytes: room.logBytes,
    snapshotBytes: room.snapshot?.sealed.length ?? 0,
  };
}

/** A new, empty in-memory store. */
export function createMemoryRoomStore(): RoomStore {
  const rooms = new Map<string, MemoryRoom>();
  return {
    async getRoom(roomId) {
      const room = rooms.get(roomId);
      return room ? infoOf(roomId, room) : null;
    },
    async createRoom(roomId, verifyKey, now) {
      const existing = rooms.get(roomId);
      if (existing) return { room: infoOf(roomId, existing), created: false };
      const room: MemoryRoom = {
        verifyKey: verifyKey.slice(),
        headSeq: 0,
        entries: [],
        logBytes: 0,
        snapshot: null,
        lastWriteAt: now,
      };
      rooms.set(roomId, room);
      return { room: infoOf(roomId, room), created: true };
    },
    async append(roomId, input, now, maxRoomBytes): Promise<AppendResult> {
      const room = rooms.get(roomId);
      if (!room) return { ok: false, reason: "missing" };
      const snapshotBytes = room.snapshot?.sealed.length ?? 0;
      if (room.logBytes + snapshotBytes + input.sealed.length > maxRoomBytes) {
        return { ok: false, reason: "full" };
      }
      const seq = ++room.headSeq;
      room.entries.push({
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
      return room ? entriesAfter(room.entries, afterSeq) : [];
    },
    async replay(roomId, sinceSeq): Promise<RoomReplay | null> {
      const room = rooms.get(roomId);
      if (!room) return null;
      const snapshotSeq = room.snapshot?.upToSeq ?? 0;
      const snapshot = sinceSeq < snapshotSeq ? room.snapshot : null;
      return {
        room: infoOf(roomId, room),
        snapshot,
        entries: entriesAfter(room.entries, Math.max(sinceSeq, snapshotSeq)),
      };
    },
    async replaceSnapshot(roomId, snapshot, now): Promise<SnapshotSwapResult> {
      const room = rooms.get(roomId);
      if (!room) return { accepted: false, room: null };
      if (!snapshotFits(infoOf(roomId, room), snapshot)) {
        return { accepted: false, room: infoOf(roomId, room) };
      }
      room.snapshot = snapshot;
      room.entries = entriesAfter(room.entries, snapshot.upToSeq);
      room.logBytes = room.entries.reduce((sum, entry) => sum + entry.sealed.length, 0);
      room.lastWriteAt = now;
      return { accepted: true, room: infoOf(roomId, room) };
    },
    async deleteRoom(roomId) {
      return rooms.delete(roomId);
    },
    async listIdle(before) {
      return [...rooms].filter(([, room]) => room.lastWriteAt < before).map(([id]) => id);
    },
    async close() {},
  };
}
