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
});
