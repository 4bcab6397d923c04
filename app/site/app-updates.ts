/**
 * Keeping a running page current without losing text. Two events can make a reload
 * worthwhile: the service worker has installed a new version of Plainpad (the user is asked,
 * "A new version of Plainpad is ready. Reload"), or a script chunk this page needs is gone
 * from the server after a deploy (Vite's `vite:preloadError`; the page reloads once by
 * itself). Either way the reload waits until every document is stored and no save to a file
 * or to Drive is running, and does not happen at all if something could not be stored.
 * Browser only; the service worker is registered from a lazily loaded module after load.
 */
import { beginStoredReload, settlePendingWork } from "~/storage/pending-work";

/** What the update notice shows (null: nothing). */
export type AppNotice =
  | { kind: "update-ready" }
  | { kind: "reloading" }
  | { kind: "not-stored" }
  | { kind: "chunk-failed" }
  | null;

let notice: AppNotice = null;
const listeners = new Set<() => void>();
/** Activates the waiting service worker and reloads; set when an update is offered. */
let activateUpdate: (() => Promise<void>) | null = null;

function setNotice(next: AppNotice): void {
  notice = next;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export function subscribeAppNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAppNotice(): AppNotice {
  return notice;
}

/** A new version is installed and waiting; `activate` switches to it (then reloads). */
export function offerUpdate(activate: () => Promise<void>): void {
  activateUpdate = activate;
  if (notice?.kind !== "reloading") setNotice({ kind: "update-ready" });
}

/** Hides the notice until the next update is found. */
export function dismissAppNotice(): void {
  setNotice(null);
}

/**
 * The user asked to reload: store everything, wait for running saves, then take the new
 * version (or simply reload after a failed chunk). Nothing happens if text could not be stored.
 */
export async function reloadSafely(): Promise<void> {
  const activate = notice?.kind === "update-ready" ? activateUpdate : null;
  setNotice({ kind: "reloading" });
  if (!(await settlePendingWork())) {
    setNotice({ kind: "not-stored" });
    return;
  }
  beginStoredReload();
  if (activate) await activate();
  else window.location.reload();
}

/** sessionStorage key: when this tab last reloaded itself over a missing chunk. */
const CHUNK_RELOAD_KEY = "plainpad:chunk-reload";
/** A second missing chunk this soon after such a reload is not fixed by reloading again. */
const CHUNK_RELOAD_WINDOW_MS = 60_000;

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string): boolean {
  try {
    window.sessionStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * `vite:preloadError`: a lazily loaded script could not be fetched, most often because a new
 * deploy replaced it. Reload once, after storing everything; if that already happened a
 * moment ago (or cannot be remembered), say so instead of reloading in a loop.
 */
function onPreloadError(event: Event): void {
  // Offline, the script could not come whatever the version, and a reload would show the
  // browser's offline page: the code that asked for it says so and tries again later.
  if (!navigator.onLine) return;
  const last = Number(readSession(CHUNK_RELOAD_KEY) ?? 0);
  if (
    Date.now() - last < CHUNK_RELOAD_WINDOW_MS ||
    !writeSession(CHUNK_RELOAD_KEY, `${Date.now()}`)
  ) {
    setNotice({ kind: "chunk-failed" });
    return;
  }
  // Keeps Vite from rethrowing: the page is about to reload.
  event.preventDefault();
  setNotice({ kind: "reloading" });
  void settlePendingWork().then((stored) => {
    if (!stored) {
      setNotice({ kind: "not-stored" });
      return;
    }
    beginStoredReload();
    window.location.reload();
  });
}

/** How long after load the service worker is registered: its downloads come after the page's. */
const REGISTER_IDLE_TIMEOUT_MS = 3000;
/** How long registering waits on a page opened with a live link (its text comes first). */
export const LIVE_JOIN_REGISTER_DELAY_MS = 8000;

/**
 * Starts listening for missing chunks, and registers the service worker once the page has
 * loaded and gone idle (never on the first load's critical path). Returns a cleanup.
 */
export function startAppUpdates(): () => void {
  window.addEventListener("vite:preloadError", onPreloadError);
  let cancelled = false;
  let liveGraceTaken = false;
  const register = () => {
    if (cancelled) return;
    // Its script cannot come while offline (issue 49: a live page's typing went on offline, and
    // the failed load reloaded the page): registering waits until the network is back.
    if (!navigator.onLine) {
      window.addEventListener("online", register, { once: true });
      return;
    }
    void import("./service-worker-client")
      .then(({ registerServiceWorker }) => {
        if (!cancelled) registerServiceWorker(offerUpdate);
      })
      .catch((error: unknown) => console.warn("The offline service worker was not started", error));
  };
  const afterLoad = () => {
    // Opening a live link: the service worker's first install downloads the whole site (about
    // 300 files) from the server that is sending the live text; it waits until that is here.
    if (window.location.hash.includes("live=") && !liveGraceTaken) {
      liveGraceTaken = true;
      window.setTimeout(afterLoad, LIVE_JOIN_REGISTER_DELAY_MS);
      return;
    }
    if (typeof window.requestIdleCallback === "function") {
      window.requestIdleCallback(register, { timeout: REGISTER_IDLE_TIMEOUT_MS });
    } else {
      window.setTimeout(register, 1000);
    }
  };
  const serviceWorkers = !import.meta.env.DEV && "serviceWorker" in navigator;
  if (serviceWorkers) {
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
  }
  return () => {
    cancelled = true;
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.removeEventListener("load", afterLoad);
    window.removeEventListener("online", register);
  };
}
