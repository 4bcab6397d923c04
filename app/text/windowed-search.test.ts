import { Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { WINDOW_END, windowedMatches } from "./windowed-search";

const steps = (text: string, query: string, from: number, to: number, window: number) =>
  [...windowedMatches(Text.of(text.split("\n")), query, from, to, window)].map((step) =>
    step === WINDOW_END ? "|" : `${step.from}-${step.to}`,
  );

describe("windowedMatches", () => {
  it("finds a match across a window's end once, whole, in the window it starts in", () => {
    // "Cat" at 3 crosses the first window's end (5); "cAT" at 9 starts in the second window.
    expect(steps("ab Cat ab cAT", "cat", 0, 13, 5)).toEqual(["3-6", "|", "|", "10-13", "|"]);
  });

  it("reads only the range asked for, and nothing for an empty query", () => {
    expect(steps("cat cat cat", "CAT", 4, 8, 100)).toEqual(["4-7", "|"]);
    expect(steps("cat", "", 0, 3, 100)).toEqual([]);
  });
});
