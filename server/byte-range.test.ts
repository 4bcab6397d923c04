import { describe, expect, it } from "vitest";
import { answerRange, rangeHeaderForSirv } from "./byte-range";

describe("answerRange", () => {
  it("gives the bytes asked for, a suffix, and an open end", () => {
    expect(answerRange("bytes=2-4", 20)).toEqual({ kind: "part", start: 2, end: 4 });
    expect(answerRange("bytes=-3", 20)).toEqual({ kind: "part", start: 17, end: 19 });
    expect(answerRange("bytes=-30", 20)).toEqual({ kind: "part", start: 0, end: 19 });
    expect(answerRange("bytes=5-", 20)).toEqual({ kind: "part", start: 5, end: 19 });
  });

  it("reads an end past the file, however long its digits, as the file's end", () => {
    expect(answerRange("bytes=0-18446744073709551615", 20)).toEqual({
      kind: "part",
      start: 0,
      end: 19,
    });
    expect(answerRange(`bytes=0-${"9".repeat(400)}`, 20)).toEqual({
      kind: "part",
      start: 0,
      end: 19,
    });
  });

  it("refuses reversed ranges, starts past the end, empty suffixes and empty files", () => {
    for (const [header, size] of [
      ["bytes=5-2", 20],
      ["bytes=20-", 20],
      ["bytes=18446744073709551615-", 20],
      ["bytes=-0", 20],
      ["bytes=0-", 0],
    ] as const) {
      expect(answerRange(header, size), header).toEqual({ kind: "unsatisfiable" });
    }
  });

  it("ignores several ranges, other units and garbage (the whole file answers)", () => {
    for (const header of ["bytes=0-1,3-4", "items=0-1", "bytes=a-b", "bytes=-", "bytes=--1", ""]) {
      expect(answerRange(header, 20), header).toEqual({ kind: "whole" });
    }
    expect(answerRange(undefined, 20)).toEqual({ kind: "whole" });
  });
});

describe("rangeHeaderForSirv", () => {
  it("writes a range sirv serves exactly, or none where it cannot", () => {
    expect(rangeHeaderForSirv({ kind: "part", start: 2, end: 4 }, 20)).toBe("bytes=2-4");
    expect(rangeHeaderForSirv({ kind: "unsatisfiable" }, 20)).toBe("bytes=20-");
    expect(rangeHeaderForSirv({ kind: "part", start: 0, end: 0 }, 20)).toBeUndefined();
    expect(rangeHeaderForSirv({ kind: "part", start: 0, end: 0 }, 1)).toBe("bytes=0-0");
    expect(rangeHeaderForSirv({ kind: "whole" }, 20)).toBeUndefined();
  });
});
