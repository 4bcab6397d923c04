import { Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { compileSearch, findAllMatches, MatchScanner } from "./search";

/** Deterministic text with accents, emoji (surrogate pairs), CJK and long and short lines. */
function generatedText(chars: number, seed = 7): string {
  const words = [
    "naïve",
    "café",
    "Straße",
    "👋",
    "日本語",
    "todo",
    "TODO",
    "end",
    "x",
    "ünïcödé",
    "a",
  ];
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const word = words[next() % words.length];
    const separator = next() % 9 === 0 ? "\n" : next() % 97 === 0 ? "\n\n" : " ";
    parts.push(word, separator);
    length += word.length + 1;
  }
  return parts.join("");
}

const docOf = (text: string) => Text.of(text.split("\n"));

function scanned(text: string, regexp: RegExp) {
  const scanner = new MatchScanner(docOf(text), regexp).finish();
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < scanner.count; i++) {
    const match = scanner.matchAt(i);
    starts.push(match!.from);
    ends.push(match!.to);
  }
  return { count: scanner.count, starts, ends };
}

function whole(text: string, regexp: RegExp) {
  const list = findAllMatches(text, regexp);
  return { count: list.count, starts: Array.from(list.starts), ends: Array.from(list.ends) };
}

/** The offsets of a plain, case-sensitive String.prototype.indexOf scan. */
function indexOfScan(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    found.push(at);
  }
  return found;
}

describe("MatchScanner", () => {
  const text = generatedText(1_500_000);

  it.each(["café", "👋", "日本語 todo", "ünïcödé\nx"])(
    "finds exactly what an indexOf scan finds for %j",
    (needle) => {
      const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const result = scanned(text, new RegExp(escaped, "gm"));
      expect(result.starts).toEqual(indexOfScan(text, needle));
      expect(result.count).toBeGreaterThan(10);
    },
  );

  it.each([
    "todo",
    "^todo",
    "end$",
    "\\bx\\b",
    "(?<=café )\\S+",
    "a\\n\\na",
    "[^ ]+",
    "x*",
    "t.d.",
  ])("gives findAllMatches' matches for /%s/gim across windows", (pattern) => {
    const compiled = compileSearch(pattern);
    if (!compiled?.ok) throw new Error("pattern");
    expect(scanned(text, compiled.regexp)).toEqual(whole(text, compiled.regexp));
  });

  it("scans a single line longer than a window", () => {
    const line = generatedText(700_000).replace(/\n/g, " ");
    for (const pattern of ["straße", "end$", "^naïve", "a café"]) {
      const compiled = compileSearch(pattern);
      if (!compiled?.ok) throw new Error("pattern");
      expect(scanned(line, compiled.regexp)).toEqual(whole(line, compiled.regexp));
    }
  });

  it("reports progress a step at a time and an empty document at once", () => {
    const scanner = new MatchScanner(docOf(text), /café/gim);
    scanner.step();
    expect(scanner.done).toBe(false);
    expect(scanner.progress).toBeGreaterThan(0);
    expect(scanner.progress).toBeLessThan(0.5);
    expect(scanner.count).toBeGreaterThan(0);
    expect(new MatchScanner(Text.empty, /a/g).done).toBe(true);
  });

  it("keeps every match reachable past the stored million", () => {
    const dense = "ab".repeat(1_100_000);
    const scanner = new MatchScanner(docOf(dense), /b/g).finish();
    expect(scanner.count).toBe(1_100_000);
    expect(scanner.matchAt(1_099_999)).toEqual({ from: 2_199_999, to: 2_200_000 });
    expect(scanner.matchAt(1_050_001)).toEqual({ from: 2_100_003, to: 2_100_004 });
    expect(scanner.indexAtOrAfter(11)).toBe(5);
  });
});
