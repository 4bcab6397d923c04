/**
 * The Redis backend of the relay (REDIS_URL): a command connection for the store and the
 * publishes, and a second connection for subscriptions.
 */
import { Redis } from "ioredis";
import type { RelayBackend } from "./backend-types";
import { createRedisRoomCounter } from "./redis-counter";
import { createRedisFanout } from "./redis-fanout";
import { createRedisRoomStore } from "./redis-store";
import type { StorageQuotas } from "./store-quota";

/** Connects to Redis at url and opens the store and fan-out on it. */
export async function openRedisBackend(
  url: string,
  idleRoomDays: number,
  quotas: Partial<StorageQuotas> = {},
): Promise<RelayBackend> {
  const commands = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  // ioredis reconnects by itself; without a listener it prints "Unhandled error event" with a
  // stack on every try while Redis is away. One line when a connection is lost is enough.
  for (const [name, connection] of [
    ["commands", commands],
    ["subscriber", subscriber],
  ] as const) {
    let told = false;
    connection.on("error", (error: Error) => {
      if (told) return;
      told = true;
      console.error(`relay: Redis ${name} connection: ${error.message} (reconnecting)`);
    });
    connection.on("ready", () => {
      told = false;
    });
  }
  await Promise.all([commands.connect(), subscriber.connect()]);
  const where = new URL(url);
  return {
    store: createRedisRoomStore(commands, idleRoomDays, quotas),
    fanout: createRedisFanout(commands, subscriber),
    roomsCreated: (perHour, now) => createRedisRoomCounter(commands, perHour, now),
    // Host and port only: the URL may carry a password.
    description: `rooms in Redis at ${where.hostname}:${where.port || 6379}`,
    async close() {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}
