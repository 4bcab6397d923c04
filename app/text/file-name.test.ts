import { describe, expect, it } from "vitest";
import {
  DEFAULT_FILE_NAME,
  hasOwnExtension,
  normalizeFileName,
  safeFileName,
  withDefaultExtension,
  withTxtExtension,
} from "./file-name";

describe("withTxtExtension", () => {
  it("appends .txt when missing and keeps an existing one in any case", () => {
    expect(withTxtExtension("Notes")).toBe("Notes.txt");
    expect(withTxtExtension("notes.txt")).toBe("notes.txt");
    expect(withTxtExtension("Notes.TXT")).toBe("Notes.TXT");
    expect(withTxtExtension("data.md")).toBe("data.md.txt");
    expect(withTxtExtension("notes.txt.bak")).toBe("notes.txt.bak.txt");
  });
});

describe("withDefaultExtension", () => {
  it("keeps a name's own extension and gives a name without one .txt", () => {
    expect(withDefaultExtension("trip.md")).toBe("trip.md");
    expect(withDefaultExtension("data.JSON")).toBe("data.JSON");
    expect(withDefaultExtension("notes.txt")).toBe("notes.txt");
    expect(withDefaultExtension("song.mp3")).toBe("song.mp3");
    expect(withDefaultExtension("notes")).toBe("notes.txt");
    expect(withDefaultExtension("my notes (2)")).toBe("my notes (2).txt");
  });

  it("does not take numbers, a leading dot or a long tail for an extension", () => {
    expect(withDefaultExtension("v1.2")).toBe("v1.2.txt");
    expect(withDefaultExtension("Chapter 3.5")).toBe("Chapter 3.5.txt");
    expect(withDefaultExtension(".env")).toBe(".env.txt");
    expect(withDefaultExtension("notes.")).toBe("notes..txt");
    expect(withDefaultExtension("Dr. Who and the thoughtfulness")).toBe(
      "Dr. Who and the thoughtfulness.txt",
    );
    expect(hasOwnExtension("a.verylongword")).toBe(false);
    expect(hasOwnExtension("archive.tar.gz")).toBe(true);
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
  it("keeps the name's own extension, else ends it in .txt", () => {
    expect(normalizeFileName("notes")).toBe("notes.txt");
    expect(normalizeFileName("notes.txt")).toBe("notes.txt");
    expect(normalizeFileName("Notes.TXT")).toBe("Notes.TXT");
    expect(normalizeFileName("data.md")).toBe("data.md");
    expect(normalizeFileName("  trip.md ")).toBe("trip.md");
  });

  it("drops unsafe characters, trims, and falls back to the default name", () => {
    expect(normalizeFileName("a/b:c")).toBe("abc.txt");
    expect(normalizeFileName("  my notes  ")).toBe("my notes.txt");
    expect(normalizeFileName("  ")).toBe(DEFAULT_FILE_NAME);
    expect(normalizeFileName("///")).toBe(DEFAULT_FILE_NAME);
    expect(normalizeFileName(".txt")).toBe(DEFAULT_FILE_NAME);
  });
});
