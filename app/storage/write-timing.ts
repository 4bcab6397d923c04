import { registerFlusher } from "./pending-work";
import { askPersistenceWhenInstalled } from "./storage-persistence";

/**
 * When the persistence client (document-sync.ts) writes: a document's write timer, and the
 * page's moments that must write everything now. Browser only.
 */

/**
 * A write "at once" starts this long after the next frame: the frame's paint, and a handler
 * that runs right after it, come first.
 */
const AFTER_PAINT_MS = 50;

/**
 * Runs `run` after `delay` ms; returns the cancel. A delay of 0 on a visible page waits for
 * the next paint: a document just opened (maybe 10 MB) is shown before its write is prepared,
 * which costs main-thread time of its own. (A hidden page paints no frames: a timer then.)
 */
export function startWriteTimer(run: () => void, delay: number): () => void {
  if (
    delay === 0 &&
    typeof requestAnimationFrame === "function" &&
    document.visibilityState === "visible"
  ) {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timeout = setTimeout(run, AFTER_PAINT_MS)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  }
  const timeout = setTimeout(run, delay);
  return () => clearTimeout(timeout);
}

/**
 * Follows the page's moments that must not leave an edit unwritten: hidden or going away
 * (`onHide`), installed (storage asked to persist), and reloading itself for a new version
 * (`flushed` must say everything is written, or there is no reload). Returns the cleanups.
 */
export function followPageWrites(
  onHide: () => void,
  flushed: () => Promise<boolean>,
): (() => void)[] {
  const onVisibility = () => {
    if (document.visibilityState === "hidden") onHide();
  };
  window.addEventListener("pagehide", onHide);
  document.addEventListener("visibilitychange", onVisibility);
  return [
    () => {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisibility);
    },
    askPersistenceWhenInstalled(),
    registerFlusher(flushed),
  ];
}
