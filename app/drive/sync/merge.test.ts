import { describe, expect, it } from "vitest";
import { decodeBytes } from "~/text/text-encoding";
import { diff3Merge } from "node-diff3";
import { driveCopyName, fileBytes, fileText, mergeTexts } from "./merge";

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

/** `lines` with a few random edits: replaced, inserted and deleted lines. */
function edited(lines: string[], random: () => number, tag: string): string[] {
  const out = [...lines];
  for (let n = 0; n < 6; n++) {
    const at = Math.floor(random() * out.length);
    const what = random();
    if (what < 0.4) out[at] = `${tag} changed ${n}`;
    else if (what < 0.7) out.splice(at, 0, `${tag} inserted ${n}`, `${tag} inserted ${n}b`);
    else out.splice(at, 2);
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

  it("decides as node-diff3 does on the whole texts", () => {
    for (let seed = 1; seed <= 12; seed++) {
      const random = seeded(seed);
      // Repeated lines too, which a line diff may pair differently.
      const base = Array.from({ length: 1_500 }, (_, i) => (i % 7 === 0 ? "" : `line ${i}`));
      const local = edited(base, random, "laptop");
      const remote = edited(base, random, "desktop");
      const direct = diff3Merge(local, base, remote, { excludeFalseConflicts: true });
      const conflict = direct.some((region) => region.conflict);
      const outcome = mergeTexts({
        base: base.join("\n"),
        local: local.join("\n"),
        remote: remote.join("\n"),
      });
      expect(outcome.kind, `seed ${seed}`).toBe(conflict ? "conflict" : "clean");
      if (outcome.kind === "clean") {
        expect(outcome.text, `seed ${seed}`).toBe(direct.flatMap((r) => r.ok ?? []).join("\n"));
      }
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
