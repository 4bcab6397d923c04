import { describe, expect, it } from "vitest";
import type { NotepadSyncStatus } from "~/drive/sync/sync-types";
import {
  bringInLabel,
  intervalLabel,
  SYNC_OFF_STATUS,
  syncedTabCount,
  syncSummary,
  tabSyncMark,
} from "./drive-sync-status";

const ON: NotepadSyncStatus = {
  ...SYNC_OFF_STATUS,
  enabled: true,
  interval: "30s",
  state: "synced",
  connected: true,
  lastSyncAt: 1_700_000_000_000,
  tabs: { a: { kind: "synced", at: 1 }, b: { kind: "syncing" } },
};

describe("the sync marks and words", () => {
  it("names each tab state in words a screen reader reads", () => {
    expect(tabSyncMark({ kind: "synced", at: 5 })).toEqual({ kind: "synced", label: "Synced" });
    expect(tabSyncMark({ kind: "syncing" }).label).toBe("Syncing…");
    expect(tabSyncMark({ kind: "warning", message: "The file is read-only in Drive." }).label).toBe(
      "Warning: The file is read-only in Drive.",
    );
    expect(tabSyncMark({ kind: "not-connected", message: "Sign in again." }).label).toBe(
      "Not connected: Sign in again.",
    );
  });

  it("says nothing while sync is off", () => {
    expect(syncSummary(SYNC_OFF_STATUS)).toBe("");
  });

  it("gives the state, interval and last sync time", () => {
    expect(syncSummary(ON, () => "10:42")).toBe(
      "Drive: synced (Every 30 seconds) · last synced 10:42",
    );
    expect(
      syncSummary(
        { ...ON, state: "warning", message: "You are offline; edits wait.", lastSyncAt: null },
        () => "x",
      ),
    ).toBe("Drive: needs attention: You are offline; edits wait. (Every 30 seconds)");
    expect(syncSummary({ ...ON, state: "not-connected", interval: "manual" }, () => "9:00")).toBe(
      "Drive: not connected (Manual only) · last synced 9:00",
    );
  });

  it("labels intervals as the menu does and counts synced tabs", () => {
    expect(intervalLabel("realtime")).toBe("Real-time");
    expect(intervalLabel("5min")).toBe("Every 5 minutes");
    expect(syncedTabCount(ON)).toBe(2);
  });

  it("says how many tabs are brought in", () => {
    expect(bringInLabel(12)).toBe("Bring in your 12 synced tabs");
    expect(bringInLabel(1)).toBe("Bring in your 1 synced tab");
  });
});
