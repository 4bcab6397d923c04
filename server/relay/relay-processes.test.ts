// Integration: the real server as separate processes on 127.0.0.1 with real WebSockets, a
// real redis-server between two of them, and a restart of one over its data folder.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viewOnlyKeys } from "../../app/collab/live-keys";
import { CloseCode, MessageType, encodeMessage } from "../../app/collab/wire";
import {
  forgedUpdate,
  joinMessage,
  newKeys,
  snapshotMessage,
  snapshotText,
  until,
  updateMessage,
} from "./test-client";
import { startTestRedis, type TestRedis } from "./test-redis";
import {
  SocketClient,
  bundleServer,
  startRelayProcess,
  type RelayProcess,
} from "./test-relay-process";

let bundle: Awaited<ReturnType<typeof bundleServer>>;
let redis: TestRedis;
const processes: RelayProcess[] = [];
const dataDirs: string[] = [];

async function relay(env: Record<string, string>, port?: number): Promise<RelayProcess> {
  const started = await startRelayProcess(bundle.main, { BUILD_DIR: bundle.site, ...env }, port);
  processes.push(started);
  return started;
}

async function client(url: string): Promise<SocketClient> {
  const socket = new SocketClient(url);
  await socket.opened;
  return socket;
}

async function synced(socket: SocketClient, count = 1): Promise<void> {
  await until(() => socket.ofType(MessageType.Synced).length >= count, 10_000, "SYNCED");
}

beforeAll(async () => {
  [bundle, redis] = await Promise.all([bundleServer(), startTestRedis()]);
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await redis?.stop();
  await bundle?.cleanup();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
}, 30_000);

describe("relay processes", () => {
  it("two relay processes sharing one Redis: clients on each edit the same room", async () => {
    const [one, two] = await Promise.all([
      relay({ REDIS_URL: redis.url }),
      relay({ REDIS_URL: redis.url }),
    ]);
    const keys = newKeys();
    const a = await client(one.url);
    a.send(joinMessage(keys));
    await synced(a);
    const b = await client(two.url);
    b.send(joinMessage(keys, 0, false));
    await synced(b);
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
    const late = await client(one.url);
    late.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await synced(late);
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
    const dataDir = await mkdtemp(path.join(tmpdir(), "plainpad-relay-data-"));
    dataDirs.push(dataDir);
    let server = await relay({ RELAY_DATA_DIR: dataDir });
    const keys = newKeys();
    const a = await client(server.url);
    a.send(joinMessage(keys));
    await synced(a);
    const b = await client(server.url);
    b.send(joinMessage(keys, 0, false));
    await synced(b);
    for (let i = 0; i < 5; i++) a.send(updateMessage(keys, `before${i}`));
    await until(() => b.ofType(MessageType.Entry).length === 5, 10_000, "entries before");
    a.send(snapshotMessage(keys, 3, 0, "before0before1before2"));
    await until(() => a.ofType(MessageType.SnapshotResult).length === 1, 10_000, "snapshot");

    expect(await server.stop()).toBe(0);
    await until(() => a.closed !== null && b.closed !== null, 10_000, "closes");
    expect(a.closed?.code).toBe(1001);
    expect(b.closed?.code).toBe(1001);

    server = await relay({ RELAY_DATA_DIR: dataDir }, server.port);
    const a2 = await client(server.url);
    a2.send(joinMessage(keys, 5, false));
    await synced(a2);
    a2.send(updateMessage(keys, "after"));
    const b2 = await client(server.url);
    b2.send(joinMessage(keys, 5, false));
    await synced(b2);
    await until(() => b2.ofType(MessageType.Entry).length === 1, 10_000, "entry after");
    expect(b2.entryTexts(keys)).toEqual(["after"]);

    const fresh = await client(server.url);
    fresh.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await synced(fresh);
    expect(snapshotText(keys, fresh.ofType(MessageType.SnapshotReplay)[0])).toBe(
      "before0before1before2",
    );
    expect(fresh.entryTexts(keys)).toEqual(["before3", "before4", "after"]);
    for (const socket of [a2, b2, fresh]) await socket.closeAndWait();
  }, 60_000);

  it("a relay whose data folder was lost between runs gets the room back from a client that knew it", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "plainpad-relay-data-"));
    dataDirs.push(dataDir);
    let server = await relay({ RELAY_DATA_DIR: dataDir });
    const keys = newKeys();
    const a = await client(server.url);
    a.send(joinMessage(keys));
    await synced(a);
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
    const back = await client(server.url);
    back.send(joinMessage(keys, 2, false, epoch));
    await synced(back);
    const welcome = back.ofType(MessageType.Welcome)[0];
    expect(welcome).toMatchObject({ created: true, headSeq: 0 });
    expect(welcome.epoch).not.toBe(epoch);
    back.send(updateMessage(keys, "one two")); // its whole state, as the page sends it
    await until(() => back.ofType(MessageType.Ack).length === 1, 10_000, "ack");
    const fresh = await client(server.url);
    fresh.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await synced(fresh);
    expect(fresh.entryTexts(keys)).toEqual(["one two"]);
    expect(server.output()).toContain('"event":"room-recreated"');
    for (const socket of [back, fresh]) await socket.closeAndWait();
  }, 60_000);

  it("refuses a crafted view-only writer, oversized, malformed and text frames, closing only them", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "plainpad-relay-data-"));
    dataDirs.push(dataDir);
    const server = await relay({ RELAY_DATA_DIR: dataDir });
    const keys = newKeys();
    const editor = await client(server.url);
    editor.send(joinMessage(keys));
    await synced(editor);
    editor.send(updateMessage(keys, "original"));
    await until(() => editor.ofType(MessageType.Ack).length === 1, 10_000, "ack");

    const viewer = await client(server.url);
    viewer.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await synced(viewer);
    viewer.send(forgedUpdate(viewOnlyKeys(keys), "vandalised"));
    const oversized = await client(server.url);
    oversized.send(joinMessage(keys, 0, false));
    await synced(oversized);
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
    const check = await client(server.url);
    check.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await synced(check);
    expect(check.entryTexts(keys)).toEqual(["original", "still editing"]);
    for (const socket of [editor, check]) await socket.closeAndWait();
  }, 60_000);
});
