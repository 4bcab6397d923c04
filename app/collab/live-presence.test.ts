import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import { keysFromSecret, viewOnlyKeys, type LiveKeys } from "./live-keys";
import { open } from "@plainpad/wire/seal";
import { LivePresence, PRESENCE_INTERVAL_MS } from "./live-presence";
import { testKeys } from "./live-test-support";
import { LIVE_LIMITS, awarenessBinding } from "@plainpad/wire";

const keys = testKeys(4);

/** A cursor as y-codemirror.next writes it: two relative positions (JSON). */
function cursorAt(at: number) {
  const position = { type: null, tname: "text", item: { client: 1, clock: at }, assoc: 0 };
  return { anchor: position, head: position };
}

/** One person: a doc, its awareness, presence, and what it sent. */
function person(name: string, personKeys: LiveKeys = keys) {
  const awareness = new Awareness(new Y.Doc());
  const sent: Uint8Array[] = [];
  const state = { connected: true, authFailures: 0, peerChanges: 0 };
  const presence = new LivePresence({
    awareness,
    keys: personKeys,
    canSend: () => state.connected,
    send: (sealed) => sent.push(sealed),
    onPeers: () => state.peerChanges++,
    onAuthFailure: () => state.authFailures++,
  });
  presence.setUser(name);
  vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
  sent.length = 0; // each test starts from a person already here
  return { awareness, presence, sent, state };
}

const people: ReturnType<typeof person>[] = [];
function make(name: string, personKeys?: LiveKeys) {
  const made = person(name, personKeys);
  people.push(made);
  return made;
}

/** Delivers everything `from` sent so far to `to`. */
function pass(from: ReturnType<typeof person>, to: ReturnType<typeof person>) {
  for (const sealed of from.sent.splice(0)) to.presence.receive(sealed);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  while (people.length) people.pop()?.awareness.destroy();
  vi.useRealTimers();
});

describe("LivePresence", () => {
  it("shows names and colours, self first, with presence sealed for the room", () => {
    const ada = make("Ada");
    const bo = make("Bo");
    ada.presence.announce();
    const sealed = ada.sent[0];
    // Sealed: the relay sees no name.
    expect(new TextDecoder().decode(sealed)).not.toContain("Ada");
    expect(() => open(keys, awarenessBinding(keys.roomId), sealed)).not.toThrow();
    pass(ada, bo);
    const peers = bo.presence.peers();
    expect(peers.map((peer) => [peer.name, peer.isSelf])).toEqual([
      ["Bo", true],
      ["Ada", false],
    ]);
    expect(peers[1].color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("answers a newcomer once, since the relay keeps no presence", () => {
    const ada = make("Ada");
    const bo = make("Bo");
    bo.presence.announce();
    pass(bo, ada); // Bo is new to Ada: Ada sends her state for him
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    expect(ada.sent.length).toBe(1);
    pass(ada, bo);
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    expect(bo.presence.peers()).toHaveLength(2);
    // Bo already knew nothing of Ada and now does: he answers once; Ada does not answer again.
    pass(bo, ada);
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS * 3);
    expect(ada.sent).toHaveLength(0);

    // Bo reconnects (forgetting the others): his new count makes Ada send hers again.
    bo.presence.disconnected();
    expect(bo.presence.peers()).toHaveLength(1);
    bo.presence.announce();
    pass(bo, ada);
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    pass(ada, bo);
    expect(bo.presence.peers().map((peer) => peer.name)).toEqual(["Bo", "Ada"]);
  });

  it("sends cursor moves at most about 30 times a second", () => {
    const ada = make("Ada");
    for (let i = 0; i < 100; i++) {
      ada.awareness.setLocalStateField("cursor", cursorAt(i));
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    expect(ada.sent.length).toBeGreaterThan(1);
    expect(ada.sent.length).toBeLessThanOrEqual(Math.ceil(133 / PRESENCE_INTERVAL_MS) + 1);
    // The last position always goes.
    const bo = make("Bo");
    pass(ada, bo);
    const adaState = bo.awareness.getStates().get(ada.awareness.clientID);
    expect(adaState?.cursor).toEqual(cursorAt(99));
  });

  it("ignores presence that fails its check and reports it", () => {
    const ada = make("Ada", keysFromSecret(new Uint8Array(32).fill(8)));
    const bo = make("Bo");
    ada.presence.announce();
    pass(ada, bo);
    expect(bo.state.authFailures).toBe(1);
    expect(bo.presence.peers()).toHaveLength(1);
  });

  it("shows a viewer's presence, and removes a person who leaves", () => {
    const viewer = make("Viewer", viewOnlyKeys(keys));
    const ada = make("Ada");
    viewer.presence.announce();
    pass(viewer, ada);
    expect(ada.presence.peers().map((peer) => peer.name)).toEqual(["Ada", "Viewer"]);
    viewer.presence.leave();
    pass(viewer, ada);
    expect(ada.presence.peers().map((peer) => peer.name)).toEqual(["Ada"]);
  });
  it("keeps a presence state over the relay's limit to itself instead of being cut off", () => {
    const ada = make("Ada");
    ada.awareness.setLocalStateField("note", "x".repeat(LIVE_LIMITS.maxAwarenessBytes));
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    expect(ada.sent).toEqual([]);
    ada.awareness.setLocalStateField("note", "short");
    vi.advanceTimersByTime(PRESENCE_INTERVAL_MS);
    expect(ada.sent).toHaveLength(1);
    expect(ada.sent[0].length).toBeLessThanOrEqual(LIVE_LIMITS.maxAwarenessBytes);
  });

  it("sends a digest within the presence cap, and keeps one over it to itself", () => {
    const ada = make("Ada");
    const bo = make("Bo");
    const digests: Uint8Array[] = [];
    const listener = new LivePresence({
      awareness: bo.awareness,
      keys,
      canSend: () => true,
      send: () => {},
      onPeers: () => {},
      onAuthFailure: () => {},
      onDigest: (digest) => digests.push(digest),
    });
    ada.presence.sendDigest(new Uint8Array(1024).fill(7));
    ada.presence.sendDigest(new Uint8Array(LIVE_LIMITS.maxAwarenessBytes));
    expect(ada.sent).toHaveLength(1);
    for (const sealed of ada.sent.splice(0)) listener.receive(sealed);
    expect(digests).toEqual([new Uint8Array(1024).fill(7)]);
    listener.dispose();
  });
});
