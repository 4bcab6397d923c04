import { Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { sameText } from "./same-text";

describe("sameText", () => {
  const doc = Text.of(["first line", "", "third ünïcödé 😀 line"]);
  it("is true for the same text, as a string or as a document", () => {
    expect(sameText(doc, "first line\n\nthird ünïcödé 😀 line")).toBe(true);
    expect(sameText(doc, Text.of(doc.toString().split("\n")))).toBe(true);
    expect(sameText(Text.empty, "")).toBe(true);
  });
  it("is false for any difference, however small", () => {
    expect(sameText(doc, "first line\n\nthird ünïcödé 😀 linE")).toBe(false);
    expect(sameText(doc, "first line\n\nthird ünïcödé 😀 line ")).toBe(false);
    expect(sameText(doc, "first line \nthird ünïcödé 😀 line")).toBe(false);
    expect(sameText(doc, Text.of(["first line", "", "third"]))).toBe(false);
  });
});
