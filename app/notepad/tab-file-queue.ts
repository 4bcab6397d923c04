/**
 * One queue per tab for what touches its file on disk (issue 52): a Save (or Save As) of the
 * tab, and a Rename, Move or Delete in the folder's tree of the file bound to it, take turns.
 * A rename done as a copy and a removal then never copies the bytes a save is replacing, and a
 * save asked for during a rename starts after it, writing to the file where it went.
 */
export class TabFileQueue {
  /** Per tab id, what runs last: the next one for that tab starts after it. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `work` once nothing queued before it for any of `tabIds` is running. */
  run<T>(tabIds: readonly string[], work: () => Promise<T>): Promise<T> {
    const before = tabIds.flatMap((id) => this.tails.get(id) ?? []);
    const result = Promise.all(before).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    for (const id of tabIds) this.tails.set(id, tail);
    void tail.then(() => {
      for (const id of tabIds) if (this.tails.get(id) === tail) this.tails.delete(id);
    });
    return result;
  }
}
