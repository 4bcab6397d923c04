/**
 * Issue 49 §7: a signed change that is not a Yjs update is skipped (and said) instead of
 * stalling everything after it, and a batch over the relay's message limit goes in parts
 * instead of sticking in the outbox and taking every later edit with it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { UNREADABLE_CHANGE_MESSAGE, type LiveSessionOptions } from "./live-session";
import { MAX_UPDATE_BYTES } from "./live-outbox";
import { entryFor, openUpdate, remoteEdit, scriptedSession, testKeys } from "./live-test-support";
import { LIVE_LIMITS, MessageType, encodeMessage, type UpdateMessage } from "@plainpad/wire";

const keys = testKeys(41);

/** A started session whose first socket is open. */
function session(options: Partial<LiveSessionOptions> = {}) {
  const made = scriptedSession(keys, options);
  made.live.start();
  made.sockets[0].open();
  return made;
}

type Socket = ReturnType<typeof session>["sockets"][number];

function welcome(socket: Socket, headSeq = 0) {
  socket.deliver({
    type: MessageType.Welcome,
    headSeq,
    snapshotSeq: 0,
    created: false,
    challenge: new Uint8Array(32),
    epoch: 0,
  });
}

function synced(socket: Socket, headSeq = 0, logCount = 0) {
  socket.deliver({ type: MessageType.Synced, headSeq, logCount, logBytes: 0 });
}

/** Acknowledges every UPDATE the socket sent (seq numbers from `first`); returns the last. */
function ackAll(socket: Socket, first: number): number {
  let seq = first - 1;
  for (const update of socket.ofType(MessageType.Update)) {
    socket.deliver({ type: MessageType.Ack, messageId: update.messageId, seq: ++seq });
  }
  return seq;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("LiveSession limits", () => {
  it("skips a signed change that is not a Yjs update, says so, and keeps going", () => {
    const garbage = new Uint8Array(12).fill(0xff);
    expect(() => Y.applyUpdate(new Y.Doc(), garbage)).toThrow(); // what used to escape
    const { live, sockets } = session({ tuning: { compactAfterUpdates: 2, maxDelayMs: 10 } });
    welcome(sockets[0]);
    sockets[0].deliver(entryFor(keys, garbage, 1));
    expect(live.getStatus().message).toBe(UNREADABLE_CHANGE_MESSAGE);
    sockets[0].deliver(entryFor(keys, remoteEdit([], 0, "good"), 2));
    synced(sockets[0], 2, 2);
    expect(live.text.toString()).toBe("good");
    // Compaction is not stalled: the snapshot covers the skipped entry and the good one.
    vi.advanceTimersByTime(50);
    expect(sockets[0].ofType(MessageType.Snapshot)).toMatchObject([{ upToSeq: 2 }]);
    live.leave();
  });

  // Tens of megabytes sealed and signed in pure JavaScript: seconds on two loaded cores.
  it("sends a batch over the message limit in parts, and later edits still go", () => {
    const { live, sockets } = session({ create: true, initialText: "start " });
    welcome(sockets[0]);
    let seq = ackAll(sockets[0], 1);
    synced(sockets[0], seq, seq);
    sockets[0].drop(1006);
    // Offline: three large pastes (each replacing the last) pile up past the message limit.
    const size = Math.ceil(MAX_UPDATE_BYTES / 3) + 1024;
    for (const letter of "abc") {
      if (live.text.length > 6) live.text.delete(6, size);
      live.text.insert(6, letter.repeat(size));
    }
    live.text.insert(live.text.length, " later");
    vi.advanceTimersByTime(16_000);
    sockets[1].open();
    welcome(sockets[1], seq);
    const sent = sockets[1].ofType(MessageType.Update);
    expect(live.getStatus().message).toBeNull();
    expect(sent.length).toBeGreaterThan(1);
    for (const message of sent) {
      expect(encodeMessage(message).length).toBeLessThanOrEqual(LIVE_LIMITS.maxMessageBytes);
    }
    seq = ackAll(sockets[1], seq + 1);
    live.text.insert(0, "> ");
    vi.advanceTimersByTime(100);
    const all: UpdateMessage[] = [
      ...sockets[0].ofType(MessageType.Update),
      ...sockets[1].ofType(MessageType.Update),
    ];
    const peer = new Y.Doc();
    for (const message of all) Y.applyUpdate(peer, openUpdate(keys, message));
    expect(peer.getText("text").toString()).toBe(`> start ${"c".repeat(size)} later`);
    live.leave();
  }, 60_000);

  it("cuts one change over the message limit into parts, and later edits still go", () => {
    const { live, sockets } = session({ create: true, initialText: "start" });
    welcome(sockets[0]);
    const seq = ackAll(sockets[0], 1);
    synced(sockets[0], seq, seq);
    vi.advanceTimersByTime(100);
    const paste = "x€😀".repeat(Math.ceil(MAX_UPDATE_BYTES / 8) + 1000); // 8 bytes in UTF-8
    live.text.insert(5, paste);
    vi.advanceTimersByTime(2000);
    live.text.insert(0, "later ");
    vi.advanceTimersByTime(100);
    const updates = sockets[0].ofType(MessageType.Update);
    expect(updates.length).toBeGreaterThan(3);
    for (const message of updates) {
      expect(encodeMessage(message).length).toBeLessThanOrEqual(LIVE_LIMITS.maxMessageBytes);
    }
    const peer = new Y.Doc();
    for (const message of updates) Y.applyUpdate(peer, openUpdate(keys, message));
    expect(peer.getText("text").toString()).toBe(`later start${paste}`);
    live.leave();
  }, 60_000);
});
