import { appendFile, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDiskRoomStore } from "./disk-store";
import { idleRoomsContract, roomStoreContract } from "./room-store.contract";

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "plainpad-relay-test-"));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

roomStoreContract("disk", async () => createDiskRoomStore(await freshDir()));
roomStoreContract("disk without a cache", async () =>
  createDiskRoomStore(await freshDir(), { cacheBytes: 0 }),
);

const room = "ab".repeat(16);
const key = new Uint8Array(32).fill(9);
const entry = (fill: number, length = 100) => ({
  messageId: new Uint8Array(16).fill(fill),
  sealed: new Uint8Array(length).fill(fill),
  signature: new Uint8Array(64).fill(fill),
  origin: "t",
});

describe("disk store", () => {
  idleRoomsContract("disk", async () => createDiskRoomStore(await freshDir()));

  it("keeps rooms, logs and snapshots through a restart", async () => {
    const dir = await freshDir();
    const first = createDiskRoomStore(dir);
    await first.createRoom(room, key, 1000);
    for (let i = 1; i <= 5; i++) await first.append(room, entry(i), 1000, 1 << 20);
    const snap = {
      snapshotId: new Uint8Array(16).fill(1),
      upToSeq: 3,
      baseSeq: 0,
      sealed: new Uint8Array(50).fill(42),
      signature: new Uint8Array(64).fill(43),
    };
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
    await first.close();
    const logFile = path.join(dir, room, "log");
    const goodSize = (await stat(logFile)).size;
    // A crash in the middle of the third record: its length says 500, 3 bytes follow.
    await appendFile(logFile, Uint8Array.of(0, 0, 1, 244, 21, 3, 0));

    const second = createDiskRoomStore(dir);
    expect((await second.readAfter(room, 0)).map((e) => e.seq)).toEqual([1, 2]);
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
