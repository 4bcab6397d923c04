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
