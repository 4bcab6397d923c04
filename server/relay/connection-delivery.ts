/**
 * What one client has of its room's log, and what goes out to it from the log: the JOIN's
 * replay (snapshot, then entries), live entries of the room's fan-out, and catch-up reads from
 * the store, so the client sees every sequence once and never a hole. Its own updates count as
 * had once they are acknowledged (the client holds them already).
 */
import type { PendingAcks } from "./connection-acks";
import { type ConnectionOutput, entryFrames, lazyFrames } from "./connection-output";
import type { RoomReplay, RoomStore, StoredEntry } from "./room-store";
import { MessageType } from "@plainpad/wire";

/** The log side of one connection's output. */
export class ConnectionDelivery {
  /** Highest sequence this client has without a gap (sent as ENTRY or ACKed as its own). */
  delivered = 0;
  /** Sequences above `delivered` the client has (sent, or its own acknowledged). */
  private readonly have = new Set<number>();
  private roomId = "";

  constructor(
    private readonly output: ConnectionOutput,
    private readonly store: RoomStore,
    /** Own updates being stored or synced: their ACKs (and maybe sequences) are still to come. */
    private readonly acks: PendingAcks,
    private readonly isClosed: () => boolean,
    /** Closes the connection asking the client to rejoin and replay. */
    private readonly reconnect: () => void,
  ) {}

  /**
   * Sends the JOIN's replay of `roomId` to a client that had everything up to `sinceSeq`, as
   * the socket drains (a reader that does not read holds the relay nothing more). False when
   * the connection closed meanwhile.
   */
  async replay(roomId: string, replay: RoomReplay, sinceSeq: number): Promise<boolean> {
    this.roomId = roomId;
    this.delivered = Math.min(sinceSeq, replay.room.headSeq);
    if (replay.snapshot) {
      const snapshot = { type: MessageType.SnapshotReplay, ...replay.snapshot } as const;
      if (!(await this.output.send(lazyFrames(snapshot)))) return false;
      this.delivered = replay.snapshot.upToSeq;
    }
    for (const entry of replay.entries) if (!(await this.sendEntry(entry))) return false;
    return true;
  }

  /** A live entry of the room's fan-out: sent unless the client has it, after any it lacks. */
  async live(entry: StoredEntry): Promise<void> {
    if (entry.seq <= this.delivered || this.have.has(entry.seq)) return;
    // A gap while this client's own update is being stored is that update: its ACK follows.
    if (entry.seq > this.delivered + 1 && this.acks.count === 0) {
      // Something before it has not reached us yet (another process, or a reordering).
      if (!(await this.catchUp(entry.seq - 1))) return;
    }
    await this.sendEntry(entry);
  }

  /**
   * A live entry handled now, without waiting: true when it was sent (or the client has it);
   * false when it needs the waiting path (a gap to catch up on, a socket that is full), and
   * nothing was done.
   */
  liveNow(entry: StoredEntry): boolean {
    if (entry.seq <= this.delivered || this.have.has(entry.seq)) return true;
    if (entry.seq > this.delivered + 1 && this.acks.count === 0) return false;
    if (!this.output.sendNow(entryFrames(entry))) return false;
    this.sent(entry.seq);
    return true;
  }

  /** The client's own update `seq` was acknowledged: it has that entry. */
  acknowledged(seq: number): void {
    if (seq > this.delivered) this.have.add(seq);
    this.advance();
  }

  /**
   * Sends from the store what this client lacks up to `seq`, so it never sees a hole. When
   * the log no longer has it (compacted into a snapshot), the client rejoins and replays.
   */
  async catchUp(seq: number): Promise<boolean> {
    if (seq <= this.delivered) return true;
    const stored = await this.store.readAfter(this.roomId, this.delivered);
    for (const missing of stored) {
      if (missing.seq > seq) break;
      if (missing.seq <= this.delivered || this.have.has(missing.seq)) continue;
      if (missing.seq !== this.delivered + 1) break;
      if (!(await this.sendEntry(missing))) return false;
    }
    if (this.delivered >= seq || this.acks.count > 0) return true;
    this.reconnect();
    return false;
  }

  /** Sends an entry as the socket drains; false when the connection closed meanwhile. */
  private async sendEntry(entry: StoredEntry): Promise<boolean> {
    if (this.isClosed() || !(await this.output.send(entryFrames(entry))) || this.isClosed()) {
      return false;
    }
    this.sent(entry.seq);
    return true;
  }

  private sent(seq: number): void {
    // The common case, the next sequence, moves on without a set entry made and dropped.
    if (seq === this.delivered + 1) this.delivered = seq;
    else this.have.add(seq);
    this.advance();
  }

  private advance(): void {
    while (this.have.has(this.delivered + 1)) this.have.delete(++this.delivered);
  }
}
