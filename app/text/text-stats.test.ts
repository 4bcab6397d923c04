import { ChangeSet, Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { adjustWordCount, countWords, countWordsFrom, countWordsInSlices } from "./text-stats";

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

  it("counts a line of megabytes in parts, yielding inside it, with words across the parts", async () => {
    // Words of 7 letters and a space: parts of 2^17 characters cut through words.
    const line = "abcdefg ".repeat(300_000);
    const doc = Text.of(["first line", line, "last"]);
    let yields = 0;
    const counted = await countWordsInSlices(
      doc,
      () => false,
      0,
      () => {
        yields++;
        return Promise.resolve();
      },
    );
    expect(counted).toBe(countWords(doc.toString()));
    expect(counted).toBe(300_003);
    // 2.4 M characters in parts of 131,072: more than one yield inside the line.
    expect(yields).toBeGreaterThan(18);
  });

  it("adjusts the count after any edit exactly as a recount, without rereading whole lines", () => {
    let seed = 3;
    const random = (below: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % below;
    const alphabet = ["a", "b", " ", "\n", "\t", "\u00a0", "é", "c"];
    const text = (length: number) =>
      Array.from({ length }, () => alphabet[random(alphabet.length)]).join("");
    for (let round = 0; round < 2000; round++) {
      const doc = Text.of(text(random(80)).split("\n"));
      const ranges = [];
      let at = 0;
      while (ranges.length < 3 && at <= doc.length) {
        const from = at + random(Math.max(1, doc.length - at + 1));
        if (from > doc.length) break;
        const to = Math.min(doc.length, from + random(6));
        ranges.push({ from, to, insert: text(random(5)) });
        at = to + random(3) + (to === from ? 1 : 0);
      }
      const changes = ChangeSet.of(ranges, doc.length);
      const next = changes.apply(doc);
      expect(adjustWordCount(countWords(doc.toString()), doc, next, changes)).toBe(
        countWords(next.toString()),
      );
    }
  });
});
