/**
 * Runs the functions added during one turn of the event loop together, in one immediate (the
 * relay endpoint uncorks every socket written to in a turn this way: one immediate a turn, not
 * one per socket).
 */
export class TurnBatch {
  private pending: (() => void)[] = [];

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Runs `run` at the end of this turn, with everything else added in it, in order. */
  add(run: () => void): void {
    if (this.pending.length === 0) setImmediate(this.flush);
    this.pending.push(run);
  }

  private readonly flush = (): void => {
    const due = this.pending;
    this.pending = [];
    for (const run of due) {
      // One failure must not hold back the rest of the turn (an uncork: its socket would stall).
      try {
        run();
      } catch (error) {
        this.onError(error);
      }
    }
  };
}
