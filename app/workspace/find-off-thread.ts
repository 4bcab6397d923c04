import type { FindEvent, FindQuery } from "./find-in-files";
import { type FindReply, type FindRequest, type FolderSource, runFindJob } from "./find-job";
import { FindMerge } from "./find-split";

/**
 * Starts find in files in module workers (find-worker.ts, built by Vite), results streaming
 * to `onEvent` file by file. Where no worker can start (Node, tests), the same job runs here:
 * slower for the page, never missing.
 */

/** What the search needs of a worker (a Worker; tests pass a stand-in). */
export interface FindWorker {
  postMessage(request: FindRequest): void;
  onmessage: ((event: MessageEvent<FindReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate?(): void;
}

function pageWorker(): FindWorker | null {
  if (typeof Worker === "undefined") return null;
  return new Worker(new URL("./find-worker.ts", import.meta.url), { type: "module" });
}

/** The workers, started on the first search and kept (each keeps its files' encodings). */
let workers: FindWorker[] | null | undefined;
let nextId = 0;
/** Each running search's handler of a worker's event (`part`: the worker's place in `workers`). */
const listeners = new Map<number, (part: number, event: FindEvent) => void>();

function findWorkers(make: () => FindWorker | null, count: number): FindWorker[] | null {
  if (workers !== undefined) return workers;
  const started: FindWorker[] = [];
  try {
    for (let part = 0; part < count; part++) {
      const worker = make();
      if (!worker) break;
      started.push(worker);
    }
  } catch {
    // As many as started.
  }
  workers = started.length > 0 ? started : null;
  started.forEach((worker, part) => {
    worker.onmessage = ({ data }) => listeners.get(data.id)?.(part, data.event);
    worker.onerror = () => {
      for (const each of started) each.terminate?.();
      workers = undefined;
      const failed = [...listeners.values()];
      listeners.clear();
      for (const listener of failed) {
        listener(part, {
          type: "error",
          message: "The search could not run. Reload the page and try again.",
        });
      }
    };
  });
  return workers;
}

/** Stops the workers (the next search starts new ones, their encodings memo empty). */
export function stopFindWorkers(): void {
  for (const worker of workers ?? []) worker.terminate?.();
  workers = undefined;
  listeners.clear();
}

/** A running search: `cancel` stops it (no more events). */
export interface RunningFind {
  cancel(): void;
  /** True when it runs in a worker, not on the page. */
  offThread: boolean;
}

/** Where a search runs from, and the opened folder's id (its encodings are kept between searches). */
export interface FindTarget {
  source: FolderSource;
  folderId?: string;
  /**
   * How many workers search (`findWorkerCount` of the page's processors; default 1). Fixed by the
   * first search: the workers are kept.
   */
  workers?: number;
}

/**
 * Searches in the workers (as many as `target.workers`, each its share of the files: find-split.ts),
 * their events merged into one search's, in folder order.
 */
export function findInFilesOffThread(
  { source, folderId, workers: count = 1 }: FindTarget,
  query: FindQuery,
  onEvent: (event: FindEvent) => void,
  make: () => FindWorker | null = pageWorker,
): RunningFind {
  const id = ++nextId;
  const pool = findWorkers(make, count);
  if (!pool) {
    const controller = new AbortController();
    void runFindJob(id, source, query, ({ event }) => onEvent(event), controller.signal);
    return { cancel: () => controller.abort(), offThread: false };
  }
  const cancel = () => {
    listeners.delete(id);
    for (const worker of pool) worker.postMessage({ type: "cancel", id });
  };
  if (pool.length === 1) {
    listeners.set(id, (_part, event) => {
      if (event.type === "done" || event.type === "error") listeners.delete(id);
      onEvent(event);
    });
    pool[0].postMessage({ type: "find", id, source, query, folderId });
    return { cancel, offThread: true };
  }
  const merge = new FindMerge(pool.length, onEvent, query.reportProgress ?? false);
  listeners.set(id, (part, event) => {
    merge.take(part, event);
    // An error from one worker ends the search: the others are stopped.
    if (merge.finished) cancel();
  });
  // Each worker reports its progress: the merge learns from it how far each one is.
  const shared = { ...query, reportProgress: true };
  pool.forEach((worker, part) => {
    const share = { part, parts: pool.length };
    worker.postMessage({ type: "find", id, source, query: shared, folderId, share });
  });
  return { cancel, offThread: true };
}
