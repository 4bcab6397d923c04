import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { openDB } from "idb";
import * as Y from "yjs";
import type { LiveStateStore } from "../collab/live-state-store";
import { LIVE_ROOM_KEEP_MS, LIVE_ROOM_SCHEMA, LiveRoomsStore } from "./live-rooms";

let counter = 0;
const stores: LiveRoomsStore[] = [];
let clock = 1_000_000;

function freshStore(): LiveRoomsStore {
  const store = new LiveRoomsStore(`live-test-${++counter}`, () => clock);
  stores.push(store);
  return store;
}

afterEach(async () => {
  while (stores.length) await stores.pop()?.close();
});

function stateOf(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText("text").insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}

function textOf(state: Uint8Array, more: Uint8Array[] = []): string {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  for (const update of more) Y.applyUpdate(doc, update);
  return doc.getText("text").toString();
}

describe("LiveRoomsStore", () => {
  it("is a LiveStateStore that keeps state, sequence and unacked updates across a reopen", async () => {
    const store: LiveStateStore = freshStore();
    expect(await store.load("a".repeat(32))).toBeNull();
    const state = stateOf("kept text");
    const heard: [number, number][] = [[1234, 7]];
    await store.save("a".repeat(32), { state, lastSeq: 12, unacked: [stateOf("offline")], heard });
    await (store as LiveRoomsStore).close();
    const kept = await store.load("a".repeat(32));
    expect(kept?.lastSeq).toBe(12);
    expect(kept?.heard).toEqual(heard); // the writers' counters it holds (issue 49 §5)
    expect(textOf(kept!.state)).toBe("kept text");
    expect(textOf(kept!.unacked[0])).toBe("offline");
    await store.delete("a".repeat(32));
    expect(await store.load("a".repeat(32))).toBeNull();
  });

  it("reads a record of another schema as none instead of failing", async () => {
    const store = freshStore();
    await store.save("b".repeat(32), { state: stateOf("x"), lastSeq: 1, unacked: [] });
    await store.close();
    const db = await openDB(store.name, 1);
    await db.put("rooms", { schema: LIVE_ROOM_SCHEMA + 1, state: "?" }, "b".repeat(32));
    db.close();
    expect(await store.load("b".repeat(32))).toBeNull();
  });

  it("prunes old rooms but keeps any holding unsent edits", async () => {
    const store = freshStore();
    await store.save("c".repeat(32), { state: stateOf("old"), lastSeq: 1, unacked: [] });
    await store.save("d".repeat(32), {
      state: stateOf("old, unsent"),
      lastSeq: 1,
      unacked: [stateOf("unsent")],
    });
    clock += 40 * 24 * 3600 * 1000;
    await store.save("e".repeat(32), { state: stateOf("new"), lastSeq: 1, unacked: [] });
    expect(await store.prune(LIVE_ROOM_KEEP_MS)).toBe(1);
    expect(await store.load("c".repeat(32))).toBeNull();
    expect(textOf((await store.load("d".repeat(32)))!.state)).toBe("old, unsent");
    expect(textOf((await store.load("e".repeat(32)))!.state)).toBe("new");
  });

  it("prunes stale rooms by itself on the first load of a page", async () => {
    const first = freshStore();
    await first.save("f".repeat(32), { state: stateOf("stale"), lastSeq: 1, unacked: [] });
    await first.close();
    clock += LIVE_ROOM_KEEP_MS + 1;
    const later = new LiveRoomsStore(first.name, () => clock);
    stores.push(later);
    expect(await later.load("g".repeat(32))).toBeNull();
    expect(await later.prune(LIVE_ROOM_KEEP_MS)).toBe(0); // already gone
  });
});
