/**
 * The one live controller (app/document/live/live-controller.ts) without a browser: documents
 * as EditorStates (shown through a view double, or held while hidden), sessions over the
 * in-memory test network and the real relay hub, the remembered links in a memory storage.
 */
import { Compartment, EditorState, type Transaction } from "@codemirror/state";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryRoomStore, createRelayHub } from "../../server/relay/relay-hub";
import { keysFromSecret, liveFragment } from "~/collab/live-keys";
import { LiveSession } from "~/collab/live-session";
import { memoryStateStore } from "~/collab/live-test-support";
import { boundedHistory } from "~/codemirror/bounded-history";
import { isLiveState, liveCompartment } from "~/codemirror/live-state";
import type { HeldDocument } from "~/document/apply-to-document";
import { viewDouble } from "~/document/document-test-support";
import { originOf } from "~/document/change-origin";
import type { LiveRuntime } from "~/document/live/live-address";
import type { LiveHandle } from "~/document/live/live-control";
import { LiveController, type LiveEntry } from "~/document/live/live-controller";
import * as realRuntime from "~/document/live/live-runtime";
import { readLiveLink, rememberLiveLink } from "~/storage/live-links";
import { memoryStorage } from "~/storage/memory-storage-test-support";
import { TestNetwork, TestSessions } from "./live-test-network";

const secret = new Uint8Array(32).fill(33);
const keys = keysFromSecret(secret);
const fragment = `live=${liveFragment(secret)}`;
const DEPTH = 100;

let network: TestNetwork;
const others = new TestSessions({ network: () => network, keys, subnet: "10.0.7" });
const settle = (rounds?: number) => others.settle(rounds);
/** The sessions the controller made (they leave at the end of each test). */
const made: LiveSession[] = [];

/** The session code, its sessions over the test network (from this person's own address). */
let kept = memoryStateStore();
function handleFor(session: LiveSession, startedHere: boolean): LiveHandle {
  const remembered = { fragment, roomId: keys.roomId, startedHere };
  return { session, roomId: keys.roomId, editLink: null, viewLink: "", remembered };
}
function sessionOf(create: boolean, userName: string, initialText?: string): LiveSession {
  const session = new LiveSession({
    keys,
    relayUrl: "ws://relay.test/relay",
    create,
    initialText,
    userName,
    openSocket: network.opener(`10.0.9.${made.length + 1}`),
    stateStore: kept.store,
  });
  made.push(session);
  return session;
}
const runtime: LiveRuntime = {
  ...realRuntime,
  startLive: (_editor, text, userName) => handleFor(sessionOf(true, userName, text), true),
  joinLive: (_editor, given, userName, startedHere = false) =>
    given === fragment
      ? { kind: "ok", handle: handleFor(sessionOf(false, userName), startedHere) }
      : { kind: "damaged", message: "This link is damaged." },
};

/** An editor's documents for the controller: each held, and one of them shown at a time. */
function editorOf(
  texts: Record<string, string>,
  loadRuntime: () => Promise<LiveRuntime> = () => Promise.resolve(runtime),
) {
  const historyDepth = new Compartment();
  const held: Record<string, HeldDocument> = {};
  for (const [id, text] of Object.entries(texts)) {
    held[id] = {
      state: EditorState.create({
        doc: text,
        extensions: [liveCompartment.of([]), historyDepth.of(boundedHistory(DEPTH))],
      }),
    };
  }
  let shown: { id: string; view: ReturnType<typeof viewDouble> } | null = null;
  const entries = new Map<string, LiveEntry>();
  const reports: string[] = [];
  const edits: string[] = [];
  const heldTransactions: Transaction[] = [];
  const stateOf = (id: string) => (shown?.id === id ? shown.view.state : (held[id]?.state ?? null));
  const controller = new LiveController({
    editor: "notepad",
    keyOf: (id) => `notepad:${id}`,
    entries: {
      get: (id) => entries.get(id) ?? null,
      set: (id, entry) => (entry ? entries.set(id, entry) : entries.delete(id)),
      all: () => [...entries],
      clear: () => entries.clear(),
    },
    documents: {
      target: (id) => {
        if (!held[id]) return null;
        if (shown?.id === id) return { view: shown.view, held: held[id] };
        // A hidden document: what the apply path does to it is kept to be read.
        const record = held[id];
        return {
          view: null,
          held: {
            get state() {
              return record.state;
            },
            set state(state) {
              record.state = state;
            },
          },
          feed: {
            id,
            feed: {
              publishTransactions: (_id: string, trs: readonly Transaction[]) =>
                heldTransactions.push(...trs),
            } as never,
          },
        };
      },
      isShown: (id) => shown?.id === id,
      text: (id) => stateOf(id)?.doc.toString() ?? "",
      noteEdit: (id) => edits.push(id),
    },
    historyDepth: () => historyDepth,
    defaultHistoryDepth: DEPTH,
    report: (message) => reports.push(message),
    missingDocument: "This tab was closed.",
    loadRuntime,
  });
  return {
    controller,
    entries,
    reports,
    edits,
    heldTransactions,
    stateOf,
    show(id: string) {
      shown = { id, view: viewDouble(held[id].state!) };
      return shown.view;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  vi.stubGlobal("localStorage", memoryStorage());
  kept = memoryStateStore();
  vi.stubGlobal("window", { location: new URL("https://plainpad.test/online-notepad/") });
  network = new TestNetwork(createRelayHub({ store: createMemoryRoomStore(), idleSweepMs: 0 }));
});
afterEach(async () => {
  while (made.length) made.pop()?.leave();
  await others.leaveAll();
  await network.hub.close();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the live controller", () => {
  it("starts a session for a hidden document, which then follows the others' edits", async () => {
    const editor = editorOf({ a: "hello", b: "other tab" });
    expect(await editor.controller.start("a", "Ada")).toBeNull();
    expect(editor.controller.get("a")).toMatchObject({ joining: false, ended: false });
    expect(readLiveLink("notepad:a")).toEqual({
      fragment,
      roomId: keys.roomId,
      startedHere: true,
    });
    expect(isLiveState(editor.stateOf("a")!)).toBe(true);
    await settle(3);

    const bo = others.join({ userName: "Bo" });
    await settle(3);
    expect(bo.text.toString()).toBe("hello");
    bo.text.insert(5, " world");
    await settle(3);

    // Tab a is not shown: the change reached its held state through the one apply path.
    expect(editor.stateOf("a")!.doc.toString()).toBe("hello world");
    const applied = editor.heldTransactions.filter((tr) => tr.docChanged);
    expect(applied.map(originOf)).toEqual(["live"]);
    expect(editor.edits).toEqual(["a"]);
    expect(editor.stateOf("b")!.doc.toString()).toBe("other tab");
  });

  it("stops: the document is ordinary again, its link forgotten, and no longer follows", async () => {
    const editor = editorOf({ a: "hello" });
    await editor.controller.start("a", "Ada");
    await settle(3);
    const bo = others.join({ userName: "Bo" });
    await settle(3);

    editor.controller.stop("a", { forget: true });
    expect(editor.controller.get("a")).toBeNull();
    expect(readLiveLink("notepad:a")).toBeNull();
    expect(isLiveState(editor.stateOf("a")!)).toBe(false);

    bo.text.insert(0, "> ");
    await settle(3);
    expect(editor.stateOf("a")!.doc.toString()).toBe("hello");
  });

  it("joins a link in a shown document: read-only while joining, the room's text once joined", async () => {
    const ada = others.join({ create: true, initialText: "the room's text", userName: "Ada" });
    await settle(3);
    const editor = editorOf({ a: "" });
    const view = editor.show("a");

    const joining = editor.controller.join("a", fragment, { rejoin: false });
    await vi.waitFor(() => expect(editor.controller.get("a")?.joining).toBe(true));
    expect(view.state.readOnly).toBe(true);
    expect(readLiveLink("notepad:a")?.fragment).toBe(fragment);
    await settle(3);
    await joining;

    expect(editor.controller.get("a")).toMatchObject({ joining: false, ended: false });
    expect(view.state.doc.toString()).toBe("the room's text");
    expect(view.state.readOnly).toBe(false);
    expect(isLiveState(view.state)).toBe(true);
    expect(ada.text.toString()).toBe("the room's text");
  });

  it("rejoins after a reload, merging in what the document holds that the room never got", async () => {
    const ada = others.join({ create: true, initialText: "line one\n", userName: "Ada" });
    await settle(3);
    // The page was reloaded: the document kept a line typed just before, and its link.
    const editor = editorOf({ a: "line one\nline two\n" });
    rememberLiveLink("notepad:a", { fragment, roomId: keys.roomId, startedHere: false });

    const rejoining = editor.controller.join("a", fragment, { rejoin: true });
    await settle(3);
    await rejoining;
    await settle(3);

    expect(editor.controller.get("a")).toMatchObject({ joining: false, ended: false });
    expect(editor.stateOf("a")!.doc.toString()).toBe("line one\nline two\n");
    expect(ada.text.toString()).toBe("line one\nline two\n");
  });

  it("ends for everyone: a joiner's document becomes ordinary and keeps its text", async () => {
    const starter = editorOf({ a: "shared" });
    await starter.controller.start("a", "Ada");
    await settle(3);
    const joiner = editorOf({ x: "" });
    const joining = joiner.controller.join("x", fragment, { rejoin: false });
    await settle(3);
    await joining;
    expect(joiner.stateOf("x")!.doc.toString()).toBe("shared");

    const ending = starter.controller.endForEveryone("a");
    await settle(3);
    await ending;
    await settle(3);
    expect(starter.controller.get("a")).toBeNull();
    expect(joiner.controller.get("x")).toMatchObject({ ended: true });
    expect(isLiveState(joiner.stateOf("x")!)).toBe(false);
    expect(readLiveLink("notepad:x")).toBeNull();
    expect(joiner.stateOf("x")!.doc.toString()).toBe("shared");
  });

  it("reports a damaged remembered link and forgets it", async () => {
    const editor = editorOf({ a: "mine" });
    rememberLiveLink("notepad:a", { fragment: "live=broken", roomId: "r", startedHere: false });
    await editor.controller.join("a", "live=broken", { rejoin: true });
    expect(editor.reports).toEqual(["This link is damaged."]);
    expect(readLiveLink("notepad:a")).toBeNull();
    expect(editor.controller.get("a")).toBeNull();
    expect(editor.stateOf("a")!.readOnly).toBe(false);
    expect(editor.stateOf("a")!.doc.toString()).toBe("mine");
  });

  it("leaves the link's session and keeps the document when the person declines the replacement", async () => {
    others.join({ create: true, initialText: "the room's text", userName: "Ada" });
    await settle(3);
    const editor = editorOf({ a: "unsaved work" });
    const view = editor.show("a");
    let asked = 0;
    const joining = editor.controller.join("a", fragment, {
      rejoin: false,
      replace: () => {
        asked++;
        // Not read-only while the question is asked: the person's document is still theirs.
        expect(view.state.readOnly).toBe(false);
        return false;
      },
    });
    await settle(3);
    await joining;
    expect(asked).toBe(1);
    expect(editor.controller.get("a")).toBeNull();
    expect(readLiveLink("notepad:a")).toBeNull();
    expect(view.state.doc.toString()).toBe("unsaved work");
    expect(isLiveState(view.state)).toBe(false);
    expect(made.every((session) => session.getStatus().state === "ended")).toBe(true);
  });

  it("a link to a room that is gone says so and calls the editor's failed step", async () => {
    const editor = editorOf({ a: "" });
    let failed = 0;
    const joining = editor.controller.join("a", fragment, {
      rejoin: false,
      failed: () => failed++,
    });
    await settle(5);
    await joining;
    expect(failed).toBe(1);
    expect(editor.reports).toHaveLength(1);
    expect(editor.controller.get("a")).toMatchObject({ joining: false, ended: true });
    expect(readLiveLink("notepad:a")).toBeNull();
    expect(editor.stateOf("a")!.readOnly).toBe(false);
  });

  it("a rejoin whose code is still loading when the editor goes away joins no session", async () => {
    const ada = others.join({ create: true, initialText: "the room's text", userName: "Ada" });
    await settle(3);
    let loaded: (given: LiveRuntime) => void = () => undefined;
    const editor = editorOf({ a: "mine" }, () => new Promise((resolve) => (loaded = resolve)));
    rememberLiveLink("notepad:a", { fragment, roomId: keys.roomId, startedHere: false });

    // The page rejoins after a reload, and the person leaves the notepad before the session
    // code has loaded: the editor is disposed while the join waits for it.
    const rejoining = editor.controller.join("a", fragment, { rejoin: true });
    editor.controller.dispose();
    loaded(runtime);
    await settle(3);
    await rejoining;

    // No session of the editor that went stays connected (nor its presence in the room).
    expect(made.every((session) => session.getStatus().state === "ended")).toBe(true);
    expect(editor.controller.get("a")).toBeNull();
    expect(ada.text.toString()).toBe("the room's text");
    // The link stays remembered: coming back rejoins.
    expect(readLiveLink("notepad:a")?.fragment).toBe(fragment);
    expect(editor.stateOf("a")!.doc.toString()).toBe("mine");
    expect(editor.stateOf("a")!.readOnly).toBe(false);
  });
});
