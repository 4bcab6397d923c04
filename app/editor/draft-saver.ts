import type { EditorDraft } from "~/storage/editor-draft";

/** Where the saver writes and how it reports; injected so it can be tested without IndexedDB. */
export interface DraftSaverOptions {
  /** Builds the draft to write (called only when a write happens, never per keystroke). */
  snapshot: () => EditorDraft;
  write: (draft: EditorDraft) => Promise<void>;
  onResult: (error: unknown | null) => void;
  /** Debounce after the last change, ms (below the spec's one second). */
  delay?: number;
  /**
   * Longest a change may wait while changes keep coming (continuous typing), ms; null for no
   * limit. Asked at each change, so it can depend on the document's size: writing a small
   * draft every second is cheap, a 50 MB one is not.
   */
  maxWait?: () => number | null;
}

/**
 * Debounced draft writes: `schedule()` after each change writes once, `delay` ms after the last
 * one; `flush()` writes a pending change now (page hidden or closed). Writes never overlap and a
 * change that arrives during a write is written after it.
 */
export class DraftSaver {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending = false;
  /** When the oldest change not yet written arrived (for maxWait). */
  private pendingSince = 0;
  private writing: Promise<void> | null = null;
  private disposed = false;

  constructor(private readonly options: DraftSaverOptions) {}

  /** Marks the draft changed and (re)starts the debounce timer. */
  schedule(): void {
    if (this.disposed) return;
    const now = Date.now();
    if (!this.pending) this.pendingSince = now;
    this.pending = true;
    if (this.timer !== null) clearTimeout(this.timer);
    let delay = this.options.delay ?? 700;
    const maxWait = this.options.maxWait?.() ?? null;
    if (maxWait !== null) delay = Math.max(0, Math.min(delay, this.pendingSince + maxWait - now));
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  /** Writes a pending change at once. Resolves when it is stored (or failed). */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.writing) await this.writing;
    if (!this.pending) return;
    this.pending = false;
    const draft = this.options.snapshot();
    this.writing = this.options
      .write(draft)
      .then(
        () => this.options.onResult(null),
        (error: unknown) => this.options.onResult(error),
      )
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }

  /** True while a change waits to be written. */
  get hasPending(): boolean {
    return this.pending;
  }

  /** Stops the timer; later schedules are ignored. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
