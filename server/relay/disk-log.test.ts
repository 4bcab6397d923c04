import { describe, expect, it } from "vitest";
import { GroupSync, parseLog, encodeRecord } from "./disk-log";

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

  it("hands a failed sync to whoever waits for it", async () => {
    const group = new GroupSync(
      () => 3,
      () => Promise.reject(Object.assign(new Error("EIO"), { code: "EIO" })),
    );
    await expect(group.sync()).rejects.toThrow("EIO");
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
});
