import { afterEach, describe, expect, it, vi } from "vitest";
import { GroupSync, SyncPacer, parseLog, encodeRecord } from "./disk-log";

function entry(seq: number) {
  return {
    seq,
    messageId: new Uint8Array(16).fill(seq),
    sealed: new Uint8Array(20).fill(seq),
    signature: new Uint8Array(64).fill(seq),
  };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

describe("SyncPacer", () => {
  afterEach(() => vi.useRealTimers());

  it("starts at most its rate of syncs a second, in the order they asked", async () => {
    vi.useFakeTimers();
    let now = 0;
    const pacer = new SyncPacer(100, () => now); // one every 10 ms
    const started: [number, number][] = [];
    const turns = [0, 1, 2, 3].map((n) => pacer.turn().then(() => started.push([n, now])));
    await Promise.resolve();
    expect(started).toEqual([[0, 0]]);
    for (const step of [10, 20, 30]) {
      now = step;
      await vi.advanceTimersByTimeAsync(10);
    }
    await Promise.all(turns);
    expect(started).toEqual([
      [0, 0],
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
    // After a quiet while the next one starts at once again.
    now = 1000;
    let late = false;
    void pacer.turn().then(() => (late = true));
    await Promise.resolve();
    expect(late).toBe(true);
  });

  it("lets the appends of a room that wait for its turn share the one sync", async () => {
    vi.useFakeTimers();
    let now = 0;
    const pacer = new SyncPacer(10, () => now); // one every 100 ms, shared by two rooms
    let syncs = 0;
    const log = () =>
      new GroupSync(
        () => 3,
        async () => void syncs++,
        0,
        () => {},
        pacer,
      );
    const [busy, other] = [log(), log()];
    const first = other.sync(); // takes the turn at 0
    const waiting = [busy.sync(), busy.sync(), busy.sync()]; // the turn at 100: one sync
    await first;
    expect(syncs).toBe(1);
    now = 100;
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(waiting);
    expect(syncs).toBe(2);
    await Promise.all([busy.idle(), other.idle()]);
  });

  it("fails a sync that waited for its turn when its log failed meanwhile", async () => {
    vi.useFakeTimers();
    let now = 0;
    const pacer = new SyncPacer(10, () => now);
    let syncs = 0;
    const group = new GroupSync(
      () => 3,
      async () => void syncs++,
      0,
      () => {},
      pacer,
    );
    await pacer.turn(); // someone else's turn at 0
    const waiting = group.sync();
    group.fail(new Error("EIO"));
    now = 100;
    await vi.advanceTimersByTimeAsync(100);
    await expect(waiting).rejects.toThrow("EIO");
    expect(syncs).toBe(0);
  });
});

describe("GroupSync", () => {
  it("makes a write that lands during a sync wait for the next one, shared by all meanwhile", async () => {
    const started: (() => void)[] = [];
    const group = new GroupSync(
      () => 3,
      () => new Promise<void>((resolve) => started.push(resolve)),
    );
    const done: string[] = [];
    const first = group.sync().then(() => done.push("first"));
    expect(started).toHaveLength(1);
    // Written while the first sync runs: the first may not cover them.
    const second = group.sync().then(() => done.push("second"));
    const third = group.sync().then(() => done.push("third"));
    await Promise.resolve();
    expect(started).toHaveLength(1);
    started[0]();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual(["first"]);
    expect(started).toHaveLength(2); // one more sync for both
    started[1]();
    await Promise.all([second, third]);
    expect(done).toEqual(["first", "second", "third"]);
    await group.idle();
    expect(started).toHaveLength(2);
  });

  it("with a window, makes the appends that ask within it share one sync", async () => {
    let syncs = 0;
    const group = new GroupSync(
      () => 3,
      async () => {
        syncs++;
      },
      5,
    );
    // Three appends in a row (one busy room): without a window the first started a sync at
    // once and the others needed a second one.
    await Promise.all([group.sync(), group.sync(), group.sync()]);
    expect(syncs).toBe(1);
    await group.sync();
    expect(syncs).toBe(2);
    await group.idle();
  });

  it("with a window, starts a sync that follows a running one only after the window too", async () => {
    vi.useFakeTimers();
    try {
      const started: (() => void)[] = [];
      const group = new GroupSync(
        () => 3,
        () => new Promise<void>((resolve) => started.push(resolve)),
        20,
      );
      const first = group.sync();
      await vi.advanceTimersByTimeAsync(20);
      expect(started).toHaveLength(1);
      // Appends keep coming while it runs (the journal under load): the next sync gathers them
      // for its own window, instead of starting the moment the first ends.
      const second = group.sync();
      await vi.advanceTimersByTimeAsync(5);
      started[0]!();
      await first;
      await vi.advanceTimersByTimeAsync(10);
      expect(started).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(5);
      expect(started).toHaveLength(2);
      started[1]!();
      await second;
      await group.idle();
    } finally {
      vi.useRealTimers();
    }
  });

  it("hands a failed sync to whoever waits for it", async () => {
    const group = new GroupSync(
      () => 3,
      () => Promise.reject(Object.assign(new Error("EIO"), { code: "EIO" })),
    );
    await expect(group.sync()).rejects.toThrow("EIO");
    await group.idle();
  });

  it("after one failed sync fails every later one, though the disk then answers (fsyncgate)", async () => {
    // Linux may drop the dirty pages of a failed fdatasync and clear the error: the next
    // fdatasync of the file succeeds with the earlier bytes gone. Nothing may be ACKed on it.
    let failNext = true;
    const failures: unknown[] = [];
    const group = new GroupSync(
      () => 3,
      async () => {
        if (failNext) {
          failNext = false;
          throw Object.assign(new Error("EIO"), { code: "EIO" });
        }
      },
      0,
      (error) => failures.push(error),
    );
    const first = group.sync();
    const waiting = group.sync(); // written while the failing sync ran
    await expect(first).rejects.toThrow("EIO");
    await expect(waiting).rejects.toThrow("EIO");
    await expect(group.sync()).rejects.toThrow("EIO");
    expect(failures).toHaveLength(1);
    await group.idle();
  });
});

describe("parseLog", () => {
  const good = concat(encodeRecord(entry(1)), encodeRecord(entry(2)));

  it("reads a clean log whole", () => {
    expect(parseLog(good)).toMatchObject({ goodLength: good.length, tail: "clean" });
  });

  it("calls a record cut short, or zeros, at the end torn", () => {
    const third = encodeRecord(entry(3));
    expect(parseLog(concat(good, third.subarray(0, 30))).tail).toBe("torn");
    expect(parseLog(concat(good, new Uint8Array(64)))).toMatchObject({
      tail: "torn",
      goodLength: good.length,
    });
  });

  it("calls a bad record with data after it, or sequences out of order, damaged", () => {
    const bad = encodeRecord(entry(2));
    bad[4] = 99;
    const log = concat(encodeRecord(entry(1)), bad, encodeRecord(entry(3)));
    expect(parseLog(log)).toMatchObject({ tail: "damaged", entries: [{ seq: 1 }] });
    const reordered = concat(encodeRecord(entry(2)), encodeRecord(entry(1)));
    expect(parseLog(reordered).tail).toBe("damaged");
  });

  it("calls a skipped sequence damaged: every append takes the next one, so a gap lost entries", () => {
    const gap = concat(good, encodeRecord(entry(4)), encodeRecord(entry(5)));
    expect(parseLog(gap)).toMatchObject({
      tail: "damaged",
      goodLength: good.length,
      entries: [{ seq: 1 }, { seq: 2 }],
    });
    // A log trimmed by a snapshot starts past 1, and is whole.
    const trimmed = concat(encodeRecord(entry(7)), encodeRecord(entry(8)));
    expect(parseLog(trimmed)).toMatchObject({ tail: "clean", entries: [{ seq: 7 }, { seq: 8 }] });
  });
});
