// @vitest-environment jsdom
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { describe, expect, it, vi } from "vitest";
import { countDocStats } from "~/text/text-stats";
import { SYNC_WORD_COUNT_LIMIT, textStatsField, wordCount } from "./word-count";

describe("word count field", () => {
  it("counts words and characters of a small document at once", () => {
    const state = EditorState.create({
      doc: "one two\nthree\n\nfour five",
      extensions: wordCount(),
    });
    expect(state.field(textStatsField)).toEqual({ words: 5, characters: 24 });
  });

  it("updates incrementally to the same result as a full count", () => {
    let state = EditorState.create({ doc: "one two\nthree\n\nfour five", extensions: wordCount() });
    const edits = [
      { from: 3, to: 4, insert: "" }, // join "one" and "two"
      { from: 0, insert: "zero " },
      { from: 10, to: 16, insert: "\nnew line here\n" },
      { from: 0, to: 5 },
    ];
    for (const change of edits) {
      state = state.update({ changes: change }).state;
      expect(state.field(textStatsField)).toEqual(countDocStats(state.doc));
    }
  });

  it("handles several changes on one line", () => {
    let state = EditorState.create({ doc: "a b c d", extensions: wordCount() });
    state = state.update({
      changes: [
        { from: 1, to: 2 },
        { from: 3, to: 4 },
      ],
    }).state;
    expect(state.field(textStatsField)).toEqual(countDocStats(state.doc));
  });

  it("counts a big document in the background and folds in edits made meanwhile", async () => {
    const line = "seven words on every line of text\n";
    const doc = line.repeat(Math.ceil((SYNC_WORD_COUNT_LIMIT + 1) / line.length));
    const view = new EditorView({ state: EditorState.create({ doc, extensions: wordCount() }) });
    try {
      expect(view.state.field(textStatsField).words).toBeNull();
      expect(view.state.field(textStatsField).characters).toBe(doc.length);
      // Typed before the count starts (it waits a moment after the document is shown)...
      view.dispatch({ changes: { from: 0, insert: "two more " } });
      await new Promise((resolve) => setTimeout(resolve, 250));
      // ...and while it runs: one line removed at the end.
      view.dispatch({
        changes: { from: view.state.doc.length - line.length, to: view.state.doc.length },
      });
      await vi.waitFor(() => expect(view.state.field(textStatsField).words).not.toBeNull(), {
        timeout: 10_000,
      });
      expect(view.state.field(textStatsField)).toEqual(countDocStats(view.state.doc));
    } finally {
      view.destroy();
    }
  });

  it("a change of megabytes is recounted in the background, not in the transaction", async () => {
    const view = new EditorView({
      state: EditorState.create({ doc: "a small text", extensions: wordCount() }),
    });
    try {
      expect(view.state.field(textStatsField).words).toBe(3);
      // A whole-text replacement bigger than the at-once limit (a sort of a big text).
      const line = "four words per line\n";
      const big = line.repeat(Math.ceil((SYNC_WORD_COUNT_LIMIT + 1) / line.length));
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: big } });
      expect(view.state.field(textStatsField).words).toBeNull();
      await vi.waitFor(() => expect(view.state.field(textStatsField).words).not.toBeNull(), {
        timeout: 10_000,
      });
      expect(view.state.field(textStatsField)).toEqual(countDocStats(view.state.doc));
      // Small edits after it are counted at once again.
      view.dispatch({ changes: { from: 0, insert: "one more " } });
      expect(view.state.field(textStatsField)).toEqual(countDocStats(view.state.doc));
    } finally {
      view.destroy();
    }
  });
});
