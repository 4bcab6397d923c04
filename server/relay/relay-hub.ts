/**
 * The relay hub: rooms of connections over a RoomStore and a RoomFanout. It checks signatures,
 * sizes and rates, keeps each room's sealed log, and passes sealed bytes between the people in
 * a room. It holds no key and never decrypts (see docs/decisions/024-live-relay.md).
 */
import { randomBytes } from "node:crypto";
import { CLOSE_REASONS, CloseCode } from "@plainpad/wire";
import { AddressLimits } from "./address-limits";
import { ConnectionHandler, type HubContext } from "./relay-connection";
import {
  HourlyCounter,
  relayLimits,
  type RelayLimits,
  type RoomCreationCounterFactory,
} from "./limits";
import { createMemoryFanout, type FanoutEvent, type RoomFanout } from "./room-fanout";
import { EXPIRED, type RoomStore } from "./room-store";
import type { RelayConnection, RelayHub, RelayPeer } from "./relay-types";

export type { RelayConnection, RelayHub, RelayPeer } from "./relay-types";
export type { RelayLimits } from "./limits";
export { createMemoryRoomStore } from "./memory-store";

/** Options of a hub. Only the store is required. */
export interface RelayHubOptions {
  store: RoomStore;
  /** Shared with other processes (Redis); by default a fan-out inside this hub. */
  fanout?: RoomFanout;
  now?: () => number;
  limits?: Partial<RelayLimits>;
  /** How often idle rooms are looked for (ms); 0 turns the timer off. Default one hour. */
  idleSweepMs?: number;
  /** The rooms-per-address counter (shared through Redis); by default one in this hub. */
  roomsCreated?: RoomCreationCounterFactory;
  /** Where events go (never payloads); default nowhere. */
  log?: (event: string, fields: Record<string, string | number>) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface RoomState {
  handlers: Set<ConnectionHandler>;
  /** Resolves to the unsubscribe function once the fan-out delivers to this process. */
  subscription: Promise<() => Promise<void>>;
}

/** A relay hub over a store (see RelayHubOptions). */
export function createRelayHub(options: RelayHubOptions): RelayHub {
  const now = options.now ?? Date.now;
  const limits = relayLimits(options.limits);
  const ownFanout = !options.fanout;
  const fanout = options.fanout ?? createMemoryFanout();
  const log = options.log ?? (() => {});
  const hubId = randomBytes(6).toString("hex");
  const handlers = new Set<ConnectionHandler>();
  const rooms = new Map<string, RoomState>();
  let nextId = 1;
  let closing = false;

  const dispatch = (roomId: string) => (event: FanoutEvent) => {
    for (const handler of rooms.get(roomId)?.handlers ?? []) handler.deliver(event);
  };

  const context: HubContext = {
    store: options.store,
    fanout,
    limits,
    now,
    roomsCreated: (options.roomsCreated ?? ((perHour, clock) => new HourlyCounter(perHour, clock)))(
      limits.roomsPerAddressPerHour,
      now,
    ),
    budgets: new AddressLimits(limits, now),
    log,
    async attach(handler) {
      const roomId = handler.roomId!;
      let room = rooms.get(roomId);
      if (!room) {
        room = { handlers: new Set(), subscription: fanout.subscribe(roomId, dispatch(roomId)) };
        rooms.set(roomId, room);
      }
      room.handlers.add(handler);
      await room.subscription;
    },
    detach(handler) {
      if (handlers.delete(handler)) {
        context.budgets.closeConnection(handler.address);
        context.budgets.holdPieces(-handler.piecesHeld);
      }
      const roomId = handler.roomId;
      const room = roomId ? rooms.get(roomId) : undefined;
      if (!roomId || !room) return;
      room.handlers.delete(handler);
      if (room.handlers.size > 0) return;
      rooms.delete(roomId);
      void room.subscription.then((unsubscribe) => unsubscribe()).catch(() => {});
    },
  };

  const sweepIdle = async (): Promise<number> => {
    context.roomsCreated.prune();
    context.budgets.prune();
    const before = now() - limits.idleRoomDays * DAY_MS;
    const idle = await options.store.listIdle(before);
    let deleted = 0;
    for (const roomId of idle) {
      // Someone is here: the room is in use even without writes.
      if (rooms.has(roomId)) continue;
      if (await options.store.deleteRoom(roomId, EXPIRED, now())) deleted++;
      await fanout.publish(roomId, { kind: "ended", ending: EXPIRED });
      log("room-expired", { room: roomId });
    }
    // Tombstones are kept for the idle period too, then a room id may start afresh.
    await options.store.pruneEnded(before);
    return deleted;
  };

  const sweepEvery = options.idleSweepMs ?? 60 * 60 * 1000;
  const timer =
    sweepEvery > 0
      ? setInterval(() => {
          sweepIdle().catch((error: unknown) =>
            log("relay-error", { error: error instanceof Error ? error.message : String(error) }),
          );
        }, sweepEvery)
      : null;
  timer?.unref?.();

  return {
    connect(connection: RelayConnection): RelayPeer {
      const handler = new ConnectionHandler(`${hubId}:${nextId++}`, connection, context);
      if (closing) {
        connection.close(1001, "Relay restarting");
        return { receive() {}, closed() {} };
      }
      if (!context.budgets.openConnection(connection.address)) {
        const code = CloseCode.TooManyConnections;
        connection.close(code, CLOSE_REASONS[code]);
        return { receive() {}, closed() {} };
      }
      handlers.add(handler);
      return {
        receive: (frame) => handler.receive(frame),
        closed: () => handler.closedBySocket(),
      };
    },
    async close() {
      closing = true;
      if (timer) clearInterval(timer);
      const open = [...handlers];
      for (const handler of open) handler.close(1001, "Relay restarting");
      await Promise.all(open.map((handler) => handler.drained()));
      await Promise.all(
        [...rooms.values()].map((room) =>
          room.subscription.then((unsubscribe) => unsubscribe()).catch(() => {}),
        ),
      );
      rooms.clear();
      if (ownFanout) await fanout.close();
    },
    sweepIdle,
  };
}
