/**
 * The disk store's files, below the room logic: the log's record format and how a log is read
 * back (a torn tail is cut, damage in the middle is refused), writes that land whole or not at
 * all, and the sweep of temp files a crash left behind.
 */
import { randomBytes } from "node:crypto";
import { fdatasync } from "node:fs";
import { open, readFile, readdir, rename, rm, stat, statfs, utimes } from "node:fs/promises";
import path from "node:path";
import {
  MessageType,
  MalformedFrameError,
  decodeMessage,
  encodeMessage,
  isRoomId,
} from "@plainpad/wire";
import type { StoredEntry } from "./room-store";

const LENGTH_BYTES = 4;
/** The name every temp file ends with, so a start can sweep the ones a crash left. */
const TEMP_SUFFIX = ".tmp";

/** One log record: length, then the entry encoded as an ENTRY message. */
export function encodeRecord(entry: StoredEntry): Uint8Array {
  const body = encodeMessage({ type: MessageType.Entry, ...entry });
  const record = new Uint8Array(LENGTH_BYTES + body.length);
  new DataView(record.buffer).setUint32(0, body.length);
  record.set(body, LENGTH_BYTES);
  return record;
}

/** What reading a log found. */
export interface ParsedLog {
  entries: StoredEntry[];
  /** Where the good records end. */
  goodLength: number;
  /**
   * "clean": nothing after the good records; "torn": a record cut short (or zeros) at the very
   * end, as a crash mid-write leaves; "damaged": a bad record with data after it, or sequences
   * out of order: cutting there would drop entries that were acknowledged.
   */
  tail: "clean" | "torn" | "damaged";
}

function onlyZeros(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte !== 0) return false;
  return true;
}

/** Reads log records, and says where the good part ends and what follows it. */
export function parseLog(bytes: Uint8Array): ParsedLog {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: StoredEntry[] = [];
  let offset = 0;
  const stop = (end: number): ParsedLog => {
    if (offset === bytes.length) return { entries, goodLength: offset, tail: "clean" };
    // A record that runs past the end, or zeros a power loss left, is a write cut short. A
    // bad record that data follows is not: something after it was written (and maybe
    // acknowledged), so the log is not cut there.
    const torn = end >= bytes.length || onlyZeros(bytes.subarray(offset));
    return { entries, goodLength: offset, tail: torn ? "torn" : "damaged" };
  };
  while (offset < bytes.length) {
    if (offset + LENGTH_BYTES > bytes.length) return stop(bytes.length);
    const length = view.getUint32(offset);
    const end = offset + LENGTH_BYTES + length;
    if (end > bytes.length) return stop(end);
    let message;
    try {
      message = decodeMessage(bytes.subarray(offset + LENGTH_BYTES, end));
    } catch (error) {
      if (error instanceof MalformedFrameError) return stop(end);
      throw error;
    }
    if (message.type !== MessageType.Entry) return stop(end);
    const { seq, messageId, sealed, signature } = message;
    const previous = entries.at(-1);
    // Every append takes the next sequence: a whole record out of order, or one past a gap, is
    // no write cut short but entries lost or written by something else.
    if (previous && seq !== previous.seq + 1) {
      return { entries, goodLength: offset, tail: "damaged" };
    }
    entries.push({ seq, messageId, sealed, signature });
    offset = end;
  }
  return stop(offset);
}

/** fdatasync on a descriptor, as a promise (on libuv's pool, off the event loop). */
function syncDescriptor(fd: number): Promise<void> {
  return new Promise((resolve, reject) =>
    fdatasync(fd, (error) => (error ? reject(error) : resolve())),
  );
}

/**
 * Spaces the fdatasyncs of every room of a process (RELAY_FSYNC_RATE a second at most, in the
 * order asked): each costs the kernel CPU on the machine the event loop runs on, and a room
 * waiting for its turn keeps gathering appends into the one sync it waits for. With few rooms
 * nobody waits; with many busy ones an ACK waits longer (the page does not wait for ACKs to send
 * more, and the others already have the update) while the syncs a second stay bounded: at
 * 2,000 a second they cost the pinned relay about a quarter of its CPU per update and most of
 * its fan-out p95 against Hocuspocus (issue 49's bench).
 */
export class SyncPacer {
  private nextStart = Number.NEGATIVE_INFINITY;

  constructor(
    /** Syncs a second; 0 or Infinity: no pacing. */
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** False when every sync may start at once. */
  get paces(): boolean {
    return this.perSecond > 0 && Number.isFinite(this.perSecond);
  }

  /** Resolves when the caller's sync may start (its turn is taken at the call). */
  turn(): Promise<void> {
    if (!this.paces) return Promise.resolve();
    const now = this.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + 1000 / this.perSecond;
    const wait = start - now;
    return wait <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** No pacing: every sync starts when its room asks. */
export const UNPACED = new SyncPacer(0);

/**
 * Syncs one log file to the disk for the appends written to it (a group commit). A sync that
 * is already running may have started before the last write, so one more follows it, shared
 * by every append that arrives meanwhile: a busy room pays one fdatasync per round, not one
 * per update. With a window, a sync starts that long after the first append that asks for it
 * (and not before the one running ends), and every append within the window shares it: fdatasync costs the relay about as much CPU
 * as the rest of an update together (issue 49's profile), while a few milliseconds more before
 * an ACK cost nobody anything (the page keeps sending; only ACKs wait for the disk).
 */
export class GroupSync {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Why a sync of this log failed: every later sync fails too (see {@link fail}). */
  private failure: unknown = null;

  constructor(
    private readonly descriptor: () => number | null,
    private readonly syncFile: (fd: number) => Promise<void> = syncDescriptor,
    private readonly windowMs = 0,
    /** Told once, when a sync first fails: the store must not trust this log's tail again. */
    private readonly onFailed: (error: unknown) => void = () => {},
    /** The process's pace of syncs, shared by every room's log. */
    private readonly pacer: SyncPacer = UNPACED,
  ) {}

  /**
   * After a failed fdatasync, Linux may have dropped the dirty pages and cleared the error, so
   * a later sync of the same file "succeeds" without the earlier bytes on the disk. A log whose
   * sync failed therefore never acknowledges anything again: every sync waiting or to come
   * fails with the first error, and the store reads the room again under a new epoch.
   */
  fail(error: unknown): void {
    if (this.failure !== null) return;
    this.failure = error ?? new Error("log sync failed");
    this.onFailed(this.failure);
  }

  /** Resolves once everything written before this call is on the disk. */
  sync(): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.queued) return this.queued;
    const run = async () => {
      // Appends that arrive while this waits for its turn still join it (queued is kept).
      if (this.pacer.paces) await this.pacer.turn();
      this.queued = null;
      if (this.failure !== null) throw this.failure;
      const fd = this.descriptor();
      // Not open: nothing was written through it since it was last synced and closed (a torn
      // log, closed with syncs waiting, has failed this sync above).
      if (fd === null) return;
      try {
        await this.syncFile(fd);
      } catch (error) {
        this.fail(error);
        throw error;
      }
    };
    const before = this.running;
    const gathered =
      this.windowMs > 0 ? new Promise((resolve) => setTimeout(resolve, this.windowMs)) : null;
    // With a window, a sync that follows a running one waits for the window too: under steady
    // appends (the journal takes every room's) syncs start at most once a window, not back to
    // back at whatever rate the disk answers.
    const after = before ? before.catch(() => {}) : null;
    const ready = after && gathered ? Promise.all([after, gathered]) : (after ?? gathered);
    const next = ready ? ready.then(run) : run();
    if (before || gathered || this.pacer.paces) this.queued = next;
    this.running = next;
    // Whoever waits sees a failure; nobody waiting is no unhandled rejection.
    void next
      .catch(() => {})
      .then(() => {
        if (this.running === next) this.running = null;
      });
    return next;
  }

  /** Resolves when no sync is running or waiting (before the descriptor is closed). */
  async idle(): Promise<void> {
    for (let busy = this.queued ?? this.running; busy; busy = this.queued ?? this.running) {
      await busy.catch(() => {});
    }
  }
}

/** Makes a folder's entries (a rename, a new file) survive a power loss; best effort. */
export async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems cannot sync a folder; the file's own sync still holds.
  }
}

/**
 * Writes a file whole or not at all: a temp file beside it, then a rename. With `durable` the
 * bytes reach the disk before the rename, so a power loss leaves the old file or the new one,
 * never an empty one.
 */
export async function writeAtomic(
  file: string,
  bytes: Uint8Array | string,
  durable: boolean,
): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString("hex")}${TEMP_SUFFIX}`;
  try {
    const handle = await open(temp, "w");
    try {
      await handle.writeFile(bytes);
      if (durable) await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    // A full disk fails the write: leave no half temp file behind to fill it further.
    await rm(temp, { force: true });
    throw error;
  }
  if (durable) await syncFolder(path.dirname(file));
}

/**
 * Removes what a crash can leave in the data folder: temp files in room folders (a write that
 * never got renamed) and `.deleted-*` folders (a room deletion cut short). Returns how many.
 */
export async function sweepLeftovers(
  dir: string,
  keepAsideMs = Number.POSITIVE_INFINITY,
  now = Date.now(),
): Promise<number> {
  let swept = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    const keptSince = keptAsideSince(entry.name);
    if (keptSince !== null) {
      // What was kept for an operator goes once its time is up: kept for ever, the copies of
      // damaged rooms, logs and journals could fill the disk.
      if (now - keptSince >= keepAsideMs) {
        await rm(entryPath, { recursive: true, force: true });
        swept++;
      }
      continue;
    }
    if (!entry.isDirectory()) continue;
    if (entry.name.startsWith(".deleted-")) {
      await rm(entryPath, { recursive: true, force: true });
      swept++;
      continue;
    }
    if (entry.name.startsWith(".")) continue;
    for (const name of await readdir(entryPath)) {
      if (!name.endsWith(TEMP_SUFFIX)) continue;
      await rm(path.join(entryPath, name), { force: true });
      swept++;
    }
  }
  return swept;
}

/**
 * When a data-folder entry was kept aside for an operator: a damaged room's folder
 * (`moveRoomAside`), a mended room log's copy or a journal that could not be replayed
 * (`.damaged-…-<time in ms>`); null for anything else.
 */
export function keptAsideSince(name: string): number | null {
  const match = /^\.damaged-.+-(\d+)$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Moves a room's folder aside whole (`.damaged-…`, for an operator); returns its new name. */
export async function moveRoomAside(dir: string, roomId: string): Promise<string> {
  const aside = `.damaged-${roomId}-${Date.now()}`;
  await rename(path.join(dir, roomId), path.join(dir, aside));
  await syncFolder(dir);
  return aside;
}

/**
 * Removes a room's folder: renamed first, so a crash mid-removal never leaves a half room that
 * looks whole (the start-up sweep finishes it). Null when there was no folder; else whether it
 * held a whole room (meta.json) and the bytes of its log and snapshot.
 */
export async function removeRoomFolder(
  dir: string,
  roomId: string,
): Promise<{ existed: boolean; size: number } | null> {
  const folder = path.join(dir, roomId);
  const existed = (await readOptional(path.join(folder, "meta.json"))) !== null;
  const size =
    (await sizeOf(path.join(folder, "log"))) + (await sizeOf(path.join(folder, "snapshot")));
  const trash = path.join(dir, `.deleted-${roomId}-${Date.now()}`);
  try {
    await rename(folder, trash);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  // The rename on the disk before anything else (a journal's replay, a new room) relies on it.
  await syncFolder(dir);
  await rm(trash, { recursive: true, force: true });
  return { existed, size };
}

/** The rooms in `dir` none of whose files was written at or after `before` (ms). */
export async function roomsWrittenBefore(dir: string, before: number): Promise<string[]> {
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
}

/** Bytes free for this process on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/** Marks a file as written at `now` (the hub's clock), which idle expiry reads. */
export function touch(file: string, now: number): Promise<void> {
  return utimes(file, now / 1000, now / 1000);
}

export async function readOptional(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

/**
 * Bytes of every room's log and snapshot in the data folder, and of everything kept aside for
 * an operator (the storage limits count it: it is on the same disk until it is swept).
 */
export async function storedBytesIn(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (isRoomId(entry.name)) {
      total +=
        (await sizeOf(path.join(entryPath, "log"))) +
        (await sizeOf(path.join(entryPath, "snapshot")));
    } else if (keptAsideSince(entry.name) !== null) {
      if (!entry.isDirectory()) {
        total += await sizeOf(entryPath);
        continue;
      }
      for (const name of await readdir(entryPath))
        total += await sizeOf(path.join(entryPath, name));
    }
  }
  return total;
}

export interface RoomMeta {
  verifyKey: string;
  createdAt: number;
  epoch?: number;
}
