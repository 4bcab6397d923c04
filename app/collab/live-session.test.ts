import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { keysFromSecret, viewOnlyKeys } from "./live-keys";
import { open, verifyWrite } from "@plainpad/wire/seal";
import { END_UNPROVEN_MESSAGE } from "./live-ending";
import { decodePayload } from "./live-envelope";
import { deleteRoomMessage } from "@plainpad/wire/page-messages";
import { AUTH_FAILURE_MESSAGE, type LiveSessionOptions } from "./live-session";
import { checkLiveSize, LiveSizeError } from "./live-size";
import {
  entryFor,
  memoryStateStore,
  openUpdate,
  remoteEdit,
  scriptedSession,
  testKeys,
  textOf,
} from "./live-test-support";
import {
  CLOSE_REASONS,
  CloseCode,
  LIVE_LIMITS,
  MessageType,
  proveBinding,
  snapshotBinding,
} from "@plainpad/wire";

const keys = testKeys();

const session = (options: Partial<LiveSessionOptions> = {}) => scriptedSession(keys, options);

function welcome(socket: { deliver: (m: never) => void }, headSeq = 0, snapshotSeq = 0, epoch = 0) {
  const challenge = new Uint8Array(32).fill(headSeq + 1);
  socket.deliver({
    type: MessageType.Welcome,
    headSeq,
    snapshotSeq,
    created: false,
    challenge,
    epoch,
  } as never);
}

function synced(socket: { deliver: (m: never) => void }, headSeq = 0, logCount = 0) {
  socket.deliver({ type: MessageType.Synced, headSeq, logCount, logBytes: 0 } as never);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("LiveSession", () => {
  it("starts a room with the initial text as its first update", async () => {
    const { live, sockets } = session({ create: true, initialText: "hello" });
    live.start();
    expect(live.getStatus().state).toBe("connecting");
    sockets[0].open();
    const [join] = sockets[0].ofType(MessageType.Join);
    expect(join).toMatchObject({ roomId: keys.roomId, sinceSeq: 0, create: true });
    expect(sockets[0].ofType(MessageType.Update)).toHaveLength(0);
    welcome(sockets[0]);
    const [first] = sockets[0].ofType(MessageType.Update);
    expect(textOf([openUpdate(keys, first)])).toBe("hello");
    sockets[0].deliver({ type: MessageType.Ack, messageId: first.messageId, seq: 1 });
    synced(sockets[0], 1, 1);
    await live.whenSynced();
    expect(live.getStatus()).toMatchObject({ state: "live", synced: true, canEdit: true });
    expect(live.getStatus().peers.map((peer) => peer.name)).toEqual(["Ada"]);
    live.leave();
  });

  it("batches keystrokes into one update and resends what was not acknowledged", () => {
    const { live, sockets } = session({ create: true, initialText: "hello" });
    live.start();
    sockets[0].open();
    welcome(sockets[0]);
    const [first] = sockets[0].ofType(MessageType.Update);
    sockets[0].deliver({ type: MessageType.Ack, messageId: first.messageId, seq: 1 });
    synced(sockets[0], 1, 1);
    for (const [index, letter] of [..." world"].entries()) live.text.insert(5 + index, letter);
    // The first keystroke after a pause goes at once; the rest wait for the batch.
    expect(sockets[0].ofType(MessageType.Update)).toHaveLength(2);
    vi.advanceTimersByTime(100);
    const updates = sockets[0].ofType(MessageType.Update);
    expect(updates).toHaveLength(3);
    const initial = openUpdate(keys, updates[0]);
    expect(textOf(updates.map((update) => openUpdate(keys, update)))).toBe("hello world");

    // The connection drops before the ACK: the batch goes again after the next WELCOME.
    sockets[0].drop(1006);
    expect(live.getStatus().state).toBe("reconnecting");
    live.text.insert(11, "!");
    vi.advanceTimersByTime(16_000);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].ofType(MessageType.Join)[0]).toMatchObject({ sinceSeq: 1, create: false });
    welcome(sockets[1], 1);
    const resent = sockets[1].ofType(MessageType.Update);
    expect(resent).toHaveLength(1); // merged into one
    expect(textOf([initial, openUpdate(keys, resent[0])])).toBe("hello world!");
    live.leave();
  });

  it("sends its whole state again when the relay lost entries (another epoch), and waits out a full relay", () => {
    const writer = new Y.Doc();
    writer.getText("text").insert(0, "abc");
    const { live, sockets } = session();
    live.start();
    sockets[0].open();
    expect(sockets[0].ofType(MessageType.Join)[0]).toMatchObject({ sinceSeq: 0, epoch: 0 });
    welcome(sockets[0], 1, 0, 5);
    sockets[0].deliver(entryFor(keys, Y.encodeStateAsUpdate(writer), 1));
    synced(sockets[0], 1);
    live.text.insert(3, "X");
    const [own] = sockets[0].ofType(MessageType.Update);
    sockets[0].deliver({ type: MessageType.Ack, messageId: own.messageId, seq: 2 });

    // The relay is out of space: the page says so in words and tries again, keeping its text.
    sockets[0].drop(CloseCode.RelayFull);
    expect(live.getStatus()).toMatchObject({
      state: "reconnecting",
      message: CLOSE_REASONS[CloseCode.RelayFull],
    });
    vi.advanceTimersByTime(16_000);
    sockets[1].open();
    expect(sockets[1].ofType(MessageType.Join)[0]).toMatchObject({ sinceSeq: 2, epoch: 5 });
    // The relay lost the room's entries (it now counts in epoch 9): everything goes back.
    welcome(sockets[1], 0, 0, 9);
    const resent = sockets[1].ofType(MessageType.Update);
    expect(resent).toHaveLength(1);
    expect(textOf([openUpdate(keys, resent[0])])).toBe("abcX");
    sockets[1].deliver({ type: MessageType.Ack, messageId: resent[0].messageId, seq: 1 });
    synced(sockets[1], 1);
    sockets[1].drop(1006);
    vi.advanceTimersByTime(16_000);
    sockets[2].open();
    // Sequences count afresh in the new epoch.
    expect(sockets[2].ofType(MessageType.Join)[0]).toMatchObject({ sinceSeq: 1, epoch: 9 });
    welcome(sockets[2], 1, 0, 9);
    expect(sockets[2].ofType(MessageType.Update)).toHaveLength(0);
    live.leave();
  });

  it("shows a joiner the room's text once synced, from a snapshot and entries", async () => {
    const writer = new Y.Doc();
    writer.getText("text").insert(0, "shared ");
    const snapshotState = Y.encodeStateAsUpdate(writer);
    const { live, sockets } = session();
    live.start();
    sockets[0].open();
    welcome(sockets[0], 3, 2);
    const { seal, signWrite } = await import("@plainpad/wire/seal");
    const binding = snapshotBinding(keys.roomId, 2, 0);
    const sealed = seal(keys, binding, snapshotState);
    sockets[0].deliver({
      type: MessageType.SnapshotReplay,
      snapshotId: new Uint8Array(16),
      upToSeq: 2,
      baseSeq: 0,
      sealed,
      signature: signWrite(keys, binding, sealed),
    });
    sockets[0].deliver(entryFor(keys, remoteEdit([snapshotState], 7, "text"), 3));
    expect(live.getStatus().synced).toBe(false);
    synced(sockets[0], 3, 1);
    await live.whenSynced();
    expect(live.text.toString()).toBe("shared text");
    live.leave();
    // The next JOIN of this room would ask for what follows seq 3.
  });

  it("ignores a change that fails its signature or seal, and says so", () => {
    const { live, sockets } = session();
    live.start();
    sockets[0].open();
    welcome(sockets[0]);
    const good = remoteEdit([], 0, "good");
    const otherRoom = keysFromSecret(new Uint8Array(32).fill(9));
    sockets[0].deliver(entryFor(otherRoom, remoteEdit([], 0, "forged"), 1));
    const wrongSeal = { ...keys, encryptionKey: new Uint8Array(32).fill(1) };
    sockets[0].deliver(entryFor(wrongSeal, remoteEdit([], 0, "garbled"), 2));
    expect(live.getStatus().message).toBe(AUTH_FAILURE_MESSAGE);
    sockets[0].deliver(entryFor(keys, good, 3));
    expect(live.text.toString()).toBe("good");
    live.leave();
  });

  it("never sends an update or snapshot from a view-only link", () => {
    const { live, sockets } = session({
      keys: viewOnlyKeys(keys),
      tuning: { compactAfterUpdates: 1, maxDelayMs: 0 },
    });
    live.start();
    sockets[0].open();
    welcome(sockets[0]);
    sockets[0].deliver(entryFor(keys, remoteEdit([], 0, "abc"), 1));
    synced(sockets[0], 1, 5);
    live.text.insert(0, "mine");
    vi.advanceTimersByTime(5000);
    expect(live.getStatus().canEdit).toBe(false);
    expect(sockets[0].ofType(MessageType.Update)).toHaveLength(0);
    expect(sockets[0].ofType(MessageType.Snapshot)).toHaveLength(0);
    live.leave();
  });

  it("compacts past the threshold with a sealed snapshot built on the room's snapshot", () => {
    const { live, sockets } = session({ tuning: { compactAfterUpdates: 3, maxDelayMs: 10 } });
    live.start();
    sockets[0].open();
    welcome(sockets[0]);
    const base: Uint8Array[] = [];
    for (let seq = 1; seq <= 3; seq++) {
      const update = remoteEdit(base, 0, String(seq));
      base.push(update);
      sockets[0].deliver(entryFor(keys, update, seq));
    }
    synced(sockets[0], 3, 3);
    vi.advanceTimersByTime(20);
    const [snapshot] = sockets[0].ofType(MessageType.Snapshot);
    expect(snapshot).toMatchObject({ upToSeq: 3, baseSeq: 0 });
    const state = decodePayload(
      open(keys, snapshotBinding(keys.roomId, 3, 0), snapshot.sealed),
    ).update;
    expect(textOf([state])).toBe("321");
    // Someone else's snapshot won: counts are updated and the next try builds on theirs.
    sockets[0].deliver({
      type: MessageType.SnapshotResult,
      snapshotId: snapshot.snapshotId,
      accepted: false,
      snapshotSeq: 2,
      logCount: 1,
      logBytes: 10,
    });
    const update = remoteEdit(base, 0, "4");
    sockets[0].deliver(entryFor(keys, update, 4));
    sockets[0].deliver(entryFor(keys, remoteEdit([...base, update], 0, "5"), 5));
    vi.advanceTimersByTime(100); // a refusal makes the next try wait a little longer
    const again = sockets[0].ofType(MessageType.Snapshot);
    expect(again).toHaveLength(2);
    expect(again[1]).toMatchObject({ upToSeq: 5, baseSeq: 2 });
    live.leave();
  });

  it("ends with the relay's words on a final close, and reconnects on 1001", () => {
    const { live, sockets } = session();
    live.start();
    sockets[0].open();
    sockets[0].drop(1001);
    expect(live.getStatus().state).toBe("reconnecting");
    vi.advanceTimersByTime(1000);
    sockets[1].open();
    sockets[1].drop(CloseCode.RoomNotFound, "");
    expect(live.getStatus()).toMatchObject({
      state: "ended",
      message: CLOSE_REASONS[CloseCode.RoomNotFound],
    });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    return expect(live.whenSynced()).rejects.toThrow();
  });

  it("answers WELCOME's challenge with a proof of the edit key before any update", () => {
    const { live, sockets } = session({ create: true, initialText: "hi" });
    live.start();
    sockets[0].open();
    welcome(sockets[0], 4);
    const sent = sockets[0].sent.filter((m) => m.type !== MessageType.Awareness);
    expect(sent.map((m) => m.type)).toEqual([
      MessageType.Join,
      MessageType.Prove,
      MessageType.Update,
    ]);
    const [prove] = sockets[0].ofType(MessageType.Prove);
    const binding = proveBinding(keys.roomId, new Uint8Array(32).fill(5));
    expect(verifyWrite(keys.verifyKey, binding, new Uint8Array(0), prove.signature)).toBe(true);
    live.leave();
  });

  it("ends when the person who started it ends it, checking their signed delete", () => {
    const { live, sockets } = session();
    live.start();
    sockets[0].open();
    welcome(sockets[0]);
    const { at, signature } = deleteRoomMessage(keys, 1_800_000_000_000);
    sockets[0].deliver({ type: MessageType.Ended, cause: "deleted", at, signature });
    expect(live.getStatus()).toMatchObject({
      state: "ended",
      message: "The person who started this live session ended it.",
    });
    expect(sockets[0].closed).not.toBeNull();
  });

  it("does not take a relay's word that the owner ended it without their signature", () => {
    const { live, sockets } = session();
    live.start();
    sockets[0].open();
    welcome(sockets[0]);
    const { signature } = deleteRoomMessage(keys, 1_800_000_000_000);
    // A real signature, but of another time: not this delete.
    sockets[0].deliver({ type: MessageType.Ended, cause: "deleted", at: 1, signature });
    expect(live.getStatus()).toMatchObject({ state: "ended", message: END_UNPROVEN_MESSAGE });
  });

  it("says so in its own words when the room expired on the relay", () => {
    const { live, sockets } = session();
    live.start();
    sockets[0].open();
    welcome(sockets[0]);
    const signature = new Uint8Array(0);
    sockets[0].deliver({ type: MessageType.Ended, cause: "expired", at: 0, signature });
    expect(live.getStatus()).toMatchObject({
      state: "ended",
      message: CLOSE_REASONS[CloseCode.RoomExpired],
    });
    expect(live.getStatus().message).not.toBe(CLOSE_REASONS[CloseCode.RoomEnded]);
  });

  it("keeps edits made offline across a reload and sends them when back", async () => {
    const { kept, store } = memoryStateStore();
    const first = session({ create: true, initialText: "draft", stateStore: store });
    first.live.start();
    first.live.text.insert(5, " offline");
    first.sockets[0].drop(1006); // never reached the relay
    first.live.leave();
    await vi.runOnlyPendingTimersAsync();
    expect(kept.get(keys.roomId)?.unacked.length).toBeGreaterThan(0);

    const second = session({ stateStore: store });
    second.live.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.live.text.toString()).toBe("draft offline");
    second.sockets[0].open();
    welcome(second.sockets[0]);
    const [resent] = second.sockets[0].ofType(MessageType.Update);
    expect(textOf([openUpdate(keys, resent)])).toBe("draft offline");
    second.live.leave();
  });

  it("keeps nothing of the session in this browser once the person forgets it", async () => {
    const { kept, store } = memoryStateStore();
    const first = session({ create: true, initialText: "draft", stateStore: store });
    first.live.start();
    first.live.text.insert(5, " secret");
    await vi.runOnlyPendingTimersAsync();
    expect(kept.has(keys.roomId)).toBe(true); // kept while in the session
    first.live.leave({ forget: true });
    await vi.runOnlyPendingTimersAsync();
    expect(kept.has(keys.roomId)).toBe(false);
    // The document itself keeps its text: only the browser's copy of the session is gone.
    expect(first.live.text.toString()).toBe("draft secret");
  });

  it("refuses to start a document over the size limit", () => {
    const big = "a".repeat(LIVE_LIMITS.maxDocumentBytes + 1);
    expect(checkLiveSize(big)).toMatch(/too large to edit live/);
    expect(checkLiveSize("é".repeat(1000))).toBeNull();
    expect(() => session({ create: true, initialText: big })).toThrow(LiveSizeError);
  });
});

describe("LiveSession growth", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // A 30 s limit: it seals and signs megabytes in pure JavaScript, seconds on two loaded cores.
  it("tells the person when a live document grows past the limit, and keeps sending", () => {
    const { live, sockets } = session({ create: true, initialText: "small" });
    live.start();
    sockets[0].open();
    welcome(sockets[0]);
    synced(sockets[0]);
    live.text.insert(0, "x".repeat(LIVE_LIMITS.maxDocumentBytes));
    expect(live.getStatus().message).toMatch(/over the 10 MB limit/);
    vi.advanceTimersByTime(100);
    expect(sockets[0].ofType(MessageType.Update).length).toBe(2); // kept and sent all the same
    vi.advanceTimersByTime(1000);
    live.text.delete(0, LIVE_LIMITS.maxDocumentBytes);
    expect(live.getStatus().message).toBeNull();
    live.leave();
  }, 30_000);
});

describe("LiveSession offline", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("says Offline while the browser has no network, and reconnects at once when it is back", () => {
    const page = new EventTarget();
    const network = { onLine: true };
    vi.stubGlobal("window", page);
    vi.stubGlobal("navigator", network);
    const { live, sockets } = session();
    live.start();
    sockets[0].open();
    welcome(sockets[0]);
    synced(sockets[0]);
    network.onLine = false;
    page.dispatchEvent(new Event("offline"));
    sockets[0].drop(1006);
    expect(live.getStatus().state).toBe("offline");
    live.text.insert(0, "typed offline");
    vi.advanceTimersByTime(100);
    network.onLine = true;
    page.dispatchEvent(new Event("online"));
    expect(live.getStatus().state).toBe("reconnecting");
    expect(sockets).toHaveLength(2); // no backoff wait
    sockets[1].open();
    welcome(sockets[1]);
    synced(sockets[1]);
    expect(live.getStatus().state).toBe("live");
    const [resent] = sockets[1].ofType(MessageType.Update);
    expect(textOf([openUpdate(keys, resent)])).toBe("typed offline");
    live.leave();
  });
});
