import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import type { ContentChunk } from "./document-store";
import { TextChunkTracker } from "./text-chunks";

/** A stand-in for the chunk records: applies a plan and returns the stored text. */
function store(records: Map<string, string>, chunks: ContentChunk[]): string {
  for (const chunk of chunks)
    if (chunk.text !== undefined) records.set(chunk.key, chunk.text.toString());
  return chunks.map((chunk) => records.get(chunk.key)).join("\n");
}

describe("text chunk tracker", () => {
  const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i} of a long document`);

  it("writes everything once, then only the chunks an edit touched", () => {
    const tracker = new TextChunkTracker(4096);
    const records = new Map<string, string>();
    let state = EditorState.create({ doc: lines.join("\n") });
    const first = tracker.plan(state.doc);
    expect(first.chunks.every((chunk) => chunk.text !== undefined)).toBe(true);
    expect(first.chunks.length).toBeGreaterThan(20);
    expect(store(records, first.chunks)).toBe(state.doc.toString());
    first.commit();

    state = state.update({ changes: { from: state.doc.length / 2, insert: "typed" } }).state;
    const second = tracker.plan(state.doc);
    const written = second.chunks.filter((chunk) => chunk.text !== undefined);
    expect(written.length).toBeLessThanOrEqual(2);
    expect(written.reduce((sum, chunk) => sum + (chunk.text?.length ?? 0), 0)).toBeLessThan(8192);
    expect(store(records, second.chunks)).toBe(state.doc.toString());
  });

  it("writes everything again after a reset or without a commit", () => {
    const tracker = new TextChunkTracker(4096);
    const doc = EditorState.create({ doc: lines.join("\n") }).doc;
    tracker.plan(doc); // not committed: the write failed
    expect(tracker.plan(doc).chunks.every((chunk) => chunk.text !== undefined)).toBe(true);
    tracker.plan(doc).commit();
    expect(tracker.plan(doc).chunks.every((chunk) => chunk.text === undefined)).toBe(true);
    tracker.reset();
    expect(tracker.plan(doc).chunks.every((chunk) => chunk.text !== undefined)).toBe(true);
  });

  it("reuses the chunks of an unchanged string", () => {
    const tracker = new TextChunkTracker(4096);
    const text = lines.join("\n");
    const records = new Map<string, string>();
    const first = tracker.plan(text);
    expect(store(records, first.chunks)).toBe(text);
    first.commit();
    const again = tracker.plan(text);
    expect(again.chunks.every((chunk) => chunk.text === undefined)).toBe(true);
    expect(store(records, again.chunks)).toBe(text);
  });

  it("cuts a big document into chunks near the target size, however the tree branches", () => {
    const target = 64 * 1024;
    for (const lineCount of [40_000, 300_000]) {
      const doc = EditorState.create({
        doc: Array.from({ length: lineCount }, (_, i) => `line ${i} of a long document`).join("\n"),
      }).doc;
      const chunks = new TextChunkTracker(target).plan(doc).chunks;
      const sizes = chunks.map((chunk) => chunk.text?.length ?? 0);
      const average = doc.length / chunks.length;
      expect(average).toBeGreaterThan(target / 2);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * target);
      expect(store(new Map(), chunks)).toBe(doc.toString());
    }
  }, 30_000);

  it("keeps the stored text exact through many edits, writing little each time", () => {
    const tracker = new TextChunkTracker(4096);
    const records = new Map<string, string>();
    let state = EditorState.create({ doc: lines.join("\n") });
    let seed = 7;
    const random = (below: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % below;
    const first = tracker.plan(state.doc);
    store(records, first.chunks);
    first.commit();
    for (let edit = 0; edit < 120; edit++) {
      const from = random(state.doc.length);
      const insert = edit % 10 === 0 ? "new line\n".repeat(random(300)) : "typed";
      const to = Math.min(state.doc.length, from + (edit % 7 === 0 ? random(2000) : 0));
      // Now and then a second, distant change in the same step (multiple cursors, replace all).
      const other = random(state.doc.length);
      const second = edit % 5 === 0 && (other > to || other < from);
      const changes = [{ from, to, insert }, ...(second ? [{ from: other, insert: "x\ny" }] : [])];
      state = state.update({ changes }).state;
      const plan = tracker.plan(state.doc);
      const written = plan.chunks.reduce((sum, chunk) => sum + (chunk.text?.length ?? 0), 0);
      if (edit % 10 !== 0 && edit % 7 !== 0 && !second) expect(written).toBeLessThan(4 * 4096 * 2);
      expect(store(records, plan.chunks)).toBe(state.doc.toString());
      plan.commit();
    }
  }, 30_000);

  it("after a reload, compares against the chunks the document was read from", () => {
    const records = new Map<string, string>();
    const before = new TextChunkTracker(4096);
    const saved = before.plan(lines.join("\n"));
    store(records, saved.chunks);
    // Read back: a new document object and a new tracker that only know the stored chunks.
    const stored = saved.chunks.map((chunk) => ({
      key: chunk.key,
      length: records.get(chunk.key)?.length ?? 0,
    }));
    let state = EditorState.create({
      doc: saved.chunks.map((chunk) => records.get(chunk.key)).join("\n"),
    });
    const after = new TextChunkTracker(4096);
    after.adopt(state.doc, stored);
    state = state.update({ changes: { from: 30_000, insert: "typed\nand a new line" } }).state;
    const plan = after.plan(state.doc);
    const written = plan.chunks.filter((chunk) => chunk.text !== undefined);
    expect(written.length).toBeLessThanOrEqual(2);
    expect(store(records, plan.chunks)).toBe(state.doc.toString());
    // Chunks that do not add up to the document are not trusted: everything is written.
    const wrong = new TextChunkTracker(4096);
    wrong.adopt(state.doc, stored);
    expect(wrong.plan(state.doc).chunks.every((chunk) => chunk.text !== undefined)).toBe(true);
  });

  it("handles edits at the very start and end, deletions of everything, and an empty text", () => {
    const tracker = new TextChunkTracker(1024);
    const records = new Map<string, string>();
    let state = EditorState.create({ doc: lines.slice(0, 3000).join("\n") });
    const edits = [
      { from: 0, insert: "start " },
      { from: 0, insert: "\n" },
      { from: -1, insert: " end" },
      { from: -1, insert: "\n" },
      { from: 0, to: -1, insert: "" },
      { from: 0, insert: "again\nand again" },
    ];
    for (const edit of [null, ...edits]) {
      if (edit) {
        const end = state.doc.length;
        const from = edit.from < 0 ? end : edit.from;
        const to = edit.to === undefined ? from : edit.to < 0 ? end : edit.to;
        state = state.update({ changes: { from, to, insert: edit.insert } }).state;
      }
      const plan = tracker.plan(state.doc);
      expect(store(records, plan.chunks)).toBe(state.doc.toString());
      plan.commit();
    }
  });
});
