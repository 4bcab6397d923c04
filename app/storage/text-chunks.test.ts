import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { type ContentChunk, joinChunks } from "./document-store";
import {
  chunkString,
  commonPrefixLength,
  commonSuffixLength,
  TextChunkTracker,
} from "./text-chunks";

/** A stand-in for the chunk records: applies a plan and returns the stored text. */
function store(records: Map<string, string>, chunks: ContentChunk[]): string {
  for (const chunk of chunks)
    if (chunk.text !== undefined) records.set(chunk.key, chunk.text.toString());
  return joinChunks(
    chunks.map((chunk) => records.get(chunk.key) ?? "(missing)"),
    chunks,
  );
}

const written = (chunks: ContentChunk[]) =>
  chunks.reduce((sum, chunk) => sum + (chunk.text?.length ?? 0), 0);

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

  it("cuts a line too long for one chunk inside, and typing at its end writes one chunk", () => {
    const size = 4096;
    const tracker = new TextChunkTracker(size);
    const records = new Map<string, string>();
    const line = Array.from({ length: 60_000 }, (_, i) => `w${i % 97}`).join(" ");
    let state = EditorState.create({ doc: `first line\n${line}\nlast line` });
    const first = tracker.plan(state.doc);
    expect(store(records, first.chunks)).toBe(state.doc.toString());
    expect(first.chunks.filter((chunk) => chunk.continues).length).toBeGreaterThan(50);
    expect(Math.max(...first.chunks.map((chunk) => chunk.text?.length ?? 0))).toBeLessThanOrEqual(
      4 * size,
    );
    expect(first.chunks.at(-1)?.continues).toBeUndefined();
    first.commit();
    // Typing at the end of the long line, then in its middle: one small chunk each time.
    const lineEnd = state.doc.line(2).to;
    for (const [index, at] of [lineEnd, lineEnd + 1, lineEnd + 2, 200_000].entries()) {
      state = state.update({ changes: { from: at, insert: "xy"[index % 2] } }).state;
      const plan = tracker.plan(state.doc);
      expect(plan.chunks.filter((chunk) => chunk.text !== undefined).length).toBeLessThanOrEqual(2);
      expect(written(plan.chunks)).toBeLessThan(2 * 4 * size);
      expect(store(records, plan.chunks)).toBe(state.doc.toString());
      plan.commit();
    }
  });

  it("keeps a text of long lines exact through many edits, line breaks added and removed", () => {
    const size = 2048;
    const tracker = new TextChunkTracker(size);
    const records = new Map<string, string>();
    const long = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 13}`).join(",");
    let state = EditorState.create({
      doc: [long(9000), "short", long(4000), long(30), long(12_000)].join("\n"),
    });
    let seed = 11;
    const random = (below: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % below;
    const first = tracker.plan(state.doc);
    store(records, first.chunks);
    first.commit();
    for (let edit = 0; edit < 150; edit++) {
      const from = random(state.doc.length);
      const to = Math.min(state.doc.length, from + (edit % 4 === 0 ? random(20_000) : 0));
      const insert = ["\n", "typed", "", "a\nb", long(random(3000))][edit % 5];
      state = state.update({ changes: { from, to, insert } }).state;
      const plan = tracker.plan(state.doc);
      if (edit % 5 === 1 && to === from) expect(written(plan.chunks)).toBeLessThan(3 * 4 * size);
      expect(store(records, plan.chunks)).toBe(state.doc.toString());
      expect(plan.chunks.at(-1)?.continues).toBeUndefined();
      plan.commit();
    }
  }, 30_000);

  it("never cuts between the two halves of a surrogate pair", () => {
    const text = "a" + "😀".repeat(50_000);
    const chunks = new TextChunkTracker(1000).plan(text).chunks;
    expect(chunks.length).toBeGreaterThan(20);
    for (const chunk of chunks) {
      const piece = chunk.text?.toString() ?? "";
      expect(piece).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/u);
    }
    expect(store(new Map(), chunks)).toBe(text);
  });

  it("finds the common start and end of two strings as a plain scan does", () => {
    let seed = 5;
    const random = (below: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % below;
    const naivePrefix = (a: string, b: string) => {
      let n = 0;
      while (n < a.length && n < b.length && a[n] === b[n]) n++;
      return n;
    };
    for (let round = 0; round < 200; round++) {
      const base = "x".repeat(random(20_000)) + "y".repeat(random(50));
      const at = random(base.length + 1);
      const b = base.slice(0, at) + "z".repeat(random(3)) + base.slice(at + random(4));
      const prefix = commonPrefixLength(base, b);
      expect(prefix).toBe(naivePrefix(base, b));
      const limit = Math.min(base.length, b.length) - prefix;
      const suffix = commonSuffixLength(base, b, limit);
      const reversed = naivePrefix([...base].reverse().join(""), [...b].reverse().join(""));
      expect(suffix).toBe(Math.min(limit, reversed));
    }
  });
});

describe("cutting a text into chunks", () => {
  it("splits a string into chunks of whole lines", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    let n = 0;
    const chunks = chunkString(text, () => String(n++), 50);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.map((chunk) => chunk.text).join("\n")).toBe(text);
    expect(chunkString("", () => "x")).toEqual([{ key: "x", text: "" }]);
  });
});
