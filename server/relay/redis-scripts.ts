/**
 * The Lua scripts of the Redis store. Each runs atomically in Redis, so sequence numbers,
 * the log, the snapshot's compare-and-swap and the fan-out publish never interleave:
 * - append: the head counter, XADD with the explicit id `${seq}-0`, the room's byte limit,
 *   EXPIRE (idle rooms vanish by themselves) and PUBLISH of the entry in one step, so every
 *   process sees entries in sequence order;
 * - snapshot: compare-and-swap on the snapshot sequence, SET the snapshot, XTRIM MINID the
 *   log it covers, and recount the log from the sizes hash (never reading the entries).
 * Keys of a room: KEYS[1] meta hash, KEYS[2] log stream, KEYS[3] snapshot string, KEYS[4] the
 * sizes hash: seq -> sealed bytes appended to the room up to and including that entry (the
 * meta's `appended` counts the same from the room's start), so the bytes a snapshot trims
 * are one subtraction.
 */

/** ARGV: verifyKey, ttl seconds, epoch. Returns 1 when created, 0 when it existed. */
export const CREATE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'verifyKey', ARGV[1], 'head', 0, 'snapSeq', 0,
  'logCount', 0, 'logBytes', 0, 'snapBytes', 0, 'appended', 0, 'epoch', ARGV[3])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`;

/**
 * ARGV: messageId, sealed, signature, maxRoomBytes, ttl seconds, channel, fan-out prefix.
 * Publishes 'E' .. seq .. ':' .. prefix .. sealed. Returns the seq, -1 (no room), -2 (full).
 */
export const APPEND_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local size = string.len(ARGV[2])
local logBytes = tonumber(redis.call('HGET', KEYS[1], 'logBytes'))
local snapBytes = tonumber(redis.call('HGET', KEYS[1], 'snapBytes'))
if logBytes + snapBytes + size > tonumber(ARGV[4]) then return -2 end
local seq = redis.call('HINCRBY', KEYS[1], 'head', 1)
redis.call('XADD', KEYS[2], seq .. '-0', 'm', ARGV[1], 's', ARGV[2], 'g', ARGV[3])
redis.call('HINCRBY', KEYS[1], 'logCount', 1)
redis.call('HINCRBY', KEYS[1], 'logBytes', size)
redis.call('HSET', KEYS[4], seq, redis.call('HINCRBY', KEYS[1], 'appended', size))
local ttl = tonumber(ARGV[5])
redis.call('EXPIRE', KEYS[1], ttl)
redis.call('EXPIRE', KEYS[2], ttl)
redis.call('EXPIRE', KEYS[3], ttl)
redis.call('EXPIRE', KEYS[4], ttl)
redis.call('PUBLISH', ARGV[6], 'E' .. seq .. ':' .. ARGV[7] .. ARGV[2])
return seq
`;

/**
 * ARGV: upToSeq, baseSeq, snapshot record, sealed length, ttl seconds.
 * Returns {accepted 0/1, snapSeq, logCount, logBytes, head, snapBytes} or {-1} (no room).
 */
export const SNAPSHOT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1} end
local head = tonumber(redis.call('HGET', KEYS[1], 'head'))
local snapSeq = tonumber(redis.call('HGET', KEYS[1], 'snapSeq'))
local upTo = tonumber(ARGV[1])
local base = tonumber(ARGV[2])
local accepted = 0
if snapSeq == base and base < upTo and upTo <= head then
  local upToBytes = redis.call('HGET', KEYS[4], upTo)
  if upToBytes then
    local appended = tonumber(redis.call('HGET', KEYS[1], 'appended'))
    redis.call('HSET', KEYS[1], 'logBytes', appended - tonumber(upToBytes))
  else
    -- A room logged before the sizes hash: count what is trimmed the old way, once.
    local bytes = 0
    for _, entry in ipairs(redis.call('XRANGE', KEYS[2], '-', upTo .. '-0')) do
      local fields = entry[2]
      for i = 1, #fields, 2 do
        if fields[i] == 's' then bytes = bytes + string.len(fields[i + 1]) end
      end
    end
    redis.call('HINCRBY', KEYS[1], 'logBytes', -bytes)
  end
  for seq = snapSeq + 1, upTo do redis.call('HDEL', KEYS[4], seq) end
  redis.call('XTRIM', KEYS[2], 'MINID', (upTo + 1) .. '-0')
  redis.call('SET', KEYS[3], ARGV[3])
  redis.call('HSET', KEYS[1], 'snapSeq', upTo, 'snapBytes', ARGV[4],
    'logCount', redis.call('XLEN', KEYS[2]))
  local ttl = tonumber(ARGV[5])
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
  redis.call('EXPIRE', KEYS[3], ttl)
  redis.call('EXPIRE', KEYS[4], ttl)
  accepted = 1
end
return {accepted, tonumber(redis.call('HGET', KEYS[1], 'snapSeq')),
  tonumber(redis.call('HGET', KEYS[1], 'logCount')),
  tonumber(redis.call('HGET', KEYS[1], 'logBytes')), head,
  tonumber(redis.call('HGET', KEYS[1], 'snapBytes'))}
`;

/** ARGV: the new epoch. Returns 1 when the room exists (and has it now), 0 when not. */
export const RENEW_EPOCH_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'epoch', ARGV[1])
return 1
`;

/**
 * Counts bytes against an address's quota for this hour. KEYS[1] the address's counter.
 * ARGV: bytes, the quota. Returns 1 when counted, 0 when it would go over (nothing counted).
 */
export const QUOTA_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return 0 end
redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], 3600)
return 1
`;
