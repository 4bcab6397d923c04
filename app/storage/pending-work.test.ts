import { afterEach, describe, expect, it, vi } from "vitest";
import {
  beginStoredReload,
  isStoredReload,
  isWorkRunning,
  registerFlusher,
  settlePendingWork,
  trackWork,
} from "./pending-work";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
});

describe("settlePendingWork", () => {
  it("is true with nothing registered", async () => {
    expect(await settlePendingWork()).toBe(true);
  });

  it("waits for a running save before flushing, and reports the flushers' answer", async () => {
    const order: string[] = [];
    let finishSave!: () => void;
    const save = trackWork(
      new Promise<void>((resolve) => (finishSave = resolve)).then(() => {
        order.push("save");
      }),
    );
    cleanups.push(
      registerFlusher(async () => {
        order.push("flush");
        return true;
      }),
    );
    expect(isWorkRunning()).toBe(true);
    const settled = settlePendingWork();
    await Promise.resolve();
    expect(order).toEqual([]);
    finishSave();
    await save;
    expect(await settled).toBe(true);
    expect(order).toEqual(["save", "flush"]);
    expect(isWorkRunning()).toBe(false);
  });

  it("is false when a store cannot write everything, or its flush fails", async () => {
    cleanups.push(registerFlusher(async () => true));
    const removeFalse = registerFlusher(async () => false);
    expect(await settlePendingWork()).toBe(false);
    removeFalse();
    cleanups.push(
      registerFlusher(async () => {
        throw new Error("IndexedDB closed");
      }),
    );
    expect(await settlePendingWork()).toBe(false);
  });

  it("does not count a failed save as running once it settled", async () => {
    const failing = trackWork(Promise.reject(new Error("disk full")));
    await expect(failing).rejects.toThrow("disk full");
    expect(isWorkRunning()).toBe(false);
    expect(await settlePendingWork()).toBe(true);
  });
});

describe("a stored reload", () => {
  it("is under way only for a short while after it begins", () => {
    vi.useFakeTimers();
    try {
      expect(isStoredReload()).toBe(false);
      beginStoredReload();
      expect(isStoredReload()).toBe(true);
      vi.advanceTimersByTime(11_000);
      expect(isStoredReload()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
