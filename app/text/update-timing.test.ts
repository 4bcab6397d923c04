import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nextUpdateDelay, UpdateScheduler } from "./update-timing";

describe("nextUpdateDelay", () => {
  it("updates a short document 40 ms after its first change, typing or not", () => {
    expect(nextUpdateDelay(5_000, 0)).toBe(40);
    expect(nextUpdateDelay(99_999, 30)).toBe(10);
    expect(nextUpdateDelay(99_999, 500)).toBe(0);
  });

  it("waits for a pause in a long document, longer the longer it is", () => {
    expect(nextUpdateDelay(500_000, 0)).toBe(150);
    expect(nextUpdateDelay(1_048_576, 0)).toBe(400);
    // Each keystroke starts the pause again while the wait is short.
    expect(nextUpdateDelay(1_048_576, 900)).toBe(400);
  });

  it("updates anyway once the first change has waited long enough while the user types", () => {
    expect(nextUpdateDelay(500_000, 900)).toBe(100);
    expect(nextUpdateDelay(500_000, 1_000)).toBe(0);
    expect(nextUpdateDelay(1_048_576, 1_800)).toBe(200);
    expect(nextUpdateDelay(1_048_576, 2_500)).toBe(0);
  });
});

describe("UpdateScheduler", () => {
  let update: ReturnType<typeof vi.fn<() => void>>;
  let scheduler: UpdateScheduler;
  beforeEach(() => {
    vi.useFakeTimers();
    update = vi.fn<() => void>();
    scheduler = new UpdateScheduler(update);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("updates once the changes rest, however many there were", () => {
    for (let key = 0; key < 5; key++) {
      scheduler.schedule(500_000);
      vi.advanceTimersByTime(50);
    }
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it("updates during steady changes once the first has waited the longest wait", () => {
    for (let key = 0; key < 10; key++) {
      scheduler.schedule(500_000);
      vi.advanceTimersByTime(100);
    }
    expect(update).toHaveBeenCalledTimes(1);
  });

  it("counts the wait from a change marked pending before it could be scheduled", () => {
    scheduler.pending();
    vi.advanceTimersByTime(950);
    scheduler.schedule(500_000);
    vi.advanceTimersByTime(50);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it("updates at once when asked, and not at all once cancelled", () => {
    scheduler.schedule(1_048_576, true);
    vi.advanceTimersByTime(0);
    expect(update).toHaveBeenCalledTimes(1);
    scheduler.schedule(1_048_576);
    scheduler.cancel();
    vi.advanceTimersByTime(5_000);
    expect(update).toHaveBeenCalledTimes(1);
  });
});
