import { beforeAll, describe, expect, it } from "vitest";
import { loadLegacyEncoders } from "~/text/legacy-encodings";
import { compileSearch } from "~/text/search";
import {
  type FileHits,
  findInFolder,
  type FindProgress,
  type FindQuery,
  type FindSummary,
  type EncodingMemo,
  searchText,
} from "./find-in-files";
import { decodeWorkspaceFile } from "./file-decoding";
import { FIXTURE_FILES, fixtureBytes, mixedEncodingFolder } from "./workspace-fixture";
import { MemoryFolder, type WorkspaceFolder } from "./workspace-folder";

const bytesOf = (text: string) => new TextEncoder().encode(text);

beforeAll(() => loadLegacyEncoders());

async function run(folder: WorkspaceFolder, find: FindQuery) {
  const files: FileHits[] = [];
  let summary: FindSummary | null = null;
  const errors: string[] = [];
  for await (const event of findInFolder(folder, find)) {
    if (event.type === "file") files.push(event.hits);
    else if (event.type === "done") summary = event.summary;
    else if (event.type === "error") errors.push(event.message);
  }
  return { files, summary, errors };
}

describe("per-file decoding", () => {
  it.each(FIXTURE_FILES.map((file) => [file.path, file] as const))(
    "reads %s in its own encoding",
    async (_, file) => {
      const decoded = await decodeWorkspaceFile(fixtureBytes(file));
      expect(decoded.ok && decoded.encoding).toBe(file.encoding);
      expect(decoded.ok && decoded.text.includes(file.word)).toBe(true);
    },
  );

  it("calls bytes with NUL binary, and a file over the limit too large", async () => {
    expect(await decodeWorkspaceFile(new Uint8Array([80, 0, 0, 1, 0, 0, 2, 0]))).toEqual({
      ok: false,
      reason: "binary",
    });
    expect(await decodeWorkspaceFile(new Uint8Array(10), 5)).toEqual({
      ok: false,
      reason: "too-large",
    });
  });
});

describe("find in files", () => {
  it.each(FIXTURE_FILES.map((file) => [file.word, file] as const))(
    "finds %s in its file, on its line, whatever the file's encoding",
    async (word, file) => {
      const { files, summary } = await run(mixedEncodingFolder(), { query: word, regexp: false });
      expect(files.map((hits) => hits.path)).toEqual([file.path]);
      const [hits] = files;
      expect(hits.encoding).toBe(file.encoding);
      const wantedLine = file.text.split("\n").findIndex((line) => line.includes(word)) + 1;
      expect(hits.lines.map((line) => line.line)).toEqual([wantedLine]);
      const [{ text, textStart, matches }] = hits.lines;
      expect(text.slice(matches[0].from - textStart, matches[0].to - textStart)).toBe(word);
      expect(summary?.skippedBinary).toBe(1);
    },
  );

  it("leaves out git-ignored and hidden files unless asked, and skips binary files with a count", async () => {
    const plain = await run(mixedEncodingFolder(), { query: "münchen", regexp: false });
    expect(plain.files.map((hits) => hits.path)).toEqual(["utf8/readme.md"]);
    expect(plain.summary).toMatchObject({ skippedBinary: 1, filesMatched: 1, matchCount: 1 });
    const everything = await run(mixedEncodingFolder(), {
      query: "münchen",
      regexp: false,
      showHidden: true,
      useGitignore: false,
    });
    expect(everything.files.map((hits) => hits.path).sort()).toEqual([
      ".hidden/secret.txt",
      "build/out.txt",
      "utf8/readme.md",
    ]);
  });

  it("skips files over the size limit with a count, without reading them", async () => {
    const { files, summary } = await run(mixedEncodingFolder(), {
      query: "e",
      maxBytes: 100,
    });
    expect(files.every((hits) => hits.stamp.size <= 100)).toBe(true);
    expect(summary!.skippedTooLarge).toBeGreaterThan(0);
  });

  it("applies include and exclude globs, regular expressions and match case", async () => {
    const included = await run(mixedEncodingFolder(), { query: "\\d €", include: "*.txt" });
    expect(included.files.map((hits) => hits.path)).toEqual(["western/menu.txt"]);
    const excluded = await run(mixedEncodingFolder(), {
      query: "e",
      exclude: "japan, china, *.md",
    });
    expect(excluded.files.map((hits) => hits.path)).not.toContain("utf8/readme.md");
    expect(excluded.files.map((hits) => hits.path)).not.toContain("japan/letter.txt");
    const cased = await run(mixedEncodingFolder(), { query: "merci", matchCase: true });
    expect(cased.files).toEqual([]);
  });

  it("tells how many files of how many it has searched, when asked", async () => {
    const folder = new MemoryFolder("many");
    for (let i = 0; i < 60; i++) folder.put(`f${String(i).padStart(2, "0")}.txt`, bytesOf("one"));
    const progress: FindProgress[] = [];
    const events: string[] = [];
    for await (const event of findInFolder(folder, { query: "one", reportProgress: true })) {
      events.push(event.type);
      if (event.type === "progress") progress.push(event.progress);
    }
    expect(events.filter((type) => type === "file")).toHaveLength(60);
    expect(events.at(-1)).toBe("done");
    // The listing runs ahead of the reading: the total is known before the last file.
    expect(progress.some((step) => step.listingDone && step.searched < 60)).toBe(true);
    expect(progress.every((step) => step.searched <= step.listed)).toBe(true);
    expect(progress.at(-1)).toEqual({ searched: 60, listed: 60, listingDone: true });
    // Without asking, no progress events (the worker's replies stay as they were).
    const { files } = await run(folder, { query: "one" });
    expect(files).toHaveLength(60);
  });

  it("says an invalid pattern in words", async () => {
    const { errors, files } = await run(mixedEncodingFolder(), { query: "(" });
    expect(files).toEqual([]);
    expect(errors[0]).toMatch(/Invalid pattern/);
  });
});

describe("searchText", () => {
  it("numbers lines across LF, CRLF and lone CR, and groups matches by line", () => {
    const compiled = compileSearch("x", { regexp: false });
    if (!compiled?.ok) throw new Error("pattern");
    const { lines, matchCount } = searchText("x\r\nax x\rb\n\nx", compiled.regexp);
    expect(matchCount).toBe(4);
    expect(lines.map((line) => [line.line, line.text, line.matches.length])).toEqual([
      [1, "x", 1],
      [2, "ax x", 2],
      [5, "x", 1],
    ]);
    expect(lines.map((line) => line.lineStart)).toEqual([0, 3, 11]);
  });
});

describe("the encoding memo of later searches", () => {
  it("keeps each file's encoding, and detects again a file that changed since", async () => {
    const folder = mixedEncodingFolder();
    const memo: EncodingMemo = new Map();
    // A regular expression every file is decoded for (a text query would skip, by its bytes,
    // the files it cannot match, and keep no encoding for them).
    for await (const event of findInFolder(folder, { query: "z{3}" }, undefined, memo)) void event;
    expect(memo.get("russia/письмо.txt")?.encoding).toBe("koi8-r");
    expect(memo.get("japan/letter.txt")?.encoding).toBe("shift_jis");
    // The Windows-1252 file (which any bytes decode as) is rewritten in KOI8-R by another
    // program: its old encoding is not trusted, so the Russian word is found in it.
    const russian = FIXTURE_FILES.find((file) => file.encoding === "koi8-r")!;
    folder.put("western/menu.txt", fixtureBytes(russian));
    const found: FileHits[] = [];
    for await (const event of findInFolder(folder, { query: "Москва" }, undefined, memo)) {
      if (event.type === "file") found.push(event.hits);
    }
    expect(found.map((hits) => [hits.path, hits.encoding])).toEqual([
      ["russia/письмо.txt", "koi8-r"],
      ["western/menu.txt", "koi8-r"],
    ]);
    expect(memo.get("western/menu.txt")?.encoding).toBe("koi8-r");
  });
});
