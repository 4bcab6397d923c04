import { Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { countWords, countWordsFrom, countWordsInSlices } from "./text-stats";

describe("word counts", () => {
  it("counts runs of non-whitespace", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("  one two\tthree\nfour  ")).toBe(4);
    expect(countWords("café, naïve!")).toBe(2);
  });

  it("continues a word across chunks", () => {
    const first = countWordsFrom("hello wo", false);
    const second = countWordsFrom("rld again", first.inWord);
    expect(first.count + second.count).toBe(3);
  });

  it("counts a CodeMirror document in slices and can be cancelled", async () => {
    const doc = Text.of(Array.from({ length: 5000 }, (_, i) => `line ${i} has five words`));
    const immediate = () => Promise.resolve();
    expect(await countWordsInSlices(doc, () => false, 0, immediate)).toBe(25000);
    expect(await countWordsInSlices(doc, () => true, 0, immediate)).toBeNull();
  });
});
