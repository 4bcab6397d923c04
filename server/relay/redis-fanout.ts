/**
 * Fan-out over Redis pub/sub, one channel per room. Entries are published by the store's
 * append script (so they leave in sequence order); this module publishes presence and room
 * endings, and subscribes this process to the rooms it has connections in.
 * Messages: 'E' seq ':' header sealed (see redis-store.ts), 'A' header sealed, 'X' and the
 * ENDED message (which carries the signed delete).
 */
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import type { Redis } from "ioredis";
import { MessageType, decodeMessage, encodeMessage } from "../../app/collab/wire";
import type { FanoutEvent, FanoutListener, RoomFanout } from "./room-fanout";
import { roomChannel, roomOfChannel } from "./redis-store";

function decodeEvent(message: Buffer): FanoutEvent | null {
  const kind = String.fromCharCode(message[0]);
  if (kind === "X") {
    const ended = decodeMessage(new Uint8Array(message.subarray(1)));
    if (ended.type !== MessageType.Ended) return null;
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
    const d = decoding.createDecoder(new Uint8Array(message.subarray(colon + 1)));
    const origin = decoding.readVarString(d);
    const messageId = decoding.readVarUint8Array(d);
    const signature = decoding.readVarUint8Array(d);
    const sealed = decoding.readTailAsUint8Array(d);
    return { kind: "entry", origin, entry: { seq, messageId, signature, sealed } };
  }
  return null;
}

/**
 * A fan-out that publishes on `publisher` and subscribes on `subscriber` (a connection of its
 * own: a subscribed Redis connection can do nothing else). Closes neither.
 */
export function createRedisFanout(publisher: Redis, subscriber: Redis): RoomFanout {
  const listeners = new Map<string, Set<FanoutListener>>();
  subscriber.on("messageBuffer", (channel: Buffer, message: Buffer) => {
    const roomId = roomOfChannel(channel.toString());
    const set = roomId ? listeners.get(roomId) : undefined;
    if (!set || message.length === 0) return;
    let event: FanoutEvent | null;
    try {
      event = decodeEvent(message);
    } catch {
      return;
    }
    if (event) for (const listener of [...set]) listener(event);
  });

  return {
    entriesFromStore: true,
    async subscribe(roomId, listener) {
      let set = listeners.get(roomId);
      if (!set) {
        listeners.set(roomId, (set = new Set()));
        await subscriber.subscribe(roomChannel(roomId));
      }
      set.add(listener);
      const own = set;
      return async () => {
        own.delete(listener);
        if (own.size > 0 || listeners.get(roomId) !== own) return;
        listeners.delete(roomId);
        await subscriber.unsubscribe(roomChannel(roomId));
      };
    },
    async publish(roomId, event) {
      // Entries were published by the append script.
      if (event.kind === "entry") return;
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
      listeners.clear();
    },
  };
}
