/**
 * Long work on the page (preparing a version-history snapshot of a big document) done in short
 * slices, so it never holds up typing. A `NextSlice` waits for the next chance to work and
 * resolves with how many milliseconds that slice may use.
 */
export type NextSlice = () => Promise<number>;

/** Longest stretch of work between yields. */
export const SLICE_MS = 8;

/** The next task, a full slice: for work the user's own action waits for. */
export const nextTaskSlice: NextSlice = () =>
  new Promise((resolve) => setTimeout(() => resolve(SLICE_MS), 0));

/**
 * The browser's next idle period, for as long as it lasts (at most a slice): background work
 * done while the user types then never shares a frame with a keystroke. After a second without
 * idle time it gets a slice anyway, so it always finishes.
 */
export const idleSlice: NextSlice = () =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback !== "function") return void nextTaskSlice().then(resolve);
    requestIdleCallback(
      (deadline) =>
        resolve(deadline.didTimeout ? SLICE_MS : Math.min(SLICE_MS, deadline.timeRemaining())),
      { timeout: 1000 },
    );
  });

/**
 * Lets the page handle input and paint, then carries on at once: for a long job the user is
 * waiting on (reading a big file), where idle time or a clamped timer would only slow it down.
 * `scheduler.yield()` where the browser has it (Chromium), else a message-channel task.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
