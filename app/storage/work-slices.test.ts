// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { idleSlice, SLICE_MS, TYPING_SLICE_MS } from "./work-slices";

/** An idle period with `remaining` ms left, handed to the next requestIdleCallback. */
function idlePeriods(remaining: number) {
  vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => {
    setTimeout(() => callback({ didTimeout: false, timeRemaining: () => remaining }), 0);
    return 1;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("idleSlice", () => {
  it("gives a full slice when nobody is typing, never more than the idle time left", async () => {
    idlePeriods(40);
    expect(await idleSlice()).toBe(SLICE_MS);
    idlePeriods(3);
    expect(await idleSlice()).toBe(3);
  });

  it("gives short slices while the user types, and full ones again after a pause", async () => {
    let now = 10_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    idlePeriods(40);
    await idleSlice(); // starts watching input
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    now += 100;
    expect(await idleSlice()).toBe(TYPING_SLICE_MS);
    now += 1500;
    expect(await idleSlice()).toBe(SLICE_MS);
  });
});
