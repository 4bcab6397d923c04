import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { applyTextChanges, changesBetweenChunks, keptChunks } from "./chunk-changes";
import type { ContentChunk, StoredChunk } from "./document-records";
import { TextChunkTracker } from "./text-chunks";

/** What another window knows after reading a save: each chunk's key, length and break flag. */
function storedChunks(chunks: ContentChunk[], records: Map<string, string>): StoredChunk[] {
  for (const chunk of chunks)
    if (chunk.text !== undefined) records.set(chunk.key, chunk.text.toString());
  return chunks.map((chunk) => ({
    key: chunk.key,
    length: records.get(chunk.key)?.length ?? 0,
    ...(chunk.continues && { continues: true }),
  }));
}

describe("changes between two chunk lists", () => {
  it("turns the known text into the new one, reading only the chunks that are new", () => {
    const size = 2048;
    const writer = new TextChunkTracker(size);
    const records = new Map<string, string>();
    const long = Array.from({ length: 3000 }, (_, i) => `w${i % 31}`).join(" ");
    const lines = Array.from({ length: 4000 }, (_, i) => (i % 500 === 7 ? long : `line ${i}`));
    let state = EditorState.create({ doc: lines.join("\n") });
    let plan = writer.plan(state.doc);
    let known = storedChunks(plan.chunks, records);
    plan.commit();
    let knownText = state.doc.toString();
    let seed = 3;
    const random = (below: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % below;
    for (let edit = 0; edit < 120; edit++) {
      const from = random(state.doc.length);
      const to = Math.min(state.doc.length, from + (edit % 3 === 0 ? random(9000) : 0));
      const insert = ["typed", "\n", "", "a\nb\nc", "x".repeat(random(5000))][edit % 5];
      state = state.update({ changes: { from, to, insert } }).state;
      plan = writer.plan(state.doc);
      const next = plan.chunks.map(({ key, continues }) =>
        continues ? { key, continues } : { key },
      );
      storedChunks(plan.chunks, records);
      plan.commit();
      const kept = keptChunks(known, next);
      // The reader fetches only what it does not have.
      const texts = new Map(
        next.filter((_, j) => !kept[j]).map(({ key }) => [key, records.get(key) ?? ""]),
      );
      const update = changesBetweenChunks(known, knownText.length, next, texts);
      expect(update).not.toBeNull();
      if (!update) return;
      const newText = state.doc.toString();
      expect(applyTextChanges(knownText, update.changes)).toBe(newText);
      expect(update.length).toBe(newText.length);
      const read = [...texts.values()].reduce((sum, text) => sum + text.length, 0);
      if (to === from && insert.length < 100) expect(read).toBeLessThan(3 * 4 * size);
      known = update.chunks;
      knownText = newText;
    }
  });

  it("reads the chunks again when the order changed, and refuses lists that do not add up", () => {
    const known = [
      { key: "a", length: 3 },
      { key: "b", length: 2, continues: true },
      { key: "c", length: 1 },
    ];
    const old = "aaa\nbbc";
    expect(old.length).toBe(7);
    // "c" and "a" swapped: "a" comes after "c", so it is read, not taken from before.
    const next = [{ key: "c" }, { key: "a" }];
    expect(keptChunks(known, next)).toEqual([true, false]);
    const update = changesBetweenChunks(known, old.length, next, new Map([["a", "aaa"]]));
    expect(update && applyTextChanges(old, update.changes)).toBe("c\naaa");
    // A known chunk whose line break changed is read again as well.
    expect(keptChunks(known, [{ key: "a" }, { key: "b" }, { key: "c" }])).toEqual([
      true,
      false,
      true,
    ]);
    expect(changesBetweenChunks(known, 8, next, new Map([["a", "aaa"]]))).toBeNull();
    expect(changesBetweenChunks(known, old.length, [{ key: "x" }], new Map())).toBeNull();
  });
});
