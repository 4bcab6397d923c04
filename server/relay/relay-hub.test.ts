import { describe, expect, it } from "vitest";
import { viewOnlyKeys, type LiveKeys } from "@plainpad/wire/room-keys";
import { CloseCode, MessageType, WIRE_VERSION, encodeMessage, isFinalClose } from "@plainpad/wire";
import { createMemoryRoomStore } from "./memory-store";
import { createRelayHub } from "./relay-hub";
import type { RelayHub } from "./relay-types";
import type { RelayLimits } from "./limits";
import type { RoomStore } from "./room-store";
import {
  HubClient,
  deleteMessage,
  forgedUpdate,
  joinMessage,
  joinedHubClient,
  newKeys,
  proveMessage,
  snapshotMessage,
  snapshotText,
  until,
  updateMessage,
} from "./test-client";

/** A hub over a memory store (or `store`: a restart), with no idle sweep timer. */
function setup(
  options: { store?: RoomStore; now?: () => number; limits?: Partial<RelayLimits> } = {},
) {
  const store = options.store ?? createMemoryRoomStore();
  const hub = createRelayHub({ store, now: options.now, idleSweepMs: 0, limits: options.limits });
  return { store, hub };
}

async function joined(client: HubClient) {
  await until(() => client.ofType(MessageType.Synced).length > 0, 5000, "SYNCED");
}

/** A client that joined the room of `keys` and got its replay. */
function joinedClient(hub: RelayHub, keys: LiveKeys, sinceSeq = 0, create = true) {
  return joinedHubClient(hub, joinMessage(keys, sinceSeq, create));
}

describe("relay hub: lost entries and storage limits", () => {
  it("gives a JOIN above the room's head the room from the start, under a new epoch", async () => {
    const { hub } = setup();
    const keys = newKeys();
    const a = await joinedClient(hub, keys);
    const epoch = a.ofType(MessageType.Welcome)[0].epoch;
    expect(epoch).toBeGreaterThan(0);
    for (const text of ["one", "two", "three"]) a.send(updateMessage(keys, text));
    await until(() => a.ofType(MessageType.Ack).length === 3);
    // A client that had up to 10: the relay lost entries 4-10 (a power loss, a failover).
    const ahead = new HubClient(hub);
    ahead.send(joinMessage(keys, 10, false, epoch));
    await joined(ahead);
    const renewed = ahead.ofType(MessageType.Welcome)[0].epoch;
    expect(renewed).not.toBe(epoch);
    expect(ahead.entryTexts(keys)).toEqual(["one", "two", "three"]);
    // A later client with the old epoch is behind the head, yet it is told and replayed too.
    const later = new HubClient(hub);
    later.send(joinMessage(keys, 2, false, epoch));
    await joined(later);
    expect(later.ofType(MessageType.Welcome)[0].epoch).toBe(renewed);
    expect(later.entryTexts(keys)).toEqual(["one", "two", "three"]);
    // One in the current epoch gets only what it lacks.
    const current = new HubClient(hub);
    current.send(joinMessage(keys, 2, false, renewed));
    await joined(current);
    expect(current.entryTexts(keys)).toEqual(["three"]);
    await hub.close();
  });

  it("passes a write on at once but acknowledges it only once the store has it on disk", async () => {
    const memory = createMemoryRoomStore();
    let onDisk: () => void = () => {};
    const durable = new Promise<void>((resolve) => (onDisk = resolve));
    const store: RoomStore = {
      ...memory,
      async append(...args) {
        const result = await memory.append(...args);
        return result.ok ? { ...result, durable } : result;
      },
    };
    const { hub } = setup({ store });
    const keys = newKeys();
    const writer = await joinedClient(hub, keys);
    const reader = await joinedClient(hub, keys, 0, false);
    writer.send(updateMessage(keys, "kept"));
    await until(() => reader.ofType(MessageType.Entry).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writer.ofType(MessageType.Ack)).toHaveLength(0);
    onDisk();
    await until(() => writer.ofType(MessageType.Ack).length === 1);
    expect(writer.ofType(MessageType.Ack)[0].seq).toBe(1);
    await hub.close();
  });

  it("re-creates a room it lost for a client that knew it, never for one that did not", async () => {
    const { hub: before } = setup();
    const keys = newKeys();
    const a = await joinedClient(before, keys);
    const epoch = a.ofType(MessageType.Welcome)[0].epoch;
    await before.close();
    // The relay comes back with its data gone: a new, empty store.
    const { hub } = setup();
    const stranger = new HubClient(hub);
    stranger.send(joinMessage(keys, 0, false));
    await until(() => stranger.closed !== null);
    expect(stranger.closed?.code).toBe(CloseCode.RoomNotFound);
    const member = new HubClient(hub);
    member.send(joinMessage(keys, 3, false, epoch));
    await joined(member);
    const welcome = member.ofType(MessageType.Welcome)[0];
    expect(welcome).toMatchObject({ created: true, headSeq: 0 });
    expect(welcome.epoch).not.toBe(epoch);
    await hub.close();
  });

  it("closes with its own words past the address quota or a full relay, acknowledging nothing refused", async () => {
    const store = createMemoryRoomStore({
      quotas: { addressBytesPerHour: 2000, maxStoredBytes: 0 },
    });
    const { hub } = setup({ store });
    const keys = newKeys();
    const a = await joinedClient(hub, keys);
    const big = "x".repeat(800);
    for (let i = 0; i < 3; i++) a.send(updateMessage(keys, big));
    await until(() => a.closed !== null);
    expect(a.closed?.code).toBe(CloseCode.AddressQuota);
    expect(a.ofType(MessageType.Ack)).toHaveLength(2);
    expect((await store.getRoom(keys.roomId))?.headSeq).toBe(2);
    expect(isFinalClose(CloseCode.AddressQuota)).toBe(false); // the page keeps it and retries
    await hub.close();

    const full = createMemoryRoomStore({
      quotas: { maxStoredBytes: 900, addressBytesPerHour: 0 },
    });
    const relay = setup({ store: full }).hub;
    const writer = await joinedClient(relay, keys);
    writer.send(updateMessage(keys, big));
    writer.send(updateMessage(keys, big));
    await until(() => writer.closed !== null);
    expect(writer.closed?.code).toBe(CloseCode.RelayFull);
    const starter = new HubClient(relay);
    starter.send(joinMessage(newKeys(), 0, true));
    await until(() => starter.closed !== null);
    expect(starter.closed?.code).toBe(CloseCode.RelayFull);
    expect(isFinalClose(CloseCode.RelayFull)).toBe(false);
    await relay.close();
  });
});

describe("relay hub", () => {
  it("passes signed updates to the others in the room and acknowledges the writer", async () => {
    const { hub, store } = setup();
    const keys = newKeys();
    const a = await joinedClient(hub, keys);
    expect(a.ofType(MessageType.Welcome)[0]).toMatchObject({ created: true, headSeq: 0 });
    const b = await joinedClient(hub, keys, 0, false);
    a.send(updateMessage(keys, "hello"));
    a.send(updateMessage(keys, " world"));
    await until(() => b.ofType(MessageType.Entry).length === 2);
    expect(b.entryTexts(keys)).toEqual(["hello", " world"]);
    await until(() => a.ofType(MessageType.Ack).length === 2);
    expect(a.ofType(MessageType.Ack).map((ack) => ack.seq)).toEqual([1, 2]);
    expect(a.ofType(MessageType.Entry)).toEqual([]);
    expect((await store.getRoom(keys.roomId))?.headSeq).toBe(2);
    await hub.close();
  });

  it("replays the snapshot and the log after it to a late joiner, and only what it lacks", async () => {
    const { hub } = setup();
    const keys = newKeys();
    const a = await joinedClient(hub, keys);
    for (const word of ["a", "b", "c", "d"]) a.send(updateMessage(keys, word));
    await until(() => a.ofType(MessageType.Ack).length === 4);
    a.send(snapshotMessage(keys, 3, 0, "abc"));
    await until(() => a.ofType(MessageType.SnapshotResult).length === 1);
    expect(a.ofType(MessageType.SnapshotResult)[0]).toMatchObject({
      accepted: true,
      snapshotSeq: 3,
      logCount: 1,
    });

    const late = await joinedClient(hub, keys, 0, false);
    expect(snapshotText(keys, late.ofType(MessageType.SnapshotReplay)[0])).toBe("abc");
    expect(late.entryTexts(keys)).toEqual(["d"]);
    expect(late.ofType(MessageType.Synced)[0]).toMatchObject({ headSeq: 4, logCount: 1 });

    const current = await joinedClient(hub, keys, 4, false);
    expect(current.ofType(MessageType.SnapshotReplay)).toEqual([]);
    expect(current.ofType(MessageType.Entry)).toEqual([]);
    await hub.close();
  });

  it("sends a joiner every entry once, in order, while others write during its replay", async () => {
    const { hub } = setup();
    const keys = newKeys();
    const writer = await joinedClient(hub, keys);
    for (let i = 1; i <= 20; i++) writer.send(updateMessage(keys, `w${i}`));
    const joiners: HubClient[] = [];
    for (let round = 0; round < 3; round++) {
      const joiner = new HubClient(hub);
      joiner.send(joinMessage(keys, 0, false));
      joiners.push(joiner);
      // Bursts stay under the write limit's burst of 80.
      for (let i = 1; i <= 10; i++) writer.send(updateMessage(keys, `x${round}.${i}`));
    }
    await until(() => writer.ofType(MessageType.Ack).length === 50);
    for (const joiner of joiners) {
      await until(() => joiner.ofType(MessageType.Entry).length === 50, 5000, "all entries");
      const seqs = joiner.ofType(MessageType.Entry).map((entry) => entry.seq);
      expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    }
    await hub.close();
  });

  it("refuses a crafted write from a view-only link and changes nothing", async () => {
    const { hub, store } = setup();
    const keys = newKeys();
    const editor = await joinedClient(hub, keys);
    editor.send(updateMessage(keys, "kept"));
    await until(() => editor.ofType(MessageType.Ack).length === 1);
    const viewer = await joinedClient(hub, viewOnlyKeys(keys), 0, false);
    viewer.send(forgedUpdate(viewOnlyKeys(keys), "vandal"));
    await until(() => viewer.closed !== null);
    expect(viewer.closed?.code).toBe(CloseCode.NotAllowed);
    const viewer2 = await joinedClient(hub, viewOnlyKeys(keys), 0, false);
    viewer2.send({ ...snapshotMessage(keys, 1, 0, "x"), signature: new Uint8Array(64) } as never);
    await until(() => viewer2.closed !== null);
    expect(viewer2.closed?.code).toBe(CloseCode.NotAllowed);
    expect(editor.closed).toBeNull();
    expect(await store.getRoom(keys.roomId)).toMatchObject({ headSeq: 1, snapshotSeq: 0 });
    expect((await store.readAfter(keys.roomId, 0)).length).toBe(1);
    await hub.close();
  });

  it("a view-only link cannot write by sending back the signed entries it received", async () => {
    const { hub, store } = setup();
    const keys = newKeys();
    const editor = await joinedClient(hub, keys);
    const other = await joinedClient(hub, keys, 0, false);
    for (const word of ["one", "two", "three"]) editor.send(updateMessage(keys, word));
    const viewer = await joinedClient(hub, viewOnlyKeys(keys), 0, false);
    await until(() => viewer.ofType(MessageType.Entry).length === 3, 5000, "the viewer's entries");
    const captured = viewer.ofType(MessageType.Entry);
    // Every one is genuinely signed by the edit key; the viewer sends them back as updates.
    const { messageId, sealed, signature } = captured[0];
    viewer.send({ type: MessageType.Update, messageId, sealed, signature });
    await until(() => viewer.closed !== null);
    expect(viewer.closed?.code).toBe(CloseCode.NotAllowed);
    // A second viewer tries with a captured proof of the editor's connection: it proves nothing.
    const replayer = new HubClient(hub);
    replayer.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await joined(replayer);
    const editorsChallenge = editor.ofType(MessageType.Welcome)[0].challenge;
    replayer.send(proveMessage(keys, editorsChallenge));
    for (const entry of captured) {
      const { messageId, sealed, signature } = entry;
      replayer.send({ type: MessageType.Update, messageId, sealed, signature });
    }
    await until(() => replayer.closed !== null);
    expect(replayer.closed?.code).toBe(CloseCode.NotAllowed);
    expect(await store.getRoom(keys.roomId)).toMatchObject({ headSeq: 3, logCount: 3 });
    // The editors keep working.
    editor.send(updateMessage(keys, "four"));
    await until(() => other.ofType(MessageType.Entry).length === 4);
    expect(other.entryTexts(keys)).toEqual(["one", "two", "three", "four"]);
    expect(editor.closed).toBeNull();
    expect(other.closed).toBeNull();
    await hub.close();
  });

  it("takes writes only once a connection answered its own challenge with the edit key", async () => {
    const { hub, store } = setup();
    const keys = newKeys();
    const silent = new HubClient(hub);
    silent.autoProve = false;
    silent.send(joinMessage(keys));
    await joined(silent);
    silent.send(updateMessage(keys, "unproven"));
    await until(() => silent.closed !== null);
    expect(silent.closed?.code).toBe(CloseCode.NotAllowed);
    // A view-only link cannot sign a proof at all: one signed by another key is refused.
    const forger = new HubClient(hub);
    forger.autoProve = false;
    forger.send(joinMessage(keys, 0, false));
    await joined(forger);
    forger.send(proveMessage(newKeys(), forger.ofType(MessageType.Welcome)[0].challenge));
    await until(() => forger.closed !== null);
    expect(forger.closed?.code).toBe(CloseCode.NotAllowed);
    // The same keys with a proof write.
    const proven = await joinedClient(hub, keys, 0, false);
    proven.send(updateMessage(keys, "proven"));
    await until(() => proven.ofType(MessageType.Ack).length === 1);
    expect((await store.readAfter(keys.roomId, 0)).length).toBe(1);
    await hub.close();
  });

  it("stores a message id once: a resend is acknowledged with its first sequence", async () => {
    const { hub, store } = setup();
    const keys = newKeys();
    const writer = await joinedClient(hub, keys);
    const reader = await joinedClient(hub, keys, 0, false);
    const update = updateMessage(keys, "once");
    writer.send(update);
    writer.send(updateMessage(keys, "next"));
    writer.send(update);
    await until(() => writer.ofType(MessageType.Ack).length === 3);
    expect(writer.ofType(MessageType.Ack).map((ack) => ack.seq)).toEqual([1, 2, 1]);
    await until(() => reader.ofType(MessageType.Entry).length === 2);
    writer.send(updateMessage(keys, "last"));
    await until(() => reader.ofType(MessageType.Entry).length === 3);
    expect(reader.entryTexts(keys)).toEqual(["once", "next", "last"]);
    expect(await store.getRoom(keys.roomId)).toMatchObject({ headSeq: 3, logCount: 3 });
    await hub.close();
  });

  it("never makes an ended room again: late joiners get ENDED with the signed delete", async () => {
    let time = 5_000_000_000;
    const { hub, store } = setup({ now: () => time });
    const keys = newKeys();
    const owner = await joinedClient(hub, keys);
    const deletion = deleteMessage(keys, time);
    owner.send(deletion);
    await until(() => owner.closed !== null);
    for (const [joinKeys, create] of [
      [viewOnlyKeys(keys), true],
      [keys, false],
      [keys, true],
    ] as const) {
      const late = new HubClient(hub);
      late.send(joinMessage(joinKeys, 3, create));
      await until(() => late.closed !== null);
      expect(late.closed?.code).toBe(CloseCode.RoomEnded);
      expect(late.ofType(MessageType.Welcome)).toEqual([]);
      const [ended] = late.ofType(MessageType.Ended);
      if (deletion.type !== MessageType.DeleteRoom) throw new Error("not a delete");
      expect(ended).toMatchObject({ cause: "deleted", at: deletion.at });
      expect(ended.signature).toEqual(deletion.signature);
    }
    expect(await store.getRoom(keys.roomId)).toBeNull();
    time += 1000;
    await hub.close();
  });

  it("closes only the connection that sent a malformed, early or oversized frame", async () => {
    const { hub } = setup();
    const keys = newKeys();
    const good = await joinedClient(hub, keys);
    const garbage = new HubClient(hub);
    garbage.send(joinMessage(keys, 0, false));
    garbage.peer.receive(Uint8Array.of(99, 1, 2));
    const early = new HubClient(hub);
    early.send(updateMessage(keys, "before join"));
    const relayType = new HubClient(hub);
    relayType.peer.receive(
      encodeMessage({
        type: MessageType.Ended,
        cause: "expired",
        at: 0,
        signature: new Uint8Array(0),
      }),
    );
    const huge = new HubClient(hub);
    huge.peer.receive(new Uint8Array(300 * 1024));
    expect(garbage.closed?.code).toBe(CloseCode.Malformed);
    expect(early.closed?.code).toBe(CloseCode.Malformed);
    expect(relayType.closed?.code).toBe(CloseCode.Malformed);
    expect(huge.closed?.code).toBe(CloseCode.TooLarge);
    good.send(updateMessage(keys, "still here"));
    await until(() => good.ofType(MessageType.Ack).length === 1);
    expect(good.closed).toBeNull();
    await hub.close();
  });

  it("answers wrong versions, wrong keys and missing rooms with their close codes", async () => {
    const { hub } = setup();
    const keys = newKeys();
    const old = new HubClient(hub);
    old.send({ ...joinMessage(keys), version: WIRE_VERSION + 1 } as never);
    const mismatched = new HubClient(hub);
    mismatched.send({ ...joinMessage(keys), verifyKey: newKeys().verifyKey } as never);
    const missing = new HubClient(hub);
    missing.send(joinMessage(keys, 0, false));
    await until(() => [old, mismatched, missing].every((client) => client.closed));
    expect(old.closed?.code).toBe(CloseCode.WrongVersion);
    expect(mismatched.closed?.code).toBe(CloseCode.NotAllowed);
    expect(missing.closed?.code).toBe(CloseCode.RoomNotFound);
    await hub.close();
  });

  it("limits writes per second, rooms per address per hour and room size", async () => {
    let time = 1_000_000;
    const { hub } = setup({
      now: () => time,
      limits: { writesPerSecond: 2, roomsPerAddressPerHour: 2, maxRoomBytes: 2000 },
    });
    const keys = newKeys();
    const fast = await joinedClient(hub, keys);
    for (let i = 0; i < 4; i++) fast.send(updateMessage(keys, `u${i}`));
    expect(fast.closed).toBeNull();
    fast.send(updateMessage(keys, "one too many"));
    expect(fast.closed?.code).toBe(CloseCode.RateLimited);

    const steady = await joinedClient(hub, keys, 0, false);
    for (let i = 0; i < 10; i++) {
      time += 500;
      steady.send(updateMessage(keys, `s${i}`));
    }
    await until(() => steady.ofType(MessageType.Ack).length === 10);
    expect(steady.closed).toBeNull();
    time += 10_000;
    steady.send(updateMessage(keys, new Uint8Array(2000)));
    await until(() => steady.closed !== null);
    expect(steady.closed?.code).toBe(CloseCode.RoomFull);

    const creators = [newKeys(), newKeys()].map((k) => {
      const client = new HubClient(hub, "10.0.0.9");
      client.send(joinMessage(k));
      return client;
    });
    for (const client of creators) await joined(client);
    const third = new HubClient(hub, "10.0.0.9");
    third.send(joinMessage(newKeys()));
    await until(() => third.closed !== null);
    expect(third.closed?.code).toBe(CloseCode.TooManyRooms);
    const elsewhere = new HubClient(hub, "10.0.0.10");
    elsewhere.send(joinMessage(newKeys()));
    await joined(elsewhere);
    await hub.close();
  });

  it("accepts a snapshot only on the current one (compare-and-swap)", async () => {
    const { hub, store } = setup();
    const keys = newKeys();
    const a = await joinedClient(hub, keys);
    for (let i = 1; i <= 5; i++) a.send(updateMessage(keys, `${i}`));
    await until(() => a.ofType(MessageType.Ack).length === 5);
    a.send(snapshotMessage(keys, 6, 0, "beyond the head"));
    a.send(snapshotMessage(keys, 2, 0, "12"));
    a.send(snapshotMessage(keys, 4, 0, "stale base"));
    a.send(snapshotMessage(keys, 4, 2, "1234"));
    await until(() => a.ofType(MessageType.SnapshotResult).length === 4);
    expect(a.ofType(MessageType.SnapshotResult).map((r) => [r.accepted, r.snapshotSeq])).toEqual([
      [false, 0],
      [true, 2],
      [false, 2],
      [true, 4],
    ]);
    expect((await store.readAfter(keys.roomId, 0)).map((entry) => entry.seq)).toEqual([5]);
    await hub.close();
  });

  it("ends a room for everyone on a signed delete, and refuses a delete from another time", async () => {
    let time = 5_000_000_000;
    const { hub, store } = setup({ now: () => time });
    const keys = newKeys();
    const owner = await joinedClient(hub, keys);
    const other = await joinedClient(hub, keys, 0, false);
    const skewed = await joinedClient(hub, keys, 0, false);
    skewed.send(deleteMessage(keys, time - 60 * 60 * 1000));
    await until(() => skewed.closed !== null);
    expect(skewed.closed?.code).toBe(CloseCode.ClockOff);
    expect(await store.getRoom(keys.roomId)).not.toBeNull();
    time += 1000;
    owner.send(deleteMessage(keys, time));
    await until(() => owner.closed !== null && other.closed !== null);
    for (const client of [owner, other]) {
      expect(client.ofType(MessageType.Ended).length).toBe(1);
      expect(client.closed?.code).toBe(CloseCode.RoomEnded);
    }
    expect(await store.getRoom(keys.roomId)).toBeNull();
    await hub.close();
  });

  it("relays presence to the others without keeping it", async () => {
    const { hub, store } = setup();
    const keys = newKeys();
    const a = await joinedClient(hub, keys);
    const b = await joinedClient(hub, viewOnlyKeys(keys), 0, false);
    b.send({ type: MessageType.Awareness, sealed: Uint8Array.of(1, 2, 3) });
    await until(() => a.ofType(MessageType.AwarenessRelay).length === 1);
    expect(a.ofType(MessageType.AwarenessRelay)[0].sealed).toEqual(Uint8Array.of(1, 2, 3));
    expect(b.ofType(MessageType.AwarenessRelay)).toEqual([]);
    expect(await store.getRoom(keys.roomId)).toMatchObject({ headSeq: 0, logBytes: 0 });
    await hub.close();
  });

  it("keeps the log through a restart: clients rejoin and get what they missed", async () => {
    const store = createMemoryRoomStore();
    const keys = newKeys();
    const { hub: first } = setup({ store });
    const a = await joinedClient(first, keys);
    a.send(updateMessage(keys, "one"));
    await until(() => a.ofType(MessageType.Ack).length === 1);
    await first.close();
    expect(a.closed?.code).toBe(1001);
    const { hub: second } = setup({ store });
    const b = await joinedClient(second, keys, 0, false);
    b.send(updateMessage(keys, "two"));
    await until(() => b.ofType(MessageType.Ack).length === 1);
    const again = new HubClient(second);
    again.send(joinMessage(keys, 1, false));
    await until(() => again.ofType(MessageType.Entry).length === 1);
    expect(again.entryTexts(keys)).toEqual(["two"]);
    await until(() => b.ofType(MessageType.Ack).length === 1);
    expect(b.entryTexts(keys)).toEqual(["one"]);
    await second.close();
  });

  it("deletes rooms idle past the configured days", async () => {
    let time = 1_000_000;
    const { hub, store } = setup({ now: () => time, limits: { idleRoomDays: 2 } });
    const idle = newKeys();
    const busy = newKeys();
    for (const keys of [idle, busy]) {
      const client = await joinedClient(hub, keys);
      client.peer.closed();
    }
    time += 1.5 * 24 * 60 * 60 * 1000;
    const writer = await joinedClient(hub, busy, 0, false);
    writer.send(updateMessage(busy, "still used"));
    await until(() => writer.ofType(MessageType.Ack).length === 1);
    writer.peer.closed();
    time += 1 * 24 * 60 * 60 * 1000;
    expect(await hub.sweepIdle()).toBe(1);
    expect(await store.getRoom(idle.roomId)).toBeNull();
    expect(await store.getRoom(busy.roomId)).not.toBeNull();
    // Those who come back are told it expired (not that its owner ended it), and it stays so.
    const back = new HubClient(hub);
    back.send(joinMessage(idle, 0, true));
    await until(() => back.closed !== null);
    expect(back.closed?.code).toBe(CloseCode.RoomExpired);
    expect(back.ofType(MessageType.Ended)[0]).toMatchObject({ cause: "expired" });
    expect(await store.getRoom(idle.roomId)).toBeNull();
    await hub.close();
  });
});
