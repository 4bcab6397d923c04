/**
 * The open log file of a room the disk store (disk-store.ts) holds in memory: records are
 * written at its end synchronously (a small write to the page cache takes microseconds, while
 * a trip through libuv's four-thread pool per update queued every room behind the others
 * under load), a failed write (a full disk) is cut back to the last good length, and busy
 * rooms keep their log open up to MAX_OPEN_LOGS.
 */
import { closeSync, ftruncateSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { MessageType, decodeMessage } from "@plainpad/wire";
import { readOptional, type GroupSync, type RoomMeta } from "./disk-log";
import type { HeldRoom, StoredSnapshot } from "./room-store";

/** A room as the disk store holds it. */
export interface LoadedRoom extends HeldRoom {
  /** Bytes of the room's files (log and snapshot), for the cache and the storage total. */
  size: number;
  /** Length of the log file's good records: a failed write is cut back to it. */
  logLength: number;
  /** When the log's time was last set to the hub's clock (0: not since loading). */
  touchedAt: number;
  /** The log's descriptor, open for appending while the room is cached. */
  log: number | null;
  /** Syncs the log to the disk, one fdatasync for the appends that arrive together. */
  sync: GroupSync;
}

const MAX_OPEN_LOGS = 256;

/** What appendRecord tells its store. */
export interface AppendEvents {
  /** The log was opened: the store may close others (logsToClose). */
  opened(): void;
  /** A write failed and could not even be cut back: the log is closed, and the room must be
   * read again (which cuts the torn tail) before anything is appended after it. */
  torn(): void;
}

/** Writes a record at the end of `logFile`; on any failure cuts the log back and throws. */
export function appendRecord(
  logFile: string,
  room: LoadedRoom,
  record: Uint8Array,
  events: AppendEvents,
): void {
  if (room.log === null) {
    room.log = openSync(logFile, "a");
    events.opened();
  }
  try {
    for (let written = 0; written < record.length;) {
      written += writeSync(room.log, record, written);
    }
  } catch (error) {
    try {
      ftruncateSync(room.log, room.logLength);
    } catch {
      // The appends before this one may still wait for their sync: they cannot have it now.
      room.sync.fail(error);
      closeSync(room.log);
      room.log = null;
      events.torn();
    }
    throw error;
  }
  room.logLength += record.length;
}

/**
 * Closes a room's log, once the appends waiting for their sync have had it; with `syncFirst`
 * (the journal: appends do not sync the room log) after one more sync, so a checkpoint that
 * finds the log closed finds it durable (or its sync failed).
 */
export async function closeLog(room: LoadedRoom, syncFirst = false): Promise<void> {
  if (syncFirst && room.log !== null) await room.sync.sync().catch(() => {});
  await room.sync.idle();
  const fd = room.log;
  room.log = null;
  if (fd !== null) closeSync(fd);
}

/**
 * The rooms to drop from the cache (least recently used first, never `current`) so that the
 * rest fit in `cacheBytes`; `rooms` is in use order, the most recent last.
 */
export function roomsPastCache(
  rooms: Map<string, LoadedRoom>,
  cacheBytes: number,
  current: string,
): [string, LoadedRoom][] {
  let total = 0;
  for (const held of rooms.values()) total += held.size;
  const dropped: [string, LoadedRoom][] = [];
  for (const [id, held] of rooms) {
    if (total <= cacheBytes || id === current) break;
    dropped.push([id, held]);
    total -= held.size;
  }
  return dropped;
}

/**
 * The rooms (least recently used first, never `current`) whose logs to close so that at most
 * MAX_OPEN_LOGS stay open; they are opened again on their next write.
 */
export function logsToClose(rooms: Map<string, LoadedRoom>, current: string): string[] {
  let open = 0;
  for (const held of rooms.values()) if (held.log !== null) open++;
  const closing: string[] = [];
  for (const [id, held] of rooms) {
    if (open <= MAX_OPEN_LOGS) break;
    if (id === current || held.log === null) continue;
    open--;
    closing.push(id);
  }
  return closing;
}

/** A room's meta.json and snapshot (null when it has no meta.json: no whole room). */
export async function readRoomFiles(
  folder: string,
): Promise<{ meta: RoomMeta; snapshot: StoredSnapshot | null; snapshotBytes: number } | null> {
  const metaBytes = await readOptional(path.join(folder, "meta.json"));
  if (!metaBytes) return null;
  const meta = JSON.parse(metaBytes.toString("utf8")) as RoomMeta;
  const bytes = await readOptional(path.join(folder, "snapshot"));
  if (!bytes) return { meta, snapshot: null, snapshotBytes: 0 };
  const message = decodeMessage(bytes);
  if (message.type !== MessageType.SnapshotReplay) throw new Error("bad snapshot file");
  const { snapshotId, upToSeq, baseSeq, sealed, signature } = message;
  return {
    meta,
    snapshot: { snapshotId, upToSeq, baseSeq, sealed, signature },
    snapshotBytes: bytes.length,
  };
}
