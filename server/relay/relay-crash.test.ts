// A relay process killed (SIGKILL) while updates are being stored and synced, inside the
// 25 ms sync window: every update it acknowledged is in the room when a new process opens the
// same data folder, in the order the writer's ACKs named, with no sequence given out twice.
import { mkdtemp, rm, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viewOnlyKeys } from "@plainpad/wire/room-keys";
import { MessageType } from "@plainpad/wire";
import { joinMessage, newKeys, until, updateMessage } from "./test-client";
import {
  SocketClient,
  bundleServer,
  startRelayProcess,
  type RelayProcess,
} from "./test-relay-process";

let bundle: Awaited<ReturnType<typeof bundleServer>>;
let dataDir: string;
const running: RelayProcess[] = [];

beforeAll(async () => {
  bundle = await bundleServer();
  dataDir = await mkdtemp(path.join(tmpdir(), "plainpad-relay-crash-"));
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((relay) => relay.stop()));
  await rm(dataDir, { recursive: true, force: true });
  await bundle?.cleanup();
}, 30_000);

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("relay killed mid-write (real process)", () => {
  it("keeps every update it acknowledged before SIGKILL", async () => {
    const env = { BUILD_DIR: bundle.site, RELAY_DATA_DIR: dataDir };
    const first = await startRelayProcess(bundle.main, env);
    running.push(first);
    const keys = newKeys();
    const writer = new SocketClient(first.url);
    await writer.opened;
    writer.send(joinMessage(keys, 0, true));
    await until(() => writer.ofType(MessageType.Synced).length > 0, 20_000, "SYNCED");

    // Within the burst the relay allows, all at once: many share each sync window.
    for (let i = 0; i < 70; i++) writer.send(updateMessage(keys, `line ${i}`));
    await until(() => writer.ofType(MessageType.Ack).length >= 10, 20_000, "first ACKs");
    process.kill(first.pid, "SIGKILL");
    await first.stop();
    // Killed by a signal its exitCode stays null: stop() would wait for it again.
    running.splice(running.indexOf(first), 1);
    await until(() => writer.closed !== null, 20_000, "writer cut");
    const acked = writer.ofType(MessageType.Ack);
    expect(acked.length).toBeGreaterThanOrEqual(10);

    const second = await startRelayProcess(bundle.main, env);
    running.push(second);
    const reader = new SocketClient(second.url);
    await reader.opened;
    reader.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await until(() => reader.ofType(MessageType.Synced).length > 0, 20_000, "SYNCED again");
    const stored = new Map(
      reader.ofType(MessageType.Entry).map((entry) => [hex(entry.messageId), entry.seq]),
    );
    for (const ack of acked) expect(stored.get(hex(ack.messageId))).toBe(ack.seq);
    const seqs = [...stored.values()];
    expect(seqs).toEqual(seqs.map((_, index) => index + 1));
    await reader.closeAndWait();
  }, 60_000);

  it("brings back from its journal every acknowledged update the room logs lost", async () => {
    // Checkpoints far apart: no room log is synced while the writers type, so a power loss
    // could leave each log as it was made (empty); only the journal holds the updates then.
    const folder = await mkdtemp(path.join(tmpdir(), "plainpad-relay-journal-crash-"));
    const env = {
      BUILD_DIR: bundle.site,
      RELAY_DATA_DIR: folder,
      RELAY_JOURNAL_CHECKPOINT_MS: "600000",
    };
    const first = await startRelayProcess(bundle.main, env);
    running.push(first);
    const rooms = [newKeys(), newKeys(), newKeys()];
    const writers = rooms.map(() => new SocketClient(first.url));
    for (const [index, writer] of writers.entries()) {
      await writer.opened;
      writer.send(joinMessage(rooms[index]!, 0, true));
      await until(() => writer.ofType(MessageType.Synced).length > 0, 20_000, "SYNCED");
    }
    for (let i = 0; i < 25; i++) {
      for (const [index, writer] of writers.entries()) {
        writer.send(updateMessage(rooms[index]!, `room ${index} line ${i}`));
      }
    }
    await until(
      () => writers.every((writer) => writer.ofType(MessageType.Ack).length >= 5),
      20_000,
      "first ACKs in every room",
    );
    process.kill(first.pid, "SIGKILL");
    await first.stop();
    running.splice(running.indexOf(first), 1);
    for (const writer of writers) await until(() => writer.closed !== null, 20_000, "writer cut");
    // What a power loss does to logs never synced: the page cache's appends are gone.
    for (const keys of rooms) await truncate(path.join(folder, keys.roomId, "log"), 0);

    const second = await startRelayProcess(bundle.main, env);
    running.push(second);
    for (const [index, keys] of rooms.entries()) {
      const acked = writers[index]!.ofType(MessageType.Ack);
      expect(acked.length).toBeGreaterThanOrEqual(5);
      const reader = new SocketClient(second.url);
      await reader.opened;
      reader.send(joinMessage(viewOnlyKeys(keys), 0, false));
      await until(() => reader.ofType(MessageType.Synced).length > 0, 20_000, "SYNCED again");
      const stored = new Map(
        reader.ofType(MessageType.Entry).map((entry) => [hex(entry.messageId), entry.seq]),
      );
      for (const ack of acked) expect(stored.get(hex(ack.messageId))).toBe(ack.seq);
      await reader.closeAndWait();
    }
    // A new update follows the replayed ones: no sequence is handed out twice.
    const again = new SocketClient(second.url);
    await again.opened;
    again.send(joinMessage(rooms[0]!, 0, false));
    await until(() => again.ofType(MessageType.Synced).length > 0, 20_000, "SYNCED writer");
    const head = Math.max(...again.ofType(MessageType.Entry).map((entry) => entry.seq));
    again.send(updateMessage(rooms[0]!, "after the restart"));
    await until(() => again.ofType(MessageType.Ack).length > 0, 20_000, "ACK after restart");
    expect(again.ofType(MessageType.Ack)[0]!.seq).toBe(head + 1);
    await again.closeAndWait();
    await rm(folder, { recursive: true, force: true });
  }, 60_000);
});
