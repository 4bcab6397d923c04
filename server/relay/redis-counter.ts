/**
 * The rooms-per-address-per-hour counter in Redis, so that every relay process sharing one
 * Redis counts against the same limit (with a counter per process, N processes would let an
 * address create N times the limit). Per address a sorted set of creation times, trimmed to
 * the last hour and checked in one Lua script, so two processes never both take the last one.
 */
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { RoomCreationCounter } from "./limits";

const HOUR_MS = 60 * 60 * 1000;

/**
 * KEYS[1]: the address's set. ARGV: now (ms), a member for this creation, the limit, the hour.
 * Returns 1 when counted, 0 when the address is at the limit.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[4]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;

/** The key of an address's creations (addresses are IPs or IPv6 /64s, see upgrade-checks.ts). */
function counterKey(address: string): string {
  return `plainpad:relay:rooms-created:${encodeURIComponent(address)}`;
}

/** A counter over `redis`, `perHour` rooms per address. */
export function createRedisRoomCounter(
  redis: Redis,
  perHour: number,
  now: () => number,
): RoomCreationCounter {
  return {
    async take(address) {
      const counted = await redis.eval(
        TAKE_SCRIPT,
        1,
        counterKey(address),
        now(),
        `${now()}:${randomBytes(6).toString("hex")}`,
        perHour,
        HOUR_MS,
      );
      return counted === 1;
    },
    // Each set expires an hour after its last creation.
    prune() {},
  };
}
