/** What a relay process keeps rooms in: a store and the fan-out that goes with it. */
import type { RoomCreationCounterFactory } from "./limits";
import type { RoomFanout } from "./room-fanout";
import type { RoomStore } from "./room-store";

/** A store and the fan-out that goes with it. */
export interface RelayBackend {
  store: RoomStore;
  fanout: RoomFanout;
  /** A rooms-per-address counter shared with other processes (Redis); none: one per hub. */
  roomsCreated?: RoomCreationCounterFactory;
  /** Words for the log: where rooms are kept (never a password). */
  description: string;
  close(): Promise<void>;
}
