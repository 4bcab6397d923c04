import { describe, expect, it } from "vitest";
import { compileSearch, findAllMatches, type SearchOptions } from "./search";

/** The matched strings of `query` in `text` with `options`. */
function matched(text: string, query: string, options: SearchOptions): string[] {
  const compiled = compileSearch(query, options);
  if (!compiled?.ok) throw new Error(`did not compile: ${query}`);
  const list = findAllMatches(text, compiled.regexp);
  return Array.from(list.starts, (start, i) => text.slice(start, list.ends[i]));
}

describe("compileSearch options (find in files)", () => {
  it("keeps the search field's reading by default: a regular expression, any case", () => {
    expect(matched("Colour color COLOR", "colou?r", {})).toEqual(["Colour", "color", "COLOR"]);
  });

  it("reads plain text literally when regexp is off", () => {
    expect(matched("a.b axb (a.b) $1+1", "a.b", { regexp: false })).toEqual(["a.b", "a.b"]);
    expect(matched("cost $1+1 [x]/y", "$1+1", { regexp: false })).toEqual(["$1+1"]);
    expect(matched("[x]/y {z}|w \\q", "[x]/y {z}|w \\q", { regexp: false })).toEqual([
      "[x]/y {z}|w \\q",
    ]);
  });

  it("tells upper from lower case only with matchCase", () => {
    expect(matched("Straße STRASSE straße", "straße", { regexp: false })).toEqual([
      "Straße",
      "straße",
    ]);
    expect(matched("Straße straße", "straße", { regexp: false, matchCase: true })).toEqual([
      "straße",
    ]);
  });

  it("finds whole words in any script, not parts of longer ones", () => {
    const text = "привет приветствие, cat concat cat_x 猫 猫猫";
    expect(matched(text, "привет", { regexp: false, wholeWord: true })).toEqual(["привет"]);
    expect(matched(text, "cat", { regexp: false, wholeWord: true })).toEqual(["cat"]);
    expect(matched(text, "c.t", { wholeWord: true })).toEqual(["cat"]);
    expect(matched(text, "猫", { regexp: false, wholeWord: true })).toEqual(["猫"]);
  });

  it("says an invalid pattern in words, whatever the options", () => {
    expect(compileSearch("(", { wholeWord: true })).toEqual({
      ok: false,
      error: "Invalid pattern",
    });
    expect(compileSearch("(", { regexp: false })?.ok).toBe(true);
    // Valid only inside the whole-word group, which it would close: invalid, as typed.
    expect(compileSearch("ab)?(?:cd", { wholeWord: true })?.ok).toBe(false);
    expect(compileSearch("ab)?(?:cd")?.ok).toBe(false);
  });
});
