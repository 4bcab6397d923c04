import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { openDB } from "idb";
import { CorruptSnapshotError, HistoryFullError, HistoryStore } from "./history-store";

const DAY = 24 * 60 * 60 * 1000;
let counter = 0;
const stores: HistoryStore[] = [];

/** A store on a database of its own, so tests do not see each other's snapshots. */
function freshStore(budget?: Partial<HistoryStore["budget"]>): HistoryStore {
  const store = new HistoryStore(`history-test-${++counter}`, {
    perDocument: 50,
    maxAgeMs: 30 * DAY,
    totalBytes: 64 * 1024 * 1024,
    keepNewest: 3,
    ...budget,
  });
  stores.push(store);
  return store;
}

afterEach(async () => {
  while (stores.length) await stores.pop()?.close();
});

const snap = (text: string, reason: "editing" | "replace-all" = "editing") => ({
  text,
  name: "notes.txt",
  words: text.split(/\s+/).filter(Boolean).length,
  reason,
});

describe("HistoryStore snapshots", () => {
  it("keeps compressed snapshots and lists them newest first, text round trips", async () => {
    const store = freshStore();
    const prose = "All work and no play makes Jack a dull boy. ".repeat(2000);
    await store.add("notepad:1", snap("first 😀 CJK 漢字 e\u0301"), 1000);
    const second = await store.add("notepad:1", snap(prose, "replace-all"), 2000);
    await store.add("notepad:2", snap("other document"), 1500);
    const list = await store.list("notepad:1");
    expect(list.map((m) => m.createdAt)).toEqual([2000, 1000]);
    expect(list[0]).toMatchObject({ reason: "replace-all", chars: prose.length, words: 20000 });
    expect(second.bytes).toBeLessThan(prose.length / 20);
    expect(await store.read(list[0].id)).toBe(prose);
    expect(await store.read(list[1].id)).toBe("first 😀 CJK 漢字 e\u0301");
  });

  it("lists 200 snapshots of a document", async () => {
    const store = freshStore({ perDocument: 500 });
    for (let i = 0; i < 200; i++) await store.add("editor:draft", snap(`version ${i}`), i);
    const list = await store.list("editor:draft");
    expect(list).toHaveLength(200);
    expect(list[0].createdAt).toBe(199);
  });

  it("thins by count and age per document, oldest first, never the newest few", async () => {
    const store = freshStore({ perDocument: 5, keepNewest: 2, maxAgeMs: 10 * DAY });
    for (let i = 0; i < 8; i++) await store.add("a", snap(`a${i}`), i * DAY);
    // Day 7 now: at most 5 kept (days 3..7), and none older than 10 days.
    expect((await store.list("a")).map((m) => m.createdAt / DAY)).toEqual([7, 6, 5, 4, 3]);
    // Twenty days later the age limit removes all but the newest two.
    await store.thin(27 * DAY);
    expect((await store.list("a")).map((m) => m.createdAt / DAY)).toEqual([7, 6]);
  });

  it("keeps the total under the byte budget by dropping the oldest of any document", async () => {
    const big = (seed: number) =>
      Array.from({ length: 4000 }, (_, i) => ((i * 7919 + seed) % 1000).toString(36)).join(" ");
    const probe = freshStore();
    const size = (await probe.add("x", snap(big(1)), 0)).bytes;
    const store = freshStore({ totalBytes: size * 3.5, keepNewest: 1 });
    await store.add("a", snap(big(1)), 1);
    await store.add("b", snap(big(2)), 2);
    await store.add("a", snap(big(3)), 3);
    await store.add("b", snap(big(4)), 4);
    const kept = [...(await store.list("a")), ...(await store.list("b"))].map((m) => m.createdAt);
    expect(kept.sort()).toEqual([2, 3, 4]);
    expect(await store.totalBytes()).toBeLessThanOrEqual(size * 3.5);
  });

  it("skips a corrupt snapshot and keeps it aside", async () => {
    const store = freshStore();
    const good = await store.add("d", snap("good"), 1);
    const bad = await store.add("d", snap("will be damaged"), 2);
    const raw = await openDB(`history-test-${counter}`);
    await raw.put("snapshot-data", new Uint8Array([1, 2, 3, 4, 5]), bad.id);
    raw.close();
    await expect(store.read(bad.id)).rejects.toBeInstanceOf(CorruptSnapshotError);
    expect((await store.list("d")).map((m) => m.id)).toEqual([good.id]);
    expect((await store.listAll()).find((m) => m.id === bad.id)?.corrupt).toBe(true);
    expect(await store.read(good.id)).toBe("good");
  });

  it("when storage is full, thins history, retries once, then reports HistoryFullError", async () => {
    const store = freshStore();
    await store.add("d", snap("older"), 1);
    const quota = () => Object.assign(new Error("full"), { name: "QuotaExceededError" });
    const original = (store as unknown as { write: (...a: unknown[]) => Promise<void> }).write;
    let failures = 1;
    (store as unknown as { write: (...a: unknown[]) => Promise<void> }).write = async function (
      ...args: unknown[]
    ) {
      if (failures-- > 0) throw quota();
      return original.apply(this, args);
    };
    await expect(store.add("d", snap("fits after thinning"), 2)).resolves.toMatchObject({
      chars: 19,
    });
    failures = 2;
    await expect(store.add("d", snap("never fits"), 3)).rejects.toBeInstanceOf(HistoryFullError);
    expect((await store.list("d")).map((m) => m.chars)).not.toContain(10);
  });

  it("keeps the recently closed tabs in the same database, through one connection", async () => {
    const store = freshStore();
    await store.closedTabs.keep({ id: "t", name: "Closed", text: "closed text", extra: null }, 0);
    await store.add("d", snap("snapshot text"), 1);
    expect(await store.closedTabs.read("t")).toBe("closed text");
    await store.close();
    const raw = await openDB(`history-test-${counter}`);
    expect(await raw.count("closed-tabs")).toBe(1);
    expect(await raw.count("snapshot-meta")).toBe(1);
    raw.close();
  });
});
