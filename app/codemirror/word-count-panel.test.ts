// @vitest-environment jsdom
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { afterEach, describe, expect, it, vi } from "vitest";
import { charactersLabel, wordCountPanel, wordsLabel } from "./word-count-panel";

describe("word count labels", () => {
  it("pluralises and groups thousands", () => {
    expect(wordsLabel(1)).toBe("1 word");
    expect(wordsLabel(0)).toBe("0 words");
    expect(wordsLabel(12345)).toBe("12,345 words");
    expect(wordsLabel(null)).toBe("Counting words…");
    expect(charactersLabel(1)).toBe("1 character");
    expect(charactersLabel(1234567)).toBe("1,234,567 characters");
  });
});

describe("word count panel", () => {
  let view: EditorView | null = null;
  afterEach(() => view?.destroy());

  it("shows the counts under the text and follows edits in the same update", () => {
    const parent = document.body.appendChild(document.createElement("div"));
    view = new EditorView({
      state: EditorState.create({ doc: "one two", extensions: wordCountPanel() }),
      parent,
    });
    const line = parent.querySelector<HTMLElement>("[data-testid='word-count']");
    expect(line?.closest(".cm-panels-bottom")).not.toBeNull();
    expect(line?.textContent).toBe("2 words7 characters");
    view.dispatch({ changes: { from: 7, insert: " three" } });
    expect(line?.textContent).toBe("3 words13 characters");
    view.dispatch({ changes: { from: 0, to: view.state.doc.length } });
    expect(line?.textContent).toBe("0 words0 characters");
  });
});

describe("word count panel in a long document", () => {
  let view: EditorView | null = null;
  afterEach(() => {
    view?.destroy();
    vi.useRealTimers();
  });

  it("follows typing when it pauses, and at the latest after the longest wait", () => {
    vi.useFakeTimers();
    const parent = document.body.appendChild(document.createElement("div"));
    const doc = "word ".repeat(30_000); // 150,000 characters: the 150 ms pause, 1 s at most
    view = new EditorView({
      state: EditorState.create({ doc, extensions: wordCountPanel() }),
      parent,
    });
    const line = () => parent.querySelector<HTMLElement>("[data-testid='word-count']")?.textContent;
    const counted = line();
    expect(counted).toMatch(/ words/);
    const typeAtEnd = (text: string) =>
      view!.dispatch({ changes: { from: view!.state.doc.length, insert: text } });
    typeAtEnd(" more");
    expect(line()).toBe(counted);
    vi.advanceTimersByTime(150);
    expect(line()).toBe("30,001 words150,005 characters");
    // Steady typing, a key every 100 ms: the line still catches up within the second.
    for (let key = 0; key < 10; key++) {
      typeAtEnd("x");
      vi.advanceTimersByTime(100);
    }
    expect(line()).toBe("30,001 words150,015 characters");
  });
});
