/**
 * The disk store's write-ahead journal: one file per relay process that every room's appends
 * also go to, so that one fdatasync a window makes all of them durable (a group commit across
 * rooms) instead of one per room log. A room log is then written without its own sync; a
 * checkpoint (every few seconds, or when the journal passes a size) syncs the room logs written
 * since the last one, paced and off the ACK path, then removes the journal they make redundant.
 * On start, the journal is replayed into the room logs (disk-journal-replay.ts).
 *
 * Files: `journal/<generation>` in the data folder. A record: 4-byte length and 4-byte CRC-32 of
 * the body, then the body: a byte with the room id's length, the room id, and the room log's own
 * record (disk-log.ts encodeRecord, which holds the sequence number).
 */
import { closeSync, ftruncateSync, openSync, writeSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { GroupSync, syncFolder } from "./disk-log";

const HEADER_BYTES = 8;
const JOURNAL_FOLDER = "journal";

/** A room log the journal covers: its checkpoint syncs it (or fails it with the journal). */
export interface JournaledLog {
  sync: GroupSync;
}

/** One journal record as read back. */
export interface JournalRecord {
  roomId: string;
  /** The room log's record (length + encoded entry), as written there. */
  logRecord: Uint8Array;
}

/** Encodes one journal record. */
export function encodeJournalRecord(roomId: string, logRecord: Uint8Array): Uint8Array {
  const id = Buffer.from(roomId, "latin1");
  const bodyLength = 1 + id.length + logRecord.length;
  const record = new Uint8Array(HEADER_BYTES + bodyLength);
  const body = record.subarray(HEADER_BYTES);
  body[0] = id.length;
  body.set(id, 1);
  body.set(logRecord, 1 + id.length);
  const view = new DataView(record.buffer);
  view.setUint32(0, bodyLength);
  view.setUint32(4, crc32(body));
  return record;
}

/** What reading a journal found; `tail` as for a room log (disk-log.ts ParsedLog). */
export interface ParsedJournal {
  records: JournalRecord[];
  goodLength: number;
  tail: "clean" | "torn" | "damaged";
}

/** Reads journal records: a record cut short at the very end is torn, a bad one before data damaged. */
export function parseJournal(bytes: Uint8Array): ParsedJournal {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: JournalRecord[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const rest = bytes.subarray(offset);
    const stop = (torn: boolean): ParsedJournal => ({
      records,
      goodLength: offset,
      tail: torn || rest.every((byte) => byte === 0) ? "torn" : "damaged",
    });
    if (offset + HEADER_BYTES > bytes.length) return stop(true);
    const bodyLength = view.getUint32(offset);
    const end = offset + HEADER_BYTES + bodyLength;
    if (end > bytes.length) return stop(true);
    const body = bytes.subarray(offset + HEADER_BYTES, end);
    const idLength = body[0] ?? 0;
    // A record whose checksum fails is a write that did not land whole: at the end that is a
    // tear; followed by data (maybe acknowledged), it is damage nobody may cut.
    if (bodyLength < 1 + idLength || crc32(body) !== view.getUint32(offset + 4)) {
      return stop(end === bytes.length);
    }
    const roomId = Buffer.from(body.subarray(1, 1 + idLength)).toString("latin1");
    records.push({ roomId, logRecord: body.slice(1 + idLength) });
    offset = end;
  }
  return { records, goodLength: offset, tail: "clean" };
}

/** The journal files in a data folder, oldest first. */
export async function journalFiles(dir: string): Promise<string[]> {
  const folder = path.join(dir, JOURNAL_FOLDER);
  await mkdir(folder, { recursive: true });
  const names = (await readdir(folder)).filter((name) => /^\d{12}$/.test(name)).sort();
  return names.map((name) => path.join(folder, name));
}

/** Moves a journal aside (`.damaged-journal-…` in the data folder), for an operator. */
export async function moveJournalAside(dir: string, file: string): Promise<string> {
  const aside = `.damaged-journal-${path.basename(file)}-${Date.now()}`;
  await rename(file, path.join(dir, aside));
  // Both folders: a power cut must leave it in one of them, not in neither.
  await syncFolder(dir);
  await syncFolder(path.dirname(file));
  return aside;
}

export interface JournalOptions {
  /** How long a journal sync waits for more appends to share it (RELAY_FSYNC_WINDOW_MS). */
  windowMs: number;
  /** A checkpoint at least this often while appends come (RELAY_JOURNAL_CHECKPOINT_MS). */
  checkpointMs: number;
  /** A checkpoint once the journal passes this many bytes. */
  checkpointBytes: number;
  /** How a file is synced (fdatasync; tests count or fail them). */
  syncFile?: (fd: number) => Promise<void>;
  /** Writes bytes to a descriptor (fs.writeSync; tests inject a full disk). */
  writeFile?: (fd: number, bytes: Uint8Array, offset: number) => number;
  /** Told the rooms a failed journal sync covered: none of their unacknowledged appends may be
   * trusted, so they are read again under a new epoch (their logs are still synced at the
   * checkpoint, which keeps what was acknowledged before). */
  onLost?: (roomIds: string[]) => void;
  log?: (event: string, fields: Record<string, string | number>) => void;
}

/** One journal file being written: its descriptor, length, sync and the room logs it covers. */
interface JournalFile {
  file: string;
  fd: number;
  length: number;
  sync: GroupSync;
  /** The room logs this file holds records of, and their rooms. */
  logs: Map<JournaledLog, string>;
}

/** The process's journal (open it with {@link openJournal}, after the replay). */
export class DiskJournal {
  private current: JournalFile;
  private generation: number;
  /** The sync of the file a checkpoint retires: later ACKs wait for it too (ACKs stay in order). */
  private retiring: Promise<void> | null = null;
  private checkpointing: Promise<void> | null = null;
  /**
   * Why appends are refused: a write that could not be cut back, or a failed sync. What that
   * file holds may not match the room logs, so nothing is appended until a checkpoint has
   * made the room logs durable and removed (or set aside) that file.
   */
  private broken: unknown = null;
  private readonly timer: NodeJS.Timeout;
  /** Bytes of the last record appended (cutLast). */
  private lastRecord = 0;
  private readonly write: (fd: number, bytes: Uint8Array, offset: number) => number;

  constructor(
    private readonly dir: string,
    first: { file: string; fd: number; generation: number },
    private readonly options: JournalOptions,
  ) {
    this.generation = first.generation;
    this.current = this.fileOf(first.file, first.fd);
    this.write = options.writeFile ?? ((fd, bytes, offset) => writeSync(fd, bytes, offset));
    this.timer = setInterval(() => void this.checkpoint().catch(() => {}), options.checkpointMs);
    this.timer.unref();
  }

  private fileOf(file: string, fd: number): JournalFile {
    const logs = new Map<JournaledLog, string>();
    const sync = new GroupSync(
      () => fd,
      this.options.syncFile,
      this.options.windowMs,
      (error) => {
        // What this file holds is unknown now: the rooms it covers are read again under a new
        // epoch, and the file goes at the next checkpoint, once their logs are synced.
        this.broken ??= error;
        this.options.onLost?.([...new Set(logs.values())]);
        void this.checkpoint().catch(() => {});
      },
    );
    return { file, fd, length: 0, sync, logs };
  }

  /**
   * Writes `logRecord` of `roomId` to the journal (synchronously, like the room log) and
   * returns a promise that resolves once it is durable. On a failed write the journal is cut
   * back to its last good length and the error thrown: nothing was journaled.
   */
  append(roomId: string, log: JournaledLog, logRecord: Uint8Array): Promise<void> {
    if (this.broken !== null) throw this.broken;
    const target = this.current;
    const record = encodeJournalRecord(roomId, logRecord);
    try {
      for (let written = 0; written < record.length;) {
        written += this.write(target.fd, record, written);
      }
    } catch (error) {
      try {
        ftruncateSync(target.fd, target.length);
      } catch {
        this.broken = error;
        void this.checkpoint().catch(() => {});
      }
      throw error;
    }
    target.length += record.length;
    this.lastRecord = record.length;
    target.logs.set(log, roomId);
    if (target.length >= this.options.checkpointBytes) void this.checkpoint().catch(() => {});
    return this.durable();
  }

  /** Resolves once appends are taken again (at once, unless a checkpoint must first retire a broken file). */
  async writable(): Promise<void> {
    while (this.broken !== null) await this.checkpoint();
  }

  /**
   * Takes back the record just appended (its room log write failed, in the same turn): the
   * journal never holds a record whose sequence the room hands out again.
   */
  cutLast(): void {
    const target = this.current;
    try {
      ftruncateSync(target.fd, target.length - this.lastRecord);
      target.length -= this.lastRecord;
    } catch (error) {
      this.broken ??= error;
      void this.checkpoint().catch(() => {});
    }
    this.lastRecord = 0;
  }

  /**
   * Resolves once everything journaled before this call is durable (an append's ACK, or a
   * duplicate's: its first copy may still be syncing).
   */
  durable(): Promise<void> {
    const now = this.current.sync.sync();
    return this.retiring ? Promise.all([this.retiring, now]).then(() => {}) : now;
  }

  /**
   * Starts a new journal file, syncs every room log the old one covers (paced by their
   * GroupSync's pacer), then removes the old file. If a room log's sync failed, the old file
   * stays for the next start's replay (that room is read again under a new epoch meanwhile);
   * a broken one is set aside instead, since it may hold a record whose sequence is reused.
   */
  checkpoint(): Promise<void> {
    this.checkpointing ??= this.runCheckpoint().finally(() => (this.checkpointing = null));
    return this.checkpointing;
  }

  private async runCheckpoint(): Promise<void> {
    const old = this.current;
    if (old.length === 0 && this.broken === null) return;
    const broken = this.broken;
    this.generation++;
    const file = journalPath(this.dir, this.generation);
    const fd = openSync(file, "ax");
    await syncFolder(path.dirname(file));
    this.current = this.fileOf(file, fd);
    // Kept as it is, failure included: a duplicate's `durable()` waits on it, and must not be
    // acknowledged if the sync covering its first copy failed.
    const retiring = old.sync.sync();
    this.retiring = retiring;
    await retiring.catch(() => {});
    if (this.retiring === retiring) this.retiring = null;
    const synced = await Promise.allSettled([...old.logs.keys()].map((log) => log.sync.sync()));
    closeSync(old.fd);
    const allSynced = synced.every((result) => result.status === "fulfilled");
    if (allSynced) {
      await rm(old.file, { force: true });
      await syncFolder(path.dirname(old.file));
    } else if (broken !== null) {
      const aside = await moveJournalAside(this.dir, old.file);
      this.options.log?.("relay-journal-kept-aside", { file: aside });
    } else {
      this.options.log?.("relay-journal-kept", { file: path.basename(old.file) });
    }
    if (this.broken === broken) this.broken = null;
  }

  /** A last checkpoint (the room logs synced, the journal removed), then the file closed. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checkpointing?.catch(() => {});
    await this.checkpoint().catch(() => {});
    await this.current.sync.idle();
    closeSync(this.current.fd);
    if (this.current.length === 0) await rm(this.current.file, { force: true });
  }
}

function journalPath(dir: string, generation: number): string {
  return path.join(dir, JOURNAL_FOLDER, String(generation).padStart(12, "0"));
}

/** Opens a new, empty journal after `lastGeneration` (the replay's files are gone or aside). */
export async function openJournal(
  dir: string,
  lastGeneration: number,
  options: JournalOptions,
): Promise<DiskJournal> {
  const generation = lastGeneration + 1;
  const file = journalPath(dir, generation);
  await mkdir(path.dirname(file), { recursive: true });
  const fd = openSync(file, "ax");
  await syncFolder(path.dirname(file));
  return new DiskJournal(dir, { file, fd, generation }, options);
}

/** The generation a journal file's name holds. */
export function generationOf(file: string): number {
  return Number(path.basename(file));
}
