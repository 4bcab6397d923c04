// Attacks on the journal replay's mend of a damaged room log (issue 49 §4): the data folder is
// built by hand as a power cut after a failed room-log sync can leave it, then a store opens it.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { encodeRecord, parseLog } from "./disk-log";
import { encodeJournalRecord, journalFiles } from "./disk-journal";
import { createDiskRoomStore } from "./disk-store";
import {
  storedEntry as stored,
  tempDirs,
  testEntry as entry,
  testKey as key,
} from "./test-disk-fixtures";

// A crash in the middle of a mend: the first write to a room log throws while `crash` is set,
// leaving the files as a process killed at that point would (the page cache stays).
const crash = vi.hoisted(() => ({ onRoomLogWrite: false }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const writeSync = ((fd: number, ...rest: unknown[]) => {
    if (crash.onRoomLogWrite && fs.readlinkSync(`/proc/self/fd/${fd}`).endsWith("/log")) {
      crash.onRoomLogWrite = false;
      throw new Error("killed mid-mend");
    }
    return (fs.writeSync as (fd: number, ...rest: unknown[]) => number)(fd, ...rest);
  }) as typeof fs.writeSync;
  return { ...fs, default: { ...fs, writeSync }, writeSync };
});
// ...or the rename that would put a rewritten room log in place.
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs/promises")>();
  const rename: typeof fs.rename = async (from, to) => {
    if (crash.onRoomLogWrite && String(to).endsWith("/log")) {
      crash.onRoomLogWrite = false;
      throw new Error("killed mid-mend");
    }
    return fs.rename(from, to);
  };
  return { ...fs, default: { ...fs, rename }, rename };
});

const freshDir = tempDirs("plainpad-journal-mend-test-");
const room = "cd".repeat(16);
const recordsOf = (seqs: number[]) => Buffer.concat(seqs.map((seq) => encodeRecord(stored(seq))));
/** Zeros as long as these records: a page the disk never got. */
const holeOf = (seqs: number[]) => new Uint8Array(recordsOf(seqs).length);

/** A room made and closed cleanly (meta.json, a log of 1..count, no journal left). */
async function roomWith(dir: string, count: number): Promise<void> {
  const store = createDiskRoomStore(dir);
  await store.createRoom(room, key, 1000);
  for (let i = 1; i <= count; i++) await store.append(room, entry(i), 1000, 1 << 20);
  await store.close();
}
/**
 * A room whose log a power cut left with a hole: the records `before`, zeros as long as the
 * records `lost` (pages the disk never got), then the records `after` (synced later).
 */
async function roomWithHole(dir: string, before: number[], lost: number[], after: number[]) {
  await roomWith(dir, Math.max(...before, ...lost, ...after));
  await writeFile(
    path.join(dir, room, "log"),
    Buffer.concat([recordsOf(before), holeOf(lost), recordsOf(after)]),
  );
}
/** A journal file of generation `generation` holding these entries of the room. */
async function writeJournal(dir: string, generation: number, seqs: number[]): Promise<void> {
  await mkdir(path.join(dir, "journal"), { recursive: true });
  const file = path.join(dir, "journal", String(generation).padStart(12, "0"));
  const bytes = seqs.map((seq) => encodeJournalRecord(room, encodeRecord(stored(seq))));
  await writeFile(file, Buffer.concat(bytes));
}
const logSeqs = async (dir: string) =>
  parseLog(await readFile(path.join(dir, room, "log"))).entries.map((e) => e.seq);

describe("journal replay, a room log with a hole a failed sync left", () => {
  // A checkpoint's fdatasync of the room log fails (EIO): Linux marks the dirty pages clean,
  // so entries 3-4 never reach the disk, and that journal is kept for the next start. The room
  // is read again (the page cache still shows 3-4) and takes 5-6; the next checkpoint syncs
  // the log (5-6 reach the disk, after the hole) and removes its own journal. Then a power cut.
  it("keeps the synced entries after the hole, and hands out no sequence twice", async () => {
    const dir = await freshDir();
    await roomWithHole(dir, [1, 2], [3, 4], [5, 6]);
    await writeJournal(dir, 7, [3, 4]);
    const store = createDiskRoomStore(dir);
    expect((await store.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    const next = await store.append(room, entry(9), 1000, 1 << 20);
    expect(next).toMatchObject({ ok: true, seq: 7 });
    if (next.ok) await next.durable;
    await store.close();
    expect(await logSeqs(dir)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await journalFiles(dir)).toEqual([]);
  });
});

describe("journal replay, an older kept journal and a newer one", () => {
  // Journal 7 was kept (another room's log sync failed at its checkpoint) and holds this room's
  // 1-2, long synced. Journal 9 was kept when this room's log sync failed on 5-6 (a hole on
  // the disk); 7-8 came after and were synced by a checkpoint whose journal is gone.
  it("lets only the journal that holds the entry after the good part mend the log", async () => {
    const dir = await freshDir();
    await roomWithHole(dir, [1, 2, 3, 4], [5, 6], [7, 8]);
    await writeJournal(dir, 7, [1, 2]);
    await writeJournal(dir, 9, [5, 6]);
    const store = createDiskRoomStore(dir);
    expect((await store.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const next = await store.append(room, entry(9), 1000, 1 << 20);
    expect(next).toMatchObject({ ok: true, seq: 9 });
    if (next.ok) await next.durable;
    await store.close();
    expect(await logSeqs(dir)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe("journal replay, a crash in the middle of a mend", () => {
  it("loses no entry past the hole when the mend is killed while writing the log", async () => {
    const dir = await freshDir();
    await roomWithHole(dir, [1, 2], [3, 4], [5, 6]);
    await writeJournal(dir, 7, [3, 4]);
    crash.onRoomLogWrite = true;
    const killed = createDiskRoomStore(dir);
    await expect(killed.getRoom(room)).rejects.toThrow("killed mid-mend");
    crash.onRoomLogWrite = false;
    // The next start mends again from what the killed one left.
    const store = createDiskRoomStore(dir);
    expect((await store.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    await store.close();
    expect(await logSeqs(dir)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
