/**
 * The rules a relay connection (relay-connection.ts) follows that need no state of its own:
 * which frames a client may send, the close for each refused append, and when a JOIN's sequences
 * do not count in the room any more.
 */
import {
  CloseCode,
  MessageType,
  type ClientMessage,
  type JoinMessage,
  type RelayMessage,
  type WireMessage,
} from "@plainpad/wire";
import type { AppendRefusal, RoomInfo } from "./room-store";

/** The close code for each refused append (no ACK: the client keeps the update). */
export const REFUSAL_CLOSES: Record<AppendRefusal, number> = {
  missing: CloseCode.RoomNotFound,
  full: CloseCode.RoomFull,
  "no-space": CloseCode.RelayFull,
  quota: CloseCode.AddressQuota,
};

/** True when the client's sequences do not count in this room as the relay has it now. */
export function lostEntries(join: JoinMessage, room: RoomInfo): boolean {
  return (join.epoch !== 0 && join.epoch !== room.epoch) || join.sinceSeq > room.headSeq;
}

export function syncedOf(room: RoomInfo, headSeq: number): RelayMessage {
  return {
    type: MessageType.Synced,
    headSeq,
    logCount: room.logCount,
    logBytes: room.logBytes,
  };
}

export function isClientMessage(message: WireMessage): message is ClientMessage {
  return (
    message.type === MessageType.Join ||
    message.type === MessageType.Update ||
    message.type === MessageType.Awareness ||
    message.type === MessageType.Snapshot ||
    message.type === MessageType.DeleteRoom ||
    message.type === MessageType.Prove
  );
}
