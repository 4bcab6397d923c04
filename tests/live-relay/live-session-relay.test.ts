/**
 * Live sessions through the real relay hub (in-process, over the in-memory test network):
 * the flows a person meets, end to end, with real sealing, signatures, pieces and the store.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { createMemoryRoomStore, createRelayHub } from "../../server/relay/relay-hub";
import { keysFromSecret, viewOnlyKeys } from "~/collab/live-keys";
import {
  BAD_RELAY_MESSAGE,
  ENDED_BY_YOU_MESSAGE,
  type LiveSessionOptions,
} from "~/collab/live-session";
import { TestNetwork, TestSessions } from "./live-test-network";
import { memoryStateStore } from "~/collab/live-test-support";
import { mergeLocalText } from "~/document/live/live-rejoin";
import { CLOSE_REASONS, CloseCode, LIVE_LIMITS } from "@plainpad/wire";

let network: TestNetwork;
let store: ReturnType<typeof createMemoryRoomStore>;
const keys = keysFromSecret(new Uint8Array(32).fill(21));
const people = new TestSessions({ network: () => network, keys, subnet: "10.0.1" });
const join = (options: Partial<LiveSessionOptions> = {}) => people.join(options);
const settle = (rounds?: number) => people.settle(rounds);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  store = createMemoryRoomStore();
  network = new TestNetwork(createRelayHub({ store, idleSweepMs: 0 }));
});
afterEach(async () => {
  await people.leaveAll();
  await network.hub.close();
  vi.useRealTimers();
});

describe("live sessions through the relay hub", () => {
  it("lets two people edit one text and see each other", async () => {
    const ada = join({ create: true, initialText: "hello", userName: "Ada" });
    await settle(3);
    const bo = join({ userName: "Bo" });
    await settle(3);
    await bo.whenSynced();
    expect(bo.text.toString()).toBe("hello");
    bo.text.insert(5, " world");
    ada.text.insert(0, "> ");
    await settle(3);
    expect(ada.text.toString()).toBe("> hello world");
    expect(bo.text.toString()).toBe("> hello world");
    expect(ada.getStatus().peers.map((peer) => peer.name)).toEqual(["Ada", "Bo"]);
    expect(bo.getStatus()).toMatchObject({ state: "live", synced: true, canEdit: true });

    // Bo's cursor moves reach Ada's awareness, but her status (and page) only changes for news.
    let statusChanges = 0;
    ada.subscribe(() => statusChanges++);
    const cursorAt = (index: number) => {
      const at = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(bo.text, index));
      return { anchor: at, head: at };
    };
    for (let at = 0; at < 10; at++) bo.awareness.setLocalStateField("cursor", cursorAt(at));
    await settle(2);
    expect(ada.awareness.getStates().get(bo.awareness.clientID)?.cursor).toEqual(cursorAt(9));
    expect(statusChanges).toBe(0);
    bo.setUserName("Bo B.");
    await settle(2);
    expect(statusChanges).toBe(1);
    expect(ada.getStatus().peers.map((peer) => peer.name)).toEqual(["Ada", "Bo B."]);
  });

  // A 30 s limit: it seals and signs megabytes in pure JavaScript, seconds on two loaded cores.
  it("gives a late joiner a large text after everyone left, through pieces and a snapshot", async () => {
    const line = "The quick brown fox jumps over the lazy dog. ".repeat(20) + "\n";
    const big = line.repeat(Math.ceil((3 * 1024 * 1024) / line.length));
    const ada = join({ create: true, initialText: big, tuning: { maxDelayMs: 10 } });
    await settle(3);
    ada.text.insert(0, "top\n");
    await settle(5);
    ada.leave();
    await settle(2);
    const room = await store.getRoom(keys.roomId);
    // Over compactAfterBytes: Ada uploaded a snapshot (in pieces) that replaced the log.
    expect(room?.snapshotSeq).toBeGreaterThan(0);
    expect(room!.snapshotBytes).toBeGreaterThan(LIVE_LIMITS.maxFrameBytes);
    const late = join();
    await settle(3);
    await late.whenSynced();
    expect(late.text.toString()).toBe(`top\n${big}`);
  }, 30_000);

  it("a view-only link reads and shows presence but changes nothing for anyone", async () => {
    const ada = join({ create: true, initialText: "read me", userName: "Ada" });
    await settle(3);
    const viewer = join({ keys: viewOnlyKeys(keys), userName: "Viewer" });
    await settle(3);
    expect(viewer.getStatus().canEdit).toBe(false);
    expect(viewer.text.toString()).toBe("read me");
    viewer.text.insert(0, "VANDAL ");
    ada.text.insert(7, "!");
    await settle(3);
    expect(ada.text.toString()).toBe("read me!");
    expect(ada.getStatus().peers.map((peer) => peer.name)).toEqual(["Ada", "Viewer"]);
    const later = join();
    await settle(3);
    expect(later.text.toString()).toBe("read me!");
  });

  it("ends for everyone when the starter says so, and the room is gone", async () => {
    const ada = join({ create: true, initialText: "bye" });
    await settle(3);
    const bo = join();
    await settle(3);
    const ending = ada.endForEveryone();
    await settle(3);
    await ending;
    expect(ada.getStatus()).toMatchObject({ state: "ended", message: ENDED_BY_YOU_MESSAGE });
    expect(bo.getStatus()).toMatchObject({
      state: "ended",
      message: CLOSE_REASONS[CloseCode.RoomEnded],
    });
    expect(bo.text.toString()).toBe("bye"); // the text stays with each person
    expect(await store.getRoom(keys.roomId)).toBeNull();
    // The room's tombstone: a late editor is told its owner ended it (checked), not "not found".
    const late = join();
    await settle(3);
    expect(late.getStatus()).toMatchObject({
      state: "ended",
      message: CLOSE_REASONS[CloseCode.RoomEnded],
    });
    await expect(late.whenSynced()).rejects.toThrow();
  });

  it("a rejoin merges in the page's text the relay never got, and keeps the others' edits", async () => {
    const { store: stateStore } = memoryStateStore();
    const ada = join({ create: true, initialText: "first line\n", stateStore, userName: "Ada" });
    await settle(3);
    const bo = join({ userName: "Bo" });
    await settle(3);
    // Ada's page keeps the room's state and goes; the line she typed last reached only her
    // editor's own storage (the page closed before the room's state was saved or sent).
    ada.leave();
    await settle(2);
    const pageText = "first line\nmine, typed last\n";
    bo.text.insert(0, "Bo's title\n");
    await settle(3);
    const back = join({ stateStore, userName: "Ada" });
    await settle(3);
    await back.whenSynced();
    // What the page used to show after a rejoin: her line is gone.
    expect(back.text.toString()).toBe("Bo's title\nfirst line\n");
    // A page copy older than the kept state (saved a moment before it) deletes nothing.
    expect(mergeLocalText(back, "first li")).toBe("Bo's title\nfirst line\n");
    const shown = mergeLocalText(back, pageText);
    expect(shown).toBe("Bo's title\nfirst line\nmine, typed last\n");
    await settle(3);
    expect(bo.text.toString()).toBe(shown);
    // Not an edit of hers to undo: undo leaves the merged text.
    back.undoManager.undo();
    expect(back.text.toString()).toBe(shown);
  });

  it("a rejoin with nothing kept, or the same lines changed on both sides, drops no line", async () => {
    const { store: stateStore } = memoryStateStore();
    const ada = join({ create: true, initialText: "one\ntwo\n", stateStore, userName: "Ada" });
    await settle(3);
    const bo = join({ userName: "Bo" });
    await settle(3);
    ada.leave();
    await settle(2);
    bo.text.insert(bo.text.length, "three\n");
    bo.text.delete(0, 3);
    bo.text.insert(0, "ONE");
    await settle(3);
    // The same first line changed on both sides: both versions stay.
    const back = join({ stateStore, userName: "Ada" });
    await settle(3);
    await back.whenSynced();
    expect(back.keptText).toBe("one\ntwo\n");
    expect(mergeLocalText(back, "One!\ntwo\n")).toBe("ONE\nOne!\ntwo\nthree\n");
    back.leave();
    await settle(2);
    // Nothing kept in this browser: the page's own line is added, the session's all stay.
    const fresh = join({ userName: "Cy" });
    await settle(3);
    await fresh.whenSynced();
    expect(fresh.keptText).toBeNull();
    expect(mergeLocalText(fresh, "ONE\ntwo\nCy's line\n")).toBe(
      "ONE\nOne!\ntwo\nthree\nCy's line\n",
    );
    await settle(3);
    expect(bo.text.toString()).toBe("ONE\nOne!\ntwo\nthree\nCy's line\n");
    // Typing at the end of a line, with nothing kept: the line grows, it is not doubled.
    const typed = "ONE and more\nOne!\ntwo\nthree\nCy's line\n";
    const other = join({ userName: "Di" });
    await settle(3);
    await other.whenSynced();
    expect(mergeLocalText(other, typed)).toBe(typed);
  });

  it("says so when the relay address cannot be opened", () => {
    const session = join({
      openSocket: () => {
        throw new SyntaxError("bad url");
      },
    });
    expect(session.getStatus()).toMatchObject({ state: "ended", message: BAD_RELAY_MESSAGE });
  });
});
