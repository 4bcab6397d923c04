import type { DocumentSyncHost, StorageStatus } from "./document-sync-types";

/** A write still running after this long is shown (shorter ones would only flicker). */
const SLOW_WRITE_MS = 500;

/**
 * How the document store's writes are going, for DocumentSyncClient: the status the host
 * shows (ok, full, failed), the "storing…" sign while a write runs longer than SLOW_WRITE_MS,
 * and the retry after a failed write. Browser only (timers).
 */
export class DocumentWriteStatus {
  private status: StorageStatus = "ok";
  /** Writes running for longer than SLOW_WRITE_MS, shown through `host.storing`. */
  private slowWrites = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly host: Pick<DocumentSyncHost, "storageStatus" | "storing">,
    /** Writes everything pending again (after a failure, once retryMs passed). */
    private readonly retry: () => void,
    private readonly retryMs = 2000,
  ) {}

  /** Whether the last write succeeded (writes then go on as they come). */
  get isOk(): boolean {
    return this.status === "ok";
  }

  /** The last write's outcome: the host is told when it changes (and of every failure). */
  set(status: StorageStatus, error?: unknown): void {
    if (status === this.status && status === "ok") return;
    this.status = status;
    if (status !== "ok") console.error("Storing a document failed", error);
    this.host.storageStatus(status, error);
  }

  /** A failed write: everything pending is written again after a while. */
  scheduleRetry(): void {
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retry();
    }, this.retryMs);
  }

  /** A write begins; the returned function ends it (the sign goes once no slow write runs). */
  writing(): () => void {
    let slow = false;
    const slowTimer = setTimeout(() => {
      slow = true;
      if (this.slowWrites++ === 0) this.host.storing?.(true);
    }, SLOW_WRITE_MS);
    return () => {
      clearTimeout(slowTimer);
      if (slow && --this.slowWrites === 0) this.host.storing?.(false);
    };
  }

  /** No more retries (the client was disposed). */
  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
