/**
 * How much the relay stores, and for whom. Rooms are anonymous, so without these one address
 * could fill the disk (60 rooms an hour at 48 MB each): a limit on all stored bytes, one on the
 * bytes one address may append per hour, and no new room while the disk is nearly full. The
 * stores keep the accounting (Redis shares the per-address counts between processes).
 */

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;

/** The storage limits of a relay; 0 turns a limit off. */
export interface StorageQuotas {
  /** Bytes all rooms may take together on disk or in memory (disk and memory stores). */
  maxStoredBytes: number;
  /** Sealed bytes one address may append per hour, in every room together. */
  addressBytesPerHour: number;
  /** A new room is refused while the data folder's disk has less than this free. */
  minFreeBytes: number;
}

/** 20 GB in all, 200 MB per address per hour, and new rooms stop below 1 GB free. */
export const DEFAULT_QUOTAS: StorageQuotas = {
  maxStoredBytes: 20 * 1024 * MB,
  addressBytesPerHour: 200 * MB,
  minFreeBytes: 1024 * MB,
};

function megabytes(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be a number of megabytes (0 for no limit), not "${raw}".`);
  }
  return Math.round(value * MB);
}

/** RELAY_MAX_STORED_MB, RELAY_ADDRESS_MB_PER_HOUR and RELAY_MIN_FREE_MB (0: no limit). */
export function quotasFromEnv(env: NodeJS.ProcessEnv): StorageQuotas {
  return {
    maxStoredBytes: megabytes(env, "RELAY_MAX_STORED_MB", DEFAULT_QUOTAS.maxStoredBytes),
    addressBytesPerHour: megabytes(
      env,
      "RELAY_ADDRESS_MB_PER_HOUR",
      DEFAULT_QUOTAS.addressBytesPerHour,
    ),
    minFreeBytes: megabytes(env, "RELAY_MIN_FREE_MB", DEFAULT_QUOTAS.minFreeBytes),
  };
}

/**
 * True when storage is past 90% of its limit (0: none): new rooms stop there, so the rooms
 * already open keep room to grow.
 */
export function nearlyFull(used: number, limit: number): boolean {
  return limit > 0 && used >= limit * 0.9;
}

/** The hour (since 1970) a time falls in: the per-address counts start afresh each hour. */
export function hourOf(now: number): number {
  return Math.floor(now / HOUR_MS);
}

/** Bytes appended per address in the current hour, kept in this process. */
export class AddressBytes {
  private hour = -1;
  private readonly used = new Map<string, number>();

  constructor(private readonly perHour: number) {}

  /** Counts `bytes` for the address if it stays within its hour's quota; false when not. */
  take(address: string | undefined, bytes: number, now: number): boolean {
    if (!address || this.perHour <= 0) return true;
    const hour = hourOf(now);
    if (hour !== this.hour) {
      this.hour = hour;
      this.used.clear();
    }
    const used = this.used.get(address) ?? 0;
    if (used + bytes > this.perHour) return false;
    this.used.set(address, used + bytes);
    return true;
  }

  /** Gives back bytes counted for a write that then failed. */
  giveBack(address: string | undefined, bytes: number): void {
    if (!address || this.perHour <= 0) return;
    const used = this.used.get(address);
    if (used !== undefined) this.used.set(address, Math.max(0, used - bytes));
  }
}

/** True for the errors a full disk (or a disk quota) gives. */
export function isNoSpaceError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT" || code === "EFBIG";
}
