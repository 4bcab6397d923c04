import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { applyToDocument, type HeldDocument } from "./apply-to-document";
import { ChangeFeed, type DocumentChange } from "./change-feed";
import { documentMeta, metaOf, newDocumentMeta, setMeta } from "./document-meta";
import { followForStorage } from "./storage-follower";

/** A hidden document with `meta`, on a feed whose followers are kept. */
function heldDocument(doc = "abc") {
  const feed = new ChangeFeed();
  const heard: DocumentChange[] = [];
  feed.subscribe((change) => heard.push(change));
  const stored: [string, boolean | undefined][] = [];
  followForStorage(feed, { noteChange: (id, immediate) => stored.push([id, immediate]) });
  const held: HeldDocument = {
    state: EditorState.create({
      doc,
      extensions: documentMeta.init(() => newDocumentMeta({ driveFileId: "drive-1" })),
    }),
  };
  return { target: { view: null, held, feed: { feed, id: "tab" } }, held, heard, stored };
}

describe("documentMeta", () => {
  it("starts from the meta the document was opened with, and a state without it reads as new", () => {
    const { held } = heldDocument();
    expect(metaOf(held.state!).driveFileId).toBe("drive-1");
    expect(metaOf(EditorState.create({ doc: "x" }))).toEqual(newDocumentMeta());
  });

  it("changes only by a setMeta effect, keeping what the patch does not name", () => {
    const { target, held } = heldDocument();
    const file = { ...metaOf(held.state!).file, encoding: "utf-16le" as const };
    applyToDocument(target, { effects: setMeta.of({ file }) }, "user");
    expect(metaOf(held.state!)).toEqual(
      newDocumentMeta({ driveFileId: "drive-1", file, mixedLineEndings: false }),
    );
    applyToDocument(target, { changes: { from: 0, insert: "z" } }, "user");
    expect(metaOf(held.state!).file).toBe(file);
  });

  it("reaches the feed once per meta change, with its origin, saying what changed", () => {
    const { target, heard } = heldDocument();
    applyToDocument(target, { effects: setMeta.of({ driveFileId: "drive-2" }) }, "drive-merge");
    applyToDocument(
      target,
      { changes: { from: 0, insert: "z" }, effects: setMeta.of({ mixedLineEndings: true }) },
      "user",
    );
    applyToDocument(target, { changes: { from: 0, insert: "y" } }, "user");
    expect(heard.map(({ origin, text, meta }) => ({ origin, text, meta }))).toEqual([
      { origin: "drive-merge", text: false, meta: true },
      { origin: "user", text: true, meta: true },
      { origin: "user", text: true, meta: false },
    ]);
    expect(heard[0].state && metaOf(heard[0].state).driveFileId).toBe("drive-2");
  });

  it("is not published when the patch changes nothing", () => {
    const { target, heard } = heldDocument();
    applyToDocument(target, { effects: setMeta.of({ driveFileId: "drive-1" }) }, "user");
    expect(heard).toEqual([]);
  });

  it("is stored at once, a text change after the debounce; another window's meta not again", () => {
    const { target, stored } = heldDocument();
    applyToDocument(target, { effects: setMeta.of({ driveFileId: null }) }, "user");
    applyToDocument(target, { changes: { from: 0, insert: "z" } }, "user");
    applyToDocument(target, { effects: setMeta.of({ driveFileId: "w" }) }, "other-window");
    expect(stored).toEqual([
      ["tab", true],
      ["tab", false],
    ]);
  });

  it("holds the name and unsaved mark: a rename and a save reach the feed and storage at once", () => {
    const { target, held, heard, stored } = heldDocument();
    expect(metaOf(held.state!)).toMatchObject({ name: "Untitled-1", isModified: false });
    const renamed = { name: "Plans", isModified: true, lastModified: 1000 };
    applyToDocument(target, { effects: setMeta.of(renamed) }, "user");
    applyToDocument(target, { effects: setMeta.of({ isModified: false }) }, "user");
    expect(metaOf(held.state!)).toMatchObject({ ...renamed, isModified: false });
    expect(heard.map(({ origin, text, meta }) => ({ origin, text, meta }))).toEqual([
      { origin: "user", text: false, meta: true },
      { origin: "user", text: false, meta: true },
    ]);
    expect(heard[0].state && metaOf(heard[0].state).name).toBe("Plans");
    expect(stored).toEqual([
      ["tab", true],
      ["tab", true],
    ]);
  });

  it("takes another window's name without storing it again", () => {
    const { target, held, heard, stored } = heldDocument();
    applyToDocument(target, { effects: setMeta.of({ name: "From there" }) }, "other-window");
    expect(metaOf(held.state!).name).toBe("From there");
    expect(heard.map(({ origin }) => origin)).toEqual(["other-window"]);
    expect(stored).toEqual([]);
  });
});
