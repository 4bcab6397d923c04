import { describe, expect, it } from "vitest";
import { MessageType } from "@plainpad/wire";
import { createMemoryRoomStore } from "./memory-store";
import { createRelayHub } from "./relay-hub";
import type { RoomStore } from "./room-store";
import { joinMessage, joinedHubClient, newKeys, until, updateMessage } from "./test-client";

/** Lets every pending promise callback and I/O turn run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("relay hub: a writer's ACKs wait for the disk, its next writes do not", () => {
  it("passes a writer's second update on while the first is syncing, and acknowledges both in order once on disk", async () => {
    const memory = createMemoryRoomStore();
    // Each append's sync, finished by the test: the store is "on disk" only when told.
    const syncs: (() => void)[] = [];
    const store: RoomStore = {
      ...memory,
      async append(...args) {
        const result = await memory.append(...args);
        if (!result.ok) return result;
        const durable = new Promise<void>((resolve) => syncs.push(resolve));
        return { ...result, durable };
      },
    };
    const hub = createRelayHub({ store, idleSweepMs: 0 });
    const keys = newKeys();
    const writer = await joinedHubClient(hub, joinMessage(keys));
    const reader = await joinedHubClient(hub, joinMessage(keys, 0, false));
    writer.send(updateMessage(keys, "first"));
    writer.send(updateMessage(keys, "second"));
    // Both reach the reader though neither is on disk yet (before, the second waited for the
    // first's fsync on the writer's queue).
    await until(() => reader.ofType(MessageType.Entry).length === 2);
    expect(reader.entryTexts(keys)).toEqual(["first", "second"]);
    expect(syncs).toHaveLength(2);
    expect(writer.ofType(MessageType.Ack)).toHaveLength(0);
    // The second is on disk first: its ACK still waits for the first one's.
    syncs[1]();
    await settle();
    expect(writer.ofType(MessageType.Ack)).toHaveLength(0);
    syncs[0]();
    await until(() => writer.ofType(MessageType.Ack).length === 2);
    expect(writer.ofType(MessageType.Ack).map((ack) => ack.seq)).toEqual([1, 2]);
    await hub.close();
  });

  it("closes a writer whose update could not be made durable, acknowledging nothing", async () => {
    const memory = createMemoryRoomStore();
    const store: RoomStore = {
      ...memory,
      async append(...args) {
        const result = await memory.append(...args);
        if (!result.ok) return result;
        return { ...result, durable: Promise.reject(new Error("EIO: fdatasync failed")) };
      },
    };
    const hub = createRelayHub({ store, idleSweepMs: 0 });
    const keys = newKeys();
    const writer = await joinedHubClient(hub, joinMessage(keys));
    writer.send(updateMessage(keys, "lost"));
    await until(() => writer.closed !== null);
    expect(writer.closed?.code).toBe(1011);
    expect(writer.ofType(MessageType.Ack)).toHaveLength(0);
    await hub.close();
  });
});
