/**
 * The journal's replay on start (disk-journal.ts), before any room serves anyone: every record
 * past a room log's durable head is appended to that room log, and every room log the journal
 * names is synced, then the journal file is removed. A record of a room that was deleted (no
 * meta.json, or a tombstone) or whose sequence the room log or snapshot already holds is
 * skipped, so a snapshot, a compaction or a DELETE after the record is never undone. A torn
 * record at a journal's end (a crash mid-write) is cut; a bad record with data after it is
 * refused: the file is set aside for an operator, and every room gets a new epoch, since the
 * records past the damage (maybe acknowledged) cannot be read: returning clients send back
 * what they have.
 *
 * A room log that reads as damaged (a bad record with data after it) is what a power cut leaves
 * when the log's unsynced tail reached the disk only in part: a page of zeros, then a later page.
 * Every record past the log's last sync is in a journal, so when this journal's records of the
 * room reach back to the log's good part, the log is cut there (its damaged copy kept for an
 * operator), the room gets a new epoch and the records are appended, then the whole records
 * past the damage that continue the sequence: a room log whose sync failed (EIO) has a hole
 * where the dropped pages were, which its kept journal fills, and a later checkpoint may have
 * synced entries after the hole and removed their journal. When they do not (the
 * damage lies in what was synced before), nothing is cut: the journal is kept aside with the
 * room, which the store keeps aside when it reads it, since it holds the only durable copy.
 */
import { closeSync, fdatasyncSync, openSync, writeSync } from "node:fs";
import { link, readFile, readdir, rm, stat, truncate } from "node:fs/promises";
import path from "node:path";
import { MessageType, decodeMessage, isRoomId } from "@plainpad/wire";
import {
  encodeRecord,
  parseLog,
  readOptional,
  syncFolder,
  writeAtomic,
  type RoomMeta,
} from "./disk-log";
import {
  generationOf,
  journalFiles,
  moveJournalAside,
  parseJournal,
  type JournalRecord,
} from "./disk-journal";
import { newEpoch, type StoredEntry } from "./room-store";

const LENGTH_BYTES = 4;

type Log = (event: string, fields: Record<string, string | number>) => void;

/** Replays every journal in `dir` into the room logs; returns the last generation seen. */
export async function replayJournals(dir: string, log: Log): Promise<number> {
  let lastGeneration = 0;
  for (const file of await journalFiles(dir)) {
    lastGeneration = Math.max(lastGeneration, generationOf(file));
    const parsed = parseJournal(await readFile(file));
    const byRoom = new Map<string, JournalRecord[]>();
    for (const record of parsed.records) {
      const records = byRoom.get(record.roomId) ?? [];
      records.push(record);
      byRoom.set(record.roomId, records);
    }
    let replayed = 0;
    const unreplayed: string[] = [];
    const madeAfter: string[] = [];
    const written = (await stat(file)).mtimeMs;
    for (const [roomId, records] of byRoom) {
      const result = await replayRoom(dir, roomId, records, written, log);
      if (result === "log-damaged-before-journal") unreplayed.push(roomId);
      else if (result === "room-made-after-journal") madeAfter.push(roomId);
      else replayed += result;
    }
    if (replayed > 0) log("relay-journal-replayed", { records: replayed });
    if (unreplayed.length > 0 || madeAfter.length > 0) {
      // Its records of those rooms are the only durable copy of what the damage hides, or of a
      // room of the same id that ended before this one was made: kept, and never appended.
      const aside = await moveJournalAside(dir, file);
      log("relay-journal-kept-aside", {
        file: aside,
        reason:
          unreplayed.length > 0
            ? "a room log damaged before this journal's records"
            : "a room made again after this journal was written",
        rooms: [...unreplayed, ...madeAfter].join(","),
      });
      if (parsed.tail === "damaged") await renewEveryEpoch(dir);
      continue;
    }
    if (parsed.tail === "damaged") {
      const aside = await moveJournalAside(dir, file);
      log("relay-journal-kept-aside", {
        file: aside,
        reason: "a bad journal record with data after it",
      });
      await renewEveryEpoch(dir);
      continue;
    }
    if (parsed.tail === "torn") log("relay-journal-torn", { file: path.basename(file) });
    await rm(file, { force: true });
    await syncFolder(path.dirname(file));
  }
  return lastGeneration;
}

async function readMeta(dir: string, roomId: string): Promise<RoomMeta | null> {
  const bytes = await readOptional(path.join(dir, roomId, "meta.json"));
  return bytes ? (JSON.parse(bytes.toString("utf8")) as RoomMeta) : null;
}

async function writeEpoch(dir: string, roomId: string, meta: RoomMeta): Promise<void> {
  const file = path.join(dir, roomId, "meta.json");
  await writeAtomic(file, JSON.stringify({ ...meta, epoch: newEpoch() }), true);
}

/** The sequence of a journal record's entry (0 for a record that holds none). */
function seqOf(record: JournalRecord): number {
  return parseLog(record.logRecord).entries[0]?.seq ?? 0;
}

/**
 * Appends a room's missing records to its log and syncs it; returns how many were appended, or
 * `log-damaged-before-journal` when the room log is damaged where these records cannot mend it.
 */
async function replayRoom(
  dir: string,
  roomId: string,
  records: JournalRecord[],
  journalWritten: number,
  log: Log,
): Promise<number | "log-damaged-before-journal" | "room-made-after-journal"> {
  if (!isRoomId(roomId)) return 0;
  if ((await readOptional(path.join(dir, "ended", roomId))) !== null) return 0;
  const meta = await readMeta(dir, roomId);
  if (!meta) return 0; // deleted (or never made whole): nothing to bring back
  // A journal kept after a failed room log sync waits for the next start; if meanwhile the room
  // ended, its tombstone was pruned and the same id was made again, these records are the old
  // room's: appended, they would continue the new room's log with another session's entries.
  // The journal is kept aside, never dropped (a clock set back between the two would look the
  // same: then its records are the operator's, and the room's returning clients send them back).
  if (meta.createdAt > journalWritten) return "room-made-after-journal";
  let head = 0;
  const snapshotBytes = await readOptional(path.join(dir, roomId, "snapshot"));
  if (snapshotBytes) {
    const message = decodeMessage(snapshotBytes);
    if (message.type === MessageType.SnapshotReplay) head = message.upToSeq;
  }
  const logFile = path.join(dir, roomId, "log");
  const logBytes = (await readOptional(logFile)) ?? new Uint8Array(0);
  const parsed = parseLog(logBytes);
  head = Math.max(head, parsed.entries.at(-1)?.seq ?? 0);
  const seqs = records.map(seqOf);
  // An older journal (kept after a failed room log sync) may hold only entries the good part
  // has: it says nothing of what the damage hides, so it cuts nothing; a newer one may mend.
  const mend = parsed.tail === "damaged" && seqs.some((seq) => seq > head);
  if (mend) {
    // The journal mends the log only if it holds the record right after the good part: then
    // whatever lay past it was written after the log's last sync, and is here (or was never
    // acknowledged), or follows the damage whole. Else the damage hides synced entries.
    if (!seqs.includes(head + 1)) return "log-damaged-before-journal";
    // Kept for an operator as it is: a second name of the same file, nothing to copy or sync.
    const copy = path.join(dir, `.damaged-log-${roomId}-${Date.now()}`);
    await link(logFile, copy);
    await syncFolder(dir);
    log("relay-room-log-mended", { room: roomId, copy: path.basename(copy) });
  }
  if (parsed.tail === "torn" || mend) {
    // As on a load that cuts a tear: what the process wrote just before may be gone too.
    await writeEpoch(dir, roomId, meta);
  }
  if (parsed.tail === "torn") await truncate(logFile, parsed.goodLength);
  const missing: Uint8Array[] = [];
  for (const [index, record] of records.entries()) {
    const seq = seqs[index]!;
    if (seq <= head) continue;
    missing.push(record.logRecord);
    head = seq;
  }
  if (mend) {
    // Past the damage the log may hold entries synced later (a failed sync's hole, then a
    // sync that succeeded), whose journal is gone: they continue the sequence, and are kept.
    for (const entry of entriesPastDamage(logBytes, parsed.goodLength, head)) {
      missing.push(encodeRecord(entry));
      head = entry.seq;
    }
    // Written whole beside it, then renamed over it: a crash mid-mend leaves the damaged log
    // (with what follows the damage), mended again on the next start, never a cut one.
    const good = logBytes.subarray(0, parsed.goodLength);
    await writeAtomic(logFile, Buffer.concat([good, ...missing]), true);
    return missing.length;
  }
  // Synced even with nothing missing: the journal that covered the log's tail goes next.
  const fd = openSync(logFile, "a");
  try {
    for (const bytes of missing) {
      for (let written = 0; written < bytes.length;) {
        written += writeSync(fd, bytes, written);
      }
    }
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return missing.length;
}

/**
 * The whole records in a damaged log's bytes from `from` on whose sequences continue `after`
 * one by one (each run found by trying every offset: what precedes it is zeros or a torn
 * write, not records). A record that does not continue the sequence is not taken: it is no
 * part of this room's history past the journal (stale bytes, or a later entry after a gap).
 */
export function entriesPastDamage(bytes: Uint8Array, from: number, after: number): StoredEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: StoredEntry[] = [];
  let want = after + 1;
  let offset = from;
  while (offset + LENGTH_BYTES <= bytes.length) {
    const end = offset + LENGTH_BYTES + view.getUint32(offset);
    const first = end <= bytes.length ? entriesAt(bytes.subarray(offset, end))[0] : undefined;
    if (first?.seq !== want) {
      offset++;
      continue;
    }
    for (const entry of entriesAt(bytes.subarray(offset))) {
      if (entry.seq !== want) break;
      found.push(entry);
      want++;
      offset += encodeRecord(entry).length;
    }
  }
  return found;
}

/** The records that parse from the start of `bytes` (none when what is there is no record). */
function entriesAt(bytes: Uint8Array): StoredEntry[] {
  try {
    return parseLog(bytes).entries;
  } catch {
    return [];
  }
}

/** A new epoch for every room: after a damaged journal, any of them may miss acknowledged entries. */
async function renewEveryEpoch(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!isRoomId(name)) continue;
    const meta = await readMeta(dir, name);
    if (meta) await writeEpoch(dir, name, meta);
  }
}
