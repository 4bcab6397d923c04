// The disk store's data folder as a power cut can leave a room deletion (issue 49 §4): the
// tombstone is written and synced first, the room folder's rename after it is not synced, so
// the folder may come back whole beside its tombstone.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { encodeRecord } from "./disk-log";
import { encodeJournalRecord } from "./disk-journal";
import { createDiskRoomStore } from "./disk-store";
import { DiskTombstones } from "./disk-tombstones";
import { EXPIRED } from "./room-store";
import { tempDirs, testEntry as entry, testKey as key } from "./test-disk-fixtures";

const freshDir = tempDirs("plainpad-store-power-cut-");
const room = "ef".repeat(16);

/** A room made at `createdAt` with entries 1..count, closed cleanly. */
async function roomWith(dir: string, count: number, createdAt: number): Promise<void> {
  const store = createDiskRoomStore(dir);
  await store.createRoom(room, key, createdAt);
  for (let i = 1; i <= count; i++) await store.append(room, entry(i), createdAt, 1 << 20);
  await store.close();
}

describe("disk store, a deletion a power cut cut short", () => {
  it("does not bring back a room whose tombstone outlived its folder's removal", async () => {
    const dir = await freshDir();
    await roomWith(dir, 2, 1000);
    // The deletion's tombstone reached the disk; the folder's rename and removal did not.
    await new DiskTombstones(dir, true).write(room, EXPIRED, 2000);
    // And a journal still holding one of its entries.
    await mkdir(path.join(dir, "journal"), { recursive: true });
    const { messageId, sealed, signature } = entry(3);
    const record = encodeRecord({ seq: 3, messageId, sealed, signature });
    await writeFile(path.join(dir, "journal", "000000000004"), encodeJournalRecord(room, record));
    const store = createDiskRoomStore(dir);
    expect(await store.getRoom(room)).toBeNull();
    expect(await store.readAfter(room, 0)).toEqual([]);
    const again = await store.createRoom(room, key, 3000);
    expect(again).toMatchObject({ created: false, room: null });
    expect(again.ended).not.toBeNull();
    await store.close();
    expect(await readdir(dir)).not.toContain(room);
  });

  it("keeps a room made again after its tombstone was pruned", async () => {
    const dir = await freshDir();
    // Ended at 2000; the tombstone's removal (pruned) was lost, the room made again at 5000.
    await roomWith(dir, 2, 5000);
    await new DiskTombstones(dir, true).write(room, EXPIRED, 2000);
    const store = createDiskRoomStore(dir);
    expect((await store.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2]);
    await store.close();
  });
});
