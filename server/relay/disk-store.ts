/**
 * The default RoomStore: rooms in a data folder, so they survive a restart with no other
 * service to install. One folder per room:
 * - `meta.json`: the verifying key and creation time (written to a temp file, then renamed);
 * - `log`: the sealed updates, append-only, each record a 4-byte length and the encoded entry;
 *   a torn last record (a crash mid-write) is dropped and cut off when the room is read;
 * - `snapshot`: the current snapshot, replaced by temp file + rename (never half-written).
 * A snapshot trims the log by rewriting it (temp + rename); entries the snapshot covers are
 * ignored on reading, so a crash between the two steps loses nothing.
 * A room's last write is the newest modification time of its files (for idle expiry).
 * A deleted room leaves a tombstone, `ended/<room id>` (its ENDED message; the file's time is
 * when it ended), so it is never made again until pruneEnded drops it.
 * Calls on one room run one at a time; rooms read recently stay cached in memory.
 */
import { randomBytes } from "node:crypto";
import {
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  truncate,
  utimes,
  writeFile,
} from "node:fs/promises";
import { closeSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import {
  MessageType,
  decodeMessage,
  encodeMessage,
  isRoomId,
  MalformedFrameError,
} from "../../app/collab/wire";
import {
  entriesAfter,
  noteAppended,
  replayOf,
  roomInfoOf,
  roomWouldOverflow,
  seqOfMessageId,
  snapshotFits,
  type CreateResult,
  type HeldRoom,
  type RoomEnding,
  type RoomStore,
  type StoredEntry,
  type StoredSnapshot,
} from "./room-store";

interface LoadedRoom extends HeldRoom {
  /** Bytes held in memory (for the cache's limit). */
  size: number;
  /** When the log's time was last set to the hub's clock (0: not since loading). */
  touchedAt: number;
  /**
   * The log's descriptor, open for appending while the room is cached. Appends are written
   * synchronously: a small write to the page cache takes microseconds, while a trip through
   * libuv's four-thread pool per update queued every room behind the others under load.
   */
  log: number | null;
}

const LENGTH_BYTES = 4;
const MAX_OPEN_LOGS = 256;

/** Options of the disk store. */
export interface DiskStoreOptions {
  /** Memory kept for recently used rooms before the least recent is dropped (bytes). */
  cacheBytes?: number;
}

/** One log record: length, then the entry encoded as an ENTRY message. */
function encodeRecord(entry: StoredEntry): Uint8Array {
  const body = encodeMessage({ type: MessageType.Entry, ...entry });
  const record = new Uint8Array(LENGTH_BYTES + body.length);
  new DataView(record.buffer).setUint32(0, body.length);
  record.set(body, LENGTH_BYTES);
  return record;
}

/** Reads log records; stops at a torn or unreadable tail and says where the good part ends. */
function parseLog(bytes: Uint8Array): { entries: StoredEntry[]; goodLength: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: StoredEntry[] = [];
  let offset = 0;
  while (offset + LENGTH_BYTES <= bytes.length) {
    const length = view.getUint32(offset);
    const end = offset + LENGTH_BYTES + length;
    if (end > bytes.length) break;
    let message;
    try {
      message = decodeMessage(bytes.subarray(offset + LENGTH_BYTES, end));
    } catch (error) {
      if (error instanceof MalformedFrameError) break;
      throw error;
    }
    if (message.type !== MessageType.Entry) break;
    const { seq, messageId, sealed, signature } = message;
    entries.push({ seq, messageId, sealed, signature });
    offset = end;
  }
  return { entries, goodLength: offset };
}

/** Marks a file as written at `now` (the hub's clock), which idle expiry reads. */
function touch(file: string, now: number): Promise<void> {
  return utimes(file, now / 1000, now / 1000);
}

async function readOptional(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Writes a file whole or not at all: a temp file beside it, then a rename. */
async function writeAtomic(file: string, bytes: Uint8Array | string): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, file);
}

/** A store that keeps rooms in `dir` (created when missing). */
export function createDiskRoomStore(dir: string, options: DiskStoreOptions = {}): RoomStore {
  const cacheBytes = options.cacheBytes ?? 256 * 1024 * 1024;
  const cache = new Map<string, LoadedRoom>();
  const locks = new Map<string, Promise<unknown>>();
  const touches = new Set<Promise<void>>();
  const ready = mkdir(dir, { recursive: true });
  const roomDir = (roomId: string) => path.join(dir, roomId);
  const endedDir = path.join(dir, "ended");
  const endedFile = (roomId: string) => path.join(endedDir, roomId);

  async function readEnded(roomId: string): Promise<RoomEnding | null> {
    await ready;
    const bytes = await readOptional(endedFile(roomId));
    if (!bytes) return null;
    const message = decodeMessage(bytes);
    if (message.type !== MessageType.Ended) throw new Error("bad tombstone file");
    const { cause, at, signature } = message;
    return { cause, at, signature };
  }

  /** Runs fn alone for this room (one call at a time per room). */
  function locked<T>(roomId: string, fn: () => Promise<T>): Promise<T> {
    if (!isRoomId(roomId)) return Promise.reject(new Error("not a room id"));
    const previous = locks.get(roomId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const settled = run.catch(() => {});
    locks.set(roomId, settled);
    void settled.then(() => {
      if (locks.get(roomId) === settled) locks.delete(roomId);
    });
    return run;
  }

  function remember(roomId: string, room: LoadedRoom): void {
    cache.delete(roomId);
    cache.set(roomId, room);
    let total = 0;
    for (const held of cache.values()) total += held.size;
    for (const [id, held] of cache) {
      if (total <= cacheBytes || id === roomId) break;
      cache.delete(id);
      total -= held.size;
      // Closed in the room's turn, so no write of it is cut short.
      void locked(id, () => closeLog(held)).catch(() => {});
    }
  }

  // Busy rooms keep their log open; past MAX_OPEN_LOGS the least recently used are closed
  // (and opened again on their next write).
  function limitOpenLogs(current: string): void {
    let open = 0;
    for (const held of cache.values()) if (held.log !== null) open++;
    for (const [id, held] of cache) {
      if (open <= MAX_OPEN_LOGS) break;
      if (id === current || held.log === null) continue;
      open--;
      void locked(id, () => closeLog(held)).catch(() => {});
    }
  }

  async function closeLog(room: LoadedRoom): Promise<void> {
    const fd = room.log;
    room.log = null;
    if (fd !== null) closeSync(fd);
  }

  async function load(roomId: string): Promise<LoadedRoom | null> {
    await ready;
    const cached = cache.get(roomId);
    if (cached) {
      remember(roomId, cached);
      return cached;
    }
    const folder = roomDir(roomId);
    const meta = await readOptional(path.join(folder, "meta.json"));
    if (!meta) return null;
    const { verifyKey } = JSON.parse(meta.toString("utf8")) as { verifyKey: string };
    const snapshotBytes = await readOptional(path.join(folder, "snapshot"));
    let snapshot: StoredSnapshot | null = null;
    if (snapshotBytes) {
      const message = decodeMessage(snapshotBytes);
      if (message.type !== MessageType.SnapshotReplay) throw new Error("bad snapshot file");
      const { snapshotId, upToSeq, baseSeq, sealed, signature } = message;
      snapshot = { snapshotId, upToSeq, baseSeq, sealed, signature };
    }
    const logFile = path.join(folder, "log");
    const logBytes = (await readOptional(logFile)) ?? new Uint8Array(0);
    const parsed = parseLog(logBytes);
    // Cut a torn tail off, so the next append does not follow garbage.
    if (parsed.goodLength < logBytes.length) await truncate(logFile, parsed.goodLength);
    const entries = entriesAfter(parsed.entries, snapshot?.upToSeq ?? 0);
    const room: LoadedRoom = {
      verifyKey: new Uint8Array(Buffer.from(verifyKey, "base64url")),
      entries,
      logBytes: entries.reduce((sum, entry) => sum + entry.sealed.length, 0),
      snapshot,
      headSeq: Math.max(snapshot?.upToSeq ?? 0, entries.at(-1)?.seq ?? 0),
      size: logBytes.length + (snapshotBytes?.length ?? 0),
      touchedAt: 0,
      log: null,
    };
    remember(roomId, room);
    return room;
  }

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
        const meta = { verifyKey: Buffer.from(verifyKey).toString("base64url"), createdAt: now };
        await writeFile(path.join(folder, "log"), new Uint8Array(0));
        await writeAtomic(path.join(folder, "meta.json"), JSON.stringify(meta));
        await touch(path.join(folder, "meta.json"), now);
        await touch(path.join(folder, "log"), now);
        const room: LoadedRoom = {
          verifyKey: verifyKey.slice(),
          entries: [],
          logBytes: 0,
          snapshot: null,
          headSeq: 0,
          size: 0,
          touchedAt: now,
          log: null,
        };
        remember(roomId, room);
        return { room: roomInfoOf(roomId, room), created: true, ended: null };
      });
    },
    append(roomId, input, now, maxRoomBytes) {
      return locked(roomId, async () => {
        const room = await load(roomId);
        if (!room) return { ok: false as const, reason: "missing" as const };
        const existing = seqOfMessageId(room, input.messageId);
        if (existing !== null)
          return { ok: false as const, reason: "duplicate" as const, seq: existing };
        if (roomWouldOverflow(room, input.sealed.length, maxRoomBytes)) {
          return { ok: false as const, reason: "full" as const };
        }
        const { messageId, sealed, signature } = input;
        const entry: StoredEntry = { seq: room.headSeq + 1, messageId, sealed, signature };
        const record = encodeRecord(entry);
        const logFile = path.join(roomDir(roomId), "log");
        if (room.log === null) {
          room.log = openSync(logFile, "a");
          limitOpenLogs(roomId);
        }
        for (let written = 0; written < record.length;) {
          written += writeSync(room.log, record, written);
        }
        // Idle expiry counts in days: setting the time once a minute is plenty, and spares
        // a busy room a system call per keystroke batch.
        if (now - room.touchedAt > 60_000 || now < room.touchedAt) {
          // Not awaited: the entry's fan-out need not wait for a file's time.
          const touching = touch(logFile, now).catch(() => {});
          touches.add(touching);
          void touching.then(() => touches.delete(touching));
          room.touchedAt = now;
        }
        noteAppended(room, entry);
        room.headSeq = entry.seq;
        room.logBytes += sealed.length;
        room.size += record.length;
        return { ok: true as const, seq: entry.seq };
      });
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
    replaceSnapshot(roomId, snapshot, now) {
      return locked(roomId, async () => {
        const room = await load(roomId);
        if (!room) return { accepted: false, room: null };
        if (!snapshotFits(roomInfoOf(roomId, room), snapshot)) {
          return { accepted: false, room: roomInfoOf(roomId, room) };
        }
        const folder = roomDir(roomId);
        const snapshotFile = encodeMessage({ type: MessageType.SnapshotReplay, ...snapshot });
        await writeAtomic(path.join(folder, "snapshot"), snapshotFile);
        const kept = entriesAfter(room.entries, snapshot.upToSeq);
        const records = kept.map(encodeRecord);
        // The rename replaces the file: the open handle would append to the old one.
        await closeLog(room);
        await writeAtomic(path.join(folder, "log"), Buffer.concat(records));
        await touch(path.join(folder, "log"), now);
        room.snapshot = snapshot;
        room.entries = kept;
        room.logBytes = kept.reduce((sum, entry) => sum + entry.sealed.length, 0);
        room.size = snapshotFile.length + records.reduce((sum, r) => sum + r.length, 0);
        return { accepted: true, room: roomInfoOf(roomId, room) };
      });
    },
    ended(roomId) {
      return locked(roomId, () => readEnded(roomId));
    },
    deleteRoom(roomId, ending, now) {
      return locked(roomId, async () => {
        await ready;
        // The tombstone first: a crash after it leaves an ended room, never one made again.
        await mkdir(endedDir, { recursive: true });
        await writeAtomic(endedFile(roomId), encodeMessage({ type: MessageType.Ended, ...ending }));
        await touch(endedFile(roomId), now);
        const cached = cache.get(roomId);
        cache.delete(roomId);
        if (cached) await closeLog(cached);
        const folder = roomDir(roomId);
        const existed = (await readOptional(path.join(folder, "meta.json"))) !== null;
        // Renamed first, so a crash mid-removal never leaves a half room that looks whole.
        const trash = path.join(dir, `.deleted-${roomId}-${randomBytes(4).toString("hex")}`);
        try {
          await rename(folder, trash);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
          throw error;
        }
        await rm(trash, { recursive: true, force: true });
        return existed;
      });
    },
    async pruneEnded(before) {
      await ready;
      let names: string[];
      try {
        names = await readdir(endedDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const name of names) {
        if (!isRoomId(name)) continue;
        await locked(name, async () => {
          const since = (await stat(endedFile(name)).catch(() => null))?.mtimeMs;
          if (since !== undefined && since < before) await rm(endedFile(name), { force: true });
        });
      }
    },
    async listIdle(before) {
      await ready;
      await Promise.all(touches);
      const idle: string[] = [];
      for (const name of await readdir(dir)) {
        if (!isRoomId(name)) continue;
        let newest = 0;
        for (const file of ["meta.json", "log", "snapshot"]) {
          try {
            newest = Math.max(newest, (await stat(path.join(dir, name, file))).mtimeMs);
          } catch {
            // A room without a snapshot (or a half-created one) has fewer files.
          }
        }
        if (newest < before) idle.push(name);
      }
      return idle;
    },
    async close() {
      await Promise.all([...locks.values()]);
      await Promise.all(touches);
      await Promise.all([...cache.values()].map(closeLog));
      cache.clear();
    },
  };
}
