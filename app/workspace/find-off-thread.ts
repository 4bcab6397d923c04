import type { FindEvent, FindQuery } from "./find-in-files";
import { type FindReply, type FindRequest, type FolderSource, runFindJob } from "./find-job";

/**
 * Starts find in files in a module worker (find-worker.ts, built by Vite), results streaming
 * to `onEvent` file by file. Where no worker can start (Node, tests), the same job runs here:
 * slower for the page, never missing.
 */

/** What the search needs of a worker (a Worker; tests pass a stand-in). */
export interface FindWorker {
  postMessage(request: FindRequest): void;
  onmessage: ((event: MessageEvent<FindReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

function pageWorker(): FindWorker | null {
  if (typeof Worker === "undefined") return null;
  return new Worker(new URL("./find-worker.ts", import.meta.url), { type: "module" });
}

let worker: FindWorker | null | undefined;
let nextId = 0;
const listeners = new Map<number, (event: FindEvent) => void>();

function findWorker(make: () => FindWorker | null): FindWorker | null {
  if (worker !== undefined) return worker;
  try {
    worker = make();
  } catch {
    worker = null;
  }
  if (!worker) return null;
  worker.onmessage = ({ data }) => {
    listeners.get(data.id)?.(data.event);
    if (data.event.type === "done" || data.event.type === "error") listeners.delete(data.id);
  };
  worker.onerror = () => {
    worker = null;
    for (const listener of listeners.values()) {
      listener({
        type: "error",
        message: "The search could not run. Reload the page and try again.",
      });
    }
    listeners.clear();
  };
  return worker;
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
}

export function findInFilesOffThread(
  { source, folderId }: FindTarget,
  query: FindQuery,
  onEvent: (event: FindEvent) => void,
  make: () => FindWorker | null = pageWorker,
): RunningFind {
  const id = ++nextId;
  const target = findWorker(make);
  if (!target) {
    const controller = new AbortController();
    void runFindJob(id, source, query, ({ event }) => onEvent(event), controller.signal);
    return { cancel: () => controller.abort(), offThread: false };
  }
  listeners.set(id, onEvent);
  target.postMessage({ type: "find", id, source, query, folderId });
  return {
    cancel: () => {
      listeners.delete(id);
      target.postMessage({ type: "cancel", id });
    },
    offThread: true,
  };
}
