import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { applyToDocument } from "./apply-to-document";
import { ChangeFeed, type DocumentChange } from "./change-feed";
import type { ChangeOrigin } from "./change-origin";
import { documentMeta, metaOf, newDocumentMeta } from "./document-meta";
import { unsavedOnEdit } from "./unsaved-on-edit";

/** A saved hidden document whose changes its feed hears, its unsaved mark made at time 42. */
function savedDocument() {
  const held = {
    state: EditorState.create({
      doc: "text",
      extensions: [documentMeta.init(() => newDocumentMeta()), unsavedOnEdit(() => 42)],
    }) as EditorState | null,
  };
  const feed = new ChangeFeed();
  const heard: DocumentChange[] = [];
  feed.subscribe((change) => heard.push(change));
  const edit = (origin: ChangeOrigin) =>
    applyToDocument(
      { view: null, held, feed: { feed, id: "doc" } },
      (state) => ({ changes: { from: state.doc.length, insert: "!" } }),
      origin,
    );
  return { held, heard, edit };
}

describe("the first edit after a save marks the document unsaved in its own transaction", () => {
  it("flips the mark once, with the edit's text, heard as one change of text and meta", () => {
    const { held, heard, edit } = savedDocument();
    edit("user");
    edit("user");
    expect(metaOf(held.state!)).toMatchObject({ isModified: true, lastModified: 42 });
    expect(heard.map(({ text, meta }) => [text, meta])).toEqual([
      [true, true],
      [true, false],
    ]);
  });

  it("counts a live session's text and a restore, not another window's text, a merge or a read", () => {
    for (const origin of ["other-window", "drive-merge", "open"] as const) {
      const { held, edit } = savedDocument();
      edit(origin);
      expect(metaOf(held.state!).isModified).toBe(false);
    }
    for (const origin of ["live", "restore"] as const) {
      const { held, edit } = savedDocument();
      edit(origin);
      expect(metaOf(held.state!).isModified).toBe(true);
    }
  });
});
