/**
 * Keeps a live room's state in this browser (through a LiveStateStore) at most once a second
 * and when the page is hidden, so a reload rejoins with what it had, unsent edits included.
 */
import type { LiveRoomState, LiveStateStore } from "./live-state-store";

/** Milliseconds between two saves at most. */
export const SAVE_EVERY_MS = 1000;

/** Throttled saving of one room's state. */
export class LiveRoomKeeper {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private removePageHide: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly store: LiveStateStore | undefined,
    private readonly roomId: string,
    private readonly read: () => LiveRoomState,
    /** Wait between saves; a large document waits longer (its whole state is written). */
    private readonly interval: () => number = () => SAVE_EVERY_MS,
  ) {}

  /** Saves on pagehide too (browser only). */
  start(): void {
    if (!this.store || typeof window === "undefined" || !window.addEventListener) return;
    const onHide = () => this.saveNow();
    window.addEventListener("pagehide", onHide);
    this.removePageHide = () => window.removeEventListener("pagehide", onHide);
  }

  /** Loads what was kept for the room (null when nothing or unreadable). */
  async load(): Promise<LiveRoomState | null> {
    if (!this.store) return null;
    try {
      return await this.store.load(this.roomId);
    } catch {
      return null; // join from the relay alone: it has every acknowledged change
    }
  }

  /** Something changed: save within a second. */
  schedule(): void {
    if (!this.store || this.stopped || this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.saveNow();
      },
      Math.max(SAVE_EVERY_MS, this.interval()),
    );
  }

  /** Saves now. */
  saveNow(): void {
    if (!this.store || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.store.save(this.roomId, this.read()).catch(() => {
      // The document engine keeps the text itself; this copy only carries a rejoin.
    });
  }

  /** Stops saving: a last save, or the kept state deleted when the room is gone. */
  stop(roomGone: boolean): void {
    if (this.stopped) return;
    if (roomGone) this.store?.delete(this.roomId).catch(() => undefined);
    else this.saveNow();
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.removePageHide?.();
    this.removePageHide = null;
  }
}
