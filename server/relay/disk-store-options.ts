/**
 * The disk store's options (disk-store.ts), and how it opens its journal (disk-journal.ts):
 * replayed into the room logs first, then a new file.
 */
import { openJournal, type DiskJournal } from "./disk-journal";
import { replayJournals } from "./disk-journal-replay";
import type { StorageQuotas } from "./store-quota";

/** Options of the disk store. */
export interface DiskStoreOptions {
  /** Memory kept for recently used rooms before the least recent is dropped (bytes). */
  cacheBytes?: number;
  /** Sync each append to the disk before it resolves (RELAY_FSYNC, default on). */
  durable?: boolean;
  /** How long a sync waits for more appends to share it (RELAY_FSYNC_WINDOW_MS; ms, default 0). */
  syncWindowMs?: number;
  /** At most this many room log syncs start a second (RELAY_FSYNC_RATE; 0: any); with the
   * journal they are the checkpoints'. */
  syncsPerSecond?: number;
  /** With `durable`: one journal for every room (default), or one fdatasync per room log. */
  journal?: boolean;
  /** A journal checkpoint at least this often (RELAY_JOURNAL_CHECKPOINT_MS; default 5000). */
  checkpointMs?: number;
  /** A journal checkpoint once the journal passes this many bytes (default 64 MiB). */
  checkpointBytes?: number;
  /** Storage limits (store-quota.ts); the defaults when left out. */
  quotas?: Partial<StorageQuotas>;
  /** How a log file is synced (fdatasync; tests inject a failing disk). */
  syncFile?: (fd: number) => Promise<void>;
  /**
   * What a start keeps of the copies kept aside for an operator (damaged rooms, logs, journals),
   * by age (RELAY_KEEP_DAMAGED_DAYS; ms, default 30 days): older ones are removed.
   */
  keepAsideMs?: number;
  /** Told when a start swept leftovers or a damaged room was kept aside (never payloads). */
  log?: (event: string, fields: Record<string, string | number>) => void;
}

/** How long a start keeps what was kept aside for an operator (default 30 days), in ms. */
export function keepAsideMs(options: DiskStoreOptions): number {
  return options.keepAsideMs ?? 30 * 24 * 60 * 60 * 1000;
}

/**
 * Replays the journals `dir` holds into the room logs (also when this run has none: a journal
 * left by an earlier run must not wait for a later one), then opens a new one when `journaled`.
 */
export async function openStoreJournal(
  dir: string,
  options: DiskStoreOptions,
  journaled: boolean,
  log: (event: string, fields: Record<string, string | number>) => void,
  onLost: (roomIds: string[]) => void,
): Promise<DiskJournal | null> {
  const lastGeneration = await replayJournals(dir, log);
  if (!journaled) return null;
  return openJournal(dir, lastGeneration, {
    windowMs: options.syncWindowMs ?? 0,
    checkpointMs: options.checkpointMs ?? 5000,
    checkpointBytes: options.checkpointBytes ?? 64 * 1024 * 1024,
    syncFile: options.syncFile,
    onLost,
    log,
  });
}
