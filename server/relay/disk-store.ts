/**
 * The default RoomStore: rooms in a data folder, so they survive a restart with no other
 * service to install. One folder per room:
 * - `meta.json`: the verifying key, creation time and epoch (temp file, then rename);
 * - `log`: the sealed updates, append-only, 4-byte length + encoded entry (disk-log.ts). A
 *   failed write (a full disk) is cut back to the last good length and refused, never ACKed.
 *   A torn last record (a crash mid-write) is cut off on reading, with a new epoch; a bad
 *   record with data after it is never cut: the folder is kept aside for an operator and the
 *   room counts as lost (returning clients make it again and send back what they have);
 * - `snapshot`: the current snapshot, replaced by temp file + rename (never half-written).
 * A snapshot trims the log by rewriting it (temp + rename); entries the snapshot covers are
 * ignored on reading, so a crash between the two steps loses nothing. With `durable` (the
 * default) an append's `durable` resolves once the process's journal (disk-journal.ts) holds
 * it durably: one fdatasync a window for every room, the room logs synced at checkpoints; the
 * relay acknowledges only then. After a failed fdatasync the room is read again under a new
 * epoch (GroupSync.fail). A room's last write is the newest modification time of its files. A deleted room leaves a tombstone, `ended/<room id>` (its
 * ENDED message; the file's time is when it ended), so it is never made again until
 * pruneEnded drops it. Calls on one room run one at a time; rooms read recently stay cached
 * in memory (disk-rooms.ts: reading, repairing and caching them).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { MessageType, encodeMessage, isRoomId } from "@plainpad/wire";
import type { DiskJournal } from "./disk-journal";
import { keepAsideMs, openStoreJournal, type DiskStoreOptions } from "./disk-store-options";
import {
  encodeRecord,
  freeBytes,
  readOptional,
  removeRoomFolder,
  roomsWrittenBefore,
  sweepLeftovers,
  SyncPacer,
  syncFolder,
  touch,
  writeAtomic,
  type RoomMeta,
} from "./disk-log";
import { appendRecord, closeLog, type LoadedRoom } from "./disk-room-log";
import { DiskRooms } from "./disk-rooms";
import { DiskTombstones } from "./disk-tombstones";
import { KeyedTurns } from "./keyed-turns";
import { PackedLog } from "./packed-log";
import {
  newEpoch,
  noteAppended,
  replayOf,
  roomInfoOf,
  roomWouldOverflow,
  seqOfMessageId,
  snapshotFits,
  snapshotGrowth,
  type CreateResult,
  type RoomStore,
  type StoredEntry,
} from "./room-store";
import { AddressBytes, DEFAULT_QUOTAS, isNoSpaceError, nearlyFull } from "./store-quota";

export type { DiskStoreOptions };

/** A store that keeps rooms in `dir` (created when missing). */
export function createDiskRoomStore(dir: string, options: DiskStoreOptions = {}): RoomStore {
  const cacheBytes = options.cacheBytes ?? 256 * 1024 * 1024;
  const durable = options.durable ?? true;
  const syncWindowMs = options.syncWindowMs ?? 0;
  const syncPacer = new SyncPacer(options.syncsPerSecond ?? 0);
  const journaled = durable && (options.journal ?? true);
  let journal: DiskJournal | null = null;
  const quotas = { ...DEFAULT_QUOTAS, ...options.quotas };
  const log = options.log ?? (() => {});
  const addressBytes = new AddressBytes(quotas.addressBytesPerHour);
  const locks = new KeyedTurns();
  const touches = new Set<Promise<void>>();
  const tombstones = new DiskTombstones(dir, durable);

  /** Runs fn alone for this room (one call at a time per room). */
  function locked<T>(roomId: string, fn: () => Promise<T>): Promise<T> {
    if (!isRoomId(roomId)) return Promise.reject(new Error("not a room id"));
    return locks.run(roomId, fn);
  }

  const rooms = new DiskRooms({
    dir,
    durable,
    journaled,
    cacheBytes,
    syncWindowMs,
    syncFile: options.syncFile,
    syncPacer,
    log,
    inTurn: locked,
  });
  const { cache } = rooms;
  const ready = (async () => {
    await mkdir(dir, { recursive: true });
    // A room deletion a power cut cut short is finished: never brought back.
    const swept =
      (await sweepLeftovers(dir, keepAsideMs(options))) + (await tombstones.finishDeletions(dir));
    if (swept > 0) log("relay-swept", { files: swept });
    // Every room log holds what the journal acknowledged before any room serves anyone.
    journal = await openStoreJournal(dir, options, journaled, log, (roomIds) => {
      for (const id of roomIds) rooms.forgetFailedRoom(id, cache.get(id));
    });
    await rooms.recount();
  })();
  const roomDir = (roomId: string) => rooms.folderOf(roomId);
  const readEnded = async (roomId: string) => {
    await ready;
    return tombstones.read(roomId);
  };
  const load = async (roomId: string): Promise<LoadedRoom | null> => {
    await ready;
    return rooms.load(roomId);
  };
  const writeMeta = (roomId: string, meta: RoomMeta) => rooms.writeMeta(roomId, meta);

  /**
   * Writes a record at the log's end (and the journal's, first); on any failure cuts both back
   * to their good length. Returns when it is durable (null: not waited for).
   */
  function writeRecord(roomId: string, room: LoadedRoom, record: Uint8Array) {
    const synced = journal ? journal.append(roomId, room, record) : null;
    try {
      appendRecord(path.join(roomDir(roomId), "log"), room, record, {
        opened: () => rooms.limitOpenLogs(roomId),
        // Not even cut back: forget the room, so the next read cuts the torn tail itself.
        torn: () => cache.delete(roomId),
      });
    } catch (error) {
      journal?.cutLast();
      void synced?.catch(() => {}); // never waited for: not acknowledged
      throw error;
    }
    return synced ?? (durable ? room.sync.sync() : null);
  }
  /** Resolves once a duplicate's first copy is durable (it may be syncing now). */
  const durableSoFar = (room: LoadedRoom) => journal?.durable() ?? room.sync.sync();

  return {
    getRoom(roomId) {
      return locked(roomId, async () => {
        const room = await load(roomId);
        return room ? roomInfoOf(roomId, room) : null;
      });
    },
    createRoom(roomId, verifyKey, now) {
      return locked(roomId, async (): Promise<CreateResult> => {
        const existing = await load(roomId);
        if (existing) return { room: roomInfoOf(roomId, existing), created: false, ended: null };
        const ended = await readEnded(roomId);
        if (ended) return { room: null, created: false, ended };
        const folder = roomDir(roomId);
        await mkdir(folder, { recursive: true });
        const epoch = newEpoch();
        const encodedKey = Buffer.from(verifyKey).toString("base64url");
        const meta = { verifyKey: encodedKey, createdAt: now, epoch };
        await writeFile(path.join(folder, "log"), new Uint8Array(0));
        // meta.json last: a room without it does not exist.
        await writeMeta(roomId, meta);
        if (durable) await syncFolder(dir);
        await touch(path.join(folder, "meta.json"), now);
        await touch(path.join(folder, "log"), now);
        const room: LoadedRoom = {
          verifyKey: verifyKey.slice(),
          entries: new PackedLog(),
          logBytes: 0,
          snapshot: null,
          headSeq: 0,
          epoch,
          size: 0,
          logLength: 0,
          touchedAt: now,
          log: null,
          sync: rooms.groupSyncOf(roomId, () => room),
        };
        rooms.remember(roomId, room);
        return { room: roomInfoOf(roomId, room), created: true, ended: null };
      });
    },
    async append(roomId, input, now, maxRoomBytes) {
      const written = await locked(roomId, async () => {
        const room = await load(roomId);
        if (!room) return { ok: false as const, reason: "missing" as const };
        const existing = seqOfMessageId(room, input.messageId);
        if (existing !== null) {
          // Acknowledged again only once the first is on the disk (it may be syncing now).
          const synced = durable ? durableSoFar(room) : undefined;
          return {
            ok: false as const,
            reason: "duplicate" as const,
            seq: existing,
            durable: synced,
          };
        }
        if (roomWouldOverflow(room, input.sealed.length, maxRoomBytes)) {
          return { ok: false as const, reason: "full" as const };
        }
        const { messageId, sealed, signature } = input;
        const entry: StoredEntry = { seq: room.headSeq + 1, messageId, sealed, signature };
        const record = encodeRecord(entry);
        if (
          quotas.maxStoredBytes > 0 &&
          rooms.storedBytes + record.length > quotas.maxStoredBytes
        ) {
          return { ok: false as const, reason: "no-space" as const };
        }
        if (!addressBytes.take(input.address, sealed.length, now)) {
          return { ok: false as const, reason: "quota" as const };
        }
        let synced;
        try {
          await journal?.writable(); // after a failed journal write or sync: its checkpoint first
          synced = writeRecord(roomId, room, record);
        } catch (error) {
          addressBytes.giveBack(input.address, sealed.length);
          if (isNoSpaceError(error)) return { ok: false as const, reason: "no-space" as const };
          throw error;
        }
        // Idle expiry counts in days: setting the time once a minute is plenty, and spares
        // a busy room a system call per keystroke batch.
        if (now - room.touchedAt > 60_000 || now < room.touchedAt) {
          // Not awaited: the entry's fan-out need not wait for a file's time.
          const touching = touch(path.join(roomDir(roomId), "log"), now).catch(() => {});
          touches.add(touching);
          void touching.then(() => touches.delete(touching));
          room.touchedAt = now;
        }
        noteAppended(room, entry);
        room.headSeq = entry.seq;
        room.logBytes += sealed.length;
        room.size += record.length;
        rooms.storedBytes += record.length;
        return { ok: true as const, seq: entry.seq, synced };
      });
      if (!written.ok) return written;
      // Waited for outside the room's turn, so appends that arrive meanwhile share a sync.
      return written.synced
        ? { ok: true as const, seq: written.seq, durable: written.synced }
        : { ok: true as const, seq: written.seq };
    },
    readAfter(roomId, afterSeq) {
      return locked(roomId, async () => {
        const room = await load(roomId);
        return room ? room.entries.after(afterSeq) : [];
      });
    },
    replay(roomId, sinceSeq) {
      return locked(roomId, async () => {
        const room = await load(roomId);
        return room ? replayOf(roomId, room, sinceSeq) : null;
      });
    },
    replaceSnapshot(roomId, snapshot, now, address) {
      return locked(roomId, async () => {
        const room = await load(roomId);
        if (!room) return { accepted: false, room: null };
        const refused = { accepted: false, room: roomInfoOf(roomId, room) };
        if (!snapshotFits(roomInfoOf(roomId, room), snapshot)) return refused;
        const growth = snapshotGrowth(room, snapshot);
        if (quotas.maxStoredBytes > 0 && rooms.storedBytes + growth > quotas.maxStoredBytes) {
          return refused;
        }
        if (!addressBytes.take(address, growth, now)) return refused;
        const folder = roomDir(roomId);
        const snapshotFile = encodeMessage({ type: MessageType.SnapshotReplay, ...snapshot });
        try {
          await writeAtomic(path.join(folder, "snapshot"), snapshotFile, durable);
        } catch (error) {
          addressBytes.giveBack(address, growth);
          // A full disk: the old snapshot stands, and the editor tries again later.
          if (isNoSpaceError(error)) return refused;
          throw error;
        }
        const kept = room.entries.trimmedThrough(snapshot.upToSeq);
        // The rename replaces the file: the open handle would append to the old one. Synced
        // first with the journal: if the rewrite fails, the old log stays, durable.
        await closeLog(room, journaled);
        const logFile = Buffer.concat([...kept].map(encodeRecord));
        try {
          await writeAtomic(path.join(folder, "log"), logFile, durable);
          room.logLength = logFile.length;
        } catch (error) {
          // The snapshot is in place; the untrimmed log stays (what it covers is skipped on
          // reading) and is trimmed by the next snapshot.
          if (!isNoSpaceError(error)) throw error;
        }
        await touch(path.join(folder, "log"), now);
        room.snapshot = snapshot;
        room.entries = kept;
        room.logBytes = kept.sealedBytes;
        const size = snapshotFile.length + room.logLength;
        rooms.storedBytes += size - room.size;
        room.size = size;
        return { accepted: true, room: roomInfoOf(roomId, room) };
      });
    },
    renewEpoch(roomId) {
      return locked(roomId, async () => {
        const room = await load(roomId);
        if (!room) return null;
        const meta = (await readOptional(path.join(roomDir(roomId), "meta.json")))!;
        const epoch = newEpoch();
        await writeMeta(roomId, { ...(JSON.parse(meta.toString("utf8")) as RoomMeta), epoch });
        room.epoch = epoch;
        return epoch;
      });
    },
    async canCreateRoom() {
      await ready;
      if (nearlyFull(rooms.storedBytes, quotas.maxStoredBytes)) return "no-space";
      if (quotas.minFreeBytes > 0 && (await freeBytes(dir)) < quotas.minFreeBytes) {
        return "no-space";
      }
      return "ok";
    },
    ended(roomId) {
      return locked(roomId, () => readEnded(roomId));
    },
    deleteRoom(roomId, ending, now) {
      return locked(roomId, async () => {
        await ready;
        // The tombstone first: a crash after it leaves an ended room, never one made again.
        await tombstones.write(roomId, ending, now);
        const cached = cache.get(roomId);
        cache.delete(roomId);
        if (cached) await closeLog(cached); // no sync: a replay skips a deleted room
        const removed = await removeRoomFolder(dir, roomId);
        if (!removed) return false;
        rooms.storedBytes -= removed.size;
        return removed.existed;
      });
    },
    async pruneEnded(before) {
      await ready;
      for (const roomId of await tombstones.list()) {
        await locked(roomId, () => tombstones.dropIfBefore(roomId, before));
      }
    },
    async listIdle(before) {
      await ready;
      await Promise.all(touches);
      return roomsWrittenBefore(dir, before);
    },
    async close() {
      await ready.catch(() => {});
      await locks.idle();
      await Promise.all(touches);
      await rooms.closeAll();
      await journal?.close();
    },
  };
}
