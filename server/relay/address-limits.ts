/**
 * The hub's shared budgets, so memory stays bounded whatever clients send: open connections
 * and JOINs per client address, the bytes of unfinished pieces held for all connections, and
 * the bytes of replays being read and sent (per address and in total).
 */
import { TokenBucket, type RelayLimits } from "./limits";

/** Counts what every connection of one hub holds, by address and in total. */
export class AddressLimits {
  private readonly connections = new Map<string, number>();
  private readonly joins = new Map<string, TokenBucket>();
  /** Bytes of unfinished pieces held by all connections. */
  pendingPieceBytes = 0;
  private replayBytes = 0;
  private readonly replayBytesOf = new Map<string, number>();
  private readonly replayWaiting: { address: string; bytes: number; grant: () => void }[] = [];

  constructor(
    private readonly limits: RelayLimits,
    private readonly now: () => number,
  ) {}

  /** Counts a new connection from the address; false when it has too many open already. */
  openConnection(address: string): boolean {
    const open = this.connections.get(address) ?? 0;
    if (open >= this.limits.maxConnectionsPerAddress) return false;
    this.connections.set(address, open + 1);
    return true;
  }

  /** A connection counted by openConnection closed. */
  closeConnection(address: string): void {
    const open = (this.connections.get(address) ?? 0) - 1;
    if (open > 0) this.connections.set(address, open);
    else this.connections.delete(address);
  }

  /** Counts one JOIN from the address; false when it sent too many lately. */
  takeJoin(address: string): boolean {
    let bucket = this.joins.get(address);
    if (!bucket) {
      const { joinsPerAddressPerSecond, joinBurstPerAddress } = this.limits;
      bucket = new TokenBucket(joinsPerAddressPerSecond, joinBurstPerAddress, this.now);
      this.joins.set(address, bucket);
    }
    return bucket.take();
  }

  /**
   * A connection's unfinished pieces changed by `delta` bytes; false when all connections
   * together now hold more than the hub allows.
   */
  holdPieces(delta: number): boolean {
    this.pendingPieceBytes += delta;
    return this.pendingPieceBytes <= this.limits.maxPendingPieceBytes;
  }

  /**
   * Waits until a replay of `bytes` fits the address's share (maxReplayBytesPerAddress) and
   * the hub's (maxReplayBytes); resolves to the function that gives the bytes back. A replay
   * larger than a share waits until it is alone; an empty one never waits.
   */
  async takeReplay(address: string, bytes: number): Promise<() => void> {
    const { maxReplayBytes, maxReplayBytesPerAddress } = this.limits;
    const size = Math.min(bytes, maxReplayBytes, maxReplayBytesPerAddress);
    if (this.replayFits(address, size)) this.holdReplay(address, size);
    else
      await new Promise<void>((grant) => this.replayWaiting.push({ address, bytes: size, grant }));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.holdReplay(address, -size);
      for (const waiter of [...this.replayWaiting]) {
        if (!this.replayFits(waiter.address, waiter.bytes)) continue;
        this.replayWaiting.splice(this.replayWaiting.indexOf(waiter), 1);
        this.holdReplay(waiter.address, waiter.bytes);
        waiter.grant();
      }
    };
  }

  private replayFits(address: string, bytes: number): boolean {
    const { maxReplayBytes, maxReplayBytesPerAddress } = this.limits;
    const own = this.replayBytesOf.get(address) ?? 0;
    return (
      (own === 0 || own + bytes <= maxReplayBytesPerAddress) &&
      (this.replayBytes === 0 || this.replayBytes + bytes <= maxReplayBytes)
    );
  }

  private holdReplay(address: string, delta: number): void {
    this.replayBytes += delta;
    const own = (this.replayBytesOf.get(address) ?? 0) + delta;
    if (own > 0) this.replayBytesOf.set(address, own);
    else this.replayBytesOf.delete(address);
  }

  /** Forgets JOIN counters of addresses with no open connection (the hub's sweep). */
  prune(): void {
    for (const address of this.joins.keys()) {
      if (!this.connections.has(address)) this.joins.delete(address);
    }
  }
}
