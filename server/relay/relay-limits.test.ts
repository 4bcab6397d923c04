// The hub's memory limits, in-process with small limits: slow readers, stalled sockets,
// presence size, unfinished pieces in total, JOINs per address; and the paced frames equal
// the ones encodeFrames makes.
import { describe, expect, it } from "vitest";
import { type LiveKeys, viewOnlyKeys } from "@plainpad/wire/room-keys";
import {
  CloseCode,
  LIVE_LIMITS,
  MessageType,
  encodeFrames,
  randomId,
  type WireMessage,
} from "@plainpad/wire";
import { lazyFrames } from "./connection-output";
import { AddressLimits } from "./address-limits";
import { relayLimits, relayLimitsFromEnv, type RelayLimits } from "./limits";
import { createMemoryRoomStore } from "./memory-store";
import { createRelayHub } from "./relay-hub";
import type { RelayHub, RelayPeer } from "./relay-types";
import {
  HubClient,
  MessageLog,
  joinMessage,
  joinedHubClient,
  newKeys,
  until,
  updateMessage,
} from "./test-client";

function hubWith(limits: Partial<RelayLimits>): RelayHub {
  return createRelayHub({ store: createMemoryRoomStore(), idleSweepMs: 0, limits });
}

/** A client whose socket writes nothing out: everything sent to it stays queued. */
class StuckClient extends MessageLog {
  queued = 0;
  private readonly peer: RelayPeer;

  constructor(hub: RelayHub) {
    super();
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the connection reads it
    const client = this;
    this.peer = hub.connect({
      address: "127.0.0.2",
      send: (frame) => {
        this.queued += frame.length;
        this.accept(frame);
      },
      close: (code, reason) => {
        this.closed = { code, reason };
      },
      get bufferedAmount() {
        return client.queued;
      },
      flushed: () => new Promise<void>(() => {}),
    });
  }

  send(message: WireMessage): void {
    for (const frame of encodeFrames(message)) this.peer.receive(frame);
  }
}

function stuckClient(hub: RelayHub): StuckClient {
  return new StuckClient(hub);
}

/** A writer in the room of `keys` (proving its edit key as a page does), its `texts` ACKed. */
async function writerWithUpdates(hub: RelayHub, keys: LiveKeys, texts: string[]) {
  const writer = await joinedHubClient(hub, joinMessage(keys));
  for (const text of texts) writer.send(updateMessage(keys, text));
  await until(() => writer.ofType(MessageType.Ack).length === texts.length);
  return writer;
}

/** Whether two lists of frames hold the same bytes. */
function same(made: Iterable<Uint8Array>, expected: Uint8Array[]): boolean {
  const frames = [...made];
  return (
    frames.length === expected.length &&
    frames.every((frame, i) => Buffer.from(frame).equals(Buffer.from(expected[i])))
  );
}

describe("relay memory limits (in-process)", () => {
  it("closes a reader whose socket holds everything once events pile up past maxQueuedBytes", async () => {
    const hub = hubWith({ maxQueuedBytes: 64 * 1024, sendHighWaterBytes: 1024 });
    const keys = newKeys();
    const writer = await joinedHubClient(hub, joinMessage(keys));
    const stuck = stuckClient(hub);
    stuck.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await until(() => stuck.ofType(MessageType.Synced).length === 1);
    const sealed = new Uint8Array(8 * 1024);
    for (let i = 0; i < 20 && !stuck.closed; i++) {
      writer.send({ type: MessageType.Awareness, sealed });
      writer.send(updateMessage(keys, `edit ${i}`));
      await until(() => writer.ofType(MessageType.Ack).length === i + 1);
    }
    expect(stuck.closed?.code).toBe(CloseCode.SlowReader);
    // What it was sent stays under the high-water mark plus one message.
    expect(stuck.queued).toBeLessThan(1024 + 2 * sealed.length);
    expect(writer.closed).toBeNull();
    await hub.close();
  });

  it("closes a reader whose socket writes nothing out for sendStallMs", async () => {
    const hub = hubWith({ sendHighWaterBytes: 1, sendStallMs: 20 });
    const keys = newKeys();
    await writerWithUpdates(hub, keys, ["one"]);
    const stuck = stuckClient(hub);
    stuck.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await until(() => stuck.closed !== null, 5000, "stalled reader closed");
    expect(stuck.closed?.code).toBe(CloseCode.SlowReader);
    await hub.close();
  });

  it("stops sending to a socket that closed with data still queued (no busy loop)", async () => {
    const hub = hubWith({ sendHighWaterBytes: 1 });
    const keys = newKeys();
    await writerWithUpdates(hub, keys, ["edit 0", "edit 1", "edit 2"]);
    // A socket that never writes out: waiters wake only when it closes, and once closed it
    // says so at once (what is queued stays queued).
    let socketClosed = false;
    let wake: () => void = () => {};
    let sent = 0;
    const peer = hub.connect({
      address: "127.0.0.4",
      send: () => void sent++,
      close: () => {},
      bufferedAmount: 1024,
      flushed: () =>
        socketClosed ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve)),
    });
    for (const frame of encodeFrames(joinMessage(viewOnlyKeys(keys), 0, false))) {
      peer.receive(frame);
    }
    await until(() => sent > 0, 5000, "replay started");
    socketClosed = true;
    peer.closed();
    wake();
    // The event loop still turns: timers fire, and nothing more was sent to the closed socket.
    const sentAtClose = sent;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(sentAtClose);
    await hub.close();
  });

  it("closes at once, not after sendStallMs, while a reader that reads nothing holds a replay", async () => {
    const hub = hubWith({ sendHighWaterBytes: 1, sendStallMs: 10 * 60 * 1000 });
    const keys = newKeys();
    await writerWithUpdates(hub, keys, ["one"]);
    const stuck = stuckClient(hub);
    stuck.send(joinMessage(viewOnlyKeys(keys), 0, false));
    await until(() => stuck.queued > 0, 5000, "replay started");
    let closed = false;
    const closing = hub.close().then(() => (closed = true));
    await until(() => closed, 5000, "hub closed");
    await closing;
    expect(stuck.closed?.code).toBe(1001);
  });

  it("refuses presence over maxAwarenessBytes, and presence in pieces at the first piece", async () => {
    const hub = hubWith({});
    const keys = newKeys();
    const big = await joinedHubClient(hub, joinMessage(keys));
    const listener = await joinedHubClient(hub, joinMessage(viewOnlyKeys(keys), 0, false));
    big.send({
      type: MessageType.Awareness,
      sealed: new Uint8Array(LIVE_LIMITS.maxAwarenessBytes),
    });
    await until(() => listener.ofType(MessageType.AwarenessRelay).length === 1);
    big.send({
      type: MessageType.Awareness,
      sealed: new Uint8Array(LIVE_LIMITS.maxAwarenessBytes + 1),
    });
    expect(big.closed?.code).toBe(CloseCode.PresenceTooLarge);

    const pieced = await joinedHubClient(hub, joinMessage(keys, 0, false));
    const frames = encodeFrames({
      type: MessageType.Awareness,
      sealed: new Uint8Array(1024 * 1024),
    });
    pieced.peer.receive(frames[0]);
    expect(pieced.closed?.code).toBe(CloseCode.PresenceTooLarge);
    expect(listener.ofType(MessageType.AwarenessRelay)).toHaveLength(1);
    await hub.close();
  });

  it("caps unfinished pieces of all connections together (RelayBusy), and frees them on close", async () => {
    const hub = hubWith({ maxPendingPieceBytes: 1280 * 1024 });
    const keys = newKeys();
    const frames = encodeFrames(updateMessage(keys, new Uint8Array(1024 * 1024)));
    const first = await joinedHubClient(hub, joinMessage(keys));
    const second = await joinedHubClient(hub, joinMessage(keys, 0, false), "127.0.0.3");
    for (const frame of frames.slice(0, -1)) first.peer.receive(frame);
    for (const frame of frames.slice(0, 2)) second.peer.receive(frame);
    expect(first.closed).toBeNull();
    expect(second.closed?.code).toBe(CloseCode.RelayBusy);
    // The busy one's pieces were given back: the first finishes its large update.
    first.peer.receive(frames[frames.length - 1]);
    await until(() => first.ofType(MessageType.Ack).length === 1);
    expect(first.closed).toBeNull();
    await hub.close();
  });

  it("limits JOINs per address; another address still joins", async () => {
    const hub = hubWith({ joinBurstPerAddress: 3, joinsPerAddressPerSecond: 0.001 });
    const keys = newKeys();
    const clients = Array.from({ length: 4 }, () => new HubClient(hub, "10.0.0.1"));
    for (const client of clients) client.send(joinMessage(keys, 0, true));
    await until(() => clients.slice(0, 3).every((c) => c.ofType(MessageType.Synced).length > 0));
    expect(clients.map((client) => client.closed?.code ?? null)).toEqual([
      null,
      null,
      null,
      CloseCode.TooManyJoins,
    ]);
    await joinedHubClient(hub, joinMessage(keys, 0, false), "10.0.0.2");
    await hub.close();
  });

  it("lets replays take turns within a byte budget; another address is not held up", async () => {
    const budgets = new AddressLimits(
      relayLimits({ maxReplayBytes: 100, maxReplayBytesPerAddress: 60 }),
      () => 0,
    );
    const order: string[] = [];
    const first = await budgets.takeReplay("a", 50);
    const second = budgets.takeReplay("a", 50).then((release) => {
      order.push("a again");
      return release;
    });
    const other = await budgets.takeReplay("b", 50);
    order.push("b");
    expect(await budgets.takeReplay("c", 0)).toBeTypeOf("function");
    expect(order).toEqual(["b"]);
    first();
    const release = await second;
    expect(order).toEqual(["b", "a again"]);
    release();
    other();
  });

  it("reads the per-address limits an operator raises from the environment", () => {
    expect(relayLimitsFromEnv({})).toEqual({});
    expect(
      relayLimitsFromEnv({
        RELAY_MAX_CONNECTIONS_PER_ADDRESS: "500",
        RELAY_JOINS_PER_ADDRESS_PER_SECOND: "10",
      }),
    ).toEqual({
      maxConnectionsPerAddress: 500,
      joinsPerAddressPerSecond: 10,
      joinBurstPerAddress: 300,
    });
    expect(() => relayLimitsFromEnv({ RELAY_MAX_CONNECTIONS_PER_ADDRESS: "lots" })).toThrow(
      'RELAY_MAX_CONNECTIONS_PER_ADDRESS must be a positive number, not "lots".',
    );
  });

  it("makes a snapshot's pieces one at a time, the same bytes encodeFrames makes", () => {
    for (const size of [10, LIVE_LIMITS.maxFrameBytes, 3 * LIVE_LIMITS.pieceBytes + 17]) {
      const sealed = new Uint8Array(size).map((_, i) => i % 251);
      const snapshot = {
        type: MessageType.SnapshotReplay,
        snapshotId: randomId(),
        upToSeq: 300,
        baseSeq: 7,
        signature: new Uint8Array(64).fill(3),
        sealed,
      } as const;
      const pieceId = randomId();
      expect(same(lazyFrames(snapshot, pieceId), encodeFrames(snapshot, pieceId))).toBe(true);
      const entry = {
        type: MessageType.Entry,
        seq: 9,
        messageId: randomId(),
        signature: new Uint8Array(64),
        sealed,
      } as const;
      expect(same(lazyFrames(entry, pieceId), encodeFrames(entry, pieceId))).toBe(true);
    }
  });
});
