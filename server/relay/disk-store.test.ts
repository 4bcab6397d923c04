import { appendFile, mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDiskRoomStore } from "./disk-store";
import { EXPIRED } from "./room-store";
import {
  addressQuotaContract,
  idleRoomsContract,
  roomStoreContract,
  storedBytesContract,
} from "./room-store.contract";
import { tempDirs, testEntry as entry, testKey as key, testSnapshot } from "./test-disk-fixtures";

const freshDir = tempDirs("plainpad-relay-test-");

roomStoreContract("disk", async () => createDiskRoomStore(await freshDir()));
roomStoreContract("disk without a cache", async () =>
  createDiskRoomStore(await freshDir(), { cacheBytes: 0 }),
);

const room = "ab".repeat(16);
const DAY = 24 * 60 * 60 * 1000;

describe("disk store", () => {
  idleRoomsContract("disk", async () => createDiskRoomStore(await freshDir()));
  addressQuotaContract("disk", async (quotas) =>
    createDiskRoomStore(await freshDir(), { quotas: { ...quotas, minFreeBytes: 0 } }),
  );
  storedBytesContract("disk", async (quotas) => createDiskRoomStore(await freshDir(), { quotas }));

  it("counts the stored bytes already on disk when it starts", async () => {
    const dir = await freshDir();
    const quotas = { maxStoredBytes: 3500, minFreeBytes: 0 };
    const first = createDiskRoomStore(dir, { quotas });
    await first.createRoom(room, key, 1000);
    for (let i = 1; i <= 3; i++) await first.append(room, entry(i, 1000), 1000, 1 << 20);
    await first.close();
    const second = createDiskRoomStore(dir, { quotas });
    expect(await second.canCreateRoom()).toBe("no-space");
    expect(await second.append(room, entry(4, 1000), 1000, 1 << 20)).toEqual({
      ok: false,
      reason: "no-space",
    });
    await second.deleteRoom(room, EXPIRED, 1000);
    expect(await second.canCreateRoom()).toBe("ok");
    await second.close();
  });

  it("counts what it kept aside for an operator in its storage limit, and sweeps it once old", async () => {
    const dir = await freshDir();
    const quotas = { maxStoredBytes: 3500, minFreeBytes: 0 };
    const first = createDiskRoomStore(dir, { quotas });
    await first.createRoom(room, key, 1000);
    for (let i = 1; i <= 3; i++) await first.append(room, entry(i, 1000), 1000, 1 << 20);
    await first.close();
    const logFile = path.join(dir, room, "log");
    const damaged = await readFile(logFile);
    damaged[4] = 99; // the first record's message type: not an entry any more
    await writeFile(logFile, damaged);
    // A mended log's copy and a journal that could not be replayed, kept aside the same way.
    const now = Date.now();
    const oldCopy = `.damaged-log-${"cd".repeat(16)}-${now - 3 * DAY}`;
    await writeFile(path.join(dir, oldCopy), new Uint8Array(500));
    const newJournal = `.damaged-journal-000000000001-${now - DAY / 2}`;
    await writeFile(path.join(dir, newJournal), new Uint8Array(200));

    // Kept aside, the damaged room's 3,000 bytes still fill the disk the limit guards.
    const second = createDiskRoomStore(dir, { quotas, keepAsideMs: 2 * DAY });
    expect(await second.getRoom(room)).toBeNull();
    const aside = (await readdir(dir)).filter((name) => name.startsWith(`.damaged-${room}`));
    expect(aside).toHaveLength(1);
    expect(await second.canCreateRoom()).toBe("no-space");
    await second.close();
    // The copy older than the two days kept went at that start; the newer journal stays.
    expect(await readdir(dir)).not.toContain(oldCopy);
    expect(await readdir(dir)).toContain(newJournal);

    // Once its time is up the room kept aside goes too, and its bytes are free again.
    const third = createDiskRoomStore(dir, { quotas, keepAsideMs: 0 });
    expect(await third.canCreateRoom()).toBe("ok");
    await third.close();
    expect((await readdir(dir)).filter((name) => name.startsWith(".damaged-"))).toEqual([]);
  });

  it("keeps a room whose log is damaged mid-way aside, whole, instead of cutting it", async () => {
    const dir = await freshDir();
    const first = createDiskRoomStore(dir);
    await first.createRoom(room, key, 1000);
    for (let i = 1; i <= 3; i++) await first.append(room, entry(i), 1000, 1 << 20);
    await first.close();
    const logFile = path.join(dir, room, "log");
    const damaged = await readFile(logFile);
    damaged[4] = 99; // the first record's message type: not an entry any more
    await writeFile(logFile, damaged);

    const second = createDiskRoomStore(dir);
    // Cutting at the bad record would drop entries 2 and 3, which were acknowledged.
    expect(await second.getRoom(room)).toBeNull();
    const aside = (await readdir(dir)).filter((name) => name.startsWith(`.damaged-${room}`));
    expect(aside).toHaveLength(1);
    expect(await readFile(path.join(dir, aside[0], "log"))).toEqual(damaged);
    // The room can be made again (returning clients send back what they have).
    expect((await second.createRoom(room, key, 2000)).created).toBe(true);
    await second.close();
    const third = createDiskRoomStore(dir);
    expect(await readdir(dir)).toContain(aside[0]); // a start does not sweep it
    await third.close();
  });

  it("sweeps the temp files and half-deleted rooms a crash left behind when it starts", async () => {
    const dir = await freshDir();
    const first = createDiskRoomStore(dir);
    await first.createRoom(room, key, 1000);
    await first.close();
    const leftovers = [
      path.join(dir, room, "snapshot.1a2b3c4d.tmp"),
      path.join(dir, room, "log.5e6f7a8b.tmp"),
    ];
    for (const file of leftovers) await writeFile(file, new Uint8Array(4096));
    await mkdir(path.join(dir, `.deleted-${room}-1`));
    await writeFile(path.join(dir, `.deleted-${room}-1`, "log"), "x");
    const swept: Record<string, string | number>[] = [];
    const second = createDiskRoomStore(dir, { log: (_event, fields) => swept.push(fields) });
    expect(await second.getRoom(room)).toMatchObject({ headSeq: 0 });
    expect((await readdir(path.join(dir, room))).sort()).toEqual(["log", "meta.json"]);
    expect((await readdir(dir)).filter((name) => name.startsWith("."))).toEqual([]);
    expect(swept).toEqual([{ files: 3 }]);
    await second.close();
  });

  it("keeps rooms, logs and snapshots through a restart", async () => {
    const dir = await freshDir();
    const first = createDiskRoomStore(dir);
    await first.createRoom(room, key, 1000);
    for (let i = 1; i <= 5; i++) await first.append(room, entry(i), 1000, 1 << 20);
    const snap = testSnapshot(3);
    expect((await first.replaceSnapshot(room, snap, 1000)).accepted).toBe(true);
    await first.close();

    const second = createDiskRoomStore(dir);
    expect(await second.getRoom(room)).toMatchObject({
      verifyKey: key,
      headSeq: 5,
      snapshotSeq: 3,
      logCount: 2,
      logBytes: 200,
    });
    const replay = await second.replay(room, 0);
    expect(replay?.snapshot).toEqual(snap);
    expect(replay?.entries.map((e) => [e.seq, e.sealed[0]])).toEqual([
      [4, 4],
      [5, 5],
    ]);
    expect(await second.append(room, entry(6), 1000, 1 << 20)).toMatchObject({ seq: 6 });
    await second.close();
  });

  it("ignores and cuts off a torn last record, then appends after the good ones", async () => {
    const dir = await freshDir();
    const first = createDiskRoomStore(dir);
    await first.createRoom(room, key, 1000);
    await first.append(room, entry(1), 1000, 1 << 20);
    await first.append(room, entry(2), 1000, 1 << 20);
    const epochBefore = (await first.getRoom(room))?.epoch;
    await first.close();
    const logFile = path.join(dir, room, "log");
    const goodSize = (await stat(logFile)).size;
    // A crash in the middle of the third record: its length says 500, 3 bytes follow.
    await appendFile(logFile, Uint8Array.of(0, 0, 1, 244, 21, 3, 0));

    const second = createDiskRoomStore(dir);
    expect((await second.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2]);
    // A crash mid-write may have taken more with it: returning clients are told by the epoch.
    expect((await second.getRoom(room))?.epoch).not.toBe(epochBefore);
    expect((await stat(logFile)).size).toBe(goodSize);
    expect(await second.append(room, entry(3), 1000, 1 << 20)).toMatchObject({ seq: 3 });
    await second.close();
    const third = createDiskRoomStore(dir);
    const entries = await third.readAfter(room, 0);
    expect(entries.map((e) => [e.seq, e.sealed[0]])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect((await readFile(logFile)).length).toBeGreaterThan(goodSize);
    await third.close();
  });
});

describe("disk store, a failed fdatasync", () => {
  it("acknowledges nothing it covered, and reads the room again under a new epoch", async () => {
    const dir = await freshDir();
    let failing = false;
    const store = createDiskRoomStore(dir, {
      syncFile: async () => {
        if (failing) throw Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" });
      },
    });
    await store.createRoom(room, key, 1000);
    const first = await store.append(room, entry(1), 1000, 1 << 20);
    expect(first).toMatchObject({ ok: true, seq: 1 });
    if (first.ok) await first.durable;
    const epochBefore = (await store.getRoom(room))!.epoch;

    failing = true;
    const lost = await store.append(room, entry(2), 1000, 1 << 20);
    expect(lost).toMatchObject({ ok: true, seq: 2 });
    await expect(lost.ok ? lost.durable : null).rejects.toThrow("EIO");
    // The disk answers again: a sync of the same file would now "succeed" without entry 2's
    // bytes. The room is read again under a new epoch, so every returning client sends back
    // what it has, instead of an ACK resting on that sync.
    failing = false;
    const after = await store.getRoom(room);
    expect(after!.epoch).not.toBe(epochBefore);
    const next = await store.append(room, entry(3), 1000, 1 << 20);
    expect(next.ok).toBe(true);
    if (next.ok) await next.durable;
    await store.close();
  });
});
