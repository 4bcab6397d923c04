// @vitest-environment jsdom
/**
 * Presence cannot attack (issue 49 §6): a view-only holder's crafted presence reaches every
 * editor in the room through y-codemirror.next, which pastes `user.color` into a `style`
 * attribute. Checked presence leaves no such style, and nobody may speak for this page.
 */
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import * as encoding from "lib0/encoding";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyAwarenessUpdate, Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import { seal } from "@plainpad/wire/seal";
import { viewOnlyKeys } from "../collab/live-keys";
import { colorFor, LivePresence } from "../collab/live-presence";
import { testKeys } from "../collab/live-test-support";
import { awarenessBinding } from "@plainpad/wire";
import { liveBindingExtension } from "./live-binding";

const keys = testKeys(51);
const ATTACK = "red;position:fixed;inset:0;background:url(http://attacker.test/x.png)";

/** A sealed awareness message as a view-only holder can write one, with any states in it. */
function craftedPresence(states: [clientId: number, clock: number, state: unknown][]) {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, states.length);
  for (const [clientId, clock, state] of states) {
    encoding.writeVarUint(e, clientId);
    encoding.writeVarUint(e, clock);
    encoding.writeVarString(e, JSON.stringify(state));
  }
  return seal(viewOnlyKeys(keys), awarenessBinding(keys.roomId), encoding.toUint8Array(e));
}

const views: EditorView[] = [];
afterEach(() => {
  while (views.length) views.pop()?.destroy();
  vi.restoreAllMocks();
});

/** A person's editor bound to a live text, with presence receiving from the relay. */
function victim() {
  const doc = new Y.Doc();
  const text = doc.getText("text");
  text.insert(0, "hello world");
  const awareness = new Awareness(doc);
  const presence = new LivePresence({
    awareness,
    keys,
    canSend: () => false,
    send: () => undefined,
    onPeers: () => undefined,
    onAuthFailure: () => undefined,
  });
  presence.setUser("Ada");
  const undoManager = new Y.UndoManager(text);
  const view = new EditorView({
    state: EditorState.create({
      doc: text.toString(),
      extensions: liveBindingExtension({ text, awareness, undoManager, canEdit: true }),
    }),
    parent: document.body,
  });
  views.push(view);
  const cursor = {
    anchor: Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, 2)),
    head: Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, 5)),
  };
  return { awareness, presence, view, cursor };
}

/** Every inline style in the page. */
function styles(): string[] {
  return [...document.querySelectorAll<HTMLElement>("[style]")].map((el) =>
    el.getAttribute("style")!,
  );
}

describe("presence from the relay", () => {
  it("draws a crafted colour as a plain colour, never as page styles", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(() => {
      throw new Error("no request may leave the page");
    });
    const { presence, view, cursor } = victim();
    const user = { name: "Eve", color: ATTACK, colorLight: ATTACK };
    presence.receive(craftedPresence([[4242, 1, { user, cursor }]]));
    view.dispatch({}); // let the binding redraw now
    const caret = view.dom.querySelector<HTMLElement>(".cm-ySelectionCaret");
    expect(caret).not.toBeNull(); // Eve's cursor is shown…
    expect(caret!.textContent).toContain("Eve");
    // …in a colour of ours (the page reads it back as rgb()).
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(colorFor(4242).slice(i, i + 2), 16));
    expect(caret!.style.getPropertyValue("background-color")).toBe(`rgb(${r}, ${g}, ${b})`);
    for (const style of styles()) {
      expect(style).not.toMatch(/position|inset|url\(|attacker/);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("draws no unchecked colour either, should one ever reach the awareness", () => {
    const { awareness, view, cursor } = victim();
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, 1);
    encoding.writeVarUint(e, 777);
    encoding.writeVarUint(e, 1);
    encoding.writeVarString(
      e,
      JSON.stringify({ user: { name: "Eve", color: ATTACK, colorLight: ATTACK }, cursor }),
    );
    applyAwarenessUpdate(awareness, encoding.toUint8Array(e), "unchecked"); // past the check
    view.dispatch({});
    const caret = view.dom.querySelector<HTMLElement>(".cm-ySelectionCaret");
    expect(caret?.textContent).toContain("Eve");
    for (const style of styles()) {
      expect(style).not.toMatch(/position|inset|url\(|attacker/);
    }
  });

  it("caps a name, drops unknown fields and a malformed cursor, and refuses a flood", () => {
    const { awareness, presence } = victim();
    const state = {
      user: { name: "E".repeat(10_000), color: "#00aa00" },
      cursor: { anchor: { item: { client: "x" } }, head: null },
      script: "<img src=x>",
    };
    presence.receive(craftedPresence([[7, 1, state]]));
    expect(awareness.getStates().get(7)).toEqual({
      user: { name: "E".repeat(64), color: "#00aa00", colorLight: "#00aa0033" },
      cursor: null,
    });
    const many = Array.from({ length: 50 }, (_, i): [number, number, unknown] => [
      100 + i,
      1,
      { user: { name: `Bot ${i}`, color: "#123456" } },
    ]);
    presence.receive(craftedPresence(many));
    expect(awareness.getStates().has(100)).toBe(false);
  });

  it("refuses a message that would replace or remove this page's own presence", () => {
    const { awareness, presence } = victim();
    const own = awareness.clientID;
    const before = awareness.getLocalState();
    presence.receive(craftedPresence([[own, 999, { user: { name: "Hacked", color: "#000000" } }]]));
    expect(awareness.getLocalState()).toEqual(before);
    presence.receive(craftedPresence([[own, 1000, null]]));
    expect(awareness.getLocalState()).toEqual(before);
    expect(awareness.getStates().get(own)).toEqual(before);
  });
});
