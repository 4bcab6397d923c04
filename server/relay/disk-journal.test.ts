import { openSync, readFileSync, readlinkSync, writeSync } from "node:fs";
import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GroupSync, encodeRecord, parseLog } from "./disk-log";
import { encodeJournalRecord, journalFiles, openJournal, parseJournal } from "./disk-journal";
import { createDiskRoomStore } from "./disk-store";
import { EXPIRED } from "./room-store";
import {
  storedEntry as stored,
  tempDirs,
  testEntry as entry,
  testKey as key,
  testSnapshot,
} from "./test-disk-fixtures";

const freshDir = tempDirs("plainpad-journal-test-");

const roomOf = (n: number) => n.toString(16).padStart(2, "0").repeat(16);
const room = roomOf(0xab);
/** A journal file as a crashed process left it: these entries of `roomId`, then `tail`. */
async function writeJournal(
  dir: string,
  records: [string, number][],
  tail: Uint8Array = new Uint8Array(0),
): Promise<string> {
  await mkdir(path.join(dir, "journal"), { recursive: true });
  const file = path.join(dir, "journal", "000000000007");
  const bytes = records.map(([roomId, seq]) =>
    encodeJournalRecord(roomId, encodeRecord(stored(seq))),
  );
  await writeFile(file, Buffer.concat([...bytes, tail]));
  return file;
}
const logSeqs = async (dir: string, roomId: string) =>
  parseLog(await readFile(path.join(dir, roomId, "log"))).entries.map((e) => e.seq);
/** A room made and closed cleanly, with entries 1..count in its log. */
async function roomWith(dir: string, roomId: string, count: number): Promise<void> {
  const store = createDiskRoomStore(dir);
  await store.createRoom(roomId, key, 1000);
  for (let i = 1; i <= count; i++) await store.append(roomId, entry(i), 1000, 1 << 20);
  await store.close();
}

describe("disk journal, group commit", () => {
  it("makes the appends of many rooms within one window durable with one fdatasync", async () => {
    const dir = await freshDir();
    let syncs = 0;
    const store = createDiskRoomStore(dir, {
      syncWindowMs: 25,
      checkpointMs: 60_000,
      syncFile: async () => void syncs++,
    });
    const rooms = [1, 2, 3, 4].map(roomOf);
    for (const id of rooms) await store.createRoom(id, key, 1000);
    const results = await Promise.all(
      rooms.flatMap((id) => [1, 2, 3].map((i) => store.append(id, entry(i), 1000, 1 << 20))),
    );
    await Promise.all(results.map((result) => (result.ok ? result.durable : null)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(syncs).toBe(1);
    await store.close();
    // The journal is gone at the close; every room log holds its entries.
    for (const id of rooms) expect(await logSeqs(dir, id)).toEqual([1, 2, 3]);
  });

  it("acknowledges an append only once the journal holding it is synced", async () => {
    const dir = await freshDir();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const journaledAtSync: number[] = [];
    const store = createDiskRoomStore(dir, {
      checkpointMs: 60_000,
      syncFile: async () => {
        const [file] = await journalFiles(dir);
        journaledAtSync.push(parseJournal(readFileSync(file!)).records.length);
        await gate;
      },
    });
    await store.createRoom(room, key, 1000);
    const result = await store.append(room, entry(1), 1000, 1 << 20);
    let acked = false;
    if (result.ok) void result.durable?.then(() => (acked = true));
    await expect.poll(() => journaledAtSync.length).toBe(1);
    expect(journaledAtSync).toEqual([1]); // the record was in the journal when it was synced
    expect(acked).toBe(false);
    release();
    await (result.ok ? result.durable : null);
    expect(acked).toBe(true);
    await store.close();
  });

  it("cuts the journal back when a write fails, and journals the next append whole", async () => {
    const dir = await freshDir();
    let full = false;
    const journal = await openJournal(dir, 0, {
      windowMs: 0,
      checkpointMs: 60_000,
      checkpointBytes: 1 << 30,
      writeFile: (fd, bytes, offset) => {
        if (!full) return writeSync(fd, bytes, offset);
        writeSync(fd, bytes.subarray(offset, offset + 10)); // half a record, then a full disk
        throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
      },
    });
    const log = { sync: new GroupSync(() => null) };
    await journal.append(room, log, encodeRecord(stored(1)));
    full = true;
    expect(() => journal.append(room, log, encodeRecord(stored(2)))).toThrow("ENOSPC");
    full = false;
    await journal.append(room, log, encodeRecord(stored(3)));
    const [file] = await journalFiles(dir);
    const parsed = parseJournal(await readFile(file!));
    expect(parsed.tail).toBe("clean");
    expect(parsed.records.map((record) => parseLog(record.logRecord).entries[0]!.seq)).toEqual([
      1, 3,
    ]);
    await journal.close();
  });

  it("checkpoints: syncs the room logs it covers, then removes the old journal", async () => {
    const dir = await freshDir();
    const synced: number[] = [];
    const journal = await openJournal(dir, 0, {
      windowMs: 0,
      checkpointMs: 60_000,
      checkpointBytes: 1 << 30,
    });
    const logFd = openSync(path.join(dir, "a-room-log"), "a");
    const log = {
      sync: new GroupSync(
        () => logFd,
        async (fd) => void synced.push(fd),
      ),
    };
    await journal.append(room, log, encodeRecord(stored(1)));
    const [before] = await journalFiles(dir);
    await journal.checkpoint();
    expect(synced).toEqual([logFd]);
    const after = await journalFiles(dir);
    expect(after).not.toContain(before);
    expect(after).toHaveLength(1);
    await journal.close();
  });
});

describe("disk journal, room logs outside the ACK path", () => {
  it("syncs a room log before a snapshot replaces it (the rewrite may fail and leave it)", async () => {
    const dir = await freshDir();
    const synced: string[] = [];
    const store = createDiskRoomStore(dir, {
      checkpointMs: 60_000,
      syncFile: async (fd) => void synced.push(readlinkSync(`/proc/self/fd/${fd}`)),
    });
    await store.createRoom(room, key, 1000);
    for (let i = 1; i <= 3; i++) {
      const result = await store.append(room, entry(i), 1000, 1 << 20);
      if (result.ok) await result.durable;
    }
    // Only the journal was synced for the ACKs; the room log waits for a checkpoint.
    expect(synced.every((file) => file.includes(`${path.sep}journal${path.sep}`))).toBe(true);
    const snap = testSnapshot(2);
    expect((await store.replaceSnapshot(room, snap, 1000)).accepted).toBe(true);
    expect(synced).toContain(path.join(dir, room, "log"));
    await store.close();
  });
});

describe("disk journal, a failed journal sync", () => {
  it("acknowledges nothing it covered, reads the room again under a new epoch, and still syncs its log", async () => {
    const dir = await freshDir();
    let failJournal = false;
    const synced: string[] = [];
    const store = createDiskRoomStore(dir, {
      checkpointMs: 60_000,
      syncFile: async (fd) => {
        const file = readlinkSync(`/proc/self/fd/${fd}`);
        if (failJournal && file.includes(`${path.sep}journal${path.sep}`)) {
          throw Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" });
        }
        synced.push(file);
      },
    });
    await store.createRoom(room, key, 1000);
    const first = await store.append(room, entry(1), 1000, 1 << 20);
    if (first.ok) await first.durable;
    const epochBefore = (await store.getRoom(room))!.epoch;
    failJournal = true;
    const lost = await store.append(room, entry(2), 1000, 1 << 20);
    await expect(lost.ok ? lost.durable : null).rejects.toThrow("EIO");
    failJournal = false;
    // The next append waits for the checkpoint that retires the failed journal: the room log,
    // which holds the acknowledged entry 1, is synced, and the old journal can go.
    const next = await store.append(room, entry(3), 1000, 1 << 20);
    expect(next).toMatchObject({ ok: true, seq: 3 });
    if (next.ok) await next.durable;
    expect(synced).toContain(path.join(dir, room, "log"));
    expect((await store.getRoom(room))!.epoch).not.toBe(epochBefore);
    expect((await readdir(dir)).filter((name) => name.startsWith(".damaged"))).toEqual([]);
    await store.close();
  });
});

describe("disk journal, replay on start", () => {
  it("brings back what the room log lost since its last sync", async () => {
    const dir = await freshDir();
    await roomWith(dir, room, 2);
    // A crash: the journal holds entries 3 and 4 (acknowledged), the room log never got them.
    await writeJournal(dir, [
      [room, 1],
      [room, 2],
      [room, 3],
      [room, 4],
    ]);
    const events: string[] = [];
    const store = createDiskRoomStore(dir, { log: (event) => events.push(event) });
    expect(await store.getRoom(room)).toMatchObject({ headSeq: 4 });
    expect((await store.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(events).toContain("relay-journal-replayed");
    // No sequence handed out twice: the next append follows the replayed ones.
    const next = await store.append(room, entry(9), 1000, 1 << 20);
    expect(next).toMatchObject({ ok: true, seq: 5 });
    if (next.ok) await next.durable;
    await store.close();
    expect(await logSeqs(dir, room)).toEqual([1, 2, 3, 4, 5]);
  });

  it("never appends a journal's records to a room of the same id made after it was written", async () => {
    const dir = await freshDir();
    // The room as made again, after its earlier self ended and its tombstone was pruned: its
    // creation comes after the last write of a journal kept since a failed room log sync.
    const made = createDiskRoomStore(dir);
    await made.createRoom(room, key, Date.now() + 60_000);
    for (let i = 1; i <= 2; i++) await made.append(room, entry(i), 1000, 1 << 20);
    await made.close();
    // That kept journal: entries 3 and 4 of the room that ended.
    await writeJournal(dir, [
      [room, 3],
      [room, 4],
    ]);
    const events: string[] = [];
    const store = createDiskRoomStore(dir, { log: (event) => events.push(event) });
    expect((await store.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2]);
    await store.close();
    expect(await logSeqs(dir, room)).toEqual([1, 2]);
    // The old room's entries are not thrown away: the journal is kept for an operator.
    expect(events).toContain("relay-journal-kept-aside");
    const aside = (await readdir(dir)).filter((name) => name.startsWith(".damaged-journal-"));
    expect(aside).toHaveLength(1);
    expect(parseJournal(await readFile(path.join(dir, aside[0]))).records).toHaveLength(2);
  });

  it("replays a journal an earlier run left, also when this run has no journal", async () => {
    const dir = await freshDir();
    await roomWith(dir, room, 1);
    await writeJournal(dir, [[room, 2]]);
    const store = createDiskRoomStore(dir, { journal: false });
    expect((await store.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2]);
    await store.close();
    expect(await journalFiles(dir)).toEqual([]);
  });

  it("cuts a torn record at the journal's end and replays the whole ones", async () => {
    const dir = await freshDir();
    await roomWith(dir, room, 1);
    const torn = encodeJournalRecord(room, encodeRecord(stored(3))).subarray(0, 30);
    await writeJournal(dir, [[room, 2]], torn);
    const events: string[] = [];
    const store = createDiskRoomStore(dir, { log: (event) => events.push(event) });
    expect((await store.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2]);
    expect(events).toContain("relay-journal-torn");
    await store.close();
    expect(await readdir(dir)).not.toContain(expect.stringMatching(/^\.damaged/));
  });

  it("refuses a bad record with data after it: keeps the journal aside, renews the epochs", async () => {
    const dir = await freshDir();
    await roomWith(dir, room, 1);
    const epochBefore = JSON.parse(await readFile(path.join(dir, room, "meta.json"), "utf8"))
      .epoch as number;
    const bad = encodeJournalRecord(room, encodeRecord(stored(3)));
    bad[bad.length - 1]! ^= 0xff; // a flipped byte: the checksum fails
    const good = encodeJournalRecord(room, encodeRecord(stored(4)));
    await writeJournal(dir, [[room, 2]], Buffer.concat([bad, good]));
    const events: string[] = [];
    const store = createDiskRoomStore(dir, { log: (event) => events.push(event) });
    const info = await store.getRoom(room);
    expect(info).toMatchObject({ headSeq: 2 });
    expect(info!.epoch).not.toBe(epochBefore);
    expect(events).toContain("relay-journal-kept-aside");
    const aside = (await readdir(dir)).filter((name) => name.startsWith(".damaged-journal-"));
    expect(aside).toHaveLength(1);
    expect((await stat(path.join(dir, aside[0]!))).size).toBeGreaterThan(bad.length);
    await store.close();
  });

  it("skips a deleted room and sequences a snapshot already covers", async () => {
    const dir = await freshDir();
    const gone = roomOf(0x11);
    await roomWith(dir, gone, 1);
    const ending = createDiskRoomStore(dir);
    await ending.deleteRoom(gone, EXPIRED, 1000);
    await ending.close();
    await roomWith(dir, room, 4);
    const snapshotting = createDiskRoomStore(dir);
    const snap = testSnapshot(4);
    expect((await snapshotting.replaceSnapshot(room, snap, 1000)).accepted).toBe(true);
    await snapshotting.close();
    expect(await logSeqs(dir, room)).toEqual([]); // compacted
    await writeJournal(dir, [
      [gone, 2],
      [room, 3],
      [room, 4],
      [room, 5],
    ]);
    const store = createDiskRoomStore(dir);
    expect(await store.getRoom(gone)).toBeNull();
    expect(await readdir(dir)).not.toContain(gone);
    expect(await store.getRoom(room)).toMatchObject({ headSeq: 5, snapshotSeq: 4 });
    await store.close();
    expect(await logSeqs(dir, room)).toEqual([5]);
  });
});

describe("disk journal, a room log a power cut left damaged", () => {
  /** The log as a power cut can leave it: its synced records, then a zeroed page, then bytes. */
  async function damageLogTail(dir: string, roomId: string, keepRecords: number): Promise<number> {
    const file = path.join(dir, roomId, "log");
    const bytes = await readFile(file);
    const records = parseLog(bytes).entries.slice(0, keepRecords);
    const goodLength = records.reduce((sum, e) => sum + encodeRecord(e).length, 0);
    const later = encodeRecord(stored(99));
    const damaged = Buffer.concat([bytes.subarray(0, goodLength), new Uint8Array(300), later]);
    await writeFile(file, damaged);
    expect(parseLog(damaged).tail).toBe("damaged");
    return damaged.length;
  }
  const epochOf = async (dir: string, roomId: string) =>
    JSON.parse(await readFile(path.join(dir, roomId, "meta.json"), "utf8")).epoch as number;

  it("mends the log from the journal when its records reach back to the good part", async () => {
    const dir = await freshDir();
    await roomWith(dir, room, 4);
    // Entries 1-2 were synced by the last checkpoint; 3 and 4 were acknowledged from the
    // journal, and the log's copy of them did not reach the disk whole.
    await damageLogTail(dir, room, 2);
    const epochBefore = await epochOf(dir, room);
    await writeJournal(dir, [
      [room, 3],
      [room, 4],
    ]);
    const events: string[] = [];
    const store = createDiskRoomStore(dir, { log: (event) => events.push(event) });
    expect((await store.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect((await store.getRoom(room))!.epoch).not.toBe(epochBefore);
    expect(events).toContain("relay-room-log-mended");
    const next = await store.append(room, entry(9), 1000, 1 << 20);
    expect(next).toMatchObject({ ok: true, seq: 5 });
    if (next.ok) await next.durable;
    await store.close();
    expect(await logSeqs(dir, room)).toEqual([1, 2, 3, 4, 5]);
    // The damaged log is kept for an operator; the journal, now redundant, is gone.
    const copies = (await readdir(dir)).filter((name) => name.startsWith(".damaged-log-"));
    expect(copies).toHaveLength(1);
    expect(parseLog(await readFile(path.join(dir, copies[0]!))).tail).toBe("damaged");
    expect(await journalFiles(dir)).toEqual([]);
  });

  it("keeps the journal, and cuts nothing, when the damage lies before its records", async () => {
    const dir = await freshDir();
    await roomWith(dir, room, 4);
    // Damage in what the last checkpoint synced (entries 2-4); the journal holds only 5.
    const damagedLength = await damageLogTail(dir, room, 1);
    await writeJournal(dir, [[room, 5]]);
    const events: string[] = [];
    const store = createDiskRoomStore(dir, { log: (event) => events.push(event) });
    // The store keeps the room aside, as for any damaged log; the journal goes beside it.
    expect(await store.getRoom(room)).toBeNull();
    await store.close();
    expect(events).toContain("relay-journal-kept-aside");
    const names = await readdir(dir);
    const journalAside = names.filter((name) => name.startsWith(".damaged-journal-"));
    expect(journalAside).toHaveLength(1);
    const kept = parseJournal(await readFile(path.join(dir, journalAside[0]!)));
    expect(kept.records.map((record) => parseLog(record.logRecord).entries[0]!.seq)).toEqual([5]);
    const roomAside = names.filter((name) => name.startsWith(`.damaged-${room}`));
    expect(roomAside).toHaveLength(1);
    expect((await stat(path.join(dir, roomAside[0]!, "log"))).size).toBe(damagedLength);
  });
});

describe("disk journal, a checkpoint whose retired journal fails its sync", () => {
  it("does not acknowledge a duplicate whose first copy that journal held", async () => {
    const dir = await freshDir();
    let failFirst!: (error: Error) => void;
    const firstSync = new Promise<void>((_, reject) => (failFirst = reject));
    const journal = await openJournal(dir, 0, {
      windowMs: 0,
      checkpointMs: 60_000,
      checkpointBytes: 1 << 30,
      syncFile: async (fd) => {
        if (readlinkSync(`/proc/self/fd/${fd}`).endsWith("000000000001")) await firstSync;
      },
    });
    const log = { sync: new GroupSync(() => null) };
    const original = journal.append(room, log, encodeRecord(stored(1)));
    const checkpoint = journal.checkpoint();
    // Once the checkpoint has moved on to a new file (the old one still syncing)...
    const retiring = () => (journal as unknown as { retiring: Promise<void> | null }).retiring;
    await expect.poll(() => retiring() !== null).toBe(true);
    // ...a resend of entry 1 arrives: its ACK waits for the first copy's journal.
    const duplicate = journal.durable();
    failFirst(Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" }));
    await expect(original).rejects.toThrow("EIO");
    await expect(duplicate).rejects.toThrow("EIO");
    await checkpoint;
    await journal.close();
  });
});
