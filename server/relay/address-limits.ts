/**
 * The hub's shared budgets, so memory stays bounded whatever clients send: open connections
 * and JOINs per client address, and the bytes of unfinished pieces held for all connections.
 */
import { TokenBucket, type RelayLimits } from "./limits";

/** Counts what every connection of one hub holds, by address and in total. */
export class AddressLimits {
  private readonly connections = new Map<string, number>();
  private readonly joins = new Map<string, TokenBucket>();
  /** Bytes of unfinished pieces held by all connections. */
  pendingPieceBytes = 0;

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

  /** Forgets JOIN counters of addresses with no open connection (the hub's sweep). */
  prune(): void {
    for (const address of this.joins.keys()) {
      if (!this.connections.has(address)) this.joins.delete(address);
    }
  }
}
