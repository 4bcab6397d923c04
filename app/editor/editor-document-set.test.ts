import { describe, expect, it } from "vitest";
import type { DocumentChange } from "~/document/change-feed";
import { originOf } from "~/document/change-origin";
import { metaOf } from "~/document/document-meta";
import { EDITOR_DOCUMENT_ID } from "~/storage/editor-document";
import { EditorDocumentSet } from "./editor-document-set";
import { shownEditorDocument } from "./editor-test-support";

/**
 * The simple editor's document as a document set of one (issue 51), in Node: the set holds
 * what its view shows, every change of text or meta reaches the set's feed once with its
 * origin, and a meta change goes through the view like the notepad's.
 */

function heardOn(documents: EditorDocumentSet): DocumentChange[] {
  const heard: DocumentChange[] = [];
  documents.feed.subscribe((change) => heard.push(change));
  return heard;
}

describe("the simple editor's document set of one", () => {
  it("holds one document, always the shown one, named Untitled.txt", () => {
    const { documents, view } = shownEditorDocument("draft");

    expect(documents.ids).toEqual([EDITOR_DOCUMENT_ID]);
    expect(documents.activeId).toBe(EDITOR_DOCUMENT_ID);
    expect(documents.canClose()).toBe(false);
    expect(documents.state).toBe(view.state);
    expect(documents.shownMeta.name).toBe("Untitled.txt");
    expect(documents.text(EDITOR_DOCUMENT_ID).toString()).toBe("draft");
  });

  it("holds the view's state after typing, with the edit's own unsaved mark", () => {
    const { documents, view } = shownEditorDocument("abc");
    const heard = heardOn(documents);

    view.dispatch({ changes: { from: 3, insert: "d" }, userEvent: "input.type" });

    expect(documents.state).toBe(view.state);
    expect(documents.text(EDITOR_DOCUMENT_ID).toString()).toBe("abcd");
    expect(documents.meta(EDITOR_DOCUMENT_ID)?.isModified).toBe(true);
    expect(heard.map(({ origin, text }) => ({ origin, text }))).toContainEqual({
      origin: "user",
      text: true,
    });
  });

  it("changes its meta through the view, once on the feed, with the origin given", () => {
    const { documents, view } = shownEditorDocument("abc");
    const heard = heardOn(documents);

    documents.changeShownMeta({ name: "plan.md" }, "open");

    // Through the view: its listener published the transaction; nothing published it twice.
    expect(metaOf(view.state).name).toBe("plan.md");
    expect(originOf(view.heard.at(-1)!)).toBe("open");
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ id: EDITOR_DOCUMENT_ID, origin: "open", meta: true });
    expect(documents.state).toBe(view.state);
  });

  it("changes nothing before a view shows the document", () => {
    const documents = new EditorDocumentSet(() => null);
    const heard = heardOn(documents);

    documents.changeShownMeta({ name: "early.txt" });

    expect(heard).toEqual([]);
    expect(documents.state).toBeNull();
    expect(documents.shownTarget()).toBeNull();
    expect(documents.shownMeta.name).toBe("Untitled.txt");
  });

  it("holds a document put in place without a transaction (a file opened, New)", () => {
    const { documents, view } = shownEditorDocument("old text");
    const replaced = view.state.update({
      changes: { from: 0, to: view.state.doc.length, insert: "new text" },
    }).state;

    // What the page does after `resetDocument`: the view has a new state, no update ran.
    Object.assign(view, { state: replaced });
    documents.showing(replaced);

    expect(documents.text(EDITOR_DOCUMENT_ID).toString()).toBe("new text");
    documents.changeShownMeta({ name: "opened.txt" });
    expect(metaOf(view.state).name).toBe("opened.txt");
    expect(view.state.doc.toString()).toBe("new text");
  });
});
