import { describe, expect, it } from "vitest";
import { backendSettings } from "./backend";

describe("backend settings: the fsync window", () => {
  it("lets a room's appends share an fdatasync for 25 ms by default, 0 syncing at once, and refuses nonsense", () => {
    expect(backendSettings({}).fsyncWindowMs).toBe(25);
    expect(backendSettings({ RELAY_FSYNC_WINDOW_MS: "0" }).fsyncWindowMs).toBe(0);
    expect(backendSettings({ RELAY_FSYNC_WINDOW_MS: "5" }).fsyncWindowMs).toBe(5);
    expect(() => backendSettings({ RELAY_FSYNC_WINDOW_MS: "soon" })).toThrow(
      /RELAY_FSYNC_WINDOW_MS/,
    );
    expect(() => backendSettings({ RELAY_FSYNC_WINDOW_MS: "-1" })).toThrow(/RELAY_FSYNC_WINDOW_MS/);
  });
});

describe("backend settings: the fsync rate", () => {
  it("spaces 400 fdatasyncs a second by default, 0 not at all, and refuses nonsense", () => {
    expect(backendSettings({}).fsyncRate).toBe(400);
    expect(backendSettings({ RELAY_FSYNC_RATE: "0" }).fsyncRate).toBe(0);
    expect(backendSettings({ RELAY_FSYNC_RATE: "1000" }).fsyncRate).toBe(1000);
    expect(() => backendSettings({ RELAY_FSYNC_RATE: "fast" })).toThrow(/RELAY_FSYNC_RATE/);
    expect(() => backendSettings({ RELAY_FSYNC_RATE: "-5" })).toThrow(/RELAY_FSYNC_RATE/);
    expect(() => backendSettings({ RELAY_FSYNC_RATE: "2.5" })).toThrow(
      'RELAY_FSYNC_RATE must be a whole number of syncs a second from 0 to 100000, not "2.5".',
    );
  });
});

describe("backend settings: the journal", () => {
  it("journals every room's appends by default, checkpointing every 5 s, and refuses nonsense", () => {
    expect(backendSettings({})).toMatchObject({ journal: true, checkpointMs: 5000 });
    expect(backendSettings({ RELAY_JOURNAL: "off" }).journal).toBe(false);
    expect(backendSettings({ RELAY_JOURNAL_CHECKPOINT_MS: "1000" }).checkpointMs).toBe(1000);
    expect(() => backendSettings({ RELAY_JOURNAL: "maybe" })).toThrow(/RELAY_JOURNAL/);
    expect(() => backendSettings({ RELAY_JOURNAL_CHECKPOINT_MS: "0" })).toThrow(
      'RELAY_JOURNAL_CHECKPOINT_MS must be a whole number of ms from 100 to 600000, not "0".',
    );
  });
});

describe("backend settings: what is kept aside for an operator", () => {
  it("keeps damaged copies 30 days by default, and refuses nonsense", () => {
    expect(backendSettings({}).keepDamagedDays).toBe(30);
    expect(backendSettings({ RELAY_KEEP_DAMAGED_DAYS: "7" }).keepDamagedDays).toBe(7);
    expect(() => backendSettings({ RELAY_KEEP_DAMAGED_DAYS: "0" })).toThrow(
      /RELAY_KEEP_DAMAGED_DAYS/,
    );
    expect(() => backendSettings({ RELAY_KEEP_DAMAGED_DAYS: "forever" })).toThrow(
      /RELAY_KEEP_DAMAGED_DAYS/,
    );
  });
});
