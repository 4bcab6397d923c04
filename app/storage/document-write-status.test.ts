import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DocumentWriteStatus } from "./document-write-status";
import type { StorageStatus } from "./document-sync-types";

function statusWithHost() {
  const shown: StorageStatus[] = [];
  const storing: boolean[] = [];
  const retry = vi.fn();
  const status = new DocumentWriteStatus(
    { storageStatus: (value) => shown.push(value), storing: (busy) => storing.push(busy) },
    retry,
    2000,
  );
  return { status, shown, storing, retry };
}

describe("DocumentWriteStatus", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows the storing sign only while a write runs past half a second, once for overlapping writes", () => {
    const { status, storing } = statusWithHost();
    const quick = status.writing();
    vi.advanceTimersByTime(100);
    quick();
    vi.advanceTimersByTime(1000);
    expect(storing).toEqual([]);

    const first = status.writing();
    const second = status.writing();
    vi.advanceTimersByTime(600);
    expect(storing).toEqual([true]);
    first();
    expect(storing).toEqual([true]);
    second();
    expect(storing).toEqual([true, false]);
  });

  it("tells the host of each failure and of the return to ok, not of ok twice", () => {
    const { status, shown } = statusWithHost();
    status.set("ok");
    status.set("full", new Error("quota"));
    status.set("failed", new Error("io"));
    status.set("ok");
    status.set("ok");
    expect(shown).toEqual(["full", "failed", "ok"]);
    expect(status.isOk).toBe(true);
  });

  it("retries once after a failure, and never after stop()", () => {
    const { status, retry } = statusWithHost();
    status.scheduleRetry();
    status.scheduleRetry();
    vi.advanceTimersByTime(2000);
    expect(retry).toHaveBeenCalledTimes(1);

    status.scheduleRetry();
    status.stop();
    vi.advanceTimersByTime(5000);
    status.scheduleRetry();
    vi.advanceTimersByTime(5000);
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
