import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { applyToDocument } from "./apply-to-document";
import type { DocumentChange } from "./change-feed";
import { documentMeta, metaOf } from "./document-meta";
import { DocumentSet } from "./document-set";
import { type DocumentList, OpenDocument, type SetChange } from "./open-document";
import { viewDouble } from "./document-test-support";
import { followForStorage } from "./storage-follower";

/** A set on a clock that moves only when told, with what its followers heard. */
function documentSet() {
  let time = 1000;
  let shown: { id: string; view: ReturnType<typeof viewDouble> } | null = null;
  const set = new DocumentSet({
    create: (content, meta) => new OpenDocument(content, meta),
    shown: () => shown,
    now: () => time,
  });
  const changes: SetChange[] = [];
  const heard: DocumentChange[] = [];
  const stored: [string, boolean | undefined][] = [];
  set.subscribe((change) => changes.push(change));
  set.feed.subscribe((change) => heard.push(change));
  followForStorage(set.feed, { noteChange: (id, immediate) => stored.push([id, immediate]) });
  return {
    set,
    changes,
    heard,
    stored,
    tick: (ms = 1) => (time += ms),
    /** Builds document `id`'s state (as a first showing does) and shows it in a view double. */
    show(id: string) {
      const doc = set.get(id)!;
      doc.state ??= EditorState.create({
        doc: doc.content ?? "",
        extensions: documentMeta.init(() => doc.heldMeta),
      });
      doc.content = null;
      const view = viewDouble(doc.state, (update) => {
        doc.state = update.state;
        set.feed.publishTransactions(id, update.transactions);
      });
      shown = { id, view };
      return view;
    },
  };
}

const names = (list: DocumentList) => list.documents.map((doc) => doc.name);

describe("DocumentSet: ids and names", () => {
  it("holds at least one document: an empty Untitled-1 whose id is 1", () => {
    const { set } = documentSet();
    expect(set.list()).toEqual({
      documents: [{ id: "1", name: "Untitled-1", isModified: false, lastModified: 0 }],
      activeId: "1",
    });
    expect(set.close("1")).toBe(false);
    expect(set.ids).toEqual(["1"]);
  });

  it("gives unique ids from the clock and the next free Untitled-N name", () => {
    const { set } = documentSet();
    const second = set.add("b");
    const third = set.add("c");
    expect([second, third]).toEqual(["1000", "1001"]);
    set.close("1");
    // Two left, Untitled-3 taken: the next free number.
    expect(set.meta(set.add(""))?.name).toBe("Untitled-4");
  });

  it("keeps a reopened document's id when it is free, and gives a new one when not", () => {
    const { set } = documentSet();
    expect(set.add("x", { id: "42" })).toBe("42");
    expect(set.add("y", { id: "42" })).not.toBe("42");
  });
});

describe("DocumentSet: its changes are heard", () => {
  it("announces an added document on both feeds, and storage writes it at once", () => {
    const { set, changes, heard, stored } = documentSet();
    const id = set.add("hello", { name: "Notes", meta: { driveFileId: "d1" } });
    expect(changes).toEqual([
      { kind: "added", ids: [id], origin: "user" },
      { kind: "activated", ids: [id], origin: "user" },
    ]);
    expect(heard.map(({ id, text, meta }) => ({ id, text, meta }))).toEqual([
      { id, text: true, meta: true },
    ]);
    expect(stored).toEqual([[id, true]]);
    expect(set.text(id)).toBe("hello");
    expect(set.meta(id)).toMatchObject({ name: "Notes", driveFileId: "d1", lastModified: 1000 });
  });

  it("does not store again what another window added", () => {
    const { set, stored } = documentSet();
    set.add("theirs", { origin: "other-window", activate: false });
    expect(stored).toEqual([]);
    expect(set.activeId).toBe("1");
  });

  it("closes the active document by activating the first remaining one", () => {
    const { set, changes } = documentSet();
    const b = set.add("b");
    const c = set.add("c");
    changes.length = 0;
    expect(set.close(c)).toBe(true);
    expect(set.ids).toEqual(["1", b]);
    expect(set.activeId).toBe("1");
    expect(changes).toEqual([
      { kind: "closed", ids: [c], origin: "user" },
      { kind: "activated", ids: ["1"], origin: "user" },
    ]);
    expect(set.get(c)).toBeUndefined();
  });

  it("closes all but one, which becomes active", () => {
    const { set } = documentSet();
    const b = set.add("b");
    set.add("c");
    set.activate("1");
    expect(set.closeOthers(b)).toHaveLength(2);
    expect(set.list()).toMatchObject({ documents: [{ id: b }], activeId: b });
  });

  it("replaces the last document another window closed by a fresh Untitled-1", () => {
    const { set } = documentSet();
    set.rename("1", "Kept");
    set.remove("1", "other-window");
    expect(set.ids).toHaveLength(1);
    expect(set.ids[0]).not.toBe("1");
    expect(names(set.list())).toEqual(["Untitled-1"]);
    expect(set.activeId).toBe(set.ids[0]);
  });

  it("duplicates right after the original: an unsaved copy, without its Drive file or disk file", () => {
    const { set } = documentSet();
    const b = set.add("tail");
    set.changeMeta("1", { driveFileId: "d1" });
    set.rename("1", "Plan");
    const copy = set.duplicate("1")!;
    expect(set.ids).toEqual(["1", copy, b]);
    expect(set.activeId).toBe(copy);
    expect(set.text(copy)).toBe("");
    expect(set.meta(copy)).toMatchObject({ name: "Plan (Copy)", isModified: true });
    expect(set.meta(copy)?.driveFileId).toBeNull();
    expect(set.meta(copy)?.file.disk).toBeNull();
  });

  it("moves by drag and by keyboard, and follows another window's order", () => {
    const { set, changes } = documentSet();
    const b = set.add("b");
    const c = set.add("c");
    changes.length = 0;
    set.move(0, 9);
    expect(set.ids).toEqual([b, c, "1"]);
    set.moveBy("1", -1);
    expect(set.ids).toEqual([b, "1", c]);
    set.moveBy(b, -1);
    set.reorder(["gone", c, b]);
    expect(set.ids).toEqual([c, b, "1"]);
    set.reorder([c, b, "1"]);
    expect(changes.map(({ kind, origin }) => `${kind}:${origin}`)).toEqual([
      "reordered:user",
      "reordered:user",
      "reordered:other-window",
    ]);
  });

  it("loads the stored documents with the active one the page last showed", () => {
    const { set, stored } = documentSet();
    const entries = [
      { id: "a", content: "one", meta: { name: "One", isModified: true, lastModified: 5 } },
      { id: "b", content: "two", meta: { name: "Two" } },
    ];
    set.load(entries, "b");
    expect(set.list()).toEqual({
      documents: [
        { id: "a", name: "One", isModified: true, lastModified: 5 },
        { id: "b", name: "Two", isModified: false, lastModified: 0 },
      ],
      activeId: "b",
    });
    set.load(entries, "missing");
    expect(set.activeId).toBe("a");
    expect(stored).toEqual([]);
  });
});

describe("DocumentSet: names and unsaved marks are meta, changed by transactions", () => {
  it("renames within the limits, marking the document unsaved; blank and same names do nothing", () => {
    const { set, tick } = documentSet();
    tick(500);
    expect(set.rename("1", "   ")).toBe(false);
    expect(set.rename("1", "  A very long name that goes past thirty  ")).toBe(true);
    expect(set.meta("1")).toMatchObject({
      name: "A very long name that goes pas",
      isModified: true,
      lastModified: 1500,
    });
    expect(set.rename("1", "A very long name that goes pas")).toBe(false);
  });

  it("reaches the feed with its origin and is stored at once, shown or not", () => {
    const { set, heard, stored, show } = documentSet();
    const b = set.add("hidden");
    heard.length = 0;
    stored.length = 0;
    const view = show("1");
    set.rename("1", "Shown");
    set.rename(b, "Not built");
    set.rename(b, "From there", "other-window");
    expect(metaOf(view.state).name).toBe("Shown");
    expect(view.heard).toHaveLength(1);
    expect(heard.map(({ id, origin, meta }) => [id, origin, meta])).toEqual([
      ["1", "user", true],
      [b, "user", true],
      [b, "other-window", true],
    ]);
    expect(stored).toEqual([
      ["1", true],
      [b, true],
    ]);
    expect(names(set.list())).toEqual(["Shown", "From there"]);
  });

  it("a hidden built document takes its meta change through the apply path", () => {
    const { set, show } = documentSet();
    const b = set.add("b");
    show(b);
    show("1");
    set.markModified(b);
    expect(metaOf(set.get(b)!.state!).isModified).toBe(true);
    expect(set.list().documents[1]).toMatchObject({ id: b, isModified: true });
  });

  it("marks unsaved at the first change only, and saved again after a save", () => {
    const { set, heard, tick } = documentSet();
    set.markModified("1");
    tick(10);
    set.markModified("1");
    expect(set.meta("1")).toMatchObject({ isModified: true, lastModified: 1000 });
    set.markSaved("1");
    expect(set.meta("1")?.isModified).toBe(false);
    expect(heard).toHaveLength(2);
  });

  it("tells a list's follower of a rename or a save, not of each keystroke", () => {
    const { set, show } = documentSet();
    const lists: DocumentList[] = [];
    set.followList((list) => lists.push(list));
    const view = show("1");
    const target = set.target("1")!;
    applyToDocument(target, { changes: { from: 0, insert: "typed" } }, "user");
    applyToDocument(target, { changes: { from: 5, insert: "!" } }, "user");
    expect(view.state.doc.toString()).toBe("typed!");
    expect(lists).toEqual([]);
    set.markModified("1");
    set.add("second");
    expect(lists.map((list) => list.documents.map((doc) => doc.isModified))).toEqual([
      [true],
      [true, false],
    ]);
    expect(set.list()).toBe(lists[1]);
  });
});
