import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  RATE_LIMIT_BASE_MS,
  RATE_LIMIT_MAX_MS,
  REALTIME_REST_MS,
  rateLimitDelay,
  SyncTimer,
  type RunReport,
} from "./sync-timer";
import type { SyncInterval } from "./sync-types";

/** A timer whose runs are recorded (by start time) and finish when told. */
function setUp(interval: SyncInterval, reports: (RunReport | void)[] = []) {
  const starts: number[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const finishers: (() => void)[] = [];
  let manual = false;
  const timer = new SyncTimer({
    interval,
    now: () => Date.now(),
    random: () => 0.5,
    run: async () => {
      starts.push(Date.now());
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      if (manual) await new Promise<void>((resolve) => finishers.push(resolve));
      concurrent--;
      return reports.shift();
    },
  });
  return {
    timer,
    starts,
    maxConcurrent: () => maxConcurrent,
    holdRuns: () => (manual = true),
    finishRun: () => finishers.shift()?.(),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe("SyncTimer", () => {
  it("real-time: runs once typing has rested 3 seconds", async () => {
    const { timer, starts } = setUp("realtime");
    timer.start();
    timer.typed();
    await vi.advanceTimersByTimeAsync(2_000);
    timer.typed(); // still typing: the wait starts again
    await vi.advanceTimersByTimeAsync(2_999);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([2_000 + REALTIME_REST_MS]);
  });

  it("every 30 seconds and every 5 minutes run on their period; typing waits for it", async () => {
    const thirty = setUp("30s");
    thirty.timer.start();
    thirty.timer.typed();
    await vi.advanceTimersByTimeAsync(95_000);
    expect(thirty.starts).toEqual([30_000, 60_000, 90_000]);
    thirty.timer.stop();

    vi.setSystemTime(0);
    const five = setUp("5min");
    five.timer.start();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(five.starts).toEqual([300_000, 600_000]);
    five.timer.stop();
  });

  it("manual only: runs only when asked; the promise resolves when the run is over", async () => {
    const { timer, starts } = setUp("manual");
    timer.start();
    timer.typed();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(starts).toEqual([]);
    await timer.request();
    expect(starts).toEqual([3_600_000]);
  });

  it("changing the interval takes effect at once", async () => {
    const { timer, starts } = setUp("manual");
    timer.start();
    await vi.advanceTimersByTimeAsync(10_000);
    timer.setInterval("30s");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(starts).toEqual([40_000]);
  });

  it("never overlaps runs: a request during a run gives one more run after it", async () => {
    const t = setUp("manual");
    t.holdRuns();
    t.timer.start();
    const first = t.timer.request();
    const second = t.timer.request();
    const third = t.timer.request();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.starts.length).toBe(1);
    t.finishRun();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(t.starts.length).toBe(2);
    t.finishRun();
    await Promise.all([second, third]);
    expect(t.starts.length).toBe(2);
    expect(t.maxConcurrent()).toBe(1);
  });

  it("backs off after rate limits, doubling with jitter, then goes back to normal", async () => {
    const { timer, starts } = setUp("manual", [{ rateLimited: true }, { rateLimited: true }]);
    timer.start();
    await timer.request(); // at 0: rate limited
    const firstWait = rateLimitDelay(1, () => 0.5);
    expect(firstWait).toBe(RATE_LIMIT_BASE_MS * 1.5);
    expect(timer.waitingUntil()).toBe(firstWait);
    // Asking again during the wait does not run before it is over.
    const asked = timer.request();
    await vi.advanceTimersByTimeAsync(firstWait - 1);
    expect(starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    await asked;
    expect(starts).toEqual([0, firstWait]);
    // Second rate limit in a row: twice as long; it retries by itself.
    const secondWait = rateLimitDelay(2, () => 0.5);
    expect(secondWait).toBe(2 * firstWait);
    await vi.advanceTimersByTimeAsync(secondWait);
    expect(starts).toEqual([0, firstWait, firstWait + secondWait]);
    expect(timer.waitingUntil()).toBe(0);
  });

  it("keeps waits within the cap and honours Retry-After", () => {
    expect(rateLimitDelay(30, () => 0.99)).toBe(RATE_LIMIT_MAX_MS);
    expect(rateLimitDelay(1, () => 0, 60_000)).toBe(60_000);
    expect(rateLimitDelay(1, () => 0)).toBe(RATE_LIMIT_BASE_MS);
  });

  it("goes on after a run that threw, and stops cleanly", async () => {
    let calls = 0;
    const timer = new SyncTimer({
      interval: "30s",
      run: () => {
        calls++;
        return Promise.reject(new Error("boom"));
      },
    });
    timer.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    timer.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toBe(2);
    await timer.request(); // resolves at once when stopped
    expect(calls).toBe(2);
  });
});
