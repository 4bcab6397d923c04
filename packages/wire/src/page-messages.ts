/**
 * The client's messages to the relay, built from the room's keys: each write sealed with its
 * binding and signed as the relay checks it. Used by the live session, its outbox and
 * compaction, and by the relay's tests (so they send what a real page sends).
 */
import type { LiveKeys } from "./room-keys";
import { seal, signWrite } from "./seal";
import {
  MessageType,
  WIRE_VERSION,
  deleteBinding,
  proveBinding,
  randomId,
  snapshotBinding,
  updateBinding,
  type DeleteRoomMessage,
  type JoinMessage,
  type ProveMessage,
  type SnapshotMessage,
  type UpdateMessage,
} from "./wire";

/** A SNAPSHOT as a client sends it. */
export type OutgoingSnapshot = SnapshotMessage & { type: typeof MessageType.Snapshot };

/**
 * JOIN: this client holds every log entry up to `sinceSeq` of the room's `epoch` (0: none
 * known); `create` starts the room.
 */
export function joinMessage(
  keys: LiveKeys,
  sinceSeq: number,
  create: boolean,
  epoch = 0,
): JoinMessage {
  return {
    type: MessageType.Join,
    version: WIRE_VERSION,
    roomId: keys.roomId,
    verifyKey: keys.verifyKey,
    sinceSeq,
    create,
    epoch,
  };
}

/** PROVE: WELCOME's challenge signed with the edit key, so the relay takes this connection's writes. */
export function proveMessage(keys: LiveKeys, challenge: Uint8Array): ProveMessage {
  const signature = signWrite(keys, proveBinding(keys.roomId, challenge), new Uint8Array(0));
  return { type: MessageType.Prove, signature };
}

/** UPDATE: `payload` (a Yjs update) sealed and signed under a new message id. */
export function updateMessage(keys: LiveKeys, payload: Uint8Array): UpdateMessage {
  const messageId = randomId();
  const binding = updateBinding(keys.roomId, messageId);
  const sealed = seal(keys, binding, payload);
  return {
    type: MessageType.Update,
    messageId,
    sealed,
    signature: signWrite(keys, binding, sealed),
  };
}

/** SNAPSHOT of `payload` (the whole Yjs state) covering the log up to `upToSeq`, built on `baseSeq`. */
export function snapshotMessage(
  keys: LiveKeys,
  upToSeq: number,
  baseSeq: number,
  payload: Uint8Array,
): OutgoingSnapshot {
  const binding = snapshotBinding(keys.roomId, upToSeq, baseSeq);
  const sealed = seal(keys, binding, payload);
  return {
    type: MessageType.Snapshot,
    snapshotId: randomId(),
    upToSeq,
    baseSeq,
    sealed,
    signature: signWrite(keys, binding, sealed),
  };
}

/** DELETE_ROOM signed at time `at` (the relay checks it is near its own clock). */
export function deleteRoomMessage(keys: LiveKeys, at: number): DeleteRoomMessage {
  const signature = signWrite(keys, deleteBinding(keys.roomId, at), new Uint8Array(0));
  return { type: MessageType.DeleteRoom, at, signature };
}
