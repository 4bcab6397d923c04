import { beforeAll, describe, expect, it, vi } from "vitest";
import { encodeAble, events, needleFor } from "./byte-prefilter-test-support";
import * as detectEncoding from "~/text/detect-encoding";
import { loadLegacyEncoders } from "~/text/legacy-encodings";
import { compileSearch } from "~/text/search";
import { encodeText, type TextEncodingId } from "~/text/text-encoding";
import { type ByteNeedle, holdsNeedle, prefilterFile, requiredAsciiBytes } from "./byte-prefilter";
import {
  type EncodingMemo,
  findInFolder,
  type FindEvent,
  type FindQuery,
  type FindSummary,
} from "./find-in-files";
import { mixedEncodingFolder } from "./workspace-fixture";
import { MemoryFolder } from "./workspace-folder";

/** A ceiling for the slower steps on a busy shared machine (not a timed assertion). */
const BUSY_MACHINE_MS = 60_000;

beforeAll(() => loadLegacyEncoders(), BUSY_MACHINE_MS);

/** The same text with "Needle" in it, in each kind of encoding the prefilter meets. */
const NEEDLE_FILES: [path: string, encoding: TextEncodingId, text: string][] = [
  ["utf8.txt", "utf-8", "Grüße: the Needle is here.\n"],
  ["western.txt", "windows-1252", "Crème brûlée: the Needle is here.\n"],
  ["japan.txt", "shift_jis", "東京の Needle はここです。\n"],
  ["china.txt", "gbk", "北京的 Needle 在这里。\n"],
  ["russia.txt", "koi8-r", "Москва: Needle здесь.\n"],
  ["utf16-bom.txt", "utf-16le", "Ελληνικά: the Needle is here.\n"],
  ["utf16-nobom.txt", "utf-16le-nobom", "Ελληνικά: the Needle is here.\n"],
];

function needleFolder(): MemoryFolder {
  const folder = new MemoryFolder("needles");
  for (const [path, encoding, text] of NEEDLE_FILES) folder.put(path, encodeText(text, encoding));
  // The same files without the word: nothing to find in them.
  for (const [path, encoding, text] of NEEDLE_FILES) {
    folder.put(`without/${path}`, encodeText(text.replace("Needle", "Pin"), encoding));
  }
  return folder;
}

describe("the byte prefilter", () => {
  it("finds the needle in every encoding, in either case, and only where it is", async () => {
    for (const matchCase of [true, false]) {
      const query = matchCase ? "Needle" : "nEEDLE";
      const found = await events(needleFolder(), { query, regexp: false, matchCase });
      const paths = found.flatMap((event) => (event.type === "file" ? [event.hits.path] : []));
      expect(paths.sort()).toEqual(NEEDLE_FILES.map(([path]) => path).sort());
      const done = found.find((event) => event.type === "done");
      expect(done?.type === "done" && done.summary.filesSearched).toBe(NEEDLE_FILES.length * 2);
    }
  });

  it("lets through every ASCII-compatible file holding the bytes, and stops the others", () => {
    const needle = needleFor("needle", { regexp: false })!;
    for (const [, encoding, text] of NEEDLE_FILES) {
      const expected = encoding.startsWith("utf-16") ? "decode" : "no-match";
      expect(prefilterFile(encodeText(text, encoding), needle)).toBe("decode");
      expect(prefilterFile(encodeText(text.replace("Needle", "Pin"), encoding), needle)).toBe(
        expected,
      );
    }
  });

  it("lets a Shift_JIS trail byte that looks like the needle through, and the decode decides", async () => {
    // ア is 83 41 in Shift_JIS: its trail byte is "A".
    const bytes = encodeText("アイウエオ\n", "shift_jis");
    expect(Array.from(bytes.subarray(0, 2))).toEqual([0x83, 0x41]);
    const needle = needleFor("A", { regexp: false, matchCase: true })!;
    expect(prefilterFile(bytes, needle)).toBe("decode");
    const folder = new MemoryFolder("sjis", { "kana.txt": bytes });
    const found = await events(folder, { query: "A", regexp: false, matchCase: true });
    expect(found.filter((event) => event.type === "file")).toEqual([]);
  });

  it("whole word only filters: the decode decides the word's edges", async () => {
    const folder = new MemoryFolder("words", {
      "part.txt": encodeText("Needles everywhere\n", "windows-1252"),
      "word.txt": encodeText("東京 needle 東京\n", "shift_jis"),
    });
    const found = await events(folder, { query: "Needle", regexp: false, wholeWord: true });
    expect(found.flatMap((event) => (event.type === "file" ? [event.hits.path] : []))).toEqual([
      "word.txt",
    ]);
  });

  it("takes a regular expression's leading text as its needle, only when it is sure", () => {
    const text = (query: string) => {
      const needle = needleFor(query);
      return needle && new TextDecoder().decode(needle.bytes);
    };
    expect(text("Need.e")).toBe("need");
    expect(text("Ne+dle")).toBe("ne");
    expect(text("need\\w+ \\d{3}")).toBe("need");
    // The character before "?", "*" or "{" may be left out.
    expect(text("needles?")).toBe("needle");
    expect(text("ne{0}edle")).toBe("n");
    expect(text("x*needle")).toBeNull();
    // An alternative anywhere, a group, a class or an escape first: no needle.
    expect(text("needle|pin")).toBeNull();
    expect(text("(needle)")).toBeNull();
    expect(text("[n]eedle")).toBeNull();
    expect(text("\\bneedle")).toBeNull();
  });

  it("takes no needle from a pattern that only the whole-word wrapper makes whole", async () => {
    // "ab)?(?:cd" would close the wrapper's group and make "ab" optional: the search refuses
    // it as typed, and the prefilter, given such a compiled pattern, takes no needle from it.
    const query = "ab)?(?:cd";
    const wrapped = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${query})(?![\\p{L}\\p{N}_])`, "gimu");
    expect(requiredAsciiBytes(query, true, wrapped)).toBeNull();
    const folder = new MemoryFolder("wrapped");
    folder.put("a.txt", new TextEncoder().encode("cd\n"));
    const find = { query, wholeWord: true };
    const withPrefilter = await events(folder, find);
    expect(withPrefilter).toEqual(await events(folder, { ...find, bytePrefilter: false }));
    expect(withPrefilter).toEqual([{ type: "error", message: expect.any(String) }]);
  });

  it("takes no control characters into a needle (some decoders turn one into another)", () => {
    expect(needleFor("\x7f", { regexp: false })).toBeNull();
    const needle = needleFor("ab\x1cxyz", { regexp: false })!;
    expect(new TextDecoder().decode(needle.bytes)).toBe("xyz");
    expect(new TextDecoder().decode(needleFor("a\tb", { regexp: false })!.bytes)).toBe("a\tb");
  });

  it("takes no needle of non-ASCII letters", () => {
    expect(needleFor("Москва", { regexp: false })).toBeNull();
    // The ASCII run of a mixed query is a needle all the same.
    expect(Array.from(needleFor("crème", { regexp: false })!.bytes)).toEqual([0x63, 0x72]);
    // A regular expression without syntax is its own text.
    expect(needleFor("Needle")).not.toBeNull();
  });

  it("leaves out k and s when matching any case in Unicode: the Kelvin sign and the long s", async () => {
    // Every other ASCII character matches only itself (or its ASCII other case) under "iu".
    for (let code = 0x20; code < 0x7f; code++) {
      const char = String.fromCharCode(code);
      const compiled = compileSearch(char, { regexp: false });
      if (!compiled?.ok) throw new Error("query");
      const folds = /[ksKS]/.test(char);
      expect(compiled.regexp.test("\u212a\u017f")).toBe(folds);
    }
    expect(Array.from(needleFor("kiss", { regexp: false })!.bytes)).toEqual([0x69]);
    const folder = new MemoryFolder("folds", {
      "kelvin.txt": new TextEncoder().encode("300 \u212Aelvin\n"),
      "long-s.txt": new TextEncoder().encode("Congre\u017F\u017F\n"),
    });
    const kelvin = await events(folder, { query: "kelvin", regexp: false });
    expect(kelvin.flatMap((event) => (event.type === "file" ? [event.hits.path] : []))).toEqual([
      "kelvin.txt",
    ]);
    const congress = await events(folder, { query: "CONGRESS", regexp: false });
    expect(congress.flatMap((event) => (event.type === "file" ? [event.hits.path] : []))).toEqual([
      "long-s.txt",
    ]);
  });

  it("looks for the needle in UTF-16's bytes in a file an earlier search found in UTF-16", () => {
    const needle = needleFor("needle 1", { regexp: false })!;
    const utf16: TextEncodingId[] = ["utf-16le", "utf-16be", "utf-16le-nobom", "utf-16be-nobom"];
    for (const encoding of utf16) {
      // Right after and before a Greek letter: its other byte is not zero.
      const holding = encodeText("Ελληνικά:ΑNeEdLe 1Ω is here.\n", encoding);
      const without = encodeText("Ελληνικά: the NeEdLe 2 is here.\n", encoding);
      expect(prefilterFile(holding, needle, { encoding }), encoding).toBe("decode");
      expect(prefilterFile(without, needle, { encoding }), encoding).toBe("no-match");
      // Not known: the full way, as before.
      expect(prefilterFile(without, needle), encoding).toBe("decode");
    }
  });

  it("looks a needle up by its rarest character, never by a space", () => {
    expect(needleFor("needle 1", { regexp: false })!.anchor).toBe(7);
    expect(needleFor("the quick", { regexp: false })!.anchor).toBe(4);
  });

  it("looks for the needle's bytes anywhere, with ASCII folding only when asked", () => {
    const haystack = new TextEncoder().encode("xx NeEdLe yy");
    expect(holdsNeedle(haystack, needleFor("needle", { regexp: false })!)).toBe(true);
    expect(holdsNeedle(haystack, needleFor("needle", { regexp: false, matchCase: true })!)).toBe(
      false,
    );
    expect(holdsNeedle(haystack, needleFor("NeEdLe", { regexp: false, matchCase: true })!)).toBe(
      true,
    );
    expect(holdsNeedle(haystack, needleFor("yy!", { regexp: false })!)).toBe(false);
  });

  it("finds the needle as a plain reading does, at any offset and length, in either case", () => {
    // The word-at-a-time anchor scan against a naive search, with needles anchored on a
    // letter (both cases in one pass), a digit and punctuation, near every word boundary.
    const needles = [
      needleFor("needle", { regexp: false })!,
      needleFor("Need", { regexp: false, matchCase: true })!,
      needleFor("x9", { regexp: false })!,
      needleFor("a-b", { regexp: false })!,
      needleFor("q", { regexp: false })!,
    ];
    const alphabet = new TextEncoder().encode("nNeEdDlL9x-abABqQ \n\x80\xe4");
    let seed = 3;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const naive = (haystack: Uint8Array, { bytes, foldCase }: ByteNeedle) => {
      const fold = (byte: number) =>
        foldCase && byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte;
      outer: for (let at = 0; at + bytes.length <= haystack.length; at++) {
        for (let i = 0; i < bytes.length; i++)
          if (fold(haystack[at + i]) !== bytes[i]) continue outer;
        return true;
      }
      return false;
    };
    for (let round = 0; round < 2000; round++) {
      const length = random(round < 1000 ? 24 : 300);
      const offset = random(4);
      const haystack = new Uint8Array(length + offset).subarray(offset);
      for (let i = 0; i < length; i++) haystack[i] = alphabet[random(alphabet.length)];
      const needle = needles[round % needles.length];
      // Plant the needle (in a random case) in half the rounds.
      if (random(2) && length >= needle.bytes.length) {
        const at = random(length - needle.bytes.length + 1);
        needle.bytes.forEach((byte, i) => {
          const upper = needle.foldCase && byte >= 0x61 && byte <= 0x7a && random(2);
          haystack[at + i] = upper ? byte - 0x20 : byte;
        });
      }
      expect(holdsNeedle(haystack, needle), `round ${round}`).toBe(naive(haystack, needle));
    }
  });

  it("guesses no legacy encoding for a file that cannot match", async () => {
    const guess = vi.spyOn(detectEncoding, "guessLegacyEncoding");
    try {
      const folder = needleFolder();
      await events(folder, { query: "Haystack", regexp: false });
      expect(guess).not.toHaveBeenCalled();
      await events(folder, { query: "Haystack", regexp: false, bytePrefilter: false });
      expect(guess).toHaveBeenCalled();
    } finally {
      guess.mockRestore();
    }
  });
});

/** A folder of many files in mixed encodings, some binary, made from a seeded generator. */
function generatedFolder(): MemoryFolder {
  const folder = mixedEncodingFolder();
  const encodings: TextEncodingId[] = [
    "utf-8",
    "windows-1252",
    "shift_jis",
    "gbk",
    "koi8-r",
    "euc-kr",
    "big5",
    "iso-2022-jp",
    "utf-16le",
    "utf-16be-nobom",
  ];
  const phrases = [
    "the quick Needle jumps",
    "needles and pins",
    "a KEY to the kiss",
    "ＡＢＣ アイウ 東京",
    "北京 needle 北京",
    "Москва Needle",
    "서울 needle",
    "臺北 Needle",
    "café crème",
    "plain words only",
  ];
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let i = 0; i < 80; i++) {
    const encoding = encodings[i % encodings.length];
    const lines = Array.from({ length: 3 + next(20) }, () => phrases[next(phrases.length)]);
    // Keep each script in an encoding that can hold it.
    const text = lines
      .filter((line) => encoding.startsWith("utf") || encodeAble(line, encoding))
      .join(next(2) ? "\r\n" : "\n");
    folder.put(`gen/${i}-${encoding}.txt`, encodeText(text + "\n", encoding));
  }
  folder.put("gen/control.bin", new TextEncoder().encode("needle \x02 binary"));
  return folder;
}

describe("results with and without the prefilter", () => {
  const queries: FindQuery[] = [
    { query: "needle", regexp: false },
    { query: "Needle", regexp: false, matchCase: true },
    { query: "needle", regexp: false, wholeWord: true },
    { query: "needle" },
    { query: "key", regexp: false },
    { query: "kiss", regexp: false, wholeWord: true },
    { query: "A", regexp: false, matchCase: true },
    { query: "東京", regexp: false },
    { query: "café", regexp: false },
    { query: "ne+dle" },
    { query: "need\\w+" },
    { query: "needles?", wholeWord: true },
    { query: "ne{0}edle" },
    { query: "Needle|pin", matchCase: true },
    { query: "KEY", matchCase: true },
    { query: "absent words", regexp: false },
  ];

  it.each(queries.map((find) => [JSON.stringify(find), find] as const))(
    "are the same for %s",
    async (_, find) => {
      const folder = generatedFolder();
      // When the listing ends among the searches is a matter of timing: the files, the last
      // progress and the totals are compared.
      const settled = (all: FindEvent[]) => [
        ...all.filter((event) => event.type !== "progress"),
        all.filter((event) => event.type === "progress").at(-1),
      ];
      const withPrefilter = await events(folder, { ...find, reportProgress: true });
      const without = await events(folder, { ...find, reportProgress: true, bytePrefilter: false });
      expect(settled(withPrefilter)).toEqual(settled(without));
      expect(withPrefilter.at(-1)).toMatchObject({ type: "done" });
    },
    BUSY_MACHINE_MS,
  );

  it(
    "are the same when every search reuses what the ones before learned of each file",
    async () => {
      const folder = generatedFolder();
      const memo: EncodingMemo = new Map();
      let textOnly = 0;
      for (const find of queries) {
        const remembered: FindEvent[] = [];
        for await (const event of findInFolder(folder, find, undefined, memo)) {
          remembered.push(event);
        }
        const without = await events(folder, { ...find, bytePrefilter: false });
        expect(remembered, JSON.stringify(find)).toEqual(without);
        // Files the prefilter read as text are remembered as text with no encoding guessed
        // (until a search without a needle decodes every file).
        textOnly = Math.max(textOnly, [...memo.values()].filter((known) => !known.encoding).length);
      }
      expect(textOnly).toBeGreaterThan(0);
    },
    BUSY_MACHINE_MS,
  );

  it("checks again a file remembered as text once it changed", async () => {
    const folder = new MemoryFolder("changing");
    folder.put("notes.txt", new TextEncoder().encode("plain words\n"));
    const memo: EncodingMemo = new Map();
    const summaryOf = async () => {
      let summary: FindSummary | undefined;
      for await (const event of findInFolder(folder, { query: "needle" }, undefined, memo)) {
        if (event.type === "done") summary = event.summary;
      }
      return summary!;
    };
    expect(await summaryOf()).toMatchObject({ filesSearched: 1, skippedBinary: 0 });
    expect(memo.get("notes.txt")?.encoding).toBeUndefined();
    expect(memo.has("notes.txt")).toBe(true);
    folder.put("notes.txt", new TextEncoder().encode("needle \x02 now binary\n"));
    expect(await summaryOf()).toMatchObject({ filesSearched: 0, skippedBinary: 1 });
  });
});
