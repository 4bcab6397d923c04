import { Chunk } from "@codemirror/merge";
import { Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { compareTexts, LINE_DIFF_FROM_CHARS } from "./compare-diff";

/** `a` with the changes applied, checking that what lies between them is the same in `b`. */
function applyChanges(a: string, b: string, changes: ReturnType<typeof compareTexts>["changes"]) {
  let out = "";
  let posA = 0;
  let posB = 0;
  for (const change of changes) {
    expect(a.slice(posA, change.fromA)).toBe(b.slice(posB, change.fromB));
    out += a.slice(posA, change.fromA) + b.slice(change.fromB, change.toB);
    posA = change.toA;
    posB = change.toB;
  }
  expect(a.slice(posA)).toBe(b.slice(posB));
  return out + a.slice(posA);
}

/** A deterministic text of `count` lines. */
function lines(count: number, seed = 7): string[] {
  const words = ["alpha", "beta", "gamma", "delta", "notes", "draft", "plain", "text"];
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  return Array.from({ length: count }, (_, i) => {
    const length = 3 + (next() % 8);
    return `${i}: ${Array.from({ length }, () => words[next() % words.length]).join(" ")}`;
  });
}

describe("compareTexts", () => {
  it("finds every change far apart in a long text, each on its own lines", () => {
    const a = lines(20_000);
    const b = a.map((line, i) => (i % 2_000 === 1_000 ? line.replace(":", " changed:") : line));
    const textA = a.join("\n");
    const textB = b.join("\n");
    expect(textA.length).toBeGreaterThan(LINE_DIFF_FROM_CHARS);
    const found = compareTexts(textA, textB, 5_000);
    expect(found.cutShort).toBe(false);
    expect(applyChanges(textA, textB, found.changes)).toBe(textB);
    // Ten changed lines, each marked by its few characters (not whole stretches between them).
    expect(found.changes).toHaveLength(10);
    for (const change of found.changes) expect(change.toB - change.fromB).toBeLessThan(20);
    const chunks = Chunk.build(Text.of(a), Text.of(b), {
      override: (x, y) => compareTexts(x, y, 5_000).changes,
    });
    expect(chunks).toHaveLength(10);
  });

  it("gives changes that turn one text into the other, at the ends and without final breaks", () => {
    const base = lines(3_000);
    const cases: [string[], string[]][] = [
      [base, [...base, "one more line"]],
      [base, ["a new first line", ...base]],
      [base, base.slice(0, -1)],
      [base, [...base.slice(0, 1_500), ...base.slice(1_600)]],
      [base, base.map((line, i) => (i % 500 === 0 ? `${line} edited` : line))],
      [base, lines(3_000, 99)],
    ];
    for (const [x, y] of cases) {
      for (const [textA, textB] of [
        [x.join("\n"), y.join("\n")],
        [`${x.join("\n")}\n`, y.join("\n")],
        [x.join("\n"), `${y.join("\n")}\n`],
      ]) {
        const found = compareTexts(textA, textB, 5_000);
        expect(applyChanges(textA, textB, found.changes)).toBe(textB);
      }
    }
  });

  it("leaves short texts to the character diff and finds nothing in equal texts", () => {
    expect(compareTexts("plain text", "plain test", 300).changes).toHaveLength(1);
    const long = lines(5_000).join("\n");
    expect(compareTexts(long, long, 300)).toEqual({ changes: [], cutShort: false });
  });

  it("marks the rest as one change and says so when the time runs out", () => {
    const a = lines(30_000, 1).join("\n");
    const b = lines(30_000, 2).join("\n");
    const found = compareTexts(a, b, 0);
    expect(found.cutShort).toBe(true);
    expect(applyChanges(a, b, found.changes)).toBe(b);
  });
});
