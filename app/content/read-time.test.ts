import { describe, expect, it } from "vitest";
import { countWords, readMinutes, readTimeLabel } from "./read-time";

describe("countWords", () => {
  it("counts words separated by any whitespace", () => {
    expect(countWords("one two\nthree\t four  ")).toBe(4);
  });
  it("ignores punctuation-only tokens such as list markers and dashes", () => {
    expect(countWords("- item one — and • two")).toBe(4);
  });
  it("is zero for empty text", () => {
    expect(countWords("   ")).toBe(0);
  });
});

describe("readMinutes / readTimeLabel", () => {
  it("uses 140 words per minute, rounded to the nearest minute", () => {
    expect(readMinutes(980)).toBe(7);
    expect(readMinutes(1049)).toBe(7);
    expect(readMinutes(1050)).toBe(8);
    expect(readTimeLabel(1960)).toBe("14 min read");
  });
  it("never shows less than one minute", () => {
    expect(readMinutes(0)).toBe(1);
    expect(readTimeLabel(30)).toBe("1 min read");
  });
});
