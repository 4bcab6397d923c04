/**
 * Registers the service worker (public URL /sw.js, built by scripts/build-service-worker.mjs)
 * with Workbox's window helper. Loaded lazily after the page has loaded, by app-updates.ts,
 * which is handed each new version (it is not imported here: it loads this module).
 */
import { Workbox } from "workbox-window";

/** How often an open page asks for a new version (besides on each navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and looks for new versions; `offerUpdate` hears of each one
 * installed and waiting, with the function that switches to it and reloads.
 */
export function registerServiceWorker(offerUpdate: (activate: () => Promise<void>) => void): void {
  const workbox = new Workbox("/sw.js", { scope: "/" });
  // A new version installed and is waiting for this page (and others) to let it take over.
  workbox.addEventListener("waiting", () => offerUpdate(() => activateWaiting()));
  workbox.register().catch((error: unknown) => {
    // Blocked by the browser (private mode, policy) or a failed download: the site still
    // works online; only offline use is missing.
    console.warn("The offline service worker could not be registered", error);
  });
  const check = () => {
    if (document.visibilityState === "visible") void workbox.update().catch(() => undefined);
  };
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", check);
}

/** Lets the waiting worker take over, then reloads into the new version. */
async function activateWaiting(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const waiting = registration?.waiting;
  if (!waiting) {
    // Another tab already switched: this page only needs to load the new version.
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: "SKIP_WAITING" });
}
