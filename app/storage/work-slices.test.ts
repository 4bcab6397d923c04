// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  idleSlice,
  SLICE_MS,
  sliceAfterTyping,
  sliceAroundTyping,
  TYPING_PAUSE_WAIT_MS,
  TYPING_SLICE_MS,
} from "./work-slices";

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

describe("sliceAroundTyping", () => {
  it("takes the next task with a full slice when nobody types, idle time while someone does", async () => {
    let now = 50_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const idle = vi.fn((callback: IdleRequestCallback) => {
      setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 30 }), 0);
      return 1;
    });
    vi.stubGlobal("requestIdleCallback", idle);
    expect(await sliceAroundTyping()).toBe(SLICE_MS);
    expect(idle).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    now += 200;
    expect(await sliceAroundTyping()).toBe(TYPING_SLICE_MS);
    expect(idle).toHaveBeenCalledTimes(1);
    now += 1500;
    expect(await sliceAroundTyping()).toBe(SLICE_MS);
    expect(idle).toHaveBeenCalledTimes(1);
  });
});

describe("sliceAfterTyping", () => {
  /** A clock the module reads (performance.now) moved with the fake timers. */
  function clock(start: number) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let now = start;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    return async (ms: number) => {
      now += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
  }
  afterEach(() => vi.useRealTimers());

  it("runs no slice while the user types, and a full one once typing rests", async () => {
    const advance = clock(1_000_000);
    idlePeriods(40);
    const first = sliceAfterTyping();
    await advance(1);
    expect(await first).toBe(SLICE_MS); // nobody typed
    let given: number | null = null;
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    void sliceAfterTyping().then((ms) => (given = ms));
    for (let i = 0; i < 5; i++) {
      await advance(150);
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "b" }));
    }
    await advance(900);
    expect(given).toBeNull(); // typed 0.9 s ago: still waiting
    await advance(150);
    expect(given).toBe(SLICE_MS);
  });

  it("takes a short slice when typing never pauses, so the work finishes", async () => {
    const advance = clock(2_000_000);
    idlePeriods(40);
    let given: number | null = null;
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    void sliceAfterTyping().then((ms) => (given = ms));
    for (let at = 0; at < TYPING_PAUSE_WAIT_MS - 200; at += 200) {
      await advance(200);
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    }
    expect(given).toBeNull();
    await advance(400);
    expect(given).toBe(TYPING_SLICE_MS);
  });
});
