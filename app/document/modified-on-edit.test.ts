import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { applyToDocument, type HeldDocument } from "./apply-to-document";
import { ChangeFeed } from "./change-feed";
import type { ChangeOrigin } from "./change-origin";
import { documentMeta, metaOf, newDocumentMeta, setMeta } from "./document-meta";
import { markModifiedOnEdit, onlyMarkedByEdit } from "./modified-on-edit";
import { followForStorage } from "./storage-follower";

/** A hidden, saved document that marks itself unsaved, with a clock at 42, its storage noted. */
function savedDocument(meta = newDocumentMeta({ name: "a.txt" })) {
  const feed = new ChangeFeed();
  const stored: boolean[] = [];
  followForStorage(feed, { noteChange: (_id, immediate) => stored.push(immediate ?? false) });
  const held: HeldDocument = {
    state: EditorState.create({
      doc: "abc",
      extensions: [documentMeta.init(() => meta), markModifiedOnEdit(() => 42)],
    }),
  };
  const target = { view: null, held, feed: { feed, id: "doc" } };
  const edit = (origin: ChangeOrigin) =>
    applyToDocument(target, { changes: { from: 0, insert: "x" } }, origin)!;
  return { target, held, stored, edit };
}

describe("markModifiedOnEdit", () => {
  it("marks a saved document unsaved in the edit's own transaction, stored with its text", () => {
    const { held, stored, edit } = savedDocument();

    edit("user");

    expect(metaOf(held.state!)).toMatchObject({ isModified: true, lastModified: 42 });
    // After the debounce, like any typing: not at once.
    expect(stored).toEqual([false]);
  });

  it("marks live and restored text as this window's edit, but not text from elsewhere", () => {
    for (const origin of ["live", "restore"] as const) {
      const { held, edit } = savedDocument();
      edit(origin);
      expect(metaOf(held.state!).isModified).toBe(true);
    }
    for (const origin of ["other-window", "drive-merge", "open"] as const) {
      const { held, edit } = savedDocument();
      edit(origin);
      expect(metaOf(held.state!).isModified).toBe(false);
    }
  });

  it("keeps the time of the first edit since a save, and a flag the transaction sets itself", () => {
    const { held, target, edit } = savedDocument(
      newDocumentMeta({ name: "a.txt", isModified: true, lastModified: 7 }),
    );
    edit("user");
    expect(metaOf(held.state!).lastModified).toBe(7);

    applyToDocument(
      target,
      { changes: { from: 0, insert: "y" }, effects: setMeta.of({ isModified: false }) },
      "user",
    );
    expect(metaOf(held.state!).isModified).toBe(false);
  });

  it("leaves a rename with a text change written at once", () => {
    const { held, target, stored } = savedDocument();
    applyToDocument(
      target,
      { changes: { from: 0, insert: "y" }, effects: setMeta.of({ name: "b.txt" }) },
      "user",
    );
    expect(metaOf(held.state!)).toMatchObject({ name: "b.txt", isModified: true });
    expect(stored).toEqual([true]);
    const tr = held.state!.update({ changes: { from: 0, insert: "z" } });
    expect(onlyMarkedByEdit(tr)).toBe(true);
    expect(onlyMarkedByEdit(held.state!.update({ effects: setMeta.of({ name: "c" }) }))).toBe(
      false,
    );
  });

  it("writes text that comes with the unsaved mark taken off at once", () => {
    const { held, target, stored } = savedDocument(
      newDocumentMeta({ name: "a.txt", isModified: true, lastModified: 7 }),
    );
    // New text marked saved in one transaction (no flow does this today: a guard).
    const reread = held.state!.update({
      changes: { from: 0, insert: "disk " },
      effects: setMeta.of({ isModified: false }),
    });
    expect(onlyMarkedByEdit(reread)).toBe(false);
    applyToDocument(
      target,
      { changes: { from: 0, insert: "disk " }, effects: setMeta.of({ isModified: false }) },
      "user",
    );
    expect(stored).toEqual([true]);
  });
});
