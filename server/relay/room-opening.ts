/**
 * The room a JOIN asks for, found or made (relay-connection.ts): an ended room is never made
 * again, a client that knew the room's epoch makes it again (the relay lost it), and a new
 * room counts in the relay's room and per-address limits.
 */
import { CloseCode, type JoinMessage } from "@plainpad/wire";
import type { RoomCreationCounter } from "./limits";
import type { RoomEnding, RoomStore } from "./room-store";

/** What opening a room came to: the room is there, it ended, or the JOIN is refused. */
export type RoomOpening =
  | { kind: "open"; created: boolean }
  | { kind: "ended"; ending: RoomEnding }
  | { kind: "refused"; code: number };

export interface RoomOpeningContext {
  readonly store: RoomStore;
  readonly roomsCreated: RoomCreationCounter;
  readonly now: () => number;
  log(event: string, fields: Record<string, string | number>): void;
}

/** Finds the JOIN's room, or makes it when the JOIN may. */
export async function openRoom(
  hub: RoomOpeningContext,
  message: JoinMessage,
  address: string,
): Promise<RoomOpening> {
  const { store } = hub;
  if (await store.getRoom(message.roomId)) return { kind: "open", created: false };
  // An ended room is never made again: not by a view-only holder, a late editor's JOIN,
  // nor a client that knew its epoch (checked again by createRoom, atomically).
  const ending = await store.ended(message.roomId);
  if (ending) return { kind: "ended", ending };
  // A client that knows the room's epoch was in it: the relay lost the room (a data folder
  // lost, Redis flushed). It is made again, and the client sends back everything it has.
  const rejoining = message.epoch !== 0;
  if (!message.create && !rejoining) return { kind: "refused", code: CloseCode.RoomNotFound };
  if ((await store.canCreateRoom()) !== "ok") return { kind: "refused", code: CloseCode.RelayFull };
  if (!(await hub.roomsCreated.take(address))) {
    return { kind: "refused", code: CloseCode.TooManyRooms };
  }
  const result = await store.createRoom(message.roomId, message.verifyKey, hub.now());
  if (result.ended) return { kind: "ended", ending: result.ended };
  if (result.created) {
    hub.log(message.create ? "room-created" : "room-recreated", { room: message.roomId });
  }
  return { kind: "open", created: result.created };
}
