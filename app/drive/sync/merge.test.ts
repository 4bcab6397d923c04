import { describe, expect, it } from "vitest";
import { decodeBytes } from "~/text/text-encoding";
import {
  driveCopyName,
  fileBytes,
  fileText,
  mergeCondensedLines,
  mergeLines,
  mergeTexts,
} from "./merge";

describe("mergeTexts", () => {
  const base = "one\ntwo\nthree\nfour\nfive";

  it("combines changes to different lines from both sides", () => {
    const local = "ONE\ntwo\nthree\nfour\nfive";
    const remote = "one\ntwo\nthree\nfour\nFIVE\nsix";
    expect(mergeTexts({ base, local, remote })).toEqual({
      kind: "clean",
      text: "ONE\ntwo\nthree\nfour\nFIVE\nsix",
      changedLocal: true,
      changedRemote: true,
    });
  });

  it("takes the side that changed when only one did", () => {
    expect(mergeTexts({ base, local: base, remote: `${base}\nsix` })).toMatchObject({
      kind: "clean",
      text: `${base}\nsix`,
      changedLocal: true,
      changedRemote: false,
    });
    expect(mergeTexts({ base, local: `zero\n${base}`, remote: base })).toMatchObject({
      kind: "clean",
      text: `zero\n${base}`,
      changedLocal: false,
      changedRemote: true,
    });
  });

  it("reports overlapping changes as a conflict holding both texts whole", () => {
    const local = "one\ntwo (laptop)\nthree\nfour\nfive";
    const remote = "one\ntwo (desktop)\nthree\nfour\nfive";
    expect(mergeTexts({ base, local, remote })).toEqual({ kind: "conflict", local, remote });
  });

  it("sees the same change made on both sides as no conflict", () => {
    const both = "one\ntwo\n3\nfour\nfive";
    expect(mergeTexts({ base, local: both, remote: both })).toMatchObject({
      kind: "clean",
      text: both,
    });
    // The same line changed alike, plus a change of its own on one side.
    const local = "one\ntwo\n3\nfour\nfive\nsix";
    expect(mergeTexts({ base, local, remote: both })).toMatchObject({ kind: "clean", text: local });
  });

  it("merges a CRLF file from Drive with the tab's LF text, in LF", () => {
    const local = "ONE\ntwo\nthree\nfour\nfive";
    const remote = "one\r\ntwo\r\nthree\r\nfour\r\nFIVE";
    expect(mergeTexts({ base: base.replaceAll("\n", "\r\n"), local, remote })).toMatchObject({
      kind: "clean",
      text: "ONE\ntwo\nthree\nfour\nFIVE",
    });
    // Only the line endings differ: nothing changed.
    expect(mergeTexts({ base, local: base, remote: base.replaceAll("\n", "\r\n") })).toEqual({
      kind: "clean",
      text: base,
      changedLocal: false,
      changedRemote: false,
    });
  });

  it("with no base keeps equal texts and calls different ones a conflict", () => {
    expect(mergeTexts({ base: null, local: "a\nb", remote: "a\r\nb" })).toMatchObject({
      kind: "clean",
      text: "a\nb",
    });
    expect(mergeTexts({ base: null, local: "a", remote: "b" })).toEqual({
      kind: "conflict",
      local: "a",
      remote: "b",
    });
  });

  it("merges from an empty base", () => {
    expect(mergeTexts({ base: "", local: "", remote: "from the other computer" })).toMatchObject({
      kind: "clean",
      text: "from the other computer",
    });
    expect(mergeTexts({ base: "", local: "laptop", remote: "desktop" }).kind).toBe("conflict");
  });

  it("keeps accented and non-Latin text line for line", () => {
    const b = "café\n日本語\nend";
    const local = "café crème\n日本語\nend";
    const remote = "café\n日本語\nend\nПривет";
    expect(mergeTexts({ base: b, local, remote })).toMatchObject({
      kind: "clean",
      text: "café crème\n日本語\nend\nПривет",
    });
  });
});

describe("changes on neighbouring lines", () => {
  const list = "milk\neggs\nbread";

  it("appends a line on one side and changes the last line on the other", () => {
    const local = "milk\neggs\nbread\nbutter";
    const remote = "milk\neggs\nbrown bread";
    expect(mergeTexts({ base: list, local, remote })).toMatchObject({
      kind: "clean",
      text: "milk\neggs\nbrown bread\nbutter",
    });
    // And the other way round.
    expect(mergeTexts({ base: list, local: remote, remote: local })).toMatchObject({
      kind: "clean",
      text: "milk\neggs\nbrown bread\nbutter",
    });
  });

  it("combines changes to two lines next to each other, and a line inserted above a change", () => {
    expect(
      mergeTexts({ base: list, local: "milk\nsix eggs\nbread", remote: "milk\neggs\nrye bread" }),
    ).toMatchObject({ kind: "clean", text: "milk\nsix eggs\nrye bread" });
    expect(
      mergeTexts({ base: list, local: "milk\ntea\neggs\nbread", remote: "milk\nsix eggs\nbread" }),
    ).toMatchObject({ kind: "clean", text: "milk\ntea\nsix eggs\nbread" });
  });

  it("keeps true overlaps as conflicts", () => {
    // The same line changed differently.
    expect(
      mergeTexts({ base: list, local: "milk\neggs\nrye bread", remote: "milk\neggs\nwhite bread" })
        .kind,
    ).toBe("conflict");
    // Both sides add a different line at the same place.
    expect(mergeTexts({ base: list, local: `${list}\nbutter`, remote: `${list}\njam` }).kind).toBe(
      "conflict",
    );
    // Both add the same line next to a change: combining would write it twice.
    expect(
      mergeTexts({ base: list, local: `${list}\nbutter`, remote: "milk\neggs\nrye\nbutter" }).kind,
    ).toBe("conflict");
  });
});

describe("file text and bytes", () => {
  it("restores the tab's line ending", () => {
    expect(fileText("a\nb\n", "crlf")).toBe("a\r\nb\r\n");
    expect(fileText("a\nb", "cr")).toBe("a\rb");
    expect(fileText("a\nb", "lf")).toBe("a\nb");
  });

  it("encodes in the tab's encoding, BOM included, and reads back the same text", () => {
    const text = "café\nnaïve";
    const utf16 = fileBytes(text, "utf-16le", "crlf");
    expect(Array.from(utf16.slice(0, 2))).toEqual([0xff, 0xfe]);
    expect(decodeBytes(utf16, "utf-16le")).toBe("café\r\nnaïve");
    const latin = fileBytes(text, "windows-1252", "lf");
    expect(latin.byteLength).toBe(text.length);
    expect(latin[3]).toBe(0xe9);
    expect(decodeBytes(latin, "windows-1252")).toBe(text);
    const bom = fileBytes(text, "utf-8-bom", "lf");
    expect(Array.from(bom.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("names the Drive copy after the tab", () => {
    expect(driveCopyName("notes.txt")).toBe("notes.txt (Drive copy)");
    expect(driveCopyName("  ")).toBe("Untitled (Drive copy)");
  });
});

/** A seeded random number generator (the same texts every run). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** A better spread generator for the fuzz (xorshift32). */
function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

/** One to four dense edits from a small alphabet: lines replaced, inserted, deleted. */
function denselyEdited(lines: string[], random: () => number, pick: () => string): string[] {
  const out = [...lines];
  const edits = 1 + Math.floor(random() * 4);
  for (let n = 0; n < edits; n++) {
    const at = Math.floor(random() * (out.length + 1));
    const what = random();
    if (what < 0.35 && at < out.length) out[at] = pick();
    else if (what < 0.7) out.splice(at, 0, pick());
    else out.splice(at, 1 + Math.floor(random() * 2));
  }
  return out;
}

describe("merging long texts", () => {
  it("merges a 200 000-line document edited far apart on both sides", () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i} of a long document`);
    const local = [...lines];
    local[10] = "changed here";
    local.splice(100_000, 0, "inserted here");
    const remote = [...lines];
    remote[150_000] = "changed there";
    remote.splice(199_990, 3);
    const expected = [...local];
    expected[150_001] = "changed there";
    expected.splice(199_991, 3);
    const outcome = mergeTexts({
      base: lines.join("\n"),
      local: local.join("\n"),
      remote: remote.join("\n"),
    });
    expect(outcome.kind).toBe("clean");
    expect(outcome.kind === "clean" && outcome.text === expected.join("\n")).toBe(true);
  });

  it("decides as the whole-text merge does, or keeps both texts (a fuzz of dense edits)", () => {
    // Small alphabets and dense edits: many equally short line diffs, where a condensed merge
    // could line changes up otherwise than node-diff3 on the whole texts.
    let agreed = 0;
    let cleanBoth = 0;
    for (let seed = 1; seed <= 3_000; seed++) {
      const random = xorshift(seed);
      // Half the seeds from 2 to 6 different lines, half from 20 to 60.
      const kinds = seed % 2 ? 2 + Math.floor(random() * 5) : 20 + Math.floor(random() * 41);
      const alphabet = Array.from({ length: kinds }, (_, i) => `l${i}`);
      const pick = () => alphabet[Math.floor(random() * alphabet.length)];
      const base = Array.from({ length: 5 + Math.floor(random() * 60) }, pick);
      const local = denselyEdited(base, random, pick);
      const remote = denselyEdited(base, random, pick);
      const whole = mergeLines(base, local, remote);
      const condensed = mergeCondensedLines(base, local, remote);
      if (condensed === null) continue; // safe: both texts are kept
      expect(whole?.join("\n"), `seed ${seed}`).toBe(condensed.join("\n"));
      agreed++;
      if (whole) cleanBoth++;
    }
    // The fallback is not taken everywhere: many merges stay condensed, clean ones included.
    expect(agreed).toBeGreaterThan(600);
    expect(cleanBoth).toBeGreaterThan(300);
  });

  it("still merges long texts with repeated blank lines when each change has one place", () => {
    for (let seed = 1; seed <= 4; seed++) {
      const random = seeded(seed);
      // Just over the condensing threshold (three texts of 1 100 lines).
      const base = Array.from({ length: 1_100 }, (_, i) => (i % 7 === 0 ? "" : `line ${i}`));
      const local = [...base];
      const remote = [...base];
      local[100 + Math.floor(random() * 400)] = "laptop";
      remote[600 + Math.floor(random() * 400)] = "desktop";
      const whole = mergeLines(base, local, remote);
      const outcome = mergeTexts({
        base: base.join("\n"),
        local: local.join("\n"),
        remote: remote.join("\n"),
      });
      expect(outcome.kind, `seed ${seed}`).toBe("clean");
      expect(outcome.kind === "clean" && outcome.text === whole?.join("\n"), `seed ${seed}`).toBe(
        true,
      );
    }
  });

  it("keeps both texts when the same lines of a long text changed on both sides", () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => `line ${i}`);
    const local = [...lines];
    local[2_500] = "laptop";
    const remote = [...lines];
    remote[2_500] = "desktop";
    expect(
      mergeTexts({ base: lines.join("\n"), local: local.join("\n"), remote: remote.join("\n") }),
    ).toEqual({ kind: "conflict", local: local.join("\n"), remote: remote.join("\n") });
  });
});
