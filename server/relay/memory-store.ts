/**
 * A RoomStore in this process's memory: for tests and for a relay that may forget its rooms on
 * restart. Every method runs synchronously inside its promise, so each is atomic.
 */
import {
  entriesAfter,
  replayOf,
  roomInfoOf,
  roomWouldOverflow,
  snapshotFits,
  type HeldRoom,
  type AppendResult,
  type RoomReplay,
  type RoomStore,
  type SnapshotSwapResult,
} from "./room-store";

interface MemoryRoom extends HeldRoom {
  lastWriteAt: number;
}

/** A new, empty in-memory store. */
export function createMemoryRoomStore(): RoomStore {
  const rooms = new Map<string, MemoryRoom>();
  return {
    async getRoom(roomId) {
      const room = rooms.get(roomId);
      return room ? roomInfoOf(roomId, room) : null;
    },
    async createRoom(roomId, verifyKey, now) {
      const existing = rooms.get(roomId);
      if (existing) return { room: roomInfoOf(roomId, existing), created: false };
      const room: MemoryRoom = {
        verifyKey: verifyKey.slice(),
        headSeq: 0,
        entries: [],
        logBytes: 0,
        snapshot: null,
        lastWriteAt: now,
      };
      rooms.set(roomId, room);
      return { room: roomInfoOf(roomId, room), created: true };
    },
    async append(roomId, input, now, maxRoomBytes): Promise<AppendResult> {
      const room = rooms.get(roomId);
      if (!room) return { ok: false, reason: "missing" };
      if (roomWouldOverflow(room, input.sealed.length, maxRoomBytes)) {
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
      return room ? replayOf(roomId, room, sinceSeq) : null;
    },
    async replaceSnapshot(roomId, snapshot, now): Promise<SnapshotSwapResult> {
      const room = rooms.get(roomId);
      if (!room) return { accepted: false, room: null };
      if (!snapshotFits(roomInfoOf(roomId, room), snapshot)) {
        return { accepted: false, room: roomInfoOf(roomId, room) };
      }
      room.snapshot = snapshot;
      room.entries = entriesAfter(room.entries, snapshot.upToSeq);
      room.logBytes = room.entries.reduce((sum, entry) => sum + entry.sealed.length, 0);
      room.lastWriteAt = now;
      return { accepted: true, room: roomInfoOf(roomId, room) };
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
