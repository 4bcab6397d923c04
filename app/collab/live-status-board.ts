/**
 * A live session's status as the page sees it (live-session.ts): the current LiveStatus, its
 * listeners (told only of changes that show), and the first sync as a promise.
 */
import type { LivePeer } from "./live-presence";
import { sameStatus, type LiveStatus } from "./live-status";

/** One session's status and who listens to it. */
export class LiveStatusBoard {
  private status: LiveStatus;
  private readonly listeners = new Set<(status: LiveStatus) => void>();
  private readonly synced: Promise<void>;
  private settle!: (error?: Error) => void;

  constructor(canEdit: boolean) {
    this.status = { state: "connecting", message: null, peers: [], canEdit, synced: false };
    this.synced = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error ? reject(error) : resolve());
    });
    // Callers may never ask; an ended session must not leave an unhandled rejection behind.
    this.synced.catch(() => undefined);
  }

  /** The current status (the same object until something changes). */
  get current(): LiveStatus {
    return this.status;
  }

  /** Calls listener on every status change; returns the unsubscribe function. */
  subscribe(listener: (status: LiveStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves after the first sync (rejects when the session ends before it). */
  whenSynced(): Promise<void> {
    return this.synced;
  }

  /** The first sync is done, or (with an error) will never be. Later calls change nothing. */
  settleSynced(error?: Error): void {
    this.settle(error);
  }

  /** Applies `change`, with `peers` as everyone here now; listeners hear of it if it shows. */
  update(change: Partial<LiveStatus>, peers: LivePeer[]): void {
    const next: LiveStatus = { ...this.status, peers, ...change };
    // Cursor moves arrive ~30 times a second per person: tell the page only of real changes.
    if (sameStatus(this.status, next)) return;
    this.status = next;
    for (const listener of [...this.listeners]) listener(this.status);
  }
}
