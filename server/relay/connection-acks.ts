/**
 * The writer's ACKs of one connection. An ACK is a promise that the update is on disk (a client
 * forgets what was acknowledged), so each waits for its append's `durable`; but it waits here,
 * on a chain of its own, not on the connection's queue of frames: the writer's next update is
 * stored and passed to the others while the one before it is being synced, and shares the
 * room's next group commit. ACKs go out in the order of the writes.
 */
export class PendingAcks {
  private chain: Promise<void> = Promise.resolve();
  /** Own writes being appended or waiting to be acknowledged: their sequence may not be known. */
  count = 0;

  /** `fail` ends the connection when a write could not be made durable (no ACK then). */
  constructor(private readonly fail: (error: unknown) => void) {}

  /** A write is about to be appended. */
  begin(): void {
    this.count++;
  }

  /** The write begun last gets no ACK (refused, or its append threw). */
  cancel(): void {
    this.count--;
  }

  /** Runs `ack` once `durable` resolved (at once without one) and every earlier ACK went out. */
  after(durable: Promise<void> | undefined, ack: () => void): void {
    this.chain = this.chain
      .then(() => durable)
      .then(ack, this.fail)
      .finally(() => this.count--);
  }

  /** Resolves when every ACK begun so far has gone out (or failed). */
  idle(): Promise<void> {
    return this.chain;
  }
}
