import { EditorState, type TransactionSpec } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { type HeldDocument, withOrigin } from "./apply-to-document";
import { ChangeFeed, type DocumentChange } from "./change-feed";
import type { ChangeOrigin } from "./change-origin";
import { documentMeta, newDocumentMeta, setMeta } from "./document-meta";
import { viewDouble } from "./document-test-support";
import { type EditedDocument, handleDocumentUpdate } from "./edit-handler";
import { followForHistory } from "./history-snapshots";
import { followForStorage } from "./storage-follower";

/**
 * A document shown by a view without the DOM whose update listener is the edit handler, with
 * storage and History following its feed as the editors wire them.
 */
function editedDocument(recording = true) {
  const feed = new ChangeFeed();
  const heard: DocumentChange[] = [];
  feed.subscribe((change) => heard.push(change));
  const stored: string[] = [];
  followForStorage(feed, { noteChange: (id) => stored.push(id) });
  const versions: string[] = [];
  let edits = 0;
  let names = 0;
  followForHistory(feed, {
    history: () =>
      recording
        ? {
            noteEdit: () => versions.push("edit"),
            snapshotNow: async (_id, _source, reason) => {
              versions.push(reason);
              return null;
            },
          }
        : null,
    name: () => {
      names += 1;
      return "Notes";
    },
  });
  const held: HeldDocument = { state: null };
  const doc: EditedDocument = {
    id: "doc",
    feed,
    held,
    editedHere: () => {
      edits += 1;
    },
  };
  const state = EditorState.create({
    doc: "abc",
    extensions: documentMeta.init(() => newDocumentMeta()),
  });
  const view = viewDouble(state, (update) => handleDocumentUpdate(update, doc));
  const dispatch = (spec: TransactionSpec, origin: ChangeOrigin = "user") =>
    view.dispatch(withOrigin(spec, origin));
  return {
    view,
    held,
    dispatch,
    heard,
    stored,
    versions,
    counts: () => ({ edits, names }),
  };
}

describe("handleDocumentUpdate, the one edit handler of both editors", () => {
  it("an edit is kept in History, marks the document unsaved and is stored, once each", () => {
    const { dispatch, heard, stored, versions, counts } = editedDocument();
    dispatch({ changes: { from: 3, insert: "d" } });
    expect(versions).toEqual(["edit"]);
    expect(counts()).toEqual({ edits: 1, names: 1 });
    expect(heard.map(({ text, meta }) => [text, meta])).toEqual([[true, false]]);
    expect(stored).toEqual(["doc"]);
  });

  it("another window's text is kept as a version before it, neither unsaved nor stored again", () => {
    const { dispatch, stored, versions, counts } = editedDocument();
    dispatch({ changes: { from: 0, to: 3, insert: "xyz" } }, "other-window");
    expect(versions).toEqual(["other-window"]);
    expect(counts().edits).toBe(0);
    expect(stored).toEqual([]);
  });

  it("a meta change reaches the feed without History or the unsaved mark; a selection nothing", () => {
    const { dispatch, heard, versions, counts } = editedDocument();
    dispatch({ effects: setMeta.of({ driveFileId: "drive-1" }) });
    dispatch({ selection: { anchor: 1 } });
    expect(heard.map(({ text, meta }) => [text, meta])).toEqual([[false, true]]);
    expect(versions).toEqual([]);
    expect(counts()).toEqual({ edits: 0, names: 0 });
  });

  it("leaves its set holding the view's state after every update, a selection's too", () => {
    const { view, held, dispatch } = editedDocument();
    dispatch({ changes: { from: 0, insert: "z" } });
    expect(held.state).toBe(view.state);
    dispatch({ selection: { anchor: 1 } });
    expect(held.state).toBe(view.state);
    expect(held.state?.doc.toString()).toBe("zabc");
  });

  it("holds the view's state when a listener before it dispatched meanwhile", () => {
    // CodeMirror calls listeners in order; one may dispatch (a paste into an empty document
    // picks its language), so by the time this one hears the outer update the view is ahead.
    const feed = new ChangeFeed();
    const held: HeldDocument = { state: null };
    const before = EditorState.create({ doc: "abc" });
    const outer = before.update({ changes: { from: 3, insert: "d" } });
    const inner = outer.state.update({ selection: { anchor: 0 } });
    handleDocumentUpdate(
      {
        docChanged: true,
        startState: before,
        state: outer.state,
        transactions: [outer],
        view: { state: inner.state },
      },
      { id: "doc", feed, held },
    );
    expect(held.state).toBe(inner.state);
  });

  it("records no version while History is not recording, and still stores the edit", () => {
    const { dispatch, stored, versions } = editedDocument(false);
    dispatch({ changes: { from: 0, insert: "z" } });
    expect(versions).toEqual([]);
    expect(stored).toEqual(["doc"]);
  });
});
