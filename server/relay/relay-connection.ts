/**
 * One client connection as the hub handles it: frames are checked and decoded as they arrive,
 * then handled strictly in order on one promise chain (store calls are async). The room's
 * fan-out events run on a second chain that opens once the JOIN's replay is sent, so a client
 * sees its replay and then the live log without a gap or a duplicate, and never waits for its
 * own write to be stored before it sees the others'. The relay never decrypts: it checks sizes, rates and signatures, and passes sealed
 * bytes along. A connection writes only after it proved it holds the room's signing key: WELCOME
 * carries a random challenge, and PROVE is its signature (a view-only link, or someone replaying
 * signed entries it saw, cannot answer it).
 */
import type { KeyObject } from "node:crypto";
import {
  CLOSE_REASONS,
  CloseCode,
  MessageType,
  WIRE_VERSION,
  encodeFrames,
  proveBinding,
  randomChallenge,
  roomIdForVerifyKey,
  signedBytes,
  type ClientMessage,
  type JoinMessage,
  type RelayMessage,
} from "@plainpad/wire";
import type { AddressLimits } from "./address-limits";
import { PendingAcks } from "./connection-acks";
import { ConnectionInput, waitingBytesOf } from "./connection-input";
import { ConnectionDelivery } from "./connection-delivery";
import { ConnectionOutput, awarenessFrames, heldBytes } from "./connection-output";
import { ConnectionWrites, type Writer } from "./connection-writes";
import { lostEntries, syncedOf } from "./connection-rules";
import { openRoom } from "./room-opening";
import { TokenBucket, type RelayLimits, type RoomCreationCounter } from "./limits";
import type { FanoutEvent, RoomFanout } from "./room-fanout";
import type { RoomEnding, RoomStore } from "./room-store";
import type { RelayConnection } from "./relay-types";
import { verifyKeyObject, verifySignature } from "./verify";

/** What a connection needs from its hub. */
export interface HubContext {
  readonly store: RoomStore;
  readonly fanout: RoomFanout;
  readonly limits: RelayLimits;
  readonly now: () => number;
  readonly roomsCreated: RoomCreationCounter;
  /** Connections and JOINs per address, unfinished pieces in total. */
  readonly budgets: AddressLimits;
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
  /** WELCOME's challenge; null before the JOIN is handled and once proven. */
  private challenge: Uint8Array | null = null;
  /** True once PROVE showed the edit key: only then are UPDATE, SNAPSHOT and DELETE taken. */
  private proven = false;
  private queue: Promise<void> = Promise.resolve();
  private events: Promise<void>;
  private openEvents: () => void = () => {};
  /** True once the JOIN's replay went out: live events may go out from then on. */
  private eventsOpen = false;
  /** Fan-out events on the `events` chain not handled yet: later ones wait behind them. */
  private eventsWaiting = 0;
  private readonly input: ConnectionInput;
  private readonly writes: TokenBucket;
  private readonly awareness: TokenBucket;
  private readonly output: ConnectionOutput;
  /** Own updates being stored or synced: their ACKs (and maybe sequences) are still to come. */
  private readonly acks = new PendingAcks((error) => this.fail(error));
  /** What the client has of the room's log, and what goes out to it from there. */
  private readonly delivery: ConnectionDelivery;
  /** UPDATE, SNAPSHOT and DELETE_ROOM, once the connection proved the edit key. */
  private readonly writing: ConnectionWrites;
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
    this.events = new Promise(
      (resolve) =>
        (this.openEvents = () => {
          this.eventsOpen = true;
          resolve();
        }),
    );
    this.input = new ConnectionInput(limits, hub.budgets, connection);
    this.output = new ConnectionOutput(
      connection,
      limits,
      () => this.close(CloseCode.SlowReader),
      () => this.closed,
    );
    this.delivery = new ConnectionDelivery(
      this.output,
      hub.store,
      this.acks,
      () => this.closed,
      () => this.close(RECONNECT_CODE, "Reconnect"),
    );
    const roomOf = () => this.roomId!;
    const writer: Writer = {
      id,
      address: connection.address,
      get roomId() {
        return roomOf();
      },
      send: (message) => this.send(message),
      close: (code) => this.close(code),
      verified: (data, signature) => this.verified(data, signature),
      end: (ending) => this.end(ending),
    };
    this.writing = new ConnectionWrites(writer, hub, this.acks, this.delivery);
  }

  get address(): string {
    return this.connection.address;
  }

  /** Bytes of unfinished pieces and waiting messages this connection holds in the hub's budget. */
  get piecesHeld(): number {
    return this.input.held;
  }

  /** A frame from the client: checked now, handled in order. */
  receive(frame: Uint8Array): void {
    if (this.closed) return;
    const message = this.input.accept(frame, this.joining);
    if (typeof message === "number") return this.close(message);
    if (!message) return;
    // Rates are counted on arrival, so a flood is cut before it queues up store calls.
    if (message.type === MessageType.Awareness && !this.awareness.take()) {
      return this.close(CloseCode.RateLimited);
    }
    const isWrite = message.type === MessageType.Update || message.type === MessageType.Snapshot;
    if (isWrite && !this.writes.take()) return this.close(CloseCode.RateLimited);
    if (message.type === MessageType.Join) {
      if (this.joining) return this.close(CloseCode.Malformed);
      if (!this.hub.budgets.takeJoin(this.address)) return this.close(CloseCode.TooManyJoins);
      this.joining = true;
    } else if (!this.joining) {
      return this.close(CloseCode.Malformed);
    }
    const bytes = waitingBytesOf(message);
    const refused = this.input.wait(bytes);
    if (refused !== null) return this.close(refused);
    this.queue = this.queue
      .then(() => (this.closed ? undefined : this.handle(message)))
      .catch((error: unknown) => this.fail(error))
      .finally(() => this.input.handled(bytes));
  }

  /** A fan-out event of this connection's room, handled after everything before it. */
  deliver(event: FanoutEvent): void {
    if (this.closed) return;
    if ("origin" in event && event.origin === this.id) return;
    // Nothing before it waits: a live entry or presence goes out now, in the publisher's turn.
    // A promise chain per reader per event was most of what the relay allocated (issue 49).
    if (this.eventsOpen && this.eventsWaiting === 0 && this.deliverNow(event)) return;
    // Counted while it waits: a reader that lets events pile up is closed (SlowReader).
    const held = heldBytes(event);
    if (!this.output.hold(held)) return;
    this.eventsWaiting++;
    this.events = this.events
      .then(() => {
        this.output.release(held);
        return this.closed ? undefined : this.onEvent(event);
      })
      .catch((error: unknown) => this.fail(error))
      .then(() => {
        this.eventsWaiting--;
      });
  }

  /** Handles an event at once when it can go out without waiting; false: it must wait. */
  private deliverNow(event: FanoutEvent): boolean {
    if (event.kind === "entry") return this.delivery.liveNow(event.entry);
    if (event.kind === "awareness") return this.output.sendNow(awarenessFrames(event));
    return false;
  }

  /** Closes with a code from CloseCode (or 1001/1013) and stops handling anything. */
  close(code: number, reason = CLOSE_REASONS[code] ?? "Reconnect"): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.detach(this);
    this.input.stop();
    this.openEvents();
    this.output.stop();
    this.connection.close(code, reason);
  }

  /** The socket closed (by the client or the network). */
  closedBySocket(): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.detach(this);
    this.input.stop();
    this.openEvents();
    this.output.stop();
  }

  /** Resolves when every queued task has run. */
  async drained(): Promise<void> {
    await Promise.all([this.queue, this.events, this.acks.idle()]);
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
    const write =
      message.type === MessageType.Update ||
      message.type === MessageType.Snapshot ||
      message.type === MessageType.DeleteRoom;
    if (write && !this.proven) {
      this.close(CloseCode.NotAllowed);
      return Promise.resolve();
    }
    switch (message.type) {
      case MessageType.Join:
        return this.joinInTurn(message);
      case MessageType.Prove:
        return this.prove(message.signature);
      case MessageType.Update:
        return this.writing.update(message);
      case MessageType.Snapshot:
        return this.writing.snapshot(message);
      case MessageType.DeleteRoom:
        return this.writing.deleteRoom(message.at, message.signature);
      case MessageType.Awareness:
        return this.hub.fanout.publish(this.roomId!, {
          kind: "awareness",
          sealed: message.sealed,
          origin: this.id,
        });
    }
  }

  /** A replay is held in memory until it is sent: JOINs take turns within a byte budget. */
  private async joinInTurn(message: JoinMessage): Promise<void> {
    const room = await this.hub.store.getRoom(message.roomId);
    const size = room ? room.snapshotBytes + room.logBytes : 0;
    const release = await this.hub.budgets.takeReplay(this.address, size);
    try {
      if (!this.closed) await this.join(message);
    } finally {
      release();
    }
  }

  private async join(message: JoinMessage): Promise<void> {
    const { store } = this.hub;
    if (message.version !== WIRE_VERSION) return this.close(CloseCode.WrongVersion);
    if (roomIdForVerifyKey(message.verifyKey) !== message.roomId) {
      return this.close(CloseCode.NotAllowed);
    }
    const opening = await openRoom(this.hub, message, this.address);
    if (opening.kind === "ended") return this.end(opening.ending);
    if (opening.kind === "refused") return this.close(opening.code);
    const { created } = opening;
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
    this.challenge = randomChallenge();
    this.send({
      type: MessageType.Welcome,
      headSeq: room.headSeq,
      snapshotSeq: room.snapshotSeq,
      created,
      challenge: this.challenge,
      epoch: room.epoch,
    });
    if (!(await this.delivery.replay(message.roomId, replay, sinceSeq))) return;
    this.send(syncedOf(room, this.delivery.delivered));
    // Live entries queued meanwhile go out now (those the replay had are skipped).
    this.openEvents();
  }

  /** PROVE: the challenge signed with the room's key makes this a writing connection. */
  private async prove(signature: Uint8Array): Promise<void> {
    const challenge = this.challenge;
    // Before WELCOME, or a second proof: no page sends that.
    if (!challenge) return this.close(CloseCode.Malformed);
    this.challenge = null;
    const data = signedBytes(proveBinding(this.roomId!, challenge), EMPTY);
    if (await this.verified(data, signature)) this.proven = true;
  }

  /** Checks a write's signature with the room's key; closes NotAllowed when it fails. */
  private async verified(data: Uint8Array, signature: Uint8Array): Promise<boolean> {
    if (this.verifyKey && (await verifySignature(this.verifyKey, data, signature))) return true;
    this.close(CloseCode.NotAllowed);
    return false;
  }

  private async onEvent(event: FanoutEvent): Promise<void> {
    if (event.kind === "ended") return this.end(event.ending);
    if (event.kind === "awareness") {
      await this.output.send(awarenessFrames(event));
      return;
    }
    if (event.kind === "missed") {
      await this.delivery.catchUp(event.upToSeq);
      return;
    }
    await this.delivery.live(event.entry);
  }

  /** The room was deleted or expired: tell the client why (with the signed delete) and close. */
  private end(ending: RoomEnding): void {
    this.send({ type: MessageType.Ended, ...ending });
    this.close(ending.cause === "deleted" ? CloseCode.RoomEnded : CloseCode.RoomExpired);
  }
}
