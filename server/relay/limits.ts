/**
 * The relay's limits: the shared LIVE_LIMITS (a hub may override any of them, e.g. in tests or
 * from settings) and the token buckets and hourly counters that enforce them.
 */
import { LIVE_LIMITS } from "@plainpad/wire";

/**
 * Limits of the relay alone (the page never needs them): they keep its memory bounded whatever
 * clients send (see docs/decisions/024-live-relay.md, "Limits").
 */
export const RELAY_ONLY_LIMITS = {
  /** Events waiting for one slow reader, past which it is closed (SlowReader; it rejoins). */
  maxQueuedBytes: 4 * 1024 * 1024,
  /** Bytes a socket may hold unsent before sending pauses until it drains (replays, events). */
  sendHighWaterBytes: 1024 * 1024,
  /** A socket that writes nothing out this long while sending waits is closed (SlowReader). */
  sendStallMs: 20_000,
  /** Unfinished pieces held for all connections together, past which RelayBusy closes one. */
  maxPendingPieceBytes: 96 * 1024 * 1024,
  /** Replays (snapshot and log) being read and sent, in total and per client address. */
  maxReplayBytes: 128 * 1024 * 1024,
  maxReplayBytesPerAddress: 48 * 1024 * 1024,
  /** Open connections per client address (RELAY_MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress: 64,
  /**
   * JOINs per client address per second, sustained (RELAY_JOINS_PER_ADDRESS_PER_SECOND);
   * bursts up to joinBurstPerAddress (30 seconds' worth).
   */
  joinsPerAddressPerSecond: 2,
  joinBurstPerAddress: 60,
} as const;

/**
 * The per-address limits an operator may raise (many people behind one address) or a test
 * suite that runs every page from 127.0.0.1: RELAY_MAX_CONNECTIONS_PER_ADDRESS and
 * RELAY_JOINS_PER_ADDRESS_PER_SECOND.
 */
export function relayLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<RelayLimits> {
  const limits: Partial<RelayLimits> = {};
  const read = (name: string): number | undefined => {
    const text = env[name];
    if (text === undefined || text === "") return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) {
      throw new Error(`${name} must be a positive number, not "${text}".`);
    }
    return value;
  };
  const connections = read("RELAY_MAX_CONNECTIONS_PER_ADDRESS");
  if (connections !== undefined) limits.maxConnectionsPerAddress = Math.floor(connections);
  const joins = read("RELAY_JOINS_PER_ADDRESS_PER_SECOND");
  if (joins !== undefined) {
    limits.joinsPerAddressPerSecond = joins;
    limits.joinBurstPerAddress = Math.max(1, joins * 30);
  }
  return limits;
}

/** Every limit the hub enforces, by the names of LIVE_LIMITS and RELAY_ONLY_LIMITS. */
export type RelayLimits = {
  -readonly [K in keyof typeof LIVE_LIMITS | keyof typeof RELAY_ONLY_LIMITS]: number;
};

/** LIVE_LIMITS and RELAY_ONLY_LIMITS with the given overrides. */
export function relayLimits(overrides: Partial<RelayLimits> = {}): RelayLimits {
  return { ...LIVE_LIMITS, ...RELAY_ONLY_LIMITS, ...overrides };
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
