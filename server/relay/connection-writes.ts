/**
 * The writes of one connection that proved the edit key (the connection refuses writes before
 * that): UPDATE is appended and passed to the room, then acknowledged once durable; SNAPSHOT
 * replaces the room's snapshot by compare-and-swap; DELETE_ROOM ends the room for everyone.
 */
import {
  CloseCode,
  MessageType,
  deleteBinding,
  signedBytes,
  type RelayMessage,
  type SnapshotMessage,
  type UpdateMessage,
} from "@plainpad/wire";
import type { PendingAcks } from "./connection-acks";
import type { ConnectionDelivery } from "./connection-delivery";
import { REFUSAL_CLOSES } from "./connection-rules";
import type { RelayLimits } from "./limits";
import type { RoomFanout } from "./room-fanout";
import type { RoomEnding, RoomStore } from "./room-store";

const EMPTY = new Uint8Array(0);

/** What the writes need of the hub (a HubContext has it). */
export interface WriteServices {
  readonly store: RoomStore;
  readonly fanout: RoomFanout;
  readonly limits: RelayLimits;
  readonly now: () => number;
  log(event: string, fields: Record<string, string | number>): void;
}

/** The connection the writes come from. */
export interface Writer {
  readonly id: string;
  readonly address: string;
  /** The room joined (writes are handled only after a JOIN). */
  readonly roomId: string;
  send(message: RelayMessage): void;
  close(code: number): void;
  /** Checks a signature with the room's key; closes NotAllowed when it fails. */
  verified(data: Uint8Array, signature: Uint8Array): Promise<boolean>;
  /** The room ended: ENDED is sent and the connection closed. */
  end(ending: RoomEnding): void;
}

/** Handles a connection's writes, one at a time on the connection's queue. */
export class ConnectionWrites {
  constructor(
    private readonly writer: Writer,
    private readonly hub: WriteServices,
    private readonly acks: PendingAcks,
    private readonly delivery: ConnectionDelivery,
  ) {}

  // Writes come only from a connection that proved the edit key (handle() refuses the rest), so
  // the relay does not check each write's signature again: every client checks it before
  // applying anything, and skips (and says so) a write whose signature fails. A bad signature
  // can only come from someone who holds the edit key, who may write anything anyway. Checking
  // every write was most of the relay's cost per update (issue 49's bench).
  async update(message: UpdateMessage): Promise<void> {
    const { writer } = this;
    const roomId = writer.roomId;
    const { store, fanout, now, limits } = this.hub;
    this.acks.begin();
    let result;
    try {
      result = await store.append(
        roomId,
        { ...message, origin: writer.id, address: writer.address },
        now(),
        limits.maxRoomBytes,
      );
      if (result.ok && !fanout.entriesFromStore) {
        const { messageId, sealed, signature } = message;
        const entry = { seq: result.seq, messageId, sealed, signature };
        await fanout.publish(roomId, { kind: "entry", entry, origin: writer.id });
      }
    } catch (error) {
      this.acks.cancel();
      throw error;
    }
    // Refused: no ACK, so the client keeps the update and sends it again after reconnecting.
    if (!result.ok && result.reason !== "duplicate") {
      this.acks.cancel();
      return writer.close(REFUSAL_CLOSES[result.reason]);
    }
    // The others have it now; the writer's ACK waits until it is on disk (fsync). A relay that
    // loses entries it passed on still notices: readers come back with a sinceSeq above its head
    // (decision 024). A message id the room has is stored once: an own resend after a lost ACK
    // is answered with the first one's sequence, once that is on disk.
    const { seq } = result;
    this.acks.after(result.durable, () => {
      writer.send({ type: MessageType.Ack, messageId: message.messageId, seq });
      this.delivery.acknowledged(seq);
    });
  }

  async snapshot(message: SnapshotMessage): Promise<void> {
    const { writer } = this;
    if (message.sealed.length > this.hub.limits.maxRoomBytes) {
      return writer.close(CloseCode.RoomFull);
    }
    const { snapshotId, upToSeq, baseSeq, sealed, signature } = message;
    const result = await this.hub.store.replaceSnapshot(
      writer.roomId,
      { snapshotId, upToSeq, baseSeq, sealed, signature },
      this.hub.now(),
      writer.address,
    );
    if (!result.room) return writer.close(CloseCode.RoomNotFound);
    writer.send({
      type: MessageType.SnapshotResult,
      snapshotId,
      accepted: result.accepted,
      snapshotSeq: result.room.snapshotSeq,
      logCount: result.room.logCount,
      logBytes: result.room.logBytes,
    });
  }

  async deleteRoom(at: number, signature: Uint8Array): Promise<void> {
    const { writer } = this;
    const roomId = writer.roomId;
    const data = signedBytes(deleteBinding(roomId, at), EMPTY);
    if (!(await writer.verified(data, signature))) return;
    if (Math.abs(this.hub.now() - at) > this.hub.limits.deleteClockSkewMs) {
      // Not a forgery (the signature is checked first): a clock far off, or a replayed delete.
      return writer.close(CloseCode.ClockOff);
    }
    // Kept as the room's tombstone and sent in ENDED: clients check the edit key signed it.
    const ending: RoomEnding = { cause: "deleted", at, signature };
    await this.hub.store.deleteRoom(roomId, ending, this.hub.now());
    this.hub.log("room-deleted", { room: roomId });
    await this.hub.fanout.publish(roomId, { kind: "ended", ending });
    writer.end(ending);
  }
}
