/**
 * What the relay keeps for each room, whatever holds it (memory, a data folder, Redis): the
 * room's verifying key, a log of sealed updates numbered 1, 2, 3… and at most one sealed
 * snapshot that replaces the log entries it covers. Everything kept is ciphertext the relay
 * cannot read; the store never decodes it.
 */
import { randomInt } from "node:crypto";
import { PackedLog, type StoredEntry } from "./packed-log";

export type { StoredEntry };

/**
 * Why a room is gone, kept as its tombstone for the idle period and sent in ENDED: "deleted"
 * carries the edit link's signed DELETE_ROOM (`at`, `signature`), so clients can check it;
 * "expired" (idle past the relay's days) has at 0 and no signature.
 */
export interface RoomEnding {
  cause: "deleted" | "expired";
  at: number;
  signature: Uint8Array;
}

/** The ending of a room deleted for being idle. */
export const EXPIRED: RoomEnding = { cause: "expired", at: 0, signature: new Uint8Array(0) };

/** What createRoom gave: the room (new or existing), or the tombstone of an ended one. */
export type CreateResult =
  | { room: RoomInfo; created: boolean; ended: null }
  | { room: null; created: false; ended: RoomEnding };

/** The room's snapshot: it covers every log entry up to upToSeq. */
export interface StoredSnapshot {
  snapshotId: Uint8Array;
  upToSeq: number;
  baseSeq: number;
  sealed: Uint8Array;
  signature: Uint8Array;
}

/** A room's numbers (no payloads). */
export interface RoomInfo {
  roomId: string;
  verifyKey: Uint8Array;
  /** Highest sequence ever given (0 for none). */
  headSeq: number;
  /** The snapshot's upToSeq, 0 when there is none. */
  snapshotSeq: number;
  /** Log entries kept after the snapshot, and their sealed bytes. */
  logCount: number;
  logBytes: number;
  /** Sealed bytes of the snapshot (0 for none). */
  snapshotBytes: number;
  /**
   * A random number given when the room is created and renewed when the relay finds it lost
   * entries: (epoch, seq) is never handed out twice, so a returning client that knew another
   * epoch knows its sequences mean nothing here and sends everything it has again.
   */
  epoch: number;
}

/**
 * Why an append was refused: no such room, the room at its size limit, the relay's storage
 * full (a full disk, Redis at maxmemory, the global limit), or the writer's address over its
 * hourly quota. A refused append is never acknowledged and leaves nothing behind.
 */
export type AppendRefusal = "missing" | "full" | "no-space" | "quota";

/**
 * What an append gave: the new sequence, or why there is none. `durable`, when present,
 * resolves once the entry is on the disk (fdatasync): the entry may be passed on to the
 * others before, but the writer is acknowledged only after. "duplicate": the room's log
 * already has an entry with this message id (its sequence is given, and `durable` when the
 * first may not be on the disk yet); nothing was appended.
 */
export type AppendResult =
  | { ok: true; seq: number; durable?: Promise<void> }
  | { ok: false; reason: AppendRefusal }
  | { ok: false; reason: "duplicate"; seq: number; durable?: Promise<void> };

/** What a compare-and-swap snapshot gave; room is null when the room is gone. */
export interface SnapshotSwapResult {
  accepted: boolean;
  room: RoomInfo | null;
}

/** A consistent read for a joining client: the snapshot when it needs one, then the log. */
export interface RoomReplay {
  room: RoomInfo;
  /** Present when the client's sinceSeq is below the room's snapshot. */
  snapshot: StoredSnapshot | null;
  /** Every entry after max(sinceSeq, snapshot upToSeq), in order. */
  entries: StoredEntry[];
}

/** Where the origin of an entry is written, so a fan-out can skip the connection that sent it. */
export interface AppendInput {
  messageId: Uint8Array;
  sealed: Uint8Array;
  signature: Uint8Array;
  /** An opaque tag of the sending connection, passed through to the fan-out. */
  origin: string;
  /** The writer's address, for the per-address quota (none: not counted). */
  address?: string;
}

/**
 * The store of rooms. Each method is atomic on its own (a concurrent append and snapshot never
 * leave a gap or a double sequence). `now` is ms since 1970, used for idle expiry.
 */
export interface RoomStore {
  getRoom(roomId: string): Promise<RoomInfo | null>;
  /**
   * Creates the room unless it exists; `created` says which. A room that ended (its tombstone
   * is kept) is never made again: `ended` gives the tombstone instead.
   */
  createRoom(roomId: string, verifyKey: Uint8Array, now: number): Promise<CreateResult>;
  /** The tombstone of a room that ended (deleted or expired), while it is kept. */
  ended(roomId: string): Promise<RoomEnding | null>;
  /**
   * Appends one entry with the next sequence, refusing past maxRoomBytes (snapshot + log) and
   * a message id already in the log (entries a snapshot replaced are no longer looked at).
   */
  append(
    roomId: string,
    input: AppendInput,
    now: number,
    maxRoomBytes: number,
  ): Promise<AppendResult>;
  /** Entries with seq > afterSeq, in order (entries covered by the snapshot are gone). */
  readAfter(roomId: string, afterSeq: number): Promise<StoredEntry[]>;
  /** The snapshot (if sinceSeq is below it) and the log after it, read at one instant. */
  replay(roomId: string, sinceSeq: number): Promise<RoomReplay | null>;
  /**
   * Replaces the snapshot if the room's snapshotSeq === snapshot.baseSeq and
   * baseSeq < upToSeq <= headSeq, then drops log entries <= upToSeq. What it adds beyond
   * the bytes it replaces (snapshotGrowth) counts like an append: against the writer's
   * `address` quota and the stored-bytes limit; past either it is not accepted.
   */
  replaceSnapshot(
    roomId: string,
    snapshot: StoredSnapshot,
    now: number,
    address?: string,
  ): Promise<SnapshotSwapResult>;
  /**
   * Gives the room a new epoch (the relay found it lost entries a client had); returns it, or
   * null when there is no such room.
   */
  renewEpoch(roomId: string): Promise<number | null>;
  /** Whether a new room may be made now: "no-space" when storage is (nearly) full. */
  canCreateRoom(): Promise<"ok" | "no-space">;
  /**
   * Deletes the room and keeps `ending` as its tombstone (from `now`, until pruneEnded drops
   * it, or Redis expires it after the idle days); true when the room existed.
   */
  deleteRoom(roomId: string, ending: RoomEnding, now: number): Promise<boolean>;
  /** Drops tombstones kept since before `before`; stores that expire them themselves do nothing. */
  pruneEnded(before: number): Promise<void>;
  /** Rooms with no write (or creation) at or after `before`; stores that expire rooms themselves return []. */
  listIdle(before: number): Promise<string[]>;
  close(): Promise<void>;
}

/** True when a snapshot may replace the room's current one (the compare-and-swap rule). */
export function snapshotFits(room: RoomInfo, snapshot: StoredSnapshot): boolean {
  return (
    room.snapshotSeq === snapshot.baseSeq &&
    snapshot.baseSeq < snapshot.upToSeq &&
    snapshot.upToSeq <= room.headSeq
  );
}

/**
 * Sealed bytes a snapshot adds to its room beyond the old snapshot and the log entries it
 * covers (0 when it takes no more). An honest compaction takes about what it replaces; a
 * large snapshot over a tiny log would otherwise store up to a whole message per room
 * outside every quota (60 rooms an hour × 24 MiB against 200 MB an hour).
 */
export function snapshotGrowth(room: HeldRoom, snapshot: StoredSnapshot): number {
  const replaced =
    (room.snapshot?.sealed.length ?? 0) + room.entries.sealedBytesThrough(snapshot.upToSeq);
  return Math.max(0, snapshot.sealed.length - replaced);
}

/** Entries after a sequence, found by binary search (the log is in order). */
export function entriesAfter(entries: StoredEntry[], afterSeq: number): StoredEntry[] {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (entries[middle].seq <= afterSeq) low = middle + 1;
    else high = middle;
  }
  return entries.slice(low);
}

/** The sequence of the log entry with this message id, or null when the log has none. */
export function seqOfMessageId(room: HeldRoom, messageId: Uint8Array): number | null {
  return room.entries.seqOfMessageId(messageId);
}

/** Adds an entry to a room's log. */
export function noteAppended(room: HeldRoom, entry: StoredEntry): void {
  room.entries.push(entry);
}

/** What every store holds of a room in memory (the rules below read it). */
export interface HeldRoom {
  verifyKey: Uint8Array;
  headSeq: number;
  /** The log after the snapshot, in order (packed: packed-log.ts). */
  entries: PackedLog;
  /** Sum of the log entries' sealed bytes. */
  logBytes: number;
  snapshot: StoredSnapshot | null;
  epoch: number;
}

/** A new room epoch: random, never 0 (0 is what a client that knows none sends). */
export function newEpoch(): number {
  return randomInt(1, 2 ** 47);
}

/** The room as the hub sees it. */
export function roomInfoOf(roomId: string, room: HeldRoom): RoomInfo {
  return {
    roomId,
    verifyKey: room.verifyKey,
    headSeq: room.headSeq,
    snapshotSeq: room.snapshot?.upToSeq ?? 0,
    logCount: room.entries.length,
    logBytes: room.logBytes,
    snapshotBytes: room.snapshot?.sealed.length ?? 0,
    epoch: room.epoch,
  };
}

/** True when `addedBytes` more would put the room (log and snapshot) over `maxRoomBytes`. */
export function roomWouldOverflow(
  room: HeldRoom,
  addedBytes: number,
  maxRoomBytes: number,
): boolean {
  const snapshotBytes = room.snapshot?.sealed.length ?? 0;
  return room.logBytes + snapshotBytes + addedBytes > maxRoomBytes;
}

/** What a joiner holding every seq up to `sinceSeq` is sent: the snapshot if it lacks it, then the log after. */
export function replayOf(roomId: string, room: HeldRoom, sinceSeq: number): RoomReplay {
  const snapshotSeq = room.snapshot?.upToSeq ?? 0;
  return {
    room: roomInfoOf(roomId, room),
    snapshot: sinceSeq < snapshotSeq ? room.snapshot : null,
    entries: room.entries.after(Math.max(sinceSeq, snapshotSeq)),
  };
}
