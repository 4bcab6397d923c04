/**
 * Chooses where rooms are kept from the environment: a data folder by default (rooms survive a
 * restart, nothing else to install), or Redis when REDIS_URL is set (any number of relay
 * processes share rooms and fan-out).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { lockDataDir } from "./data-dir-lock";
import { createDiskRoomStore } from "./disk-store";
import type { RelayBackend } from "./backend-types";
import { createMemoryFanout } from "./room-fanout";
import { quotasFromEnv, type StorageQuotas } from "./store-quota";

/** Settings read from the environment. */
export interface BackendSettings {
  dataDir: string;
  redisUrl?: string;
  idleRoomDays: number;
  /** Storage limits (RELAY_MAX_STORED_MB, RELAY_ADDRESS_MB_PER_HOUR, RELAY_MIN_FREE_MB). */
  quotas: StorageQuotas;
  /** Sync each append to the disk before acknowledging it (RELAY_FSYNC, default on). */
  fsync: boolean;
  /** How long the journal's fdatasync waits for more appends to share it (RELAY_FSYNC_WINDOW_MS). */
  fsyncWindowMs: number;
  /** At most this many room log fdatasyncs start a second (RELAY_FSYNC_RATE; 0: any). */
  fsyncRate: number;
  /** One journal for every room's appends (RELAY_JOURNAL, default on; off: a sync per room log). */
  journal: boolean;
  /** A journal checkpoint at least this often (RELAY_JOURNAL_CHECKPOINT_MS, default 5000). */
  checkpointMs: number;
  /** Days a copy kept aside for an operator (a damaged room, log or journal) is kept. */
  keepDamagedDays: number;
}

/**
 * RELAY_DATA_DIR (default `.plainpad-relay` in the working folder), REDIS_URL, RELAY_IDLE_DAYS,
 * the storage limits, RELAY_FSYNC (`off` acknowledges once written to the page cache) and
 * RELAY_FSYNC_WINDOW_MS (default 25: appends within it, of every room, share one journal
 * fdatasync; 0 syncs at once), RELAY_FSYNC_RATE (default 400: room log fdatasyncs a second at a
 * checkpoint; 0: no limit), RELAY_JOURNAL (`off`: one fdatasync per room log on the ACK path, as
 * before the journal) and RELAY_JOURNAL_CHECKPOINT_MS (default 5000).
 */
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
    quotas: quotasFromEnv(env),
    fsync: onOffSetting("RELAY_FSYNC", env.RELAY_FSYNC),
    // 25 ms: an ACK a little later costs nobody anything (only ACKs wait for the disk).
    fsyncWindowMs: wholeNumberSetting("RELAY_FSYNC_WINDOW_MS", env.RELAY_FSYNC_WINDOW_MS, {
      fallback: 25,
      min: 0,
      max: 1000,
      unit: "ms",
    }),
    // 400 a second: a room's appends keep joining the sync that waits for its turn, so a busy
    // relay pays a bounded CPU for its disk and a quiet one never waits (issue 49's bench: 2,000
    // fdatasyncs a second cost the pinned relay most of its fan-out p95 against Hocuspocus).
    fsyncRate: wholeNumberSetting("RELAY_FSYNC_RATE", env.RELAY_FSYNC_RATE, {
      fallback: 400,
      min: 0,
      max: 100_000,
      unit: "syncs a second",
    }),
    journal: onOffSetting("RELAY_JOURNAL", env.RELAY_JOURNAL),
    // 5 s: the journal stays small, and the room logs' syncs come in paced batches.
    checkpointMs: wholeNumberSetting(
      "RELAY_JOURNAL_CHECKPOINT_MS",
      env.RELAY_JOURNAL_CHECKPOINT_MS,
      { fallback: 5000, min: 100, max: 600_000, unit: "ms" },
    ),
    // 30 days: time for an operator to look, and the disk never fills with copies.
    keepDamagedDays: wholeNumberSetting("RELAY_KEEP_DAMAGED_DAYS", env.RELAY_KEEP_DAMAGED_DAYS, {
      fallback: 30,
      min: 1,
      max: 3650,
      unit: "days",
    }),
  };
}

function onOffSetting(name: string, value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "on") return true;
  if (value === "off") return false;
  throw new Error(`${name} must be "on" or "off", not "${value}".`);
}

/** Setting `name`: `fallback` when unset, else a whole number of `unit` from `min` to `max`. */
function wholeNumberSetting(
  name: string,
  value: string | undefined,
  range: { fallback: number; min: number; max: number; unit: string },
): number {
  if (value === undefined || value === "") return range.fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < range.min || number > range.max) {
    throw new Error(
      `${name} must be a whole number of ${range.unit} from ${range.min} to ${range.max}, not "${value}".`,
    );
  }
  return number;
}

/**
 * Opens the store and fan-out the settings name; `log` hears what the disk store found. The
 * data folder is this process's alone while it is open: DataDirLockedError (data-dir-lock.ts)
 * when another running relay holds it.
 */
export async function openBackend(
  settings: BackendSettings,
  log?: (event: string, fields: Record<string, string | number>) => void,
): Promise<RelayBackend> {
  if (settings.redisUrl) {
    const { openRedisBackend } = await import("./redis-backend");
    return openRedisBackend(settings.redisUrl, settings.idleRoomDays, settings.quotas);
  }
  mkdirSync(settings.dataDir, { recursive: true });
  const lock = lockDataDir(settings.dataDir);
  const store = createDiskRoomStore(settings.dataDir, {
    durable: settings.fsync,
    syncWindowMs: settings.fsyncWindowMs,
    syncsPerSecond: settings.fsyncRate,
    journal: settings.journal,
    checkpointMs: settings.checkpointMs,
    keepAsideMs: settings.keepDamagedDays * 24 * 60 * 60 * 1000,
    quotas: settings.quotas,
    log,
  });
  const fanout = createMemoryFanout();
  return {
    store,
    fanout,
    description: `rooms in ${settings.dataDir}`,
    async close() {
      await fanout.close();
      await store.close();
      lock.release();
    },
  };
}
