/**
 * When a view derived from a long document (the Markdown preview, the word count line) catches
 * up with typing. Updating it costs the next frame a layout and a paint of its own; in a long
 * document that frame lands on a keystroke, and with an update on every pause of a few tens of
 * milliseconds it landed on one keystroke in six. So a changed text is shown once it has rested
 * `quiet` ms, or `maxWait` ms after its first change not yet shown while the user keeps typing.
 * Both grow with the document; under `LIVE_UPDATE_LIMIT` characters a view may follow every
 * keystroke (decision 018).
 */
export const LIVE_UPDATE_LIMIT = 100_000;

function updateTiming(length: number): { quiet: number; maxWait: number } {
  if (length < LIVE_UPDATE_LIMIT) return { quiet: 40, maxWait: 40 };
  if (length < 1_000_000) return { quiet: 150, maxWait: 1000 };
  return { quiet: 400, maxWait: 2000 };
}

/**
 * How long from now the next update of a view of a document of `length` characters starts, its
 * first change not yet shown having been made `waited` ms ago (see above).
 */
export function nextUpdateDelay(length: number, waited: number): number {
  const { quiet, maxWait } = updateTiming(length);
  return Math.max(0, Math.min(quiet, maxWait - waited));
}

/**
 * Runs a view's update on the timing above: `schedule` on each change, `cancel` when the view
 * has caught up (or is gone). One per view; the owner keeps any rule of its own on top (the
 * preview's first render at once, no render while one is in flight).
 */
export class UpdateScheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When (performance.now()) the first change not yet shown was made. */
  private firstPendingAt: number | null = null;

  constructor(private readonly update: () => void) {}

  /** A change the view does not show yet; its time starts the maximum wait. */
  pending(): void {
    this.firstPendingAt ??= performance.now();
  }

  /**
   * The document (`length` characters) changed: the update runs when it has rested, or has
   * waited long enough; `atOnce` runs it on the next turn of the event loop.
   */
  schedule(length: number, atOnce = false): void {
    const now = performance.now();
    const waited = now - (this.firstPendingAt ??= now);
    const delay = atOnce ? 0 : nextUpdateDelay(length, waited);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.update();
    }, delay);
  }

  /** The view shows every change (or is closed): nothing waits any more. */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.firstPendingAt = null;
  }
}
