import { describe, expect, it } from "vitest";
import { DEFAULT_FILE_NAME, normalizeFileName, safeFileName, withTxtExtension } from "./file-name";

describe("withTxtExtension", () => {
  it("appends .txt when missing and keeps an existing one in any case", () => {
    expect(withTxtExtension("Notes")).toBe("Notes.txt");
    expect(withTxtExtension("notes.txt")).toBe("notes.txt");
    expect(withTxtExtension("Notes.TXT")).toBe("Notes.TXT");
    expect(withTxtExtension("data.md")).toBe("data.md.txt");
    expect(withTxtExtension("notes.txt.bak")).toBe("notes.txt.bak.txt");
  });
});

describe("safeFileName", () => {
  it("replaces characters not allowed in file names with _ by default", () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe("a_b_c_d_e_f_g_h_i_j");
    expect(safeFileName("tab\tname\u0000")).toBe("tab_name_");
  });

  it("drops them with an empty replacement and leaves other text alone", () => {
    expect(safeFileName("a/b:c", "")).toBe("abc");
    expect(safeFileName("  Résumé (v2).txt ")).toBe("  Résumé (v2).txt ");
  });
});

describe("normalizeFileName", () => {
  it("always ends in .txt", () => {
    expect(normalizeFileName("notes")).toBe("notes.txt");
    expect(normalizeFileName("notes.txt")).toBe("notes.txt");
    expect(normalizeFileName("Notes.TXT")).toBe("Notes.TXT");
    expect(normalizeFileName("data.md")).toBe("data.md.txt");
  });

  it("drops unsafe characters, trims, and falls back to the default name", () => {
    expect(normalizeFileName("a/b:c")).toBe("abc.txt");
    expect(normalizeFileName("  my notes  ")).toBe("my notes.txt");
    expect(normalizeFileName("  ")).toBe(DEFAULT_FILE_NAME);
    expect(normalizeFileName("///")).toBe(DEFAULT_FILE_NAME);
    expect(normalizeFileName(".txt")).toBe(DEFAULT_FILE_NAME);
  });
});
