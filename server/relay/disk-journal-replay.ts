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
 */
import { closeSync, fdatasyncSync, openSync, writeSync } from "node:fs";
import { readFile, readdir, rm, truncate } from "node:fs/promises";
import path from "node:path";
import { MessageType, decodeMessage, isRoomId } from "@plainpad/wire";
import { parseLog, readOptional, syncFolder, writeAtomic, type RoomMeta } from "./disk-log";
import {
  generationOf,
  journalFiles,
  moveJournalAside,
  parseJournal,
  type JournalRecord,
} from "./disk-journal";
import { newEpoch } from "./room-store";

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
    for (const [roomId, records] of byRoom) replayed += await replayRoom(dir, roomId, records);
    if (replayed > 0) log("relay-journal-replayed", { records: replayed });
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

/** Appends a room's missing records to its log and syncs it; returns how many were appended. */
async function replayRoom(dir: string, roomId: string, records: JournalRecord[]): Promise<number> {
  if (!isRoomId(roomId)) return 0;
  if ((await readOptional(path.join(dir, "ended", roomId))) !== null) return 0;
  const meta = await readMeta(dir, roomId);
  if (!meta) return 0; // deleted (or never made whole): nothing to bring back
  let head = 0;
  const snapshotBytes = await readOptional(path.join(dir, roomId, "snapshot"));
  if (snapshotBytes) {
    const message = decodeMessage(snapshotBytes);
    if (message.type === MessageType.SnapshotReplay) head = message.upToSeq;
  }
  const logFile = path.join(dir, roomId, "log");
  const parsed = parseLog((await readOptional(logFile)) ?? new Uint8Array(0));
  // Damage in the middle: the store keeps the room aside when it reads it.
  if (parsed.tail === "damaged") return 0;
  if (parsed.tail === "torn") {
    await truncate(logFile, parsed.goodLength);
    // As on a load that cuts a tear: what the process wrote just before may be gone too.
    await writeEpoch(dir, roomId, meta);
  }
  head = Math.max(head, parsed.entries.at(-1)?.seq ?? 0);
  const missing: Uint8Array[] = [];
  for (const record of records) {
    const entry = parseLog(record.logRecord).entries[0];
    if (!entry || entry.seq <= head) continue;
    missing.push(record.logRecord);
    head = entry.seq;
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

/** A new epoch for every room: after a damaged journal, any of them may miss acknowledged entries. */
async function renewEveryEpoch(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!isRoomId(name)) continue;
    const meta = await readMeta(dir, name);
    if (meta) await writeEpoch(dir, name, meta);
  }
}
