/**
 * Fan-out over Redis pub/sub, one channel per room. The store's append script publishes each
 * entry's sequence and origin, never its bytes: every process reads the entry from the room's
 * stream, so a loud room cannot fill the subscriber's output buffer with payloads (Redis would
 * drop the one subscriber every room of the process depends on). This module publishes
 * presence (capped by the hub at maxAwarenessBytes) and room endings, and subscribes this
 * process to the rooms it has connections in. When the subscriber reconnects (whatever was
 * published meanwhile is lost), every room is told to catch up from the store ("missed").
 * Messages: 'E' seq ':' origin, 'A' header sealed, 'X' and the ENDED message (which carries
 * the signed delete).
 */
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import type { Redis } from "ioredis";
import { MessageType, decodeMessage, encodeMessage } from "@plainpad/wire";
import type { FanoutEvent, FanoutListener, RoomFanout } from "./room-fanout";
import { entryOf, roomChannel, roomLogKey, roomMetaKey, roomOfChannel } from "./redis-store";

interface RoomListeners {
  listeners: Set<FanoutListener>;
  /** Events leave in the order they were published, whatever order their reads finish. */
  chain: Promise<void>;
}

/**
 * A fan-out that publishes and reads on `publisher` and subscribes on `subscriber` (a
 * connection of its own: a subscribed Redis connection can do nothing else). Closes neither.
 */
export function createRedisFanout(publisher: Redis, subscriber: Redis): RoomFanout {
  const rooms = new Map<string, RoomListeners>();

  /** An entry's event read from the stream; "missed" when it is gone (compacted) or unread. */
  async function readEntry(roomId: string, seq: number, origin: string): Promise<FanoutEvent> {
    try {
      const id = `${seq}-0`;
      const [record] = await publisher.xrangeBuffer(roomLogKey(roomId), id, id);
      if (record) return { kind: "entry", entry: entryOf(record), origin };
    } catch {
      // Read again by each connection from the store, or it rejoins.
    }
    return { kind: "missed", upToSeq: seq };
  }

  function decodeEvent(roomId: string, message: Buffer): Promise<FanoutEvent> | FanoutEvent {
    const kind = String.fromCharCode(message[0]);
    if (kind === "X") {
      const ended = decodeMessage(new Uint8Array(message.subarray(1)));
      if (ended.type !== MessageType.Ended) throw new Error("bad room ending");
      const { cause, at, signature } = ended;
      return { kind: "ended", ending: { cause, at, signature } };
    }
    if (kind === "A") {
      const d = decoding.createDecoder(new Uint8Array(message.subarray(1)));
      const origin = decoding.readVarString(d);
      return { kind: "awareness", origin, sealed: decoding.readTailAsUint8Array(d) };
    }
    if (kind === "E") {
      const colon = message.indexOf(0x3a);
      const seq = Number(message.subarray(1, colon).toString());
      if (colon < 0 || !Number.isSafeInteger(seq)) throw new Error("bad entry notice");
      return readEntry(roomId, seq, message.subarray(colon + 1).toString());
    }
    throw new Error("unknown fan-out message");
  }

  function enqueue(roomId: string, event: Promise<FanoutEvent> | FanoutEvent): void {
    const room = rooms.get(roomId);
    if (!room) return;
    room.chain = room.chain
      .then(() => event)
      .then((ready) => {
        for (const listener of [...room.listeners]) listener(ready);
      })
      .catch(() => {});
  }

  subscriber.on("messageBuffer", (channel: Buffer, message: Buffer) => {
    const roomId = roomOfChannel(channel.toString());
    if (!roomId || !rooms.has(roomId) || message.length === 0) return;
    let event: Promise<FanoutEvent> | FanoutEvent;
    try {
      event = decodeEvent(roomId, message);
    } catch {
      return;
    }
    enqueue(roomId, event);
  });

  // Every "ready" after the first is a reconnect: messages published meanwhile are lost.
  let connected = subscriber.status === "ready";
  subscriber.on("ready", () => {
    if (connected) void resync().catch(() => {});
    connected = true;
  });

  /** After a reconnect: once subscribed again, every room catches up to its head. */
  async function resync(): Promise<void> {
    const roomIds = [...rooms.keys()];
    if (roomIds.length === 0) return;
    // ioredis resubscribes by itself; this waits until Redis has answered for every room.
    await subscriber.subscribe(...roomIds.map(roomChannel));
    for (const roomId of roomIds) {
      const head = Number((await publisher.hget(roomMetaKey(roomId), "head")) ?? 0);
      enqueue(roomId, { kind: "missed", upToSeq: head });
    }
  }

  return {
    entriesFromStore: true,
    async subscribe(roomId, listener) {
      let room = rooms.get(roomId);
      if (!room) {
        rooms.set(roomId, (room = { listeners: new Set(), chain: Promise.resolve() }));
        await subscriber.subscribe(roomChannel(roomId));
      }
      room.listeners.add(listener);
      const own = room;
      return async () => {
        own.listeners.delete(listener);
        if (own.listeners.size > 0 || rooms.get(roomId) !== own) return;
        rooms.delete(roomId);
        await subscriber.unsubscribe(roomChannel(roomId));
      };
    },
    async publish(roomId, event) {
      // Entries were published by the append script.
      if (event.kind === "entry" || event.kind === "missed") return;
      let payload: Buffer;
      if (event.kind === "ended") {
        const ended = encodeMessage({ type: MessageType.Ended, ...event.ending });
        payload = Buffer.concat([Buffer.from("X"), ended]);
      } else {
        const e = encoding.createEncoder();
        encoding.writeUint8(e, "A".charCodeAt(0));
        encoding.writeVarString(e, event.origin);
        encoding.writeUint8Array(e, event.sealed);
        payload = Buffer.from(encoding.toUint8Array(e));
      }
      await publisher.publish(roomChannel(roomId), payload);
    },
    async close() {
      rooms.clear();
    },
  };
}
