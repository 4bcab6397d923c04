// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const registered = vi.fn();
vi.mock("./service-worker-client", () => ({ registerServiceWorker: registered }));

const { LIVE_JOIN_REGISTER_DELAY_MS, startAppUpdates } = await import("./app-updates");

let stop: (() => void) | null = null;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubEnv("DEV", false);
  Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
  // jsdom has no idle callbacks: registering falls back to a timer of a second after load.
  Object.defineProperty(window, "requestIdleCallback", { value: undefined, configurable: true });
});

/** What the browser says of the network (jsdom: online unless told). */
function setOnline(online: boolean): void {
  Object.defineProperty(navigator, "onLine", { value: online, configurable: true });
}

afterEach(() => {
  setOnline(true);
  sessionStorage.clear();
  stop?.();
  stop = null;
  window.location.hash = "";
  registered.mockClear();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

/** Lets timers run for `ms` and the lazy import of the registering module settle. */
async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.dynamicImportSettled();
}

describe("startAppUpdates", () => {
  it("registers the service worker soon after an ordinary page has loaded", async () => {
    stop = startAppUpdates();
    await pass(1500);
    expect(registered).toHaveBeenCalledTimes(1);
  });

  it("holds the service worker's first install back while a live link's text is on its way", async () => {
    window.location.hash = "#live=e.AAAA";
    stop = startAppUpdates();
    await pass(1500);
    expect(registered).not.toHaveBeenCalled();
    // The link is taken from the address once joining starts: registering still happens later.
    window.location.hash = "";
    await pass(LIVE_JOIN_REGISTER_DELAY_MS);
    expect(registered).toHaveBeenCalledTimes(1);
  });

  it("registers the service worker once the network is back when the page is offline then", async () => {
    setOnline(false);
    stop = startAppUpdates();
    await pass(1500);
    expect(registered).not.toHaveBeenCalled();
    setOnline(true);
    window.dispatchEvent(new Event("online"));
    await pass(10);
    expect(registered).toHaveBeenCalledTimes(1);
  });

  it("does not reload over a script that failed to load while offline, and does when online", () => {
    stop = startAppUpdates();
    setOnline(false);
    const offline = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(offline);
    // Not taken over for a reload: the code that asked for the script gets the error.
    expect(offline.defaultPrevented).toBe(false);
    expect(sessionStorage.length).toBe(0);

    setOnline(true);
    const online = new Event("vite:preloadError", { cancelable: true });
    window.dispatchEvent(online);
    expect(online.defaultPrevented).toBe(true);
  });
});
