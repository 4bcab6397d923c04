/**
 * How much room the browser gives Plainpad and whether it may clear it: the figures behind the
 * notepad's storage warning and its About › Storage section. Browser only; every call is
 * optional in some browser, so unknown values are null rather than errors.
 */

export interface StorageHealth {
  /** Bytes used by this site (all its storage), or null when the browser does not say. */
  usage: number | null;
  /** Bytes the browser would let this site use, or null. */
  quota: number | null;
  /** True when the browser promised not to clear it; null when it cannot tell. */
  persisted: boolean | null;
}

/** At this share of the quota the notepad warns and offers a backup. */
export const STORAGE_WARN_RATIO = 0.8;

export async function readStorageHealth(): Promise<StorageHealth> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  let usage: number | null = null;
  let quota: number | null = null;
  let persisted: boolean | null = null;
  try {
    const estimate = await storage?.estimate?.();
    usage = estimate?.usage ?? null;
    quota = estimate?.quota ?? null;
  } catch {
    // Not offered (older Safari): unknown.
  }
  try {
    persisted = (await storage?.persisted?.()) ?? null;
  } catch {
    persisted = null;
  }
  return { usage, quota, persisted };
}

/** Share of the quota in use (0-1), or null when unknown. */
export function usedShare(health: StorageHealth): number | null {
  if (health.usage === null || !health.quota) return null;
  return health.usage / health.quota;
}

/**
 * The sentence for files just opened (their names, their text `chars` characters in all) when
 * the room left by the quota cannot hold them (two bytes a character, the most a browser stores
 * them in); null when they fit or the browser does not say.
 */
export function roomShortfall(
  health: StorageHealth,
  chars: number,
  names: readonly string[],
): string | null {
  if (health.usage === null || !health.quota) return null;
  const needed = chars * 2;
  const free = Math.max(0, health.quota - health.usage);
  if (needed <= free) return null;
  const what = names.length === 1 ? `"${names[0]}" needs` : `The ${names.length} files need`;
  const it = names.length === 1 ? "It is" : "They are";
  return `${what} up to ${formatBytes(needed)} to be kept in this browser, but only ${formatBytes(free)} is free. ${it} open, but may not be kept when you close this page: save to a file, or back up your documents.`;
}

/** "12.3 MB" style sizes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Sentences for the storage section: how much is used, and what to do about it. */
export function storageAdvice(health: StorageHealth): string[] {
  const lines: string[] = [];
  const share = usedShare(health);
  if (health.usage !== null && health.quota) {
    lines.push(
      `Plainpad uses ${formatBytes(health.usage)} of the ${formatBytes(health.quota)} this browser allows it (${Math.round((share ?? 0) * 100)}%).`,
    );
  } else {
    lines.push("This browser does not say how much room Plainpad has.");
  }
  if (share !== null && share >= STORAGE_WARN_RATIO) {
    lines.push(
      "Storage is nearly full. Back up your documents, then close tabs you no longer need; version history is thinned first, your text never is.",
    );
  }
  if (health.persisted === true) {
    lines.push("The browser has agreed to keep this storage: it will not clear it on its own.");
  } else {
    lines.push(
      "This browser may delete these tabs if you don't visit for a while. Back up or save them to files or Google Drive.",
    );
  }
  return lines;
}
