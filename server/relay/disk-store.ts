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
 * in memory.
 */
import { mkdir, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { MessageType, encodeMessage, isRoomId } from "@plainpad/wire";
import type { DiskJournal } from "./disk-journal";
import { keepAsideMs, openStoreJournal, type DiskStoreOptions } from "./disk-store-options";
import {
  encodeRecord,
  freeBytes,
  parseLog,
  moveRoomAside,
  readOptional,
  removeRoomFolder,
  roomsWrittenBefore,
  storedBytesIn,
  sweepLeftovers,
  GroupSync,
  SyncPacer,
  syncFolder,
  touch,
  writeAtomic,
  type RoomMeta,
} from "./disk-log";
import {
  appendRecord,
  closeLog,
  logsToClose,
  readRoomFiles,
  roomsPastCache,
  type LoadedRoom,
} from "./disk-room-log";
import { DiskTombstones } from "./disk-tombstones";
import { KeyedTurns } from "./keyed-turns";
import {
  entriesAfter,
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
  const cache = new Map<string, LoadedRoom>();
  const locks = new KeyedTurns();
  const touches = new Set<Promise<void>>();
  /** Rooms whose log failed a sync: read again from the disk under a new epoch (GroupSync.fail). */
  const syncFailed = new Set<string>();
  /** Bytes of every room's files together (the global limit reads it). */
  let storedBytes = 0;
  const tombstones = new DiskTombstones(dir, durable);
  const ready = (async () => {
    await mkdir(dir, { recursive: true });
    // A room deletion a power cut cut short is finished: never brought back.
    const swept =
      (await sweepLeftovers(dir, keepAsideMs(options))) + (await tombstones.finishDeletions(dir));
    if (swept > 0) log("relay-swept", { files: swept });
    // Every room log holds what the journal acknowledged before any room serves anyone.
    journal = await openStoreJournal(dir, options, journaled, log, (roomIds) => {
      for (const id of roomIds) forgetFailedRoom(id, cache.get(id));
    });
    storedBytes = await storedBytesIn(dir);
  })();
  const roomDir = (roomId: string) => path.join(dir, roomId);
  const readEnded = async (roomId: string) => {
    await ready;
    return tombstones.read(roomId);
  };

  /** Runs fn alone for this room (one call at a time per room). */
  function locked<T>(roomId: string, fn: () => Promise<T>): Promise<T> {
    if (!isRoomId(roomId)) return Promise.reject(new Error("not a room id"));
    return locks.run(roomId, fn);
  }

  // Closed in the room's turn, so no write of it is cut short.
  const closeInTurn = (id: string, held: LoadedRoom) =>
    void locked(id, () => closeLog(held, journaled)).catch(() => {});

  function remember(roomId: string, room: LoadedRoom): void {
    cache.delete(roomId);
    cache.set(roomId, room);
    for (const [id, held] of roomsPastCache(cache, cacheBytes, roomId)) {
      cache.delete(id);
      closeInTurn(id, held);
    }
  }

  // Busy rooms keep their log open; past a limit the least recently used are closed.
  function limitOpenLogs(current: string): void {
    for (const id of logsToClose(cache, current)) closeInTurn(id, cache.get(id)!);
  }

  /** A room whose log is damaged in the middle: kept aside, whole, for an operator. */
  async function keepAside(roomId: string, reason: string): Promise<void> {
    const folder = await moveRoomAside(dir, roomId);
    storedBytes = await storedBytesIn(dir);
    log("relay-room-kept-aside", { room: roomId, folder, reason });
  }

  async function writeMeta(roomId: string, meta: RoomMeta): Promise<void> {
    await writeAtomic(path.join(roomDir(roomId), "meta.json"), JSON.stringify(meta), durable);
  }

  async function load(roomId: string): Promise<LoadedRoom | null> {
    await ready;
    const cached = cache.get(roomId);
    if (cached) {
      remember(roomId, cached);
      return cached;
    }
    const folder = roomDir(roomId);
    const files = await readRoomFiles(folder);
    if (!files) return null;
    const { meta, snapshot, snapshotBytes } = files;
    const logFile = path.join(folder, "log");
    const logBytes = (await readOptional(logFile)) ?? new Uint8Array(0);
    const parsed = parseLog(logBytes);
    if (parsed.tail === "damaged") {
      await keepAside(roomId, "a bad log record with data after it");
      return null;
    }
    let epoch = meta.epoch ?? 1;
    if (syncFailed.delete(roomId) && parsed.tail !== "torn") {
      // What the failed sync covered may be missing from the disk although the page cache
      // still shows it: a new epoch makes every returning client send back what it has.
      epoch = newEpoch();
      await writeMeta(roomId, { ...meta, epoch });
      log("relay-sync-failed", { room: roomId, epoch });
    }
    if (parsed.tail === "torn") {
      // Cut so the next append does not follow garbage. The machine or process died
      // mid-write, and what it wrote just before may be gone too: a new epoch makes every
      // returning client send back what it has.
      await truncate(logFile, parsed.goodLength);
      epoch = newEpoch();
      await writeMeta(roomId, { ...meta, epoch });
      storedBytes -= logBytes.length - parsed.goodLength;
    }
    const entries = entriesAfter(parsed.entries, snapshot?.upToSeq ?? 0);
    const room: LoadedRoom = {
      verifyKey: new Uint8Array(Buffer.from(meta.verifyKey, "base64url")),
      entries,
      logBytes: entries.reduce((sum, entry) => sum + entry.sealed.length, 0),
      snapshot,
      headSeq: Math.max(snapshot?.upToSeq ?? 0, parsed.entries.at(-1)?.seq ?? 0),
      epoch,
      size: parsed.goodLength + snapshotBytes,
      logLength: parsed.goodLength,
      touchedAt: 0,
      log: null,
      sync: groupSyncOf(roomId, () => room),
    };
    remember(roomId, room);
    return room;
  }

  /** After a failed sync: forgotten, to be read again under a new epoch (GroupSync.fail). */
  function forgetFailedRoom(roomId: string, room: LoadedRoom | undefined): void {
    syncFailed.add(roomId);
    if (!room || cache.get(roomId) !== room) return;
    cache.delete(roomId);
    closeInTurn(roomId, room); // after the syncs that wait on it have failed
  }
  const groupSyncOf = (roomId: string, room: () => LoadedRoom) =>
    new GroupSync(
      () => room().log,
      options.syncFile,
      journaled ? 0 : syncWindowMs, // with the journal: a checkpoint's, off the ACK path
      () => forgetFailedRoom(roomId, room()),
      syncPacer,
    );

  /**
   * Writes a record at the log's end (and the journal's, first); on any failure cuts both back
   * to their good length. Returns when it is durable (null: not waited for).
   */
  function writeRecord(roomId: string, room: LoadedRoom, record: Uint8Array) {
    const synced = journal ? journal.append(roomId, room, record) : null;
    try {
      appendRecord(path.join(roomDir(roomId), "log"), room, record, {
        opened: () => limitOpenLogs(roomId),
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
          entries: [],
          logBytes: 0,
          snapshot: null,
          headSeq: 0,
          epoch,
          size: 0,
          logLength: 0,
          touchedAt: now,
          log: null,
          sync: groupSyncOf(roomId, () => room),
        };
        remember(roomId, room);
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
        if (quotas.maxStoredBytes > 0 && storedBytes + record.length > quotas.maxStoredBytes) {
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
        storedBytes += record.length;
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
        return room ? entriesAfter(room.entries, afterSeq) : [];
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
        if (quotas.maxStoredBytes > 0 && storedBytes + growth > quotas.maxStoredBytes) {
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
        const kept = entriesAfter(room.entries, snapshot.upToSeq);
        // The rename replaces the file: the open handle would append to the old one. Synced
        // first with the journal: if the rewrite fails, the old log stays, durable.
        await closeLog(room, journaled);
        const logFile = Buffer.concat(kept.map(encodeRecord));
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
        room.logBytes = kept.reduce((sum, entry) => sum + entry.sealed.length, 0);
        const size = snapshotFile.length + room.logLength;
        storedBytes += size - room.size;
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
      if (nearlyFull(storedBytes, quotas.maxStoredBytes)) return "no-space";
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
        storedBytes -= removed.size;
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
      await Promise.all([...cache.values()].map((room) => closeLog(room, journaled)));
      cache.clear();
      await journal?.close();
    },
  };
}
