// Only for the type check of bench/ and the test fakes written in JavaScript
// (tsconfig.scripts.json; the app's own check leaves this file out).
//
// The benchmarks plant their probes on the page's window (`window.__longest`, `__keys`, the
// editors' `__plainpadBench` hooks…) inside page.evaluate callbacks, and read them back. Each
// holds a different shape, set by the script that planted it: typed loosely on purpose, as a
// Record would force a cast at each of the 200 uses without catching anything more.
export {};

declare global {
  interface Window {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    [probe: `__${string}`]: any;
  }
  interface Performance {
    /** Chromium's non-standard heap figures, read by the memory rows. */
    memory?: { usedJSHeapSize: number; totalJSHeapSize: number };
  }
}
