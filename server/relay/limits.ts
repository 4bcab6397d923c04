/**
 * The relay's limits: the shared LIVE_LIMITS (a hub may override any of them, e.g. in tests or
 * from settings) and the token buckets and hourly counters that enforce them.
 */
import { LIVE_LIMITS } from "../../app/collab/wire";

/** Every limit the hub enforces, by the names of LIVE_LIMITS. */
export type RelayLimits = { -readonly [K in keyof typeof LIVE_LIMITS]: number };

/** LIVE_LIMITS with the given overrides. */
export function relayLimits(overrides: Partial<RelayLimits> = {}): RelayLimits {
  return { ...LIVE_LIMITS, ...overrides };
}

/**
 * A token bucket: `perSecond` sustained, bursts up to `burst`. take() spends one token and says
 * whether there was one.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts rooms created per address over the last hour: HourlyCounter in one process, or
 * shared by every process through Redis (redis-counter.ts).
 */
export interface RoomCreationCounter {
  /** Counts one for the address if it is under the limit; false when it is not. */
  take(address: string): boolean | Promise<boolean>;
  /** Forgets addresses with nothing in the last hour (called by the hub's sweep). */
  prune(): void;
}

/** Makes the counter of a hub, from its limit and clock. */
export type RoomCreationCounterFactory = (
  perHour: number,
  now: () => number,
) => RoomCreationCounter;

/** Counts rooms created per address over the last hour, in this process. */
export class HourlyCounter implements RoomCreationCounter {
  private readonly times = new Map<string, number[]>();

  constructor(
    private readonly perHour: number,
    private readonly now: () => number,
  ) {}

  /** Counts one for the address if it is under the limit; false when it is not. */
  take(address: string): boolean {
    const now = this.now();
    const recent = (this.times.get(address) ?? []).filter((time) => time > now - HOUR_MS);
    if (recent.length >= this.perHour) {
      this.times.set(address, recent);
      return false;
    }
    recent.push(now);
    this.times.set(address, recent);
    return true;
  }

  /** Forgets addresses with nothing in the last hour (called by the hub's sweep). */
  prune(): void {
    const now = this.now();
    for (const [address, times] of this.times) {
      if (times.every((time) => time <= now - HOUR_MS)) this.times.delete(address);
    }
  }
}
