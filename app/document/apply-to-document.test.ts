import { history, undo, undoDepth } from "@codemirror/commands";
import { EditorSelection, EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import type * as Y from "yjs";
import { liveUndoManager } from "~/codemirror/live-undo";
import { applyToDocument, type HeldDocument } from "./apply-to-document";
import { type ChangeOrigin, notesAsEdit, originOf } from "./change-origin";
import { viewDouble } from "./document-test-support";
import { snapshotReasonOf } from "./history-snapshots";
import { textFromElsewhere } from "./text-from-elsewhere";

const ORIGINS: ChangeOrigin[] = ["user", "other-window", "drive-merge", "live", "restore", "open"];

function stateOf(doc: string, caret = 0): EditorState {
  return EditorState.create({
    doc,
    selection: EditorSelection.cursor(caret),
    extensions: [history()],
  });
}

/** The same document, once shown (with a held copy, as a notepad tab) and once hidden. */
function shownAndHidden(doc: string, caret: number) {
  const view = viewDouble(stateOf(doc, caret));
  const shownHeld: HeldDocument = { state: view.state };
  const hidden: HeldDocument = { state: stateOf(doc, caret) };
  return { view, shownHeld, hidden };
}

function canUndo(state: EditorState): boolean {
  let undone = false;
  undo({ state, dispatch: () => (undone = true) });
  return undone;
}

describe("applyToDocument", () => {
  it("gives a shown and a hidden document the same text and selection, for every origin", () => {
    for (const origin of ORIGINS) {
      const { view, shownHeld, hidden } = shownAndHidden("hello world", 6);
      const spec = { changes: { from: 0, insert: ">> " } };
      const shown = applyToDocument({ view, held: shownHeld }, spec, origin);
      const kept = applyToDocument({ view: null, held: hidden }, spec, origin);
      expect(shown?.doc.toString()).toBe(">> hello world");
      expect(kept?.doc.toString()).toBe(shown?.doc.toString());
      // The caret moves with the text it was in (mapped through the insertion before it).
      expect(shown?.selection.main.head).toBe(9);
      expect(kept?.selection.eq(shown!.selection)).toBe(true);
      // The held state follows the view, and a hidden document's holder gets the new state.
      expect(shownHeld.state).toBe(view.state);
      expect(hidden.state).toBe(kept);
    }
  });

  it("puts the origin on the transaction the view's listeners hear", () => {
    for (const origin of ORIGINS) {
      const view = viewDouble(stateOf("text"));
      applyToDocument({ view, held: null }, { changes: { from: 4, insert: "!" } }, origin);
      expect(view.heard).toHaveLength(1);
      expect(originOf(view.heard[0])).toBe(origin);
    }
  });

  it("keeps annotations the spec already has", () => {
    const view = viewDouble(stateOf("text"));
    const spec = { changes: { from: 0, insert: "a" }, userEvent: "input.restore" };
    applyToDocument({ view, held: null }, spec, "restore");
    expect(view.heard[0].isUserEvent("input.restore")).toBe(true);
    expect(originOf(view.heard[0])).toBe("restore");
  });

  it("lets Undo take back the person's edits and restores, never a text from elsewhere", () => {
    const undoable: Record<ChangeOrigin, boolean> = {
      user: true,
      restore: true,
      "other-window": false,
      "drive-merge": false,
      live: false,
      open: false,
    };
    for (const origin of ORIGINS) {
      for (const shown of [true, false]) {
        const held: HeldDocument = { state: stateOf("before") };
        const view = shown ? viewDouble(held.state!) : null;
        const after = applyToDocument(
          { view, held },
          { changes: { from: 0, to: 6, insert: "after" } },
          origin,
        )!;
        expect(after.doc.toString()).toBe("after");
        expect(undoDepth(after) > 0, `${origin} shown=${shown}`).toBe(undoable[origin]);
        expect(canUndo(after)).toBe(undoable[origin]);
      }
    }
  });

  it("changes nothing when the spec gives no change or nothing holds a state", () => {
    const held: HeldDocument = { state: stateOf("same") };
    const before = held.state;
    expect(applyToDocument({ view: null, held }, () => null, "other-window")).toBeNull();
    expect(held.state).toBe(before);
    expect(applyToDocument({ view: null, held: { state: null } }, {}, "user")).toBeNull();
  });
});

describe("textFromElsewhere", () => {
  it("replaces a shown and a hidden document alike, the caret kept within the new text", () => {
    const { view, shownHeld, hidden } = shownAndHidden("a longer text here", 15);
    const spec = textFromElsewhere("short");
    const shown = applyToDocument({ view, held: shownHeld }, spec, "other-window")!;
    const kept = applyToDocument({ view: null, held: hidden }, spec, "other-window")!;
    expect(shown.doc.toString()).toBe("short");
    expect(shown.selection.main.head).toBe(5);
    expect(kept.doc.toString()).toBe("short");
    expect(kept.selection.eq(shown.selection)).toBe(true);
  });

  it("applies only what changed when the document is still the other window's base", () => {
    const held: HeldDocument = { state: stateOf("one two three", 13) };
    const base = held.state!.doc;
    const changes = { base, changes: [{ from: 4, to: 7, insert: "2" }] };
    const after = applyToDocument(
      { view: null, held },
      textFromElsewhere("one 2 three", changes),
      "other-window",
    )!;
    expect(after.doc.toString()).toBe("one 2 three");
    // A change before the caret moves it; a full replacement would have clamped it.
    expect(after.selection.main.head).toBe(11);
  });

  it("leaves a live document and an already equal one as they are", () => {
    const live = EditorState.create({
      doc: "live text",
      extensions: liveUndoManager.of({} as Y.UndoManager),
    });
    expect(textFromElsewhere("other")(live)).toBeNull();
    expect(textFromElsewhere("same")(stateOf("same"))).toBeNull();
  });
});

describe("the followers read the origin", () => {
  function update(origins: ChangeOrigin[]) {
    const view = viewDouble(stateOf("text"));
    const startState = view.state;
    for (const origin of origins) {
      applyToDocument({ view, held: null }, { changes: { from: 0, insert: "x" } }, origin);
    }
    return { docChanged: true, startState, transactions: view.heard };
  }

  it("the edit handler notes the person's edits, live text and restores, not stored texts", () => {
    expect(notesAsEdit(update(["user"]))).toBe(true);
    expect(notesAsEdit(update(["live"]))).toBe(true);
    expect(notesAsEdit(update(["restore"]))).toBe(true);
    expect(notesAsEdit(update(["other-window"]))).toBe(false);
    expect(notesAsEdit(update(["drive-merge"]))).toBe(false);
    expect(notesAsEdit(update(["open"]))).toBe(false);
    // Typing in the same update as another window's text is still an edit.
    expect(notesAsEdit(update(["other-window", "user"]))).toBe(true);
  });

  it("History keeps the text before a merge, another window's text or a restore at once", () => {
    expect(snapshotReasonOf(update(["drive-merge"]))).toBe("drive-sync");
    expect(snapshotReasonOf(update(["other-window"]))).toBe("other-window");
    expect(snapshotReasonOf(update(["restore"]))).toBe("before-restore");
    expect(snapshotReasonOf(update(["user"]))).toBeNull();
    expect(snapshotReasonOf(update(["live"]))).toBeNull();
  });
});
