/**
 * Chooses where rooms are kept from the environment: a data folder by default (rooms survive a
 * restart, nothing else to install), or Redis when REDIS_URL is set (any number of relay
 * processes share rooms and fan-out).
 */
import path from "node:path";
import { createDiskRoomStore } from "./disk-store";
import type { RelayBackend } from "./backend-types";
import { createMemoryFanout } from "./room-fanout";

/** Settings read from the environment. */
export interface BackendSettings {
  dataDir: string;
  redisUrl?: string;
  idleRoomDays: number;
}

/** RELAY_DATA_DIR (default `.plainpad-relay` in the working folder), REDIS_URL, RELAY_IDLE_DAYS. */
export function backendSettings(env: NodeJS.ProcessEnv): BackendSettings {
  const idleRoomDays = Number(env.RELAY_IDLE_DAYS ?? 30);
  if (!Number.isFinite(idleRoomDays) || idleRoomDays <= 0) {
    throw new Error(
      `RELAY_IDLE_DAYS must be a positive number of days, not "${env.RELAY_IDLE_DAYS}".`,
    );
  }
  return {
    dataDir: path.resolve(env.RELAY_DATA_DIR ?? ".plainpad-relay"),
    redisUrl: env.REDIS_URL || undefined,
    idleRoomDays,
  };
}

/** Opens the store and fan-out the settings name. */
export async function openBackend(settings: BackendSettings): Promise<RelayBackend> {
  if (settings.redisUrl) {
    const { openRedisBackend } = await import("./redis-backend");
    return openRedisBackend(settings.redisUrl, settings.idleRoomDays);
  }
  const store = createDiskRoomStore(settings.dataDir);
  const fanout = createMemoryFanout();
  return {
    store,
    fanout,
    description: `rooms in ${settings.dataDir}`,
    async close() {
      await fanout.close();
      await store.close();
    },
  };
}
