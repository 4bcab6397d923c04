/**
 * What goes out to one client, paced by what its socket has not written yet: replays, snapshots
 * and live events are sent as the socket drains (never more than sendHighWaterBytes queued
 * unsent), and a reader too far behind (events waiting past maxQueuedBytes, or a socket that
 * writes nothing out for sendStallMs) is closed as slow, so it cannot make the relay hold
 * more and more for it. Large messages are cut into pieces as they go, never all at once.
 */
import * as encoding from "lib0/encoding";
import {
  LIVE_LIMITS,
  MessageType,
  encodeFrames,
  encodeMessage,
  randomId,
  type EntryMessage,
  type SnapshotMessage,
} from "@plainpad/wire";
import type { RelayLimits } from "./limits";
import type { FanoutEvent } from "./room-fanout";
import type { StoredEntry } from "./room-store";
import type { RelayConnection } from "./relay-types";

/** Paced output of one connection; `onSlow` closes it. */
export class ConnectionOutput {
  private backlogBytes = 0;
  private backlogCount = 0;
  /** Resolves when the connection closes: no wait outlives it. */
  private readonly stopped: Promise<boolean>;
  private stopWaits: () => void = () => {};

  constructor(
    private readonly connection: RelayConnection,
    private readonly limits: RelayLimits,
    private readonly onSlow: () => void,
    private readonly isClosed: () => boolean,
  ) {
    this.stopped = new Promise((resolve) => (this.stopWaits = () => resolve(false)));
  }

  /** The connection closed: whatever waits to send gives up now. */
  stop(): void {
    this.stopWaits();
  }

  /**
   * Counts an event waiting to go out. False (and the connection closed) when more than one
   * is waiting and together they pass maxQueuedBytes: one large message alone may wait.
   */
  hold(bytes: number): boolean {
    this.backlogBytes += bytes;
    this.backlogCount++;
    if (this.backlogCount > 1 && this.backlogBytes > this.limits.maxQueuedBytes) {
      this.onSlow();
      return false;
    }
    return true;
  }

  /** An event counted by hold() left the backlog (sent or skipped). */
  release(bytes: number): void {
    this.backlogBytes -= bytes;
    this.backlogCount--;
  }

  /**
   * Sends the frames in order, each once the socket holds at most sendHighWaterBytes unsent.
   * Resolves false when the reader stalled (the connection is closed then).
   */
  async send(frames: Iterable<Uint8Array>): Promise<boolean> {
    for (const frame of frames) {
      // Waits only when the socket is full (the common case sends at once).
      if (this.full() && !(await this.room())) return false;
      this.connection.send(frame);
    }
    return true;
  }

  /**
   * Sends a one-frame message now, when nothing else of this connection waits to go out and
   * its socket has room: true when sent. A fan-out event reaches every reader of its room this
   * way without a promise per reader (issue 49: the relay's cost per update).
   */
  sendNow(frames: readonly Uint8Array[]): boolean {
    if (frames.length !== 1 || this.backlogCount > 0 || this.full()) return false;
    this.connection.send(frames[0]);
    return true;
  }

  private full(): boolean {
    const { connection } = this;
    return (
      connection.flushed !== undefined &&
      (connection.bufferedAmount ?? 0) > this.limits.sendHighWaterBytes
    );
  }

  private async room(): Promise<boolean> {
    const { connection } = this;
    while (connection.flushed && this.full()) {
      // A closed connection sends nothing more (and its socket may never drain).
      if (this.isClosed()) return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stalled = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), this.limits.sendStallMs);
      });
      const wrote = connection.flushed().then(() => false);
      const isStalled = await Promise.race([wrote, stalled, this.stopped]);
      clearTimeout(timer);
      if (this.isClosed()) return false;
      if (isStalled) {
        this.onSlow();
        return false;
      }
    }
    return true;
  }
}

/** Bytes an event holds while it waits for a reader (its sealed payload and a little more). */
export function heldBytes(event: FanoutEvent): number {
  if (event.kind === "entry") return event.entry.sealed.length + 128;
  if (event.kind === "awareness") return event.sealed.length + 64;
  return 64;
}

const EMPTY = new Uint8Array(0);

/**
 * The frames of an ENTRY or SNAPSHOT_REPLAY, the same bytes encodeFrames gives, made one at a
 * time: the sealed bytes are never copied into one whole message first, so a 20 MiB snapshot
 * replayed to many clients costs one piece each at a time, not its size each.
 */
export function* lazyFrames(
  message: EntryMessage | (SnapshotMessage & { type: typeof MessageType.SnapshotReplay }),
  pieceId: Uint8Array = randomId(),
): Generator<Uint8Array> {
  // Every field before the sealed bytes, then their length: sealed is the message's last field.
  const withoutSealed = encodeMessage({ ...message, sealed: EMPTY });
  const e = encoding.createEncoder();
  encoding.writeUint8Array(e, withoutSealed.subarray(0, withoutSealed.length - 1));
  encoding.writeVarUint(e, message.sealed.length);
  const head = encoding.toUint8Array(e);
  const { sealed } = message;
  const total = head.length + sealed.length;
  if (total <= LIVE_LIMITS.maxFrameBytes) {
    const whole = new Uint8Array(total);
    whole.set(head);
    whole.set(sealed, head.length);
    yield whole;
    return;
  }
  if (total > LIVE_LIMITS.maxMessageBytes) {
    throw new RangeError(`message of ${total} bytes is over the limit`);
  }
  const size = LIVE_LIMITS.pieceBytes;
  const count = Math.ceil(total / size);
  for (let index = 0; index < count; index++) {
    const start = index * size;
    const end = Math.min(total, start + size);
    const bytes = new Uint8Array(end - start);
    if (start < head.length) bytes.set(head.subarray(start, Math.min(end, head.length)));
    const from = Math.max(start, head.length) - head.length;
    bytes.set(sealed.subarray(from, end - head.length), Math.max(0, head.length - start));
    yield encodeMessage({ type: MessageType.Piece, pieceId, index, count, bytes });
  }
}

// One entry goes to every connection of its room: encoded once, while anyone holds it.
const encodedEntries = new WeakMap<StoredEntry, Uint8Array[]>();

export function entryFrames(entry: StoredEntry): Uint8Array[] {
  let frames = encodedEntries.get(entry);
  if (!frames) {
    frames = encodeFrames({ type: MessageType.Entry, ...entry });
    encodedEntries.set(entry, frames);
  }
  return frames;
}

// Presence goes to every connection of its room: encoded once per event, not per recipient.
const encodedAwareness = new WeakMap<FanoutEvent, Uint8Array[]>();

export function awarenessFrames(event: FanoutEvent & { kind: "awareness" }): Uint8Array[] {
  let frames = encodedAwareness.get(event);
  if (!frames) {
    frames = encodeFrames({ type: MessageType.AwarenessRelay, sealed: event.sealed });
    encodedAwareness.set(event, frames);
  }
  return frames;
}
