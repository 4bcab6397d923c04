import { describe, expect, it } from "vitest";
import { sortInterruptedCloses } from "./stored-tabs";

describe("sortInterruptedCloses", () => {
  const doc = (id: string, lastModified: number) => ({ id, lastModified });
  const closed = (id: string, closedAt: number) => ({ id, closedAt });

  it("ignores tabs that are only open or only closed", () => {
    expect(sortInterruptedCloses([doc("a", 10)], [closed("b", 20)])).toEqual({
      closedIds: [],
      reopenedIds: [],
    });
  });

  it("finishes a close: the document was last changed before its closed copy was made", () => {
    expect(sortInterruptedCloses([doc("a", 10), doc("b", 5)], [closed("a", 10)])).toEqual({
      closedIds: ["a"],
      reopenedIds: [],
    });
  });

  it("finishes a reopen: the document changed after its closed copy was made", () => {
    expect(
      sortInterruptedCloses([doc("a", 30), doc("b", 4)], [closed("a", 20), closed("b", 9)]),
    ).toEqual({ closedIds: ["b"], reopenedIds: ["a"] });
  });
});
