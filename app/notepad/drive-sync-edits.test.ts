import { ChangeSet, Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { fitCopyName, minimalChange } from "./drive-sync-edits";

function apply(before: string, after: string): string {
  const change = minimalChange(before, after);
  if (!change) return before;
  return ChangeSet.of(change, before.length)
    .apply(Text.of(before.split("\n")))
    .toString();
}

describe("minimalChange", () => {
  it("changes only what differs, so the caret before and after it stays", () => {
    expect(minimalChange("one\ntwo\nthree", "one\n2\nthree")).toEqual({
      from: 4,
      to: 7,
      insert: "2",
    });
    expect(minimalChange("same", "same")).toBeNull();
  });

  it("turns any text into any other", () => {
    const cases: [string, string][] = [
      ["", "new text"],
      ["old text", ""],
      ["aaa", "aaaa"],
      ["abcabc", "abc"],
      ["line 1\nline 2\n", "line 0\nline 1\nline 2\nline 3\n"],
      ["héllo 👋 wörld", "héllo wörld 👋"],
    ];
    for (const [before, after] of cases) expect(apply(before, after)).toBe(after);
  });
});

describe("names", () => {
  it("keeps ' (Drive copy)' whole within 30 characters", () => {
    expect(fitCopyName("Notes (Drive copy)")).toBe("Notes (Drive copy)");
    const long = fitCopyName("A rather long tab name here (Drive copy)");
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long.endsWith(" (Drive copy)")).toBe(true);
  });
});
