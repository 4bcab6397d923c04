import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { applyToDocument, type HeldDocument } from "./apply-to-document";
import { ChangeFeed, type DocumentChange } from "./change-feed";
import type { ChangeOrigin } from "./change-origin";
import { viewDouble } from "./document-test-support";
import { followForStorage } from "./storage-follower";

const ORIGINS: ChangeOrigin[] = ["user", "other-window", "drive-merge", "live", "restore", "open"];

/** A feed with a follower that keeps what it heard. */
function heardFeed() {
  const feed = new ChangeFeed();
  const heard: DocumentChange[] = [];
  feed.subscribe((change) => heard.push(change));
  return { feed, heard };
}

/** A view without the DOM whose update listener publishes, as the notepad's does. */
function publishingView(feed: ChangeFeed, id: string, doc: string) {
  return viewDouble(EditorState.create({ doc }), (update) =>
    feed.publishTransactions(id, update.transactions),
  );
}

describe("ChangeFeed", () => {
  it("hears a hidden document's change once, with its id, origin, changes and new state", () => {
    for (const origin of ORIGINS) {
      const { feed, heard } = heardFeed();
      const held: HeldDocument = { state: EditorState.create({ doc: "abc" }) };
      const after = applyToDocument(
        { view: null, held, feed: { feed, id: "tab-1" } },
        { changes: { from: 3, insert: "d" } },
        origin,
      );
      expect(heard).toHaveLength(1);
      expect(heard[0].id).toBe("tab-1");
      expect(heard[0].origin).toBe(origin);
      expect(heard[0].changes?.apply(EditorState.create({ doc: "abc" }).doc).toString()).toBe(
        "abcd",
      );
      expect(heard[0].state).toBe(after);
    }
  });

  it("hears a shown document's change once: from the view's listener, not the apply path", () => {
    const { feed, heard } = heardFeed();
    const view = publishingView(feed, "tab-2", "abc");
    const held: HeldDocument = { state: view.state };
    applyToDocument(
      { view, held, feed: { feed, id: "tab-2" } },
      { changes: { from: 0, insert: "x" } },
      "drive-merge",
    );
    expect(heard.map((change) => [change.id, change.origin])).toEqual([["tab-2", "drive-merge"]]);
  });

  it("publishes only the transactions that changed the text", () => {
    const { feed, heard } = heardFeed();
    const state = EditorState.create({ doc: "abc" });
    const moved = state.update({ selection: { anchor: 1 } });
    const typed = moved.state.update({ changes: { from: 1, insert: "z" } });
    feed.publishTransactions("t", [moved, typed]);
    expect(heard).toHaveLength(1);
    expect(heard[0].state?.doc.toString()).toBe("azbc");
  });

  it("stops telling a follower that unsubscribed", () => {
    const feed = new ChangeFeed();
    let count = 0;
    const stop = feed.subscribe(() => count++);
    feed.publishTransactions("t", [
      EditorState.create({ doc: "" }).update({ changes: { from: 0, insert: "a" } }),
    ]);
    stop();
    feed.publishTransactions("t", [
      EditorState.create({ doc: "" }).update({ changes: { from: 0, insert: "b" } }),
    ]);
    expect(count).toBe(1);
  });
});

describe("followForStorage", () => {
  it("stores the person's edits, live text, restores and Drive merges, not texts stored elsewhere", () => {
    const feed = new ChangeFeed();
    const noted: string[] = [];
    followForStorage(feed, { noteChange: (id) => noted.push(id) });
    for (const origin of ORIGINS) {
      const held: HeldDocument = { state: EditorState.create({ doc: "" }) };
      applyToDocument(
        { view: null, held, feed: { feed, id: origin } },
        { changes: { from: 0, insert: "a" } },
        origin,
      );
    }
    expect(noted).toEqual(["user", "drive-merge", "live", "restore"]);
  });

  it("notes a hidden document's change once per change, and nothing once unsubscribed", () => {
    const feed = new ChangeFeed();
    const noted: string[] = [];
    const stop = followForStorage(feed, { noteChange: (id) => noted.push(id) });
    const held: HeldDocument = { state: EditorState.create({ doc: "" }) };
    const target = { view: null, held, feed: { feed, id: "tab" } };
    applyToDocument(target, { changes: { from: 0, insert: "a" } }, "live");
    applyToDocument(target, { changes: { from: 1, insert: "b" } }, "live");
    stop();
    applyToDocument(target, { changes: { from: 2, insert: "c" } }, "live");
    expect(noted).toEqual(["tab", "tab"]);
    expect(held.state?.doc.toString()).toBe("abc");
  });
});
