/**
 * The disk store on a really full disk: a 256 KiB tmpfs mounted for the test (CI runs as root).
 * A write that fails with ENOSPC must leave no torn record behind, must not be acknowledged,
 * and must not cost any acknowledged update or hand its sequence out twice.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, rmdir, statfs, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLog } from "./disk-log";
import { journalFiles, parseJournal } from "./disk-journal";
import { createDiskRoomStore } from "./disk-store";
import type { RoomStore } from "./room-store";
import { testEntry as entry, testKey as key } from "./test-disk-fixtures";

let mountPoint = "";
let mountProblem: string | null = null;

beforeAll(async () => {
  mountPoint = await mkdtemp(path.join(tmpdir(), "plainpad-full-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint], {
      stdio: "pipe",
    });
  } catch (error) {
    mountProblem = (error as { stderr?: Buffer }).stderr?.toString().trim() || String(error);
  }
});
afterAll(async () => {
  // Lazy: a failed test may still hold a log open; the mount goes once it is closed.
  if (!mountProblem) execFileSync("umount", ["-l", mountPoint]);
  await rmdir(mountPoint);
});

const room = "cd".repeat(16);
const MB = 1024 * 1024;

/** The store as the relay opens it, with the free-space floor under the test's control. */
function store(dir: string, minFreeBytes = 0): RoomStore {
  return createDiskRoomStore(dir, { quotas: { minFreeBytes, maxStoredBytes: 0 } });
}

describe("disk store on a full disk (tmpfs of 256 KiB)", () => {
  it("refuses a write the disk cannot take, cuts the torn record off, and loses nothing acknowledged", async (context) => {
    if (mountProblem) {
      context.skip(`mount -t tmpfs is not permitted here (${mountProblem}): needs root`);
    }
    const dir = path.join(mountPoint, "rooms");
    const filler = path.join(mountPoint, "filler");
    const first = store(dir);
    await first.createRoom(room, key, 1000);
    // Most of the disk taken by something else, so a few updates fill the rest.
    await writeFile(filler, new Uint8Array(150 * 1024));
    const acknowledged: number[] = [];
    let refused = 0;
    for (let fill = 1; fill <= 40 && refused < 3; fill++) {
      const result = await first.append(room, entry(fill, 9 * 1024), 1000, 48 * MB);
      if (result.ok) await result.durable; // as the relay does before its ACK
      if (result.ok) {
        expect(result.seq).toBe(acknowledged.length + 1);
        acknowledged.push(fill);
      } else {
        expect(result.reason).toBe("no-space");
        refused++;
      }
    }
    expect(refused).toBe(3);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Space comes back (an operator cleaned up): the next updates follow the good ones, with
    // the next sequences, none handed out twice.
    await rm(filler);
    for (const fill of [101, 102]) {
      const result = await first.append(room, entry(fill, 9 * 1024), 1000, 48 * MB);
      expect(result).toMatchObject({ ok: true, seq: acknowledged.length + 1 });
      acknowledged.push(fill);
    }
    await first.close();

    const second = store(dir);
    const entries = await second.readAfter(room, 0);
    expect(entries.map((e) => [e.seq, e.sealed[0]])).toEqual(
      acknowledged.map((fill, index) => [index + 1, fill]),
    );
    expect((await second.getRoom(room))?.headSeq).toBe(acknowledged.length);
    await second.close();
    await rm(dir, { recursive: true });
  });

  it("appends that share one sync window while the disk fills: only what was refused is missing", async (context) => {
    if (mountProblem) {
      context.skip(`mount -t tmpfs is not permitted here (${mountProblem}): needs root`);
    }
    const dir = path.join(mountPoint, "window");
    const filler = path.join(mountPoint, "filler-3");
    const first = createDiskRoomStore(dir, {
      quotas: { minFreeBytes: 0, maxStoredBytes: 0 },
      syncWindowMs: 25,
    });
    await first.createRoom(room, key, 1000);
    await writeFile(filler, new Uint8Array(150 * 1024));
    // Every append at once, as many writers in one room do: they share the window's syncs,
    // and the disk runs out among them.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        first.append(room, entry(index + 1, 9 * 1024), 1000, 48 * MB),
      ),
    );
    const stored = results.flatMap((result, index) =>
      result.ok ? [{ result, fill: index + 1 }] : [],
    );
    expect(results.some((result) => !result.ok && result.reason === "no-space")).toBe(true);
    // Each stored append's sync resolves (the relay ACKs then), and the store closes after them.
    await Promise.all(stored.map(({ result }) => result.ok && result.durable));
    await first.close();
    await rm(filler);

    const second = store(dir);
    const entries = await second.readAfter(room, 0);
    expect(entries.map((e) => [e.seq, e.sealed[0]])).toEqual(
      stored.map(({ result, fill }) => [result.ok ? result.seq : 0, fill]),
    );
    expect(entries.map((e) => e.seq)).toEqual(stored.map((_, index) => index + 1));
    await second.close();
    await rm(dir, { recursive: true });
  });

  it("the journal on a full disk: cut back, never torn, and what it acknowledged comes back after a crash", async (context) => {
    if (mountProblem) {
      context.skip(`mount -t tmpfs is not permitted here (${mountProblem}): needs root`);
    }
    const dir = path.join(mountPoint, "journal");
    const filler = path.join(mountPoint, "filler-4");
    const other = "ef".repeat(16);
    const first = createDiskRoomStore(dir, {
      quotas: { minFreeBytes: 0, maxStoredBytes: 0 },
      syncWindowMs: 25,
      checkpointMs: 600_000,
    });
    await first.createRoom(room, key, 1000);
    await first.createRoom(other, key, 1000);
    await writeFile(filler, new Uint8Array(150 * 1024));
    // Two rooms at once: each update goes to its room log and to the one journal, and the
    // disk runs out in either (the journal takes each update twice as fast as a room log).
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        first.append(index % 2 ? other : room, entry(index + 1, 5 * 1024), 1000, 48 * MB),
      ),
    );
    expect(results.some((result) => !result.ok && result.reason === "no-space")).toBe(true);
    await Promise.all(results.map((result) => result.ok && result.durable));
    const acknowledged = (roomId: string) =>
      results.flatMap((result, index) =>
        result.ok && (index % 2 ? other : room) === roomId ? [[result.seq, index + 1]] : [],
      );
    // The journal holds exactly the acknowledged updates, whole: no record of a refused one.
    const [journal] = await journalFiles(dir);
    const parsed = parseJournal(await readFile(journal!));
    expect(parsed.tail).toBe("clean");
    for (const roomId of [room, other]) {
      const journaled = parsed.records
        .filter((record) => record.roomId === roomId)
        .map((record) => parseLog(record.logRecord).entries[0]!)
        .map((e) => [e.seq, e.sealed[0]]);
      expect(journaled).toEqual(acknowledged(roomId));
    }
    await rm(filler);
    // A crash (the store never closed): the next start replays the journal; nothing
    // acknowledged is missing and no sequence was handed out twice.
    const second = store(dir);
    for (const roomId of [room, other]) {
      const entries = await second.readAfter(roomId, 0);
      expect(entries.map((e) => [e.seq, e.sealed[0]])).toEqual(acknowledged(roomId));
    }
    await second.close();
    await first.close();
    await rm(dir, { recursive: true });
  });

  it("refuses a snapshot the disk cannot take, and keeps the room as it was", async (context) => {
    if (mountProblem) {
      context.skip(`mount -t tmpfs is not permitted here (${mountProblem}): needs root`);
    }
    const dir = path.join(mountPoint, "snapshots");
    const filler = path.join(mountPoint, "filler-2");
    const first = store(dir);
    await first.createRoom(room, key, 1000);
    for (let fill = 1; fill <= 4; fill++) {
      const result = await first.append(room, entry(fill, 4 * 1024), 1000, 48 * MB);
      expect(result).toMatchObject({ ok: true, seq: fill });
    }
    // All but 40 KiB of what is free taken: the 80 KiB snapshot cannot be written.
    const { bavail, bsize } = await statfs(mountPoint);
    await writeFile(filler, new Uint8Array(bavail * bsize - 40 * 1024));
    const snapshot = {
      snapshotId: new Uint8Array(16).fill(5),
      upToSeq: 3,
      baseSeq: 0,
      sealed: new Uint8Array(80 * 1024).fill(6),
      signature: new Uint8Array(64).fill(7),
    };
    const refused = await first.replaceSnapshot(room, snapshot, 1000);
    expect(refused).toMatchObject({ accepted: false, room: { snapshotSeq: 0, logCount: 4 } });
    await rm(filler);
    expect((await first.replaceSnapshot(room, snapshot, 1000)).accepted).toBe(true);
    await first.close();
    const second = store(dir);
    const replay = await second.replay(room, 0);
    expect(replay?.snapshot?.upToSeq).toBe(3);
    expect(replay?.entries.map((e) => e.seq)).toEqual([4]);
    await second.close();
    await rm(dir, { recursive: true });
  });

  it("makes no new room while the disk has less free than the floor", async (context) => {
    if (mountProblem) {
      context.skip(`mount -t tmpfs is not permitted here (${mountProblem}): needs root`);
    }
    const dir = path.join(mountPoint, "floor");
    const roomy = store(dir, 16 * 1024);
    expect(await roomy.canCreateRoom()).toBe("ok");
    await roomy.close();
    const strict = store(dir, 512 * 1024); // more than the whole disk
    expect(await strict.canCreateRoom()).toBe("no-space");
    await strict.close();
  });
});
