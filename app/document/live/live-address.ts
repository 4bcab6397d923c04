/**
 * The light side of live sessions (issue 44), in the editors' first load: is there a `#live=`
 * link in the address bar, and loading the heavy part (live-runtime.ts) on demand. Nothing here
 * imports Yjs or the crypto (reading a link's keys needs @noble: that is in live-control.ts).
 */

/** The heavy live-session code (the session, its crypto, Yjs and the editor binding). */
export type LiveRuntime = typeof import("./live-runtime");

/** Words for the person when the live-session code could not be loaded. */
export const LIVE_LOAD_FAILED =
  "Live collaboration could not be loaded. Check your connection and try again.";

let loading: Promise<LiveRuntime> | null = null;

/**
 * Loads the live-session code once (later calls share the same load). A failed load (the
 * network dropped) is forgotten, so the next call tries again.
 */
export function loadLiveRuntime(): Promise<LiveRuntime> {
  loading ??= import("./live-runtime").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** True when a hash (with or without `#`) holds a `live=` parameter, whole or damaged. */
export function hasLiveParam(hash: string): boolean {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  return fragment.split("&").some((part) => part.startsWith("live="));
}

/**
 * Reads `#live=…` from the address bar and removes it (history.replaceState), so the secret is
 * not left in the URL, the browser's history entry or a bookmark. Null when there is none.
 */
export function takeLiveFragmentFromAddress(): string | null {
  const hash = window.location.hash;
  if (!hasLiveParam(hash)) return null;
  const url = new URL(window.location.href);
  url.hash = "";
  window.history.replaceState(window.history.state, "", url.pathname + url.search);
  return hash.slice(1);
}
