/**
 * Find in files' listing (issue 52): the folder is walked ahead of the search reading its files.
 */

/**
 * The wanted paths of a walk, listed ahead of the search that reads them: the two await in
 * turn, so the number of files to search is known long before the last one is read.
 */
export function listAhead(
  walk: AsyncGenerator<string>,
  wanted: (path: string) => boolean,
  signal: AbortSignal | undefined,
): { paths: AsyncGenerator<string>; listed(): number; done(): boolean } {
  const queue: string[] = [];
  let listed = 0;
  let done = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const wakeReader = () => {
    wake?.();
    wake = null;
  };
  void (async () => {
    try {
      for await (const path of walk) {
        if (signal?.aborted) break;
        if (!wanted(path)) continue;
        queue.push(path);
        listed++;
        wakeReader();
      }
    } catch (error) {
      failure = error;
    } finally {
      done = true;
      wakeReader();
    }
  })();
  async function* paths(): AsyncGenerator<string> {
    let next = 0;
    for (;;) {
      if (next < queue.length) {
        const path = queue[next];
        queue[next++] = ""; // Let the path go once read.
        yield path;
      } else if (done) {
        if (failure) throw failure;
        return;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  }
  return { paths: paths(), listed: () => listed, done: () => done };
}
