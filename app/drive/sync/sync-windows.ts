/**
 * Several windows of one browser, one Drive sync. Each notepad window builds the engine, but
 * only one runs it: the window holding the Web Lock "plainpad-drive-sync" (the lock passes to a
 * waiting window when its holder closes). Where Web Locks are missing, a lease in localStorage
 * that its holder renews stands in. The others ask the running window to run, and every
 * settings change ("Off", the interval…) is written field by field (read-modify-write in one
 * IndexedDB transaction, so windows never undo each other's fields) and told to the other
 * windows on a BroadcastChannel, which take it at once: "Off" in one window is off in all.
 */
import type { StoredSyncSettings, SyncStateStore } from "~/storage/sync-store";
import type { NotepadSyncStatus } from "./sync-types";

/** The Web Lock, lease key and channel name the windows share. */
export const SYNC_WINDOWS_NAME = "plainpad-drive-sync";
/** A lease not renewed for this long is free (the fallback without Web Locks). */
export const LEASE_MS = 6_000;

const LEASE_KEY = `${SYNC_WINDOWS_NAME}-lease`;

/** What windows tell each other. */
export type WindowMessage =
  /** Settings fields another window changed and stored. */
  | { type: "settings"; change: Partial<StoredSyncSettings> }
  /**
   * A window that does not run the sync asks the one that does for a run. `connected`: it
   * holds a Google token (each window has its own, in memory): a running window without one
   * hands the sync over to it.
   */
  | { type: "run"; connected: boolean }
  /** The status of the window that runs the sync, for the others to show. */
  | { type: "status"; status: NotepadSyncStatus }
  /** A window just opened: the one that runs the sync tells it its status. */
  | { type: "hello" };

/** The channel between windows (a BroadcastChannel; tests pass a stand-in). */
export interface WindowChannel {
  postMessage(message: WindowMessage): void;
  onmessage: ((event: MessageEvent<WindowMessage>) => void) | null;
  close(): void;
}

/** The browser's means of coordination; absent parts fall back (see the module comment). */
export interface WindowsEnvironment {
  locks?: Pick<LockManager, "request"> | null;
  channel?: (() => WindowChannel | null) | null;
  storage?: Pick<Storage, "getItem" | "setItem"> | null;
  now?: () => number;
}

/** The page's own: none in Node (each test computer is a browser of its own). */
function pageEnvironment(): WindowsEnvironment {
  if (typeof window === "undefined") return {};
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null; // blocked storage: this window runs the sync alone
  }
  return {
    locks: typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null,
    channel:
      typeof BroadcastChannel === "undefined"
        ? null
        : () => new BroadcastChannel(SYNC_WINDOWS_NAME) as WindowChannel,
    storage,
  };
}

/** This window's part in the shared sync. */
export class SyncWindows {
  private leader = false;
  private channel: WindowChannel | null = null;
  private releaseLock: (() => void) | null = null;
  private leaseTimer: ReturnType<typeof setInterval> | null = null;
  /** After stepping down, the lease is left to the others this long. */
  private yieldUntil = 0;
  private readonly id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  /** The settings as this window last stored or heard them. */
  private saved: StoredSyncSettings | null = null;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: SyncStateStore,
    private readonly handlers: {
      message(message: WindowMessage): void;
      /** This window now runs the sync. */
      lead(): void;
    },
    private readonly environment: WindowsEnvironment = pageEnvironment(),
  ) {}

  /** Joins the other windows (call once, after the settings were loaded). */
  start(settings: StoredSyncSettings): void {
    this.saved = settings;
    this.channel = this.environment.channel?.() ?? null;
    if (this.channel) this.channel.onmessage = (event) => this.receive(event.data);
    this.channel?.postMessage({ type: "hello" });
    const { locks, storage } = this.environment;
    if (locks) {
      this.requestLock(locks);
    } else if (storage) {
      this.renewLease();
      this.leaseTimer = setInterval(() => this.renewLease(), LEASE_MS / 3);
    } else {
      this.becomeLeader();
    }
  }

  /** Leaves: the lock or lease passes to another window. */
  stop(): void {
    this.releaseLock?.();
    this.releaseLock = null;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.leaseTimer = null;
    this.channel?.close();
    this.channel = null;
    this.leader = false;
  }

  /** True while this window runs the sync (always, before start). */
  isLeader(): boolean {
    return this.leader || this.saved === null;
  }

  /** Tells the other windows the status of the sync this window runs. */
  shareStatus(status: NotepadSyncStatus): void {
    if (this.leader) this.channel?.postMessage({ type: "status", status });
  }

  /** Asks the window that runs the sync for a run. */
  askForRun(connected: boolean): void {
    this.channel?.postMessage({ type: "run", connected });
  }

  /**
   * Hands the sync to a window waiting for it (this one has no Google token, the asking one
   * has), then waits in line again.
   */
  stepDown(): void {
    if (!this.leader) return;
    this.leader = false;
    const { locks, storage } = this.environment;
    if (locks && this.releaseLock) {
      this.releaseLock();
      this.releaseLock = null;
      this.requestLock(locks);
    } else if (storage) {
      storage.setItem(LEASE_KEY, JSON.stringify({ id: "", until: 0 }));
      this.yieldUntil = (this.environment.now ?? Date.now)() + LEASE_MS;
    }
  }

  /**
   * Stores the fields of `settings` that changed since they were last stored or heard (one
   * read-modify-write), and tells the other windows.
   */
  save(settings: StoredSyncSettings): void {
    const saved = this.saved;
    const change: Partial<StoredSyncSettings> = {};
    for (const key of Object.keys(settings) as (keyof StoredSyncSettings)[]) {
      if (!saved || JSON.stringify(settings[key]) !== JSON.stringify(saved[key])) {
        Object.assign(change, { [key]: settings[key] });
      }
    }
    if (Object.keys(change).length === 0) return;
    this.saved = settings;
    this.writes = this.writes
      .then(() => this.store.updateSettings(change, settings))
      .catch(() => undefined);
    this.channel?.postMessage({ type: "settings", change });
  }

  private receive(message: WindowMessage): void {
    if (message.type === "settings" && this.saved) {
      this.saved = { ...this.saved, ...message.change };
    }
    this.handlers.message(message);
  }

  private requestLock(locks: Pick<LockManager, "request">): void {
    void locks.request(SYNC_WINDOWS_NAME, () => {
      this.becomeLeader();
      return new Promise<void>((release) => (this.releaseLock = release));
    });
  }

  private becomeLeader(): void {
    if (this.leader) return;
    this.leader = true;
    this.handlers.lead();
  }

  private renewLease(): void {
    const { storage } = this.environment;
    const now = (this.environment.now ?? Date.now)();
    const key = LEASE_KEY;
    if (now < this.yieldUntil) return;
    try {
      const held = JSON.parse(storage?.getItem(key) ?? "null") as { id?: string; until?: number };
      if (held && held.id !== this.id && (held.until ?? 0) > now) {
        this.leader = false; // another window holds it (this one's timers were held back)
        return;
      }
      storage?.setItem(key, JSON.stringify({ id: this.id, until: now + LEASE_MS }));
      const read = JSON.parse(storage?.getItem(key) ?? "null") as { id?: string } | null;
      if (read?.id === this.id) this.becomeLeader();
    } catch {
      this.becomeLeader(); // unreadable storage: better two windows syncing than none
    }
  }
}
