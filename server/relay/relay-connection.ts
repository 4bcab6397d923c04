/**
 * One client connection as the hub handles it: frames are checked and decoded as they arrive,
 * then handled strictly in order on one promise chain (store calls are async). The room's
 * fan-out events run on a second chain that opens once the JOIN's replay is sent, so a client
 * sees its replay and then the live log without a gap or a duplicate, and never waits for its
 * own write to be stored before it sees the others'. The relay never decrypts: it checks sizes, rates and signatures, and passes sealed
 * bytes along.
 */
import type { KeyObject } from "node:crypto";
import {
  CLOSE_REASONS,
  CloseCode,
  MalformedFrameError,
  MessageType,
  PieceAssembler,
  WIRE_VERSION,
  decodeMessage,
  deleteBinding,
  encodeFrames,
  roomIdForVerifyKey,
  signedBytes,
  snapshotBinding,
  updateBinding,
  type ClientMessage,
  type JoinMessage,
  type RelayMessage,
  type SnapshotMessage,
  type UpdateMessage,
  type WireMessage,
} from "../../app/collab/wire";
import { TokenBucket, type RelayLimits, type RoomCreationCounter } from "./limits";
import type { FanoutEvent, RoomFanout } from "./room-fanout";
import type { AppendRefusal, RoomInfo, RoomStore, StoredEntry } from "./room-store";
import type { RelayConnection } from "./relay-types";
import { verifyKeyObject, verifySignature } from "./verify";

/** What a connection needs from its hub. */
export interface HubContext {
  readonly store: RoomStore;
  readonly fanout: RoomFanout;
  readonly limits: RelayLimits;
  readonly now: () => number;
  readonly roomsCreated: RoomCreationCounter;
  /** Adds the connection to its room here; resolves once the room's fan-out reaches it. */
  attach(handler: ConnectionHandler): Promise<void>;
  detach(handler: ConnectionHandler): void;
  /** Logs an event (never a payload). */
  log(event: string, fields: Record<string, string | number>): void;
}

/** Close code (not final for the page) asking a client to reconnect and replay. */
export const RECONNECT_CODE = 1013;

const EMPTY = new Uint8Array(0);

/** Handles one connection for the hub. */
export class ConnectionHandler {
  roomId: string | null = null;
  private verifyKey: KeyObject | null = null;
  private queue: Promise<void> = Promise.resolve();
  private events: Promise<void>;
  private openEvents: () => void = () => {};
  private readonly assembler = new PieceAssembler();
  private readonly writes: TokenBucket;
  private readonly awareness: TokenBucket;
  /** Highest sequence this client has without a gap (sent as ENTRY or ACKed as its own). */
  private delivered = 0;
  /** Sequences above `delivered` the client has (sent, or its own acknowledged). */
  private readonly have = new Set<number>();
  /** Own updates being stored: their sequences are not known yet. */
  private pendingAppends = 0;
  private joining = false;
  closed = false;

  constructor(
    readonly id: string,
    private readonly connection: RelayConnection,
    private readonly hub: HubContext,
  ) {
    const { limits, now } = hub;
    this.writes = new TokenBucket(limits.writesPerSecond, limits.writesPerSecond * 2, now);
    this.awareness = new TokenBucket(limits.awarenessPerSecond, limits.awarenessPerSecond * 2, now);
    this.events = new Promise((resolve) => (this.openEvents = resolve));
  }

  get address(): string {
    return this.connection.address;
  }

  /** A frame from the client: checked now, handled in order. */
  receive(frame: Uint8Array): void {
    if (this.closed) return;
    if (frame.length > this.hub.limits.maxFrameBytes) return this.close(CloseCode.TooLarge);
    let message: WireMessage | null;
    try {
      message = this.assembler.accept(decodeMessage(frame));
    } catch (error) {
      if (error instanceof MalformedFrameError) return this.close(CloseCode.Malformed);
      throw error;
    }
    if (!message) return;
    if (!isClientMessage(message)) return this.close(CloseCode.Malformed);
    // Rates are counted on arrival, so a flood is cut before it queues up store calls.
    if (message.type === MessageType.Awareness && !this.awareness.take()) {
      return this.close(CloseCode.RateLimited);
    }
    const isWrite = message.type === MessageType.Update || message.type === MessageType.Snapshot;
    if (isWrite && !this.writes.take()) return this.close(CloseCode.RateLimited);
    if (message.type === MessageType.Join) {
      if (this.joining) return this.close(CloseCode.Malformed);
      this.joining = true;
    } else if (!this.joining) {
      return this.close(CloseCode.Malformed);
    }
    const handled = message;
    this.enqueue(() => this.handle(handled));
  }

  /** A fan-out event of this connection's room, handled after everything before it. */
  deliver(event: FanoutEvent): void {
    if (this.closed) return;
    if (event.kind !== "ended" && event.origin === this.id) return;
    this.events = this.events
      .then(() => (this.closed ? undefined : this.onEvent(event)))
      .catch((error: unknown) => this.fail(error));
  }

  /** Closes with a code from CloseCode (or 1001/1013) and stops handling anything. */
  close(code: number, reason = CLOSE_REASONS[code] ?? "Reconnect"): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.detach(this);
    this.openEvents();
    this.connection.close(code, reason);
  }

  /** The socket closed (by the client or the network). */
  closedBySocket(): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.detach(this);
    this.openEvents();
  }

  /** Resolves when every queued task has run. */
  async drained(): Promise<void> {
    await Promise.all([this.queue, this.events]);
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue
      .then(() => (this.closed ? undefined : task()))
      .catch((error: unknown) => this.fail(error));
  }

  private fail(error: unknown): void {
    this.hub.log("relay-error", {
      connection: this.id,
      error: error instanceof Error ? error.message : String(error),
    });
    this.close(1011, "Relay error");
  }

  private send(message: RelayMessage): void {
    if (this.closed) return;
    for (const frame of encodeFrames(message)) this.connection.send(frame);
  }

  private handle(message: ClientMessage): Promise<void> {
    switch (message.type) {
      case MessageType.Join:
        return this.join(message);
      case MessageType.Update:
        return this.update(message);
      case MessageType.Snapshot:
        return this.snapshot(message);
      case MessageType.DeleteRoom:
        return this.deleteRoom(message.at, message.signature);
      case MessageType.Awareness:
        return this.hub.fanout.publish(this.roomId!, {
          kind: "awareness",
          sealed: message.sealed,
          origin: this.id,
        });
    }
  }

  private async join(message: JoinMessage): Promise<void> {
    const { store, now } = this.hub;
    if (message.version !== WIRE_VERSION) return this.close(CloseCode.WrongVersion);
    if (roomIdForVerifyKey(message.verifyKey) !== message.roomId) {
      return this.close(CloseCode.NotAllowed);
    }
    let created = false;
    if (!(await store.getRoom(message.roomId))) {
      // A client that knows the room's epoch was in it: the relay lost the room (a data folder
      // lost, Redis flushed). It is made again, and the client sends back everything it has.
      const rejoining = message.epoch !== 0;
      if (!message.create && !rejoining) return this.close(CloseCode.RoomNotFound);
      if ((await store.canCreateRoom()) !== "ok") return this.close(CloseCode.RelayFull);
      if (!(await this.hub.roomsCreated.take(this.address))) {
        return this.close(CloseCode.TooManyRooms);
      }
      created = (await store.createRoom(message.roomId, message.verifyKey, now())).created;
      if (created) {
        this.hub.log(message.create ? "room-created" : "room-recreated", { room: message.roomId });
      }
    }
    this.roomId = message.roomId;
    this.verifyKey = verifyKeyObject(message.verifyKey);
    // Subscribed before the read: whatever is appended after it arrives as an event, queued
    // behind this task, and is sent after the replay (or skipped when the replay had it).
    await this.hub.attach(this);
    let sinceSeq = message.sinceSeq;
    let replay = await store.replay(message.roomId, sinceSeq);
    if (replay && lostEntries(message, replay.room)) {
      // The client's sequences mean nothing here any more: it gets the room from the start
      // (and, told by the epoch, sends back all it has). The same epoch with a head below what
      // the client had means the relay lost entries just now: a new epoch tells every other
      // returning client too, even once the head has grown past what they had.
      if (message.epoch === 0 || message.epoch === replay.room.epoch) {
        await store.renewEpoch(message.roomId);
        this.hub.log("room-lost-entries", { room: message.roomId });
      }
      sinceSeq = 0;
      replay = await store.replay(message.roomId, sinceSeq);
    }
    if (!replay) return this.close(CloseCode.RoomNotFound);
    const { room } = replay;
    this.send({
      type: MessageType.Welcome,
      headSeq: room.headSeq,
      snapshotSeq: room.snapshotSeq,
      created,
      epoch: room.epoch,
    });
    this.delivered = Math.min(sinceSeq, room.headSeq);
    if (replay.snapshot) {
      this.send({ type: MessageType.SnapshotReplay, ...replay.snapshot });
      this.delivered = replay.snapshot.upToSeq;
    }
    for (const entry of replay.entries) this.sendEntry(entry);
    this.send(syncedOf(room, this.delivered));
    // Live entries queued meanwhile go out now (those the replay had are skipped).
    this.openEvents();
  }

  private async update(message: UpdateMessage): Promise<void> {
    const roomId = this.roomId!;
    const binding = updateBinding(roomId, message.messageId);
    if (!(await this.verified(signedBytes(binding, message.sealed), message.signature))) return;
    const { store, fanout, now, limits } = this.hub;
    this.pendingAppends++;
    let result;
    try {
      result = await store.append(
        roomId,
        { ...message, origin: this.id, address: this.address },
        now(),
        limits.maxRoomBytes,
      );
      if (result.ok && !fanout.entriesFromStore) {
        const { messageId, sealed, signature } = message;
        const entry = { seq: result.seq, messageId, sealed, signature };
        await fanout.publish(roomId, { kind: "entry", entry, origin: this.id });
      }
      // The others see it at once; the writer's ACK waits until it is on disk (fsync), since
      // a client forgets what was acknowledged. (A relay that loses entries it fanned out
      // still notices: the readers come back with a sinceSeq above its head.)
      if (result.ok) await result.durable;
    } finally {
      this.pendingAppends--;
    }
    // Refused: no ACK, so the client keeps the update and sends it again after reconnecting.
    if (!result.ok) return this.close(REFUSAL_CLOSES[result.reason]);
    this.send({ type: MessageType.Ack, messageId: message.messageId, seq: result.seq });
    this.have.add(result.seq);
    this.advance();
  }

  private async snapshot(message: SnapshotMessage): Promise<void> {
    const roomId = this.roomId!;
    const binding = snapshotBinding(roomId, message.upToSeq, message.baseSeq);
    if (!(await this.verified(signedBytes(binding, message.sealed), message.signature))) return;
    if (message.sealed.length > this.hub.limits.maxRoomBytes) {
      return this.close(CloseCode.RoomFull);
    }
    const { snapshotId, upToSeq, baseSeq, sealed, signature } = message;
    const result = await this.hub.store.replaceSnapshot(
      roomId,
      { snapshotId, upToSeq, baseSeq, sealed, signature },
      this.hub.now(),
    );
    if (!result.room) return this.close(CloseCode.RoomNotFound);
    this.send({
      type: MessageType.SnapshotResult,
      snapshotId,
      accepted: result.accepted,
      snapshotSeq: result.room.snapshotSeq,
      logCount: result.room.logCount,
      logBytes: result.room.logBytes,
    });
  }

  private async deleteRoom(at: number, signature: Uint8Array): Promise<void> {
    const roomId = this.roomId!;
    const data = signedBytes(deleteBinding(roomId, at), EMPTY);
    if (!(await this.verified(data, signature))) return;
    if (Math.abs(this.hub.now() - at) > this.hub.limits.deleteClockSkewMs) {
      // Not a forgery (the signature is checked first): a clock far off, or a replayed delete.
      return this.close(CloseCode.ClockOff);
    }
    await this.hub.store.deleteRoom(roomId);
    this.hub.log("room-deleted", { room: roomId });
    await this.hub.fanout.publish(roomId, { kind: "ended" });
    this.end();
  }

  /** Checks a write's signature with the room's key; closes NotAllowed when it fails. */
  private async verified(data: Uint8Array, signature: Uint8Array): Promise<boolean> {
    if (this.verifyKey && (await verifySignature(this.verifyKey, data, signature))) return true;
    this.close(CloseCode.NotAllowed);
    return false;
  }

  private async onEvent(event: FanoutEvent): Promise<void> {
    if (event.kind === "ended") return this.end();
    if (event.kind === "awareness") {
      return this.send({ type: MessageType.AwarenessRelay, sealed: event.sealed });
    }
    const { entry } = event;
    if (entry.seq <= this.delivered || this.have.has(entry.seq)) return;
    // A gap while this client's own update is being stored is that update: its ACK follows.
    if (entry.seq > this.delivered + 1 && this.pendingAppends === 0) {
      // Something before it has not reached us yet (another process, or a reordering): read
      // the gap from the store so the client never sees a hole.
      const before = await this.hub.store.readAfter(this.roomId!, this.delivered);
      for (const missing of before) {
        if (missing.seq >= entry.seq) break;
        if (missing.seq <= this.delivered || this.have.has(missing.seq)) continue;
        if (missing.seq !== this.delivered + 1) break;
        this.sendEntry(missing);
      }
      // Entries compacted into a snapshot meanwhile: the client rejoins and replays it.
      if (entry.seq !== this.delivered + 1 && this.pendingAppends === 0) {
        return this.close(RECONNECT_CODE, "Reconnect");
      }
    }
    this.sendEntry(entry);
  }

  private sendEntry(entry: StoredEntry): void {
    if (this.closed) return;
    for (const frame of entryFrames(entry)) this.connection.send(frame);
    this.have.add(entry.seq);
    this.advance();
  }

  private advance(): void {
    while (this.have.has(this.delivered + 1)) this.have.delete(++this.delivered);
  }

  /** The room was deleted: tell the client and close. */
  private end(): void {
    this.send({ type: MessageType.Ended });
    this.close(CloseCode.RoomEnded);
  }
}

// One entry goes to every connection of its room: encoded once, while anyone holds it.
const encodedEntries = new WeakMap<StoredEntry, Uint8Array[]>();

function entryFrames(entry: StoredEntry): Uint8Array[] {
  let frames = encodedEntries.get(entry);
  if (!frames) {
    frames = encodeFrames({ type: MessageType.Entry, ...entry });
    encodedEntries.set(entry, frames);
  }
  return frames;
}

const REFUSAL_CLOSES: Record<AppendRefusal, number> = {
  missing: CloseCode.RoomNotFound,
  full: CloseCode.RoomFull,
  "no-space": CloseCode.RelayFull,
  quota: CloseCode.AddressQuota,
};

/** True when the client's sequences do not count in this room as the relay has it now. */
function lostEntries(join: JoinMessage, room: RoomInfo): boolean {
  return (join.epoch !== 0 && join.epoch !== room.epoch) || join.sinceSeq > room.headSeq;
}

function syncedOf(room: RoomInfo, headSeq: number): RelayMessage {
  return {
    type: MessageType.Synced,
    headSeq,
    logCount: room.logCount,
    logBytes: room.logBytes,
  };
}

function isClientMessage(message: WireMessage): message is ClientMessage {
  return (
    message.type === MessageType.Join ||
    message.type === MessageType.Update ||
    message.type === MessageType.Awareness ||
    message.type === MessageType.Snapshot ||
    message.type === MessageType.DeleteRoom
  );
}
