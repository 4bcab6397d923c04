import { SearchCursor } from "@codemirror/search";
import { EditorSelection, EditorState, type TransactionSpec } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { findNextInSlices, replaceAll } from "./find-replace";

/** The next match's selection, searched without pauses. */
async function findNext(state: EditorState, query: string): Promise<TransactionSpec | null> {
  return (await findNextInSlices(state, query, async () => true))?.found ?? null;
}

/** The one-pass search the windows must agree with: first match after the selection, wrapping. */
function referenceFind(state: EditorState, query: string): [number, number] | null {
  if (!query) return null;
  const normalise = (text: string) => text.toLowerCase();
  for (const from of [state.selection.main.to, 0]) {
    const cursor = new SearchCursor(
      state.doc,
      query.toLowerCase(),
      from,
      state.doc.length,
      normalise,
    );
    cursor.next();
    if (!cursor.done) return [cursor.value.from, cursor.value.to];
  }
  return null;
}

const range = (spec: TransactionSpec | null) => {
  const selection = spec?.selection as EditorSelection | undefined;
  return selection ? [selection.main.from, selection.main.to] : null;
};

describe("find and replace", () => {
  it("finds the next match case-insensitively after the selection and wraps", async () => {
    let state = EditorState.create({ doc: "Cat cat CAT dog" });
    const select = () => [state.selection.main.from, state.selection.main.to];
    state = state.update((await findNext(state, "cat"))!).state;
    expect(select()).toEqual([0, 3]);
    state = state.update((await findNext(state, "cat"))!).state;
    expect(select()).toEqual([4, 7]);
    state = state.update((await findNext(state, "cat"))!).state;
    expect(select()).toEqual([8, 11]);
    state = state.update((await findNext(state, "cat"))!).state;
    expect(select()).toEqual([0, 3]);
    expect(await findNext(state, "bird")).toBeNull();
    expect(await findNext(state, "")).toBeNull();
  });

  it("replaces every exact match in one change and says how many", () => {
    const state = EditorState.create({
      doc: "a-b a-b A-B",
      selection: EditorSelection.cursor(0),
    });
    const result = replaceAll(state, "a-b", "x");
    expect(result.count).toBe(2);
    expect(result.message).toBe("Replaced 2 occurrences.");
    expect(state.update(result.transaction!).state.doc.toString()).toBe("x x A-B");
    expect(replaceAll(state, "zzz", "x")).toMatchObject({
      count: 0,
      message: 'No occurrences of "zzz".',
      transaction: null,
    });
    expect(replaceAll(state, "a", "").message).toBe(
      "Enter both the text to find and its replacement.",
    );
  });

  it("finds in small windows exactly what one pass finds, and can be cancelled", async () => {
    let seed = 11;
    const random = (below: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % below;
    const pieces = ["cat", "Cat", "CAT", "ca", "t", " ", "\n", "İ", "i̇", "dog", "a"];
    for (let round = 0; round < 400; round++) {
      const doc = Array.from({ length: random(60) }, () => pieces[random(pieces.length)]).join("");
      const cursor = random(doc.length + 1);
      const state = EditorState.create({ doc, selection: EditorSelection.cursor(cursor) });
      const query = ["cat", "at c", "i", "İ", "t\nd", "a", "zzz"][random(7)];
      const expected = referenceFind(state, query);
      expect(range(await findNext(state, query))).toEqual(expected);
      const sliced = await findNextInSlices(state, query, async () => true, 1 + random(9));
      expect(range(sliced?.found ?? null)).toEqual(expected);
    }
    const big = EditorState.create({ doc: "x".repeat(100) + "cat" });
    let pauses = 0;
    expect(await findNextInSlices(big, "cat", async () => ++pauses < 3, 10)).toBeNull();
    expect(pauses).toBe(3);
  });

  it("reads the document once for a miss, wherever the selection is", async () => {
    for (const cursor of [0, 37, 500, 1000]) {
      const state = EditorState.create({
        doc: "x".repeat(1000),
        selection: EditorSelection.cursor(cursor),
      });
      let pauses = 0;
      const result = await findNextInSlices(state, "cat", async () => (++pauses, true), 10);
      expect(result).toEqual({ found: null });
      // One pause after each 10-character window: the two passes cover 1,000 characters.
      expect(pauses).toBeLessThanOrEqual(101);
    }
  });
});
