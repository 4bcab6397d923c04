/**
 * Fan-out between the connections of a room, across relay processes: new log entries, presence
 * (awareness, never stored) and the end of a room. `memory` serves one process; the Redis one
 * (redis-fanout.ts) serves many.
 */
import type { RoomEnding, StoredEntry } from "./room-store";

/**
 * What travels to every connection of a room. `origin` is the sending connection's tag.
 * "missed": entries up to upToSeq may not have come as events (a fan-out that lost messages,
 * e.g. a Redis subscriber that reconnected); each connection reads what it lacks from the store.
 */
export type FanoutEvent =
  | { kind: "entry"; entry: StoredEntry; origin: string }
  | { kind: "awareness"; sealed: Uint8Array; origin: string }
  | { kind: "missed"; upToSeq: number }
  | { kind: "ended"; ending: RoomEnding };

/** Receives the events of one room, in the order they were published. */
export type FanoutListener = (event: FanoutEvent) => void;

export interface RoomFanout {
  /**
   * True when the store's append publishes each entry itself (Redis: in the same script, so
   * entries go out in sequence order); the hub then publishes only awareness and endings.
   */
  readonly entriesFromStore: boolean;
  /** Starts delivering the room's events; resolves once nothing published later can be missed. */
  subscribe(roomId: string, listener: FanoutListener): Promise<() => Promise<void>>;
  publish(roomId: string, event: FanoutEvent): Promise<void>;
  close(): Promise<void>;
}

/** Fan-out inside one process: events reach listeners synchronously, in publish order. */
export function createMemoryFanout(): RoomFanout {
  const listeners = new Map<string, Set<FanoutListener>>();
  return {
    entriesFromStore: false,
    async subscribe(roomId, listener) {
      let set = listeners.get(roomId);
      if (!set) listeners.set(roomId, (set = new Set()));
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(roomId) === set) listeners.delete(roomId);
      };
    },
    async publish(roomId, event) {
      for (const listener of [...(listeners.get(roomId) ?? [])]) listener(event);
    },
    async close() {
      listeners.clear();
    },
  };
}
