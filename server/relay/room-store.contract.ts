/**
 * The behaviour every RoomStore must have, as one suite run against each store (memory, disk,
 * Redis). Test helper: imported by the stores' test files only.
 */
import { describe, expect, it } from "vitest";
import { EXPIRED, type RoomEnding, type RoomStore, type StoredSnapshot } from "./room-store";
import type { StorageQuotas } from "./store-quota";

const KB = 1024;

function roomId(n: number): string {
  return n.toString(16).padStart(32, "0");
}

function bytes(length: number, fill = 7): Uint8Array {
  return new Uint8Array(length).fill(fill);
}

let nextMessageId = 1;

/** An entry to append (from `address`, if given); each has its own message id unless one is given. */
function input(sealed: Uint8Array, address?: string, messageId = messageIdOf(nextMessageId++)) {
  return { messageId, sealed, signature: bytes(64, 2), origin: "test", address };
}

function messageIdOf(n: number): Uint8Array {
  const id = new Uint8Array(16);
  new DataView(id.buffer).setUint32(12, n);
  return id;
}

/** A delete's tombstone as the hub keeps it: the signed DELETE_ROOM's time and signature. */
const DELETED: RoomEnding = { cause: "deleted", at: 1_800_000_000_000, signature: bytes(64, 6) };

function snapshot(upToSeq: number, baseSeq: number, length = 10): StoredSnapshot {
  return {
    snapshotId: bytes(16, 3),
    upToSeq,
    baseSeq,
    sealed: bytes(length, 4),
    signature: bytes(64, 5),
  };
}

/** Runs the store contract; `open` gives a fresh store, `close` cleans up after each test. */
export function roomStoreContract(
  name: string,
  open: () => Promise<RoomStore>,
  close: (store: RoomStore) => Promise<void> = (store) => store.close(),
): void {
  const withStore = (fn: (store: RoomStore) => Promise<void>) => async () => {
    const store = await open();
    try {
      await fn(store);
    } finally {
      await close(store);
    }
  };
  const key = bytes(32, 9);

  describe(`RoomStore contract: ${name}`, () => {
    it(
      "creates a room once and reports it",
      withStore(async (store) => {
        expect(await store.getRoom(roomId(1))).toBeNull();
        const first = await store.createRoom(roomId(1), key, 1000);
        expect(first.created).toBe(true);
        expect(first.room).toMatchObject({ headSeq: 0, snapshotSeq: 0, logCount: 0 });
        const second = await store.createRoom(roomId(1), bytes(32, 1), 2000);
        expect(second.created).toBe(false);
        expect((await store.getRoom(roomId(1)))?.verifyKey).toEqual(key);
      }),
    );

    it(
      "numbers appends 1, 2, 3… and reads them back in order, bytes intact",
      withStore(async (store) => {
        await store.createRoom(roomId(2), key, 1000);
        const payloads = [bytes(5, 1), bytes(300, 2), bytes(70 * KB, 3)];
        const inputs = payloads.map((sealed) => input(sealed));
        const first = inputs[0];
        for (const [index, entry] of inputs.entries()) {
          const result = await store.append(roomId(2), entry, 1000, 10 * KB * KB);
          expect(result).toMatchObject({ ok: true, seq: index + 1 });
        }
        const all = await store.readAfter(roomId(2), 0);
        expect(all.map((entry) => entry.seq)).toEqual([1, 2, 3]);
        expect(all.map((entry) => entry.sealed)).toEqual(payloads);
        expect(all[0].messageId).toEqual(first.messageId);
        expect(all[0].signature).toEqual(bytes(64, 2));
        expect((await store.readAfter(roomId(2), 2)).map((entry) => entry.seq)).toEqual([3]);
        expect(await store.getRoom(roomId(2))).toMatchObject({
          headSeq: 3,
          logCount: 3,
          logBytes: 5 + 300 + 70 * KB,
        });
      }),
    );

    it(
      "gives concurrent appends distinct consecutive sequences",
      withStore(async (store) => {
        await store.createRoom(roomId(3), key, 1000);
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            store.append(roomId(3), input(bytes(10, i)), 1000, KB * KB),
          ),
        );
        const seqs = results.map((result) => (result.ok ? result.seq : -1)).sort((a, b) => a - b);
        expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
        expect((await store.readAfter(roomId(3), 0)).length).toBe(40);
      }),
    );

    it(
      "refuses appends to a missing room and past the room's byte limit",
      withStore(async (store) => {
        expect(await store.append(roomId(4), input(bytes(1)), 1000, KB)).toEqual({
          ok: false,
          reason: "missing",
        });
        await store.createRoom(roomId(4), key, 1000);
        expect((await store.append(roomId(4), input(bytes(600)), 1000, KB)).ok).toBe(true);
        expect(await store.append(roomId(4), input(bytes(600)), 1000, KB)).toEqual({
          ok: false,
          reason: "full",
        });
        expect((await store.getRoom(roomId(4)))?.headSeq).toBe(1);
      }),
    );

    it(
      "swaps snapshots only on the current one, and trims the log they cover",
      withStore(async (store) => {
        await store.createRoom(roomId(5), key, 1000);
        for (let i = 0; i < 6; i++) await store.append(roomId(5), input(bytes(10)), 1000, KB * KB);
        expect((await store.replaceSnapshot(roomId(5), snapshot(7, 0), 1000)).accepted).toBe(false);
        expect((await store.replaceSnapshot(roomId(5), snapshot(0, 0), 1000)).accepted).toBe(false);
        const first = await store.replaceSnapshot(roomId(5), snapshot(4, 0, 25), 1000);
        expect(first.accepted).toBe(true);
        expect(first.room).toMatchObject({
          snapshotSeq: 4,
          headSeq: 6,
          logCount: 2,
          logBytes: 20,
          snapshotBytes: 25,
        });
        expect((await store.replaceSnapshot(roomId(5), snapshot(5, 0), 1000)).accepted).toBe(false);
        expect((await store.readAfter(roomId(5), 0)).map((entry) => entry.seq)).toEqual([5, 6]);
        const next = await store.append(roomId(5), input(bytes(10)), 1000, KB * KB);
        expect(next).toMatchObject({ ok: true, seq: 7 });
        expect((await store.replaceSnapshot(roomId(5), snapshot(7, 4), 1000)).room).toMatchObject({
          snapshotSeq: 7,
          logCount: 0,
          headSeq: 7,
        });
        expect(await store.readAfter(roomId(5), 0)).toEqual([]);
        const after = await store.append(roomId(5), input(bytes(10)), 1000, KB * KB);
        expect(after).toMatchObject({ ok: true, seq: 8 });
      }),
    );

    it(
      "replays the snapshot only to a client behind it, then the log after both",
      withStore(async (store) => {
        expect(await store.replay(roomId(6), 0)).toBeNull();
        await store.createRoom(roomId(6), key, 1000);
        for (let i = 0; i < 5; i++) await store.append(roomId(6), input(bytes(10)), 1000, KB * KB);
        await store.replaceSnapshot(roomId(6), snapshot(3, 0), 1000);
        const fresh = await store.replay(roomId(6), 0);
        expect(fresh?.snapshot?.upToSeq).toBe(3);
        expect(fresh?.snapshot?.sealed).toEqual(bytes(10, 4));
        expect(fresh?.entries.map((entry) => entry.seq)).toEqual([4, 5]);
        const behind = await store.replay(roomId(6), 4);
        expect(behind?.snapshot).toBeNull();
        expect(behind?.entries.map((entry) => entry.seq)).toEqual([5]);
        expect((await store.replay(roomId(6), 5))?.entries).toEqual([]);
      }),
    );

    it(
      "gives each room its own epoch, which changes when renewed",
      withStore(async (store) => {
        expect(await store.renewEpoch(roomId(8))).toBeNull();
        const { room } = await store.createRoom(roomId(8), key, 1000);
        expect(room?.epoch).toBeGreaterThan(0);
        await store.append(roomId(8), input(bytes(10)), 1000, KB);
        expect((await store.getRoom(roomId(8)))?.epoch).toBe(room?.epoch);
        const renewed = await store.renewEpoch(roomId(8));
        expect(renewed).not.toBe(room?.epoch);
        expect((await store.getRoom(roomId(8)))?.epoch).toBe(renewed);
        expect((await store.replay(roomId(8), 0))?.room.epoch).toBe(renewed);
        // The log goes on: renewing says entries were lost, it does not drop any.
        expect(await store.append(roomId(8), input(bytes(10)), 1000, KB)).toMatchObject({ seq: 2 });
        const other = await store.createRoom(roomId(11), key, 1000);
        expect([room?.epoch, renewed]).not.toContain(other.room?.epoch);
      }),
    );

    it(
      "refuses a message id the log already has, answering with its sequence",
      withStore(async (store) => {
        await store.createRoom(roomId(12), key, 1000);
        const once = input(bytes(10, 1));
        expect(await store.append(roomId(12), once, 1000, KB * KB)).toMatchObject({
          ok: true,
          seq: 1,
        });
        expect(await store.append(roomId(12), input(bytes(10, 2)), 1000, KB * KB)).toMatchObject({
          seq: 2,
        });
        const replayed = { ...once, sealed: bytes(10, 3) };
        expect(await store.append(roomId(12), replayed, 1000, KB * KB)).toMatchObject({
          ok: false,
          reason: "duplicate",
          seq: 1,
        });
        expect(await store.getRoom(roomId(12))).toMatchObject({ headSeq: 2, logCount: 2 });
        expect((await store.readAfter(roomId(12), 0)).map((entry) => entry.sealed)).toEqual([
          bytes(10, 1),
          bytes(10, 2),
        ]);
        // Still refused after the next append, and after a snapshot kept it in the log.
        await store.append(roomId(12), input(bytes(10, 4)), 1000, KB * KB);
        await store.replaceSnapshot(roomId(12), snapshot(1, 0), 1000);
        const afterTrim = input(bytes(10, 5), undefined, messageIdOf(999_999));
        expect(await store.append(roomId(12), afterTrim, 1000, KB * KB)).toMatchObject({ seq: 4 });
        expect(await store.append(roomId(12), afterTrim, 1000, KB * KB)).toMatchObject({
          reason: "duplicate",
          seq: 4,
        });
        expect((await store.getRoom(roomId(12)))?.headSeq).toBe(4);
      }),
    );

    it(
      "deletes a room and everything in it",
      withStore(async (store) => {
        await store.createRoom(roomId(7), key, 1000);
        await store.append(roomId(7), input(bytes(10)), 1000, KB);
        expect(await store.ended(roomId(7))).toBeNull();
        expect(await store.deleteRoom(roomId(7), DELETED, 2000)).toBe(true);
        expect(await store.getRoom(roomId(7))).toBeNull();
        expect(await store.readAfter(roomId(7), 0)).toEqual([]);
        expect(await store.deleteRoom(roomId(7), DELETED, 2000)).toBe(false);
      }),
    );

    it(
      "keeps a deleted room's tombstone, with its signed delete, and never makes the room again",
      withStore(async (store) => {
        await store.createRoom(roomId(9), key, 1000);
        await store.append(roomId(9), input(bytes(10)), 1000, KB);
        await store.deleteRoom(roomId(9), DELETED, 2000);
        expect(await store.ended(roomId(9))).toEqual(DELETED);
        expect(await store.createRoom(roomId(9), key, 3000)).toEqual({
          room: null,
          created: false,
          ended: DELETED,
        });
        expect(await store.getRoom(roomId(9))).toBeNull();
        expect(await store.append(roomId(9), input(bytes(10)), 3000, KB)).toMatchObject({
          reason: "missing",
        });
        // An expired room's tombstone says so.
        await store.createRoom(roomId(10), key, 1000);
        await store.deleteRoom(roomId(10), EXPIRED, 2000);
        expect(await store.ended(roomId(10))).toEqual(EXPIRED);
        expect((await store.createRoom(roomId(10), key, 3000)).ended).toEqual(EXPIRED);
      }),
    );
  });
}

/** Idle listing, for the stores that list idle rooms themselves (not Redis, which expires them). */
export function idleRoomsContract(name: string, open: () => Promise<RoomStore>): void {
  it(`${name}: keeps tombstones until pruned past the idle period, then a room may start afresh`, async () => {
    const store = await open();
    const day = 24 * 60 * 60 * 1000;
    const t0 = 1_700_000_000_000;
    await store.createRoom(roomId(30), key32(), t0);
    await store.deleteRoom(roomId(30), DELETED, t0);
    await store.createRoom(roomId(31), key32(), t0);
    await store.deleteRoom(roomId(31), EXPIRED, t0 + 5 * day);
    await store.pruneEnded(t0 - day);
    expect(await store.ended(roomId(30))).toEqual(DELETED);
    await store.pruneEnded(t0 + 3 * day);
    expect(await store.ended(roomId(30))).toBeNull();
    expect(await store.ended(roomId(31))).toEqual(EXPIRED);
    const again = await store.createRoom(roomId(30), key32(), t0 + 3 * day);
    expect(again).toMatchObject({ created: true, room: { headSeq: 0 } });
    expect((await store.createRoom(roomId(31), key32(), t0 + 3 * day)).ended).toEqual(EXPIRED);
    await store.close();
  });

  it(`${name}: lists rooms with no write since a time`, async () => {
    const store = await open();
    const day = 24 * 60 * 60 * 1000;
    const t0 = 1_700_000_000_000;
    await store.createRoom(roomId(20), key32(), t0);
    await store.createRoom(roomId(21), key32(), t0);
    await store.append(roomId(21), input(bytes(4)), t0 + 5 * day, KB);
    expect(await store.listIdle(t0 + 3 * day)).toEqual([roomId(20)]);
    expect((await store.listIdle(t0 + 6 * day)).sort()).toEqual([roomId(20), roomId(21)]);
    await store.close();
  });
}

function key32(): Uint8Array {
  return bytes(32, 9);
}

/**
 * The per-address hourly quota, for every store; `open` gives a fresh store with the quotas
 * (two stores opened on one backend share the counts where the store says so).
 */
export function addressQuotaContract(
  name: string,
  open: (quotas: Partial<StorageQuotas>) => Promise<RoomStore>,
): void {
  it(`${name}: refuses an address's appends past its hourly quota, not another's`, async () => {
    const store = await open({ addressBytesPerHour: 3 * KB, maxStoredBytes: 0 });
    const hour = 3_600_000 * 500_000;
    await store.createRoom(roomId(30), key32(), hour);
    await store.createRoom(roomId(31), key32(), hour);
    const write = (room: number, address: string, at = hour) =>
      store.append(roomId(room), input(bytes(KB), address), at, 10 * KB * KB);
    expect((await write(30, "192.0.2.1")).ok).toBe(true);
    expect((await write(31, "192.0.2.1")).ok).toBe(true);
    expect((await write(30, "192.0.2.1")).ok).toBe(true);
    // Every room counts for the address: the fourth kilobyte is over, wherever it goes.
    expect(await write(31, "192.0.2.1")).toEqual({ ok: false, reason: "quota" });
    expect((await write(31, "192.0.2.2")).ok).toBe(true);
    expect((await write(31, "192.0.2.1", hour + 3_600_000)).ok).toBe(true);
    expect((await store.getRoom(roomId(31)))?.headSeq).toBe(3);
    await store.close();
  });

  it(`${name}: counts what a snapshot adds beyond what it replaces against the writer's quota`, async () => {
    const store = await open({ addressBytesPerHour: 8 * KB, maxStoredBytes: 0 });
    const hour = 3_600_000 * 500_001;
    const rooms = [32, 33, 34, 35];
    for (const room of rooms) await store.createRoom(roomId(room), key32(), hour);
    // One tiny entry, then a snapshot far larger than it, room after room: before, only the
    // entries counted, so one address stored 60 rooms × 24 MiB an hour beyond its quota.
    const accepted = [];
    for (const room of rooms) {
      await store.append(roomId(room), input(bytes(10), "192.0.2.9"), hour, 10 * KB * KB);
      const swap = await store.replaceSnapshot(
        roomId(room),
        snapshot(1, 0, 3 * KB),
        hour,
        "192.0.2.9",
      );
      accepted.push(swap.accepted);
    }
    expect(accepted).toEqual([true, true, false, false]);
    expect((await store.getRoom(roomId(34)))?.snapshotSeq).toBe(0);
    // A compaction that takes no more than it replaces costs nothing, even past the quota.
    const log = [];
    for (let i = 0; i < 3; i++) log.push(input(bytes(KB), "192.0.2.10"));
    for (const entry of log) await store.append(roomId(34), entry, hour, 10 * KB * KB);
    await store.append(roomId(34), input(bytes(5 * KB), "192.0.2.9"), hour, 10 * KB * KB);
    const compacted = await store.replaceSnapshot(
      roomId(34),
      snapshot(4, 0, 3 * KB),
      hour,
      "192.0.2.9",
    );
    expect(compacted.accepted).toBe(true);
    // Another address is not held back by this one's snapshots.
    await store.append(roomId(35), input(bytes(10), "192.0.2.11"), hour, 10 * KB * KB);
    const other = await store.replaceSnapshot(
      roomId(35),
      snapshot(2, 0, 3 * KB),
      hour,
      "192.0.2.11",
    );
    expect(other.accepted).toBe(true);
    await store.close();
  });
}

/** The global limit on stored bytes, for the stores that count them (memory, disk). */
export function storedBytesContract(
  name: string,
  open: (quotas: Partial<StorageQuotas>) => Promise<RoomStore>,
): void {
  it(`${name}: refuses appends and new rooms past the stored-bytes limit, until space is freed`, async () => {
    const store = await open({ maxStoredBytes: 8 * KB, addressBytesPerHour: 0, minFreeBytes: 0 });
    await store.createRoom(roomId(40), key32(), 1000);
    const write = () => store.append(roomId(40), input(bytes(KB)), 1000, 10 * KB * KB);
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await write());
    const stored = results.filter((result) => result.ok).length;
    expect(stored).toBeGreaterThanOrEqual(5);
    expect(stored).toBeLessThanOrEqual(8);
    expect(results.at(-1)).toEqual({ ok: false, reason: "no-space" });
    expect(await store.canCreateRoom()).toBe("no-space");
    // A snapshot that replaces the log frees it.
    const swap = await store.replaceSnapshot(roomId(40), snapshot(stored, 0, 100), 1000);
    expect(swap.accepted).toBe(true);
    expect(await store.canCreateRoom()).toBe("ok");
    expect(await write()).toMatchObject({ ok: true, seq: stored + 1 });
    await store.close();
  });

  it(`${name}: refuses a snapshot that would take storage past its limit`, async () => {
    const store = await open({ maxStoredBytes: 8 * KB, addressBytesPerHour: 0, minFreeBytes: 0 });
    await store.createRoom(roomId(41), key32(), 1000);
    await store.append(roomId(41), input(bytes(10)), 1000, 10 * KB * KB);
    // Before, a snapshot was never counted against the limit: 20 KB over one entry of 10 bytes.
    const swap = await store.replaceSnapshot(roomId(41), snapshot(1, 0, 20 * KB), 1000);
    expect(swap.accepted).toBe(false);
    expect((await store.replay(roomId(41), 0))?.entries.length).toBe(1);
    expect((await store.replaceSnapshot(roomId(41), snapshot(1, 0, 2 * KB), 1000)).accepted).toBe(
      true,
    );
    await store.close();
  });
}
