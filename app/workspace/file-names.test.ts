import { describe, expect, it } from "vitest";
import { alternativeName, MAX_NAME_BYTES, nameProblem, sameEntryName } from "./file-names";

const ruleOf = (name: string) => nameProblem(name)?.rule ?? null;

describe("names a file or a folder may have", () => {
  it("takes ordinary names in any script, with spaces and dots inside", () => {
    for (const name of ["notes.txt", ".gitignore", "Chapter 1 - draft.md", "日本語.txt", "a.b.c"])
      expect(nameProblem(name)).toBeNull();
  });

  it("refuses an empty name, and one of spaces only", () => {
    expect(ruleOf("")).toBe("empty");
    expect(ruleOf("   ")).toBe("empty");
    expect(nameProblem("")!.message).toBe("A name is needed: type one.");
  });

  it('refuses "." and ".." with what they mean', () => {
    expect(nameProblem(".")!.message).toMatch(/this folder/);
    expect(nameProblem("..")!.message).toMatch(/the folder above/);
  });

  it("refuses a folder separator and points to Move", () => {
    expect(ruleOf("a/b.txt")).toBe("separator");
    expect(ruleOf("a\\b.txt")).toBe("separator");
    expect(nameProblem("a/b")!.message).toMatch(/Move to…/);
  });

  it("refuses each character Windows forbids, naming it", () => {
    for (const character of ["<", ">", ":", '"', "|", "?", "*"]) {
      const problem = nameProblem(`a${character}b.txt`)!;
      expect(problem.rule).toBe("forbidden-character");
      expect(problem.message).toContain(`contain "${character}"`);
    }
  });

  it("refuses control characters such as a tab or a line break", () => {
    expect(ruleOf("a\tb")).toBe("control-character");
    expect(ruleOf("a\nb")).toBe("control-character");
    expect(ruleOf("a\u0000b")).toBe("control-character");
  });

  it("refuses Windows' device names, with an extension too, but not names that contain them", () => {
    for (const name of ["CON", "con.txt", "Prn", "AUX.md", "nul", "COM1", "lpt9.log"])
      expect(ruleOf(name)).toBe("reserved");
    expect(nameProblem("nul.txt")!.message).toMatch(/keeps NUL for a device/);
    for (const name of ["console.txt", "COM10", "LPT0", "icon.png"])
      expect(ruleOf(name)).toBeNull();
  });

  it("refuses a trailing dot or space", () => {
    expect(ruleOf("notes.")).toBe("trailing");
    expect(ruleOf("notes.txt ")).toBe("trailing");
  });

  it("refuses a name over 255 bytes of UTF-8, counting bytes, not letters", () => {
    expect(ruleOf("a".repeat(MAX_NAME_BYTES))).toBeNull();
    expect(ruleOf("a".repeat(MAX_NAME_BYTES + 1))).toBe("too-long");
    // 86 letters of 3 bytes each: 258 bytes.
    const problem = nameProblem("日".repeat(86))!;
    expect(problem.rule).toBe("too-long");
    expect(problem.message).toMatch(/258 bytes/);
  });

  it("gives each rule its own words", () => {
    const examples = ["", ".", "a/b", "a?b", "a\tb", "CON", "a.", "a".repeat(300)];
    const messages = new Set(examples.map((name) => nameProblem(name)!.message));
    expect(messages.size).toBe(examples.length);
  });
});

describe("names beside a taken one", () => {
  it('puts " (restored)" before the extension, then counts', () => {
    expect(alternativeName("notes.txt", "restored")).toBe("notes (restored).txt");
    expect(alternativeName("notes.tar.gz", "restored", 2)).toBe("notes.tar (restored 2).gz");
    expect(alternativeName("Makefile", "restored")).toBe("Makefile (restored)");
    expect(alternativeName(".env", "restored")).toBe(".env (restored)");
  });

  it("tells names one folder cannot hold side by side (case and accents folded)", () => {
    expect(sameEntryName("Notes.TXT", "notes.txt")).toBe(true);
    expect(sameEntryName("caf\u00e9", "cafe\u0301")).toBe(true);
    expect(sameEntryName("a.txt", "b.txt")).toBe(false);
  });
});
