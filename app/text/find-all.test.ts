import { Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { type DocMatches, findInDocs, matchSteps } from "./find-all";

function run(doc: Text, query: string, window?: number, limit?: number): DocMatches {
  const steps = matchSteps(doc, query, window, limit);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A plain scan: every case-insensitive occurrence's offset. */
function plainScan(text: string, query: string): number[] {
  const found: number[] = [];
  const haystack = text.toLowerCase();
  const needle = query.toLowerCase();
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    found.push(at);
  }
  return found;
}

describe("find in all tabs", () => {
  it("lists each match with its line and the text around it", () => {
    const doc = Text.of(["First line", "the Cat sat", "no", "cat and CAT"]);
    const result = run(doc, "cat");
    expect(result.total).toBe(3);
    expect(result.matches.map((m) => [m.line, m.before, m.match, m.after])).toEqual([
      [2, "the ", "Cat", " sat"],
      [4, "", "cat", " and CAT"],
      [4, "cat and ", "CAT", ""],
    ]);
  });

  it("agrees with a plain scan, matches across window edges included", () => {
    const text = Array.from(
      { length: 400 },
      (_, i) => `line ${i} abcab ${i % 7 ? "" : "ABC"}`,
    ).join("\n");
    const doc = Text.of(text.split("\n"));
    for (const window of [7, 64, 1000, 1 << 20]) {
      const result = run(doc, "abc", window);
      expect(result.matches.map((m) => m.from)).toEqual(plainScan(text, "abc"));
    }
  });

  it("lists up to the limit and counts the rest", () => {
    const doc = Text.of(["x".repeat(50)]);
    const result = run(doc, "x", undefined, 10);
    expect(result.matches).toHaveLength(10);
    expect(result.total).toBe(50);
  });

  it("shortens long lines around the match", () => {
    const doc = Text.of([`${"a".repeat(100)}needle${"b".repeat(200)}`]);
    const [match] = run(doc, "needle").matches;
    expect(match.before).toBe(`…${"a".repeat(40)}`);
    expect(match.after).toBe(`${"b".repeat(80)}…`);
  });

  it("searches every document, pausing between windows, and stops when told", async () => {
    const docs = [
      { id: "a", doc: () => Text.of(["one two", "two"]) },
      { id: "b", doc: () => Text.of(["nothing"]) },
      { id: "c", doc: () => Text.of(["Two"]) },
    ];
    const seen: [string, number][] = [];
    let pauses = 0;
    const done = await findInDocs(
      docs,
      "two",
      async () => (pauses++, true),
      (id, matches) => seen.push([id, matches.total]),
      4,
    );
    expect(done).toBe(true);
    expect(seen).toEqual([
      ["a", 2],
      ["b", 0],
      ["c", 1],
    ]);
    expect(pauses).toBeGreaterThan(3);
    const stopped = await findInDocs(
      docs,
      "two",
      async () => false,
      () => undefined,
      4,
    );
    expect(stopped).toBe(false);
  });
});
