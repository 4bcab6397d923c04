/**
 * What must finish before the page may reload itself (to take a new version, or to recover
 * from a script chunk that is gone): stores of documents still waiting to be written, and
 * saves to disk or Google Drive still running. A reload asks `settlePendingWork()` first and
 * goes ahead only when it answers true, so a reload never costs a word. No React.
 */

/** Writes what is pending and tells whether everything is now stored. */
export type Flusher = () => Promise<boolean>;

const flushers = new Set<Flusher>();
const running = new Set<Promise<unknown>>();

/** Registers a flusher (a document store); returns the function that removes it. */
export function registerFlusher(flush: Flusher): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

/** Marks `work` (a save to a file or to Drive) as running until it settles; returns it. */
export function trackWork<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  const done = () => running.delete(work);
  work.then(done, done);
  return work;
}

/** True while a tracked save runs. */
export function isWorkRunning(): boolean {
  return running.size > 0;
}

/**
 * Waits for running saves, then writes every pending document. True when everything is
 * stored; false when something could not be (storage full or unavailable): do not reload.
 */
export async function settlePendingWork(): Promise<boolean> {
  // A save that finishes may change a document (its "modified" marker): wait for saves first.
  while (running.size) await Promise.allSettled([...running]);
  const results = await Promise.allSettled([...flushers].map((flush) => flush()));
  return results.every((result) => result.status === "fulfilled" && result.value);
}

/** Set while the page reloads itself after `settlePendingWork()` answered true. */
let storedReloadUntil = 0;
/** A reload that has not happened by then was not ours (or failed): warn again. */
const STORED_RELOAD_MS = 10_000;

/**
 * The page is about to reload itself with everything stored: the editors' "leave this page?"
 * warning is not needed (the text and its unsaved marker come back after the reload).
 */
export function beginStoredReload(): void {
  storedReloadUntil = Date.now() + STORED_RELOAD_MS;
}

/** True while a reload begun by {@link beginStoredReload} is under way. */
export function isStoredReload(): boolean {
  return Date.now() < storedReloadUntil;
}
