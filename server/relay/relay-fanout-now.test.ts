// Live entries and presence go out to a reader in the publisher's turn when nothing of that
// reader waits, and on its queue otherwise (a full socket, a gap to catch up on): either way
// every reader sees every sequence once and in order (issue 49: the relay's cost per update).
import { describe, expect, it } from "vitest";
import { viewOnlyKeys } from "@plainpad/wire/room-keys";
import { MessageType, encodeFrames, type WireMessage } from "@plainpad/wire";
import { createMemoryRoomStore } from "./memory-store";
import { createRelayHub } from "./relay-hub";
import type { RelayHub, RelayPeer } from "./relay-types";
import {
  HubClient,
  MessageLog,
  entryText,
  joinMessage,
  newKeys,
  until,
  updateMessage,
} from "./test-client";

/** A reader whose socket the test fills and drains: `full` holds everything it was sent. */
class PacedReader extends MessageLog {
  full = false;
  private readonly peer: RelayPeer;
  private waiting: (() => void)[] = [];

  constructor(hub: RelayHub) {
    super();
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the connection reads it
    const reader = this;
    this.peer = hub.connect({
      address: "127.0.0.3",
      send: (frame) => this.accept(frame),
      close: (code, reason) => {
        this.closed = { code, reason };
      },
      get bufferedAmount() {
        return reader.full ? 1 << 30 : 0;
      },
      flushed: () => new Promise<void>((resolve) => this.waiting.push(resolve)),
    });
  }

  /** The socket wrote everything out. */
  drain(): void {
    this.full = false;
    const woken = this.waiting;
    this.waiting = [];
    for (const wake of woken) wake();
  }

  send(message: WireMessage): void {
    for (const frame of encodeFrames(message)) this.peer.receive(frame);
  }
}

describe("relay fan-out to each reader", () => {
  it("sends an entry to an idle reader at once, and in order after a full socket drains", async () => {
    const hub = createRelayHub({ store: createMemoryRoomStore(), idleSweepMs: 0 });
    const keys = newKeys();
    const writer = new HubClient(hub);
    writer.send(joinMessage(keys));
    await until(() => writer.ofType(MessageType.Synced).length === 1);
    const reader = new PacedReader(hub);
    reader.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await until(() => reader.ofType(MessageType.Synced).length === 1);
    const texts = () => reader.ofType(MessageType.Entry).map((entry) => entryText(keys, entry));

    writer.send(updateMessage(keys, "one"));
    await until(() => writer.ofType(MessageType.Ack).length === 1);
    expect(texts()).toEqual(["one"]);

    // Its socket is full: what follows waits for it, and presence waits behind the entries.
    reader.full = true;
    for (const word of ["two", "three"]) writer.send(updateMessage(keys, word));
    writer.send({ type: MessageType.Awareness, sealed: Uint8Array.of(7) });
    writer.send(updateMessage(keys, "four"));
    await until(() => writer.ofType(MessageType.Ack).length === 4);
    expect(texts()).toEqual(["one"]);
    reader.drain();
    await until(() => texts().length === 4);
    // Once drained, the next goes out at once again, after all that waited.
    writer.send(updateMessage(keys, "five"));
    await until(() => texts().length === 5);
    expect(texts()).toEqual(["one", "two", "three", "four", "five"]);
    const kinds = reader.messages
      .filter((m) => m.type === MessageType.Entry || m.type === MessageType.AwarenessRelay)
      .map((m) => m.type);
    expect(kinds.indexOf(MessageType.AwarenessRelay)).toBe(3);
    expect(reader.ofType(MessageType.Entry).map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(reader.closed).toBeNull();
    await hub.close();
  });

  it("an entry published while a reader's replay is going out follows the replay, once", async () => {
    const hub = createRelayHub({ store: createMemoryRoomStore(), idleSweepMs: 0 });
    const keys = newKeys();
    const writer = new HubClient(hub);
    writer.send(joinMessage(keys));
    await until(() => writer.ofType(MessageType.Synced).length === 1);
    for (const word of ["a", "b"]) writer.send(updateMessage(keys, word));
    await until(() => writer.ofType(MessageType.Ack).length === 2);
    const reader = new PacedReader(hub);
    // Full from the start: the replay waits, and so does what is written meanwhile.
    reader.full = true;
    reader.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await until(() => reader.ofType(MessageType.Welcome).length === 1);
    writer.send(updateMessage(keys, "c"));
    await until(() => writer.ofType(MessageType.Ack).length === 3);
    reader.drain();
    await until(() => reader.ofType(MessageType.Synced).length === 1);
    await until(() => reader.ofType(MessageType.Entry).length === 3);
    writer.send(updateMessage(keys, "d"));
    await until(() => reader.ofType(MessageType.Entry).length === 4);
    expect(reader.ofType(MessageType.Entry).map((entry) => entryText(keys, entry))).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    await hub.close();
  });
});
