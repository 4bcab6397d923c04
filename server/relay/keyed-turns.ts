/**
 * One call at a time per key (a room id): each call waits for the one before it on the same
 * key, whether that succeeded or failed, and calls on other keys run alongside.
 */
export class KeyedTurns {
  private readonly last = new Map<string, Promise<unknown>>();

  /** Runs fn once every earlier call on `key` has settled. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.last.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const settled = run.catch(() => {});
    this.last.set(key, settled);
    void settled.then(() => {
      if (this.last.get(key) === settled) this.last.delete(key);
    });
    return run;
  }

  /** Resolves once the calls under way now have settled. */
  async idle(): Promise<void> {
    await Promise.all([...this.last.values()]);
  }
}
