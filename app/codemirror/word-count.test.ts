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
});
