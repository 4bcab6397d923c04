/**
 * Seeded random test in the manner of Yjs's applyRandomTests: five live sessions (one of them
 * view-only) and the REAL relay hub in one process, connected through a test network that
 * delays frames and delivers them in random interleavings (in order per connection), drops
 * connections with frames in flight, lets sessions leave and come back (a reload, with their
 * kept state), restarts the hub on the same store, and compacts at random thresholds. At the
 * end every session's text is identical, and the store's snapshot plus its remaining log,
 * checked and opened with the room's keys, give that same text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { createMemoryRoomStore, createRelayHub } from "../../server/relay/relay-hub";
import type { RoomStore } from "../../server/relay/room-store";
import { keysFromSecret, viewOnlyKeys, type LiveKeys } from "~/collab/live-keys";
import { open, verifyWrite } from "@plainpad/wire/seal";
import { decodePayload } from "~/collab/live-envelope";
import { REMOTE_ORIGIN, STORED_ORIGIN } from "~/collab/live-origins";
import { MISSING_AFTER_MS } from "~/collab/live-ledger";
import { LiveSession, MISSING_HERE_MESSAGE, MISSING_THERE_MESSAGE } from "~/collab/live-session";
import type { LiveRoomState, LiveStateStore } from "~/collab/live-state-store";
import { TestNetwork } from "./live-test-network";
import { snapshotBinding, updateBinding } from "@plainpad/wire";
import { seededRandom } from "../support/seeded-random";

const SEEDS = [1, 2, 3, 4, 5, 6];
const STEPS = 400;
const CLIENTS = 5;
const VIEW_ONLY = 4;

function memoryStateStore(): LiveStateStore {
  const kept = new Map<string, LiveRoomState>();
  return {
    load: async (roomId) => kept.get(roomId) ?? null,
    save: async (roomId, value) => void kept.set(roomId, value),
    delete: async (roomId) => void kept.delete(roomId),
  };
}

// Taken before the fake timers: the relay checks signatures on libuv's thread pool, which
// answers in real time, so healing waits a little real time too.
const realSetTimeout = globalThis.setTimeout;

/** Lets the hub's async store calls run (real setImmediate: timers are fake). */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** The text the relay's store holds: snapshot plus log, each checked and opened. */
async function storedText(store: RoomStore, keys: LiveKeys): Promise<string> {
  const replay = await store.replay(keys.roomId, 0);
  if (!replay) throw new Error("room gone");
  const doc = new Y.Doc();
  const { snapshot, entries } = replay;
  if (snapshot) {
    const binding = snapshotBinding(keys.roomId, snapshot.upToSeq, snapshot.baseSeq);
    expect(verifyWrite(keys.verifyKey, binding, snapshot.sealed, snapshot.signature)).toBe(true);
    Y.applyUpdate(doc, decodePayload(open(keys, binding, snapshot.sealed)).update);
  }
  for (const entry of entries) {
    const binding = updateBinding(keys.roomId, entry.messageId);
    expect(verifyWrite(keys.verifyKey, binding, entry.sealed, entry.signature)).toBe(true);
    Y.applyUpdate(doc, decodePayload(open(keys, binding, entry.sealed)).update);
  }
  return doc.getText("text").toString();
}

function seesEveryone(session: LiveSession, sessions: LiveSession[]): boolean {
  const seen = new Set(session.getStatus().peers.map((peer) => peer.clientId));
  return sessions.every((other) => seen.has(other.awareness.clientID));
}

const WORDS = ["alpha ", "beta ", "γάμμα ", "delta\n", "ε ", "🙂 ", "zeta ", "eta\n"];

async function runSeed(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const keys = keysFromSecret(new Uint8Array(32).fill(seed));
  const store = createMemoryRoomStore();
  const hubOptions = { store, now: () => Date.now(), idleSweepMs: 0 };
  const network = new TestNetwork(createRelayHub(hubOptions));
  const stateStores = Array.from({ length: CLIENTS }, () => memoryStateStore());
  const counts = { drops: 0, rejoins: 0, restarts: 0, edits: 0 };
  // Every change anyone made, applied here as it was made: the text all must end with.
  const reference = new Y.Doc();

  const makeSession = (index: number, create: boolean) => {
    const session = new LiveSession({
      keys: index === VIEW_ONLY ? viewOnlyKeys(keys) : keys,
      relayUrl: "ws://relay.test/relay",
      create,
      initialText: create ? "start\n" : undefined,
      userName: `Person ${index}`,
      stateStore: stateStores[index],
      openSocket: network.opener(`10.0.0.${index}`),
      tuning: {
        compactAfterUpdates: 3 + Math.floor(random() * 10),
        compactAfterBytes: 4096 + Math.floor(random() * 8192),
        maxDelayMs: 300,
        random,
      },
    });
    session.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin !== REMOTE_ORIGIN && origin !== STORED_ORIGIN) Y.applyUpdate(reference, update);
    });
    session.start();
    return session;
  };

  const deliver = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const busy = network.busy();
      if (busy.length === 0) break;
      pick(busy).step(random() < 0.5);
      await settle();
    }
  };

  const sessions: LiveSession[] = [makeSession(0, true)];
  // The others join once the room exists (a joiner of a missing room is told it has ended).
  for (let round = 0; round < 50 && !sessions[0].getStatus().synced; round++) {
    await deliver(20);
    await vi.advanceTimersByTimeAsync(100);
  }
  expect(sessions[0].getStatus().synced).toBe(true);
  for (let index = 1; index < CLIENTS; index++) sessions.push(makeSession(index, false));
  await settle();

  for (let step = 0; step < STEPS; step++) {
    const roll = random();
    if (roll < 0.35) {
      const index = Math.floor(random() * (CLIENTS - 1)); // the view-only client never types
      const { text } = sessions[index];
      if (random() < 0.7 || text.length === 0) {
        text.insert(Math.floor(random() * (text.length + 1)), pick(WORDS));
      } else {
        const at = Math.floor(random() * text.length);
        text.delete(at, Math.min(text.length - at, 1 + Math.floor(random() * 6)));
      }
      counts.edits++;
    } else if (roll < 0.42) {
      const session = pick(sessions);
      session.awareness.setLocalStateField("cursor", { at: Math.floor(random() * 100) });
    } else if (roll < 0.8) {
      await deliver(1 + Math.floor(random() * 12));
    } else if (roll < 0.9) {
      await vi.advanceTimersByTimeAsync(Math.floor(random() * 400));
    } else if (roll < 0.96) {
      const open = network.open();
      if (open.length > 0) {
        pick(open).drop();
        counts.drops++;
      }
    } else if (roll < 0.99) {
      // A reload: leave, then a new session on the same browser's kept state.
      const index = Math.floor(random() * CLIENTS);
      sessions[index].leave();
      await settle();
      sessions[index] = makeSession(index, false);
      await settle();
      counts.rejoins++;
    } else {
      await network.hub.close();
      network.hub = createRelayHub(hubOptions);
      counts.restarts++;
    }
  }

  // Heal: the network delivers everything and time passes until every session is live and idle.
  for (let round = 0; round < 400; round++) {
    await deliver(500);
    await new Promise<void>((resolve) => realSetTimeout(resolve, 3));
    await vi.advanceTimersByTimeAsync(1000);
    const quiet = network.busy().length === 0;
    const live = sessions.every((session) => session.getStatus().state === "live");
    const texts = new Set(sessions.map((session) => session.text.toString()));
    const present = sessions.every((session) => seesEveryone(session, sessions));
    if (quiet && live && present && texts.size === 1 && round > 3) break;
  }

  for (const session of sessions) expect(session.getStatus().state).toBe("live");
  const expected = sessions[0].text.toString();
  // No edit was lost: the text holds every change ever made (Yjs merges deterministically).
  expect(expected).toBe(reference.getText("text").toString());
  for (const session of sessions) expect(session.text.toString()).toBe(expected);
  expect(await storedText(store, keys)).toBe(expected);
  const room = await store.getRoom(keys.roomId);
  // Everyone sees everyone (presence reached each session). A session that left while its
  // connection was down could not say so: awareness drops it after 30 s of silence, on real
  // time (lib0 reads Date.now before fake timers exist), so a stale extra entry may remain here.
  for (const session of sessions) expect(seesEveryone(session, sessions)).toBe(true);
  // The relay told no lie: after digests went round, no session thinks anything is missing.
  for (let waited = 0; waited < 2 * MISSING_AFTER_MS; waited += 1000) {
    await deliver(500);
    await vi.advanceTimersByTimeAsync(1000);
  }
  for (const session of sessions) {
    expect([MISSING_HERE_MESSAGE, MISSING_THERE_MESSAGE]).not.toContain(
      session.getStatus().message,
    );
  }

  for (const session of sessions) session.leave();
  await deliver(10_000);
  await network.hub.close();
  return { counts, length: expected.length, snapshotSeq: room?.snapshotSeq ?? 0 };
}

describe("live sessions through the real relay hub, at random", () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const seed of SEEDS) {
    it(`seed ${seed}: every text and the relay's store agree`, async () => {
      const { counts, length, snapshotSeq } = await runSeed(seed);
      expect(counts.edits).toBeGreaterThan(50);
      expect(counts.drops + counts.rejoins + counts.restarts).toBeGreaterThan(10);
      expect(length).toBeGreaterThan(0);
      expect(snapshotSeq).toBeGreaterThan(0); // compaction happened
    }, 120_000);
  }
});
