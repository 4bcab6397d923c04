// Integration: the real server as separate processes on 127.0.0.1 with real WebSockets, a
// real redis-server between two of them, and a restart of one over its data folder.
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { viewOnlyKeys } from "@plainpad/wire/room-keys";
import { CLOSE_REASONS, CloseCode, MessageType, encodeMessage } from "@plainpad/wire";
import {
  deleteMessage,
  forgedUpdate,
  joinMessage,
  newKeys,
  snapshotMessage,
  snapshotText,
  until,
  updateMessage,
} from "./test-client";
import { joinedClient, openClient as client, relayProcessesForFile } from "./test-relay-process";

const relays = relayProcessesForFile({ redis: true });
const relay = relays.start;

describe("relay processes", () => {
  it("two relay processes sharing one Redis: clients on each edit the same room", async () => {
    const [one, two] = await Promise.all([
      relay({ REDIS_URL: relays.redis.url }),
      relay({ REDIS_URL: relays.redis.url }),
    ]);
    const keys = newKeys();
    const a = await joinedClient(one.url, joinMessage(keys));
    const b = await joinedClient(two.url, joinMessage(keys, 0, false));
    for (let i = 0; i < 15; i++) {
      a.send(updateMessage(keys, `a${i}`));
      b.send(updateMessage(keys, `b${i}`));
    }
    await until(
      () => a.ofType(MessageType.Entry).length === 15 && b.ofType(MessageType.Entry).length === 15,
      10_000,
      "entries on both sides",
    );
    expect(a.entryTexts(keys)).toEqual(Array.from({ length: 15 }, (_, i) => `b${i}`));
    expect(b.entryTexts(keys)).toEqual(Array.from({ length: 15 }, (_, i) => `a${i}`));
    // Presence crosses processes too.
    b.send({ type: MessageType.Awareness, sealed: Uint8Array.of(1, 2) });
    await until(() => a.ofType(MessageType.AwarenessRelay).length === 1, 10_000, "awareness");

    // A late joiner on the other process gets the whole log from Redis.
    const late = await joinedClient(one.url, joinMessage(viewOnlyKeys(keys), 0, false));
    expect(late.ofType(MessageType.Entry).map((entry) => entry.seq)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    for (const socket of [a, b, late]) await socket.closeAndWait();
    // The logs name rooms, never payloads: no sealed bytes in any form.
    const logs = one.output() + two.output();
    for (const entry of a.ofType(MessageType.Entry)) {
      const sealed = Buffer.from(entry.sealed.subarray(0, 24));
      expect(logs).not.toContain(sealed.toString("hex"));
      expect(logs).not.toContain(sealed.toString("base64").slice(0, 24));
    }
  }, 60_000);

  it("a relay restarted mid-session keeps its rooms on disk; clients rejoin and lose nothing", async () => {
    const dataDir = await relays.dataDir();
    let server = await relay({ RELAY_DATA_DIR: dataDir });
    const keys = newKeys();
    const a = await joinedClient(server.url, joinMessage(keys));
    const b = await joinedClient(server.url, joinMessage(keys, 0, false));
    for (let i = 0; i < 5; i++) a.send(updateMessage(keys, `before${i}`));
    await until(() => b.ofType(MessageType.Entry).length === 5, 10_000, "entries before");
    a.send(snapshotMessage(keys, 3, 0, "before0before1before2"));
    await until(() => a.ofType(MessageType.SnapshotResult).length === 1, 10_000, "snapshot");

    expect(await server.stop()).toBe(0);
    await until(() => a.closed !== null && b.closed !== null, 10_000, "closes");
    expect(a.closed?.code).toBe(1001);
    expect(b.closed?.code).toBe(1001);

    server = await relay({ RELAY_DATA_DIR: dataDir }, server.port);
    const a2 = await joinedClient(server.url, joinMessage(keys, 5, false));
    a2.send(updateMessage(keys, "after"));
    const b2 = await joinedClient(server.url, joinMessage(keys, 5, false));
    await until(() => b2.ofType(MessageType.Entry).length === 1, 10_000, "entry after");
    expect(b2.entryTexts(keys)).toEqual(["after"]);

    const fresh = await joinedClient(server.url, joinMessage(viewOnlyKeys(keys), 0, false));
    expect(snapshotText(keys, fresh.ofType(MessageType.SnapshotReplay)[0])).toBe(
      "before0before1before2",
    );
    expect(fresh.entryTexts(keys)).toEqual(["before3", "before4", "after"]);
    for (const socket of [a2, b2, fresh]) await socket.closeAndWait();
  }, 60_000);

  it("a relay whose data folder was lost between runs gets the room back from a client that knew it", async () => {
    const dataDir = await relays.dataDir();
    let server = await relay({ RELAY_DATA_DIR: dataDir });
    const keys = newKeys();
    const a = await joinedClient(server.url, joinMessage(keys));
    const epoch = a.ofType(MessageType.Welcome)[0].epoch;
    for (const text of ["one ", "two"]) a.send(updateMessage(keys, text));
    await until(() => a.ofType(MessageType.Ack).length === 2, 10_000, "acks");
    expect(await server.stop()).toBe(0);
    await rm(dataDir, { recursive: true, force: true });

    server = await relay({ RELAY_DATA_DIR: dataDir }, server.port);
    // A stranger to the room (no epoch) cannot make it; the client that was in it can.
    const stranger = await client(server.url);
    stranger.send(joinMessage(keys, 0, false));
    await until(() => stranger.closed !== null, 10_000, "stranger closed");
    expect(stranger.closed?.code).toBe(CloseCode.RoomNotFound);
    const back = await joinedClient(server.url, joinMessage(keys, 2, false, epoch));
    const welcome = back.ofType(MessageType.Welcome)[0];
    expect(welcome).toMatchObject({ created: true, headSeq: 0 });
    expect(welcome.epoch).not.toBe(epoch);
    back.send(updateMessage(keys, "one two")); // its whole state, as the page sends it
    await until(() => back.ofType(MessageType.Ack).length === 1, 10_000, "ack");
    const fresh = await joinedClient(server.url, joinMessage(viewOnlyKeys(keys), 0, false));
    expect(fresh.entryTexts(keys)).toEqual(["one two"]);
    expect(server.output()).toContain('"event":"room-recreated"');
    for (const socket of [back, fresh]) await socket.closeAndWait();
  }, 60_000);

  it("refuses a crafted view-only writer, oversized, malformed and text frames, closing only them", async () => {
    const dataDir = await relays.dataDir();
    const server = await relay({ RELAY_DATA_DIR: dataDir });
    const keys = newKeys();
    const editor = await joinedClient(server.url, joinMessage(keys));
    editor.send(updateMessage(keys, "original"));
    await until(() => editor.ofType(MessageType.Ack).length === 1, 10_000, "ack");

    const viewer = await joinedClient(server.url, joinMessage(viewOnlyKeys(keys), 0, false));
    viewer.send(forgedUpdate(viewOnlyKeys(keys), "vandalised"));
    const oversized = await joinedClient(server.url, joinMessage(keys, 0, false));
    oversized.sendRaw(new Uint8Array(300 * 1024).fill(2));
    const malformed = await client(server.url);
    malformed.sendRaw(Uint8Array.of(2, 200, 200, 200));
    const text = await client(server.url);
    text.sendRaw("hello");
    const early = await client(server.url);
    early.sendRaw(encodeMessage(updateMessage(keys, "no join") as never));

    await until(
      () => [viewer, oversized, malformed, text, early].every((socket) => socket.closed),
      10_000,
      "closes",
    );
    expect(viewer.closed?.code).toBe(CloseCode.NotAllowed);
    expect(oversized.closed?.code).toBe(CloseCode.TooLarge);
    expect(malformed.closed?.code).toBe(CloseCode.Malformed);
    expect(text.closed?.code).toBe(CloseCode.Malformed);
    expect(early.closed?.code).toBe(CloseCode.Malformed);

    editor.send(updateMessage(keys, "still editing"));
    await until(() => editor.ofType(MessageType.Ack).length === 2, 10_000, "second ack");
    expect(editor.closed).toBeNull();
    const check = await joinedClient(server.url, joinMessage(viewOnlyKeys(keys), 0, false));
    expect(check.entryTexts(keys)).toEqual(["original", "still editing"]);
    for (const socket of [editor, check]) await socket.closeAndWait();
  }, 60_000);

  it("a view-only link sending back captured signed entries appends nothing; editors keep writing", async () => {
    const [one, two] = await Promise.all([
      relay({ REDIS_URL: relays.redis.url }),
      relay({ REDIS_URL: relays.redis.url }),
    ]);
    const keys = newKeys();
    const editor = await joinedClient(one.url, joinMessage(keys));
    const watcher = await joinedClient(two.url, joinMessage(keys, 0, false));
    for (let i = 0; i < 10; i++) editor.send(updateMessage(keys, `line${i}`));
    await until(() => editor.ofType(MessageType.Ack).length === 10, 10_000, "acks");

    // The viewer captures every signed entry (as any view-link holder, or a network log, can).
    const viewer = await joinedClient(two.url, joinMessage(viewOnlyKeys(keys), 0, false));
    const captured = viewer.ofType(MessageType.Entry);
    expect(captured).toHaveLength(10);
    // Bounded: 40 replays (the write limit's burst is 80), far from filling the room.
    for (let round = 0; round < 4; round++) {
      for (const { messageId, sealed, signature } of captured) {
        viewer.send({ type: MessageType.Update, messageId, sealed, signature });
      }
    }
    await until(() => viewer.closed !== null, 10_000, "the viewer closed");
    expect(viewer.closed?.code).toBe(CloseCode.NotAllowed);
    expect(viewer.ofType(MessageType.Ack)).toEqual([]);

    editor.send(updateMessage(keys, "still mine"));
    await until(() => watcher.ofType(MessageType.Entry).length === 11, 10_000, "the next entry");
    // The others may see an entry before its writer's ACK arrives (Redis publishes it first).
    await until(() => editor.ofType(MessageType.Ack).length === 11, 10_000, "the next ACK");
    expect(editor.ofType(MessageType.Ack).at(-1)?.seq).toBe(11);
    expect(editor.closed).toBeNull();
    expect(watcher.closed).toBeNull();
    const check = await joinedClient(one.url, joinMessage(viewOnlyKeys(keys), 0, false));
    expect(check.ofType(MessageType.Synced)[0].headSeq).toBe(11);
    expect(check.entryTexts(keys)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `line${i}`),
      "still mine",
    ]);
    for (const socket of [editor, watcher, check]) await socket.closeAndWait();
  }, 60_000);

  it("closes with every reason's code and words over a real socket, the long ones too", async () => {
    const dataDir = await relays.dataDir();
    const server = await relay({ RELAY_DATA_DIR: dataDir });
    const keys = newKeys();
    const owner = await joinedClient(server.url, joinMessage(keys));
    // A delete signed an hour ago: ClockOff, the longest reason.
    owner.send(deleteMessage(keys, Date.now() - 60 * 60 * 1000));
    await until(() => owner.closed !== null, 10_000, "the close");
    expect(owner.closed).toEqual({
      code: CloseCode.ClockOff,
      reason: CLOSE_REASONS[CloseCode.ClockOff],
    });
    const check = await joinedClient(server.url, joinMessage(keys, 0, false));
    await check.closeAndWait();
  }, 60_000);
});
