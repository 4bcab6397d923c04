// A relay process killed (SIGKILL) while updates are being stored and synced, inside the
// 25 ms sync window: every update it acknowledged is in the room when a new process opens the
// same data folder, in the order the writer's ACKs named, with no sequence given out twice.
import { truncate } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type LiveKeys, viewOnlyKeys } from "@plainpad/wire/room-keys";
import { MessageType } from "@plainpad/wire";
import { joinMessage, newKeys, until, updateMessage } from "./test-client";
import {
  joinedClient,
  relayProcessesForFile,
  type RelayProcess,
  type SocketClient,
} from "./test-relay-process";

const relays = relayProcessesForFile();

/** A loaded machine is slow to answer: each wait below allows this long. */
const WAIT_MS = 20_000;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** A writer in each of `rooms` at `relay`, each with the whole room (its SYNCED). */
async function writersIn(relay: RelayProcess, rooms: LiveKeys[]): Promise<SocketClient[]> {
  const writers: SocketClient[] = [];
  for (const keys of rooms) writers.push(await joinedClient(relay.url, joinMessage(keys), WAIT_MS));
  return writers;
}

/**
 * Each writer types `lines` updates into its room, the rooms taking turns line by line, all at
 * once (within the burst the relay allows, so many share each sync window); resolves once
 * every writer has `acks` ACKs back.
 */
async function typeUntilAcked(
  writers: SocketClient[],
  rooms: LiveKeys[],
  lines: number,
  acks: number,
): Promise<void> {
  for (let line = 0; line < lines; line++) {
    for (const [index, writer] of writers.entries()) {
      writer.send(updateMessage(rooms[index]!, `room ${index} line ${line}`));
    }
  }
  await until(
    () => writers.every((writer) => writer.ofType(MessageType.Ack).length >= acks),
    WAIT_MS,
    `${acks} ACKs in every room`,
  );
}

/** SIGKILLs `relay` mid-write and waits until every writer's connection is cut. */
async function killMidWrite(relay: RelayProcess, writers: SocketClient[]): Promise<void> {
  process.kill(relay.pid, "SIGKILL");
  await relay.stop();
  for (const writer of writers) await until(() => writer.closed !== null, WAIT_MS, "writer cut");
}

/**
 * Reads room `keys` at `relay` as a view-only reader, expects every update `writer` had
 * acknowledged in it under its acknowledged sequence, and returns each stored entry's sequence
 * by message id.
 */
async function expectEveryAckStored(
  relay: RelayProcess,
  keys: LiveKeys,
  writer: SocketClient,
): Promise<Map<string, number>> {
  const reader = await joinedClient(relay.url, joinMessage(viewOnlyKeys(keys), 0, false), WAIT_MS);
  const stored = new Map(
    reader.ofType(MessageType.Entry).map((entry) => [hex(entry.messageId), entry.seq]),
  );
  for (const ack of writer.ofType(MessageType.Ack)) {
    expect(stored.get(hex(ack.messageId))).toBe(ack.seq);
  }
  await reader.closeAndWait();
  return stored;
}

describe("relay killed mid-write (real process)", () => {
  it("keeps every update it acknowledged before SIGKILL", async () => {
    const env = { RELAY_DATA_DIR: await relays.dataDir("plainpad-relay-crash-") };
    const first = await relays.start(env);
    const rooms = [newKeys()];
    const writers = await writersIn(first, rooms);
    await typeUntilAcked(writers, rooms, 70, 10);
    await killMidWrite(first, writers);
    expect(writers[0]!.ofType(MessageType.Ack).length).toBeGreaterThanOrEqual(10);

    const second = await relays.start(env);
    const stored = await expectEveryAckStored(second, rooms[0]!, writers[0]!);
    const seqs = [...stored.values()];
    expect(seqs).toEqual(seqs.map((_, index) => index + 1));
  }, 60_000);

  it("brings back from its journal every acknowledged update the room logs lost", async () => {
    // Checkpoints far apart: no room log is synced while the writers type, so a power loss
    // could leave each log as it was made (empty); only the journal holds the updates then.
    const folder = await relays.dataDir("plainpad-relay-journal-crash-");
    const env = { RELAY_DATA_DIR: folder, RELAY_JOURNAL_CHECKPOINT_MS: "600000" };
    const first = await relays.start(env);
    const rooms = [newKeys(), newKeys(), newKeys()];
    const writers = await writersIn(first, rooms);
    await typeUntilAcked(writers, rooms, 25, 5);
    await killMidWrite(first, writers);
    // What a power loss does to logs never synced: the page cache's appends are gone.
    for (const keys of rooms) await truncate(path.join(folder, keys.roomId, "log"), 0);

    const second = await relays.start(env);
    for (const [index, keys] of rooms.entries()) {
      expect(writers[index]!.ofType(MessageType.Ack).length).toBeGreaterThanOrEqual(5);
      await expectEveryAckStored(second, keys, writers[index]!);
    }
    // A new update follows the replayed ones: no sequence is handed out twice.
    const again = await joinedClient(second.url, joinMessage(rooms[0]!, 0, false), WAIT_MS);
    const head = Math.max(...again.ofType(MessageType.Entry).map((entry) => entry.seq));
    again.send(updateMessage(rooms[0]!, "after the restart"));
    await until(() => again.ofType(MessageType.Ack).length > 0, WAIT_MS, "ACK after restart");
    expect(again.ofType(MessageType.Ack)[0]!.seq).toBe(head + 1);
    await again.closeAndWait();
  }, 60_000);
});
