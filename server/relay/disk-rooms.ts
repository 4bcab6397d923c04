/**
 * The rooms of the disk store's data folder as it holds them in memory (disk-store.ts): each
 * read from its folder once (and repaired on reading: a torn log tail cut under a new epoch,
 * a log damaged in the middle kept aside whole for an operator, a room whose sync failed read
 * again under a new epoch), then cached up to a byte limit, with the least recently used
 * rooms' logs closed. It also keeps the total of the folder's stored bytes, which the store's
 * global limit reads and its writes move.
 */
import { truncate } from "node:fs/promises";
import path from "node:path";
import {
  GroupSync,
  moveRoomAside,
  parseLog,
  readOptional,
  storedBytesIn,
  writeAtomic,
  type RoomMeta,
  type SyncPacer,
} from "./disk-log";
import {
  closeLog,
  logsToClose,
  readRoomFiles,
  roomsPastCache,
  type LoadedRoom,
} from "./disk-room-log";
import { PackedLog } from "./packed-log";
import { entriesAfter, newEpoch } from "./room-store";

/** What the rooms need of their store. */
export interface DiskRoomsOptions {
  /** The data folder (one folder per room). */
  readonly dir: string;
  /** Whether writes are synced (meta.json written durably). */
  readonly durable: boolean;
  /** Whether the store's journal holds appends (room logs synced at its checkpoints). */
  readonly journaled: boolean;
  /** Bytes of rooms kept in memory; past it the least recently used are let go. */
  readonly cacheBytes: number;
  /** With no journal: the window in which appends share a room log's fdatasync. */
  readonly syncWindowMs: number;
  readonly syncFile?: (fd: number) => Promise<void>;
  readonly syncPacer: SyncPacer;
  readonly log: (event: string, fields: Record<string, string | number>) => void;
  /** Runs `fn` in the room's turn (the store's one-call-at-a-time per room). */
  readonly inTurn: (roomId: string, fn: () => Promise<void>) => Promise<void>;
}

export class DiskRooms {
  /** Rooms held in memory, least recently used first. */
  readonly cache = new Map<string, LoadedRoom>();
  /** Rooms whose log failed a sync: read again from the disk under a new epoch. */
  private readonly syncFailed = new Set<string>();
  /** Bytes of every room's files together (the global limit reads it). */
  storedBytes = 0;

  constructor(private readonly options: DiskRoomsOptions) {}

  /** Counts the folder's stored bytes again (at start, and after a room was kept aside). */
  async recount(): Promise<void> {
    this.storedBytes = await storedBytesIn(this.options.dir);
  }

  /** The folder of room `roomId`. */
  folderOf(roomId: string): string {
    return path.join(this.options.dir, roomId);
  }

  async writeMeta(roomId: string, meta: RoomMeta): Promise<void> {
    const file = path.join(this.folderOf(roomId), "meta.json");
    await writeAtomic(file, JSON.stringify(meta), this.options.durable);
  }

  /** The room as held in memory, read from its folder (and repaired) when not cached. */
  async load(roomId: string): Promise<LoadedRoom | null> {
    const cached = this.cache.get(roomId);
    if (cached) {
      this.remember(roomId, cached);
      return cached;
    }
    const folder = this.folderOf(roomId);
    const files = await readRoomFiles(folder);
    if (!files) return null;
    const { meta, snapshot, snapshotBytes } = files;
    const logFile = path.join(folder, "log");
    const logBytes = (await readOptional(logFile)) ?? new Uint8Array(0);
    const parsed = parseLog(logBytes);
    if (parsed.tail === "damaged") {
      await this.keepAside(roomId, "a bad log record with data after it");
      return null;
    }
    let epoch = meta.epoch ?? 1;
    if (this.syncFailed.delete(roomId) && parsed.tail !== "torn") {
      // What the failed sync covered may be missing from the disk although the page cache
      // still shows it: a new epoch makes every returning client send back what it has.
      epoch = newEpoch();
      await this.writeMeta(roomId, { ...meta, epoch });
      this.options.log("relay-sync-failed", { room: roomId, epoch });
    }
    if (parsed.tail === "torn") {
      // Cut so the next append does not follow garbage. The machine or process died
      // mid-write, and what it wrote just before may be gone too: a new epoch makes every
      // returning client send back what it has.
      await truncate(logFile, parsed.goodLength);
      epoch = newEpoch();
      await this.writeMeta(roomId, { ...meta, epoch });
      this.storedBytes -= logBytes.length - parsed.goodLength;
    }
    const entries = PackedLog.of(entriesAfter(parsed.entries, snapshot?.upToSeq ?? 0));
    const room: LoadedRoom = {
      verifyKey: new Uint8Array(Buffer.from(meta.verifyKey, "base64url")),
      entries,
      logBytes: entries.sealedBytes,
      snapshot,
      headSeq: Math.max(snapshot?.upToSeq ?? 0, parsed.entries.at(-1)?.seq ?? 0),
      epoch,
      size: parsed.goodLength + snapshotBytes,
      logLength: parsed.goodLength,
      touchedAt: 0,
      log: null,
      sync: this.groupSyncOf(roomId, () => room),
    };
    this.remember(roomId, room);
    return room;
  }

  /** Holds `room` as the most recently used; lets go of rooms past the cache's bytes. */
  remember(roomId: string, room: LoadedRoom): void {
    this.cache.delete(roomId);
    this.cache.set(roomId, room);
    for (const [id, held] of roomsPastCache(this.cache, this.options.cacheBytes, roomId)) {
      this.cache.delete(id);
      this.closeInTurn(id, held);
    }
  }

  /** Busy rooms keep their log open; past a limit the least recently used are closed. */
  limitOpenLogs(current: string): void {
    for (const id of logsToClose(this.cache, current)) this.closeInTurn(id, this.cache.get(id)!);
  }

  /** The group sync of a room's log (with the journal: a checkpoint's, off the ACK path). */
  groupSyncOf(roomId: string, room: () => LoadedRoom): GroupSync {
    const { journaled, syncWindowMs, syncFile, syncPacer } = this.options;
    return new GroupSync(
      () => room().log,
      syncFile,
      journaled ? 0 : syncWindowMs,
      () => this.forgetFailedRoom(roomId, room()),
      syncPacer,
    );
  }

  /** After a failed sync: forgotten, to be read again under a new epoch (GroupSync.fail). */
  forgetFailedRoom(roomId: string, room: LoadedRoom | undefined): void {
    this.syncFailed.add(roomId);
    if (!room || this.cache.get(roomId) !== room) return;
    this.cache.delete(roomId);
    this.closeInTurn(roomId, room); // after the syncs that wait on it have failed
  }

  /** Closes every held room's log (synced first with the journal) and lets them go. */
  async closeAll(): Promise<void> {
    const { journaled } = this.options;
    await Promise.all([...this.cache.values()].map((room) => closeLog(room, journaled)));
    this.cache.clear();
  }

  // Closed in the room's turn, so no write of it is cut short.
  private closeInTurn(id: string, held: LoadedRoom): void {
    const { inTurn, journaled } = this.options;
    void inTurn(id, () => closeLog(held, journaled)).catch(() => {});
  }

  /** A room whose log is damaged in the middle: kept aside, whole, for an operator. */
  private async keepAside(roomId: string, reason: string): Promise<void> {
    const folder = await moveRoomAside(this.options.dir, roomId);
    await this.recount();
    this.options.log("relay-room-kept-aside", { room: roomId, folder, reason });
  }
}
