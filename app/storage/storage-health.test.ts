import { describe, expect, it } from "vitest";
import { formatBytes, roomShortfall, storageAdvice, usedShare } from "./storage-health";

describe("storage health", () => {
  it("names the use and the room, and warns from 80%", () => {
    const ok = { usage: 5 * 1024 * 1024, quota: 100 * 1024 * 1024, persisted: true };
    expect(usedShare(ok)).toBeCloseTo(0.05);
    expect(storageAdvice(ok)).toEqual([
      "Plainpad uses 5.0 MB of the 100 MB this browser allows it (5%).",
      "The browser has agreed to keep this storage: it will not clear it on its own.",
    ]);
    const full = { usage: 85, quota: 100, persisted: false };
    const advice = storageAdvice(full);
    expect(advice[1]).toMatch(/^Storage is nearly full\. Back up/);
    expect(advice[2]).toBe(
      "This browser may delete these tabs if you don't visit for a while. Back up or save them to files or Google Drive.",
    );
  });

  it("says so when the browser gives no figures, and advises backups when it may clear them", () => {
    const unknown = { usage: null, quota: null, persisted: null };
    expect(usedShare(unknown)).toBeNull();
    expect(storageAdvice(unknown)[0]).toBe("This browser does not say how much room Plainpad has.");
    expect(storageAdvice(unknown)[1]).toMatch(/may delete these tabs/);
  });

  it("formats sizes", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(300 * 1024 * 1024)).toBe("300 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
  });

  it("tells when text about to be stored does not fit in the room left", () => {
    const health = { usage: 90 * 1024 * 1024, quota: 100 * 1024 * 1024, persisted: null };
    expect(roomShortfall(health, 4 * 1024 * 1024, ["small.txt"])).toBeNull();
    expect(roomShortfall(health, 6 * 1024 * 1024, ["big.log"])).toBe(
      '"big.log" needs up to 12 MB to be kept in this browser, but only 10 MB is free. It is open, but may not be kept when you close this page: save to a file, or back up your documents.',
    );
    expect(roomShortfall(health, 6 * 1024 * 1024, ["a.txt", "b.txt"])).toBe(
      "The 2 files need up to 12 MB to be kept in this browser, but only 10 MB is free. They are open, but may not be kept when you close this page: save to a file, or back up your documents.",
    );
    expect(roomShortfall({ usage: null, quota: null, persisted: null }, 1e9, ["x"])).toBeNull();
  });
});
