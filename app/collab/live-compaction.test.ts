import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { viewOnlyKeys } from "./live-keys";
import { open, verifyWrite } from "@plainpad/wire/seal";
import { LiveCompaction, type OutgoingSnapshot } from "./live-compaction";
import { testKeys, textOf } from "./live-test-support";
import { LIVE_LIMITS, MessageType, snapshotBinding } from "@plainpad/wire";

const keys = testKeys(5);

function setup(options: { seq: number; view?: boolean; live?: boolean }) {
  const doc = new Y.Doc();
  doc.getText("text").insert(0, "all of it");
  const sent: OutgoingSnapshot[] = [];
  const state = { seq: options.seq, live: options.live ?? true };
  const compaction = new LiveCompaction({
    keys: options.view ? viewOnlyKeys(keys) : keys,
    doc,
    contiguousSeq: () => state.seq,
    canSend: () => state.live,
    send: (message) => sent.push(message),
    random: () => 0.5,
    maxDelayMs: 100,
  });
  return { compaction, sent, state };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("LiveCompaction", () => {
  it("waits until the log passes the thresholds", () => {
    const { compaction, sent } = setup({ seq: 10 });
    compaction.synced(LIVE_LIMITS.compactAfterUpdates - 1, 1000);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(0);
    compaction.grew(50);
    expect(sent).toHaveLength(0); // after a random delay, so editors do not all race
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(1);
  });

  it("uploads the whole state, sealed and signed, covering the contiguous sequence", () => {
    const { compaction, sent } = setup({ seq: 600 });
    compaction.welcomed(100);
    compaction.synced(10, LIVE_LIMITS.compactAfterBytes);
    vi.advanceTimersByTime(100);
    const [snapshot] = sent;
    expect(snapshot).toMatchObject({ type: MessageType.Snapshot, upToSeq: 600, baseSeq: 100 });
    const binding = snapshotBinding(keys.roomId, 600, 100);
    expect(verifyWrite(keys.verifyKey, binding, snapshot.sealed, snapshot.signature)).toBe(true);
    expect(textOf([open(keys, binding, snapshot.sealed)])).toBe("all of it");
    // Bound to its sequences: it cannot pass as a snapshot of another range.
    expect(() => open(keys, snapshotBinding(keys.roomId, 600, 0), snapshot.sealed)).toThrow();
  });

  it("after a refusal takes the room's numbers and tries again on them", () => {
    const { compaction, sent, state } = setup({ seq: 700 });
    compaction.synced(600, 0);
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(1);
    compaction.grew(10); // one at a time: no second snapshot while one is unanswered
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(1);
    state.seq = 720;
    compaction.answered({
      type: MessageType.SnapshotResult,
      snapshotId: sent[0].snapshotId,
      accepted: false,
      snapshotSeq: 650,
      logCount: 550,
      logBytes: 1000,
    });
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(1); // refused: the next try waits longer
    vi.advanceTimersByTime(200);
    expect(sent[1]).toMatchObject({ upToSeq: 720, baseSeq: 650 });
    compaction.answered({
      type: MessageType.SnapshotResult,
      snapshotId: sent[1].snapshotId,
      accepted: true,
      snapshotSeq: 720,
      logCount: 0,
      logBytes: 0,
    });
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });

  it("sends nothing that covers no new entry, nothing offline, nothing from a viewer", () => {
    const behind = setup({ seq: 50 });
    behind.compaction.welcomed(50);
    behind.compaction.synced(1000, 0);
    vi.advanceTimersByTime(100);
    expect(behind.sent).toHaveLength(0);

    const offline = setup({ seq: 900, live: false });
    offline.compaction.synced(1000, 0);
    vi.advanceTimersByTime(100);
    expect(offline.sent).toHaveLength(0);

    const viewer = setup({ seq: 900, view: true });
    viewer.compaction.synced(1000, 0);
    vi.advanceTimersByTime(100);
    expect(viewer.sent).toHaveLength(0);
    expect(viewer.compaction.build()).toBeNull();
  });
});
