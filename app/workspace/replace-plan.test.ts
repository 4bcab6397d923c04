import { beforeAll, describe, expect, it } from "vitest";
import { loadLegacyEncoders } from "~/text/legacy-encodings";
import { compileSearch } from "~/text/search";
import { decodeBytes, encodeText, type TextEncodingId } from "~/text/text-encoding";
import { type FileHits, findInFolder, type FindQuery } from "./find-in-files";
import { applyReplacePlan, planReplace, type ReplaceChoice, undoReplace } from "./replace-plan";
import { FIXTURE_FILES, fixtureBytes, mixedEncodingFolder } from "./workspace-fixture";
import { MemoryFolder, type WorkspaceFolder } from "./workspace-folder";

beforeAll(() => loadLegacyEncoders());

async function search(folder: WorkspaceFolder, find: FindQuery): Promise<FileHits[]> {
  const files: FileHits[] = [];
  for await (const event of findInFolder(folder, find)) {
    if (event.type === "file") files.push(event.hits);
  }
  return files;
}

/** Every match of every file chosen. */
const everything = (files: FileHits[]): ReplaceChoice[] =>
  files.map((hits) => ({ hits, matches: hits.lines.flatMap((line) => line.matches) }));

/** Where `needle` first occurs in `haystack`, by bytes. */
function byteIndex(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The encoding a piece of text is written in inside a file (no byte-order mark). */
const bodyOf = (encoding: TextEncodingId): TextEncodingId =>
  encoding === "utf-16le" ? "utf-16le-nobom" : encoding;

const REPLACEMENTS: Record<string, string> = {
  München: "Köln",
  Ελληνικά: "Κρητικά",
  crème: "tarte",
  東京: "大阪",
  北京: "上海",
  Москва: "Казань",
};

/** A disk (a FAT or exFAT stick) whose file times count in steps of 2 seconds. */
class CoarseTimeFolder extends MemoryFolder {
  private coarse<T extends { lastModified: number }>(stamp: T): T {
    return { ...stamp, lastModified: Math.floor(stamp.lastModified / 2000) * 2000 };
  }
  override async read(path: string) {
    return this.coarse(await super.read(path));
  }
  override async stat(path: string) {
    return this.coarse(await super.stat(path));
  }
  override async write(path: string, bytes: Uint8Array) {
    return this.coarse(await super.write(path, bytes));
  }
}

describe("replace in files", () => {
  it.each(FIXTURE_FILES.map((file) => [file.path, file] as const))(
    "replaces in %s keeping its encoding, BOM and line endings, every other byte as it was, and undoes byte for byte",
    async (_, file) => {
      const folder = mixedEncodingFolder();
      const original = fixtureBytes(file);
      const replacement = REPLACEMENTS[file.word];
      const files = await search(folder, { query: file.word, regexp: false });
      const plan = await planReplace(folder, everything(files), { replacement });
      expect(plan.refused).toEqual([]);
      expect(plan.changed).toEqual([]);
      const { undo, failed } = await applyReplacePlan(folder, plan);
      expect(failed).toEqual([]);

      const written = (await folder.read(file.path)).bytes;
      // Byte for byte: the file's bytes before and after the word untouched, the word's bytes
      // swapped for the replacement's in the same encoding.
      const wordBytes = encodeText(file.word, bodyOf(file.encoding));
      const at = byteIndex(original, wordBytes);
      expect(at).toBeGreaterThan(0);
      const expected = new Uint8Array([
        ...original.subarray(0, at),
        ...encodeText(replacement, bodyOf(file.encoding)),
        ...original.subarray(at + wordBytes.length),
      ]);
      expect(written).toEqual(expected);
      const readBack = decodeBytes(written, file.encoding)!;
      expect(readBack.includes(replacement)).toBe(true);
      expect(readBack.split("\r\n").length).toBe(
        decodeBytes(original, file.encoding)!.split("\r\n").length,
      );

      expect(await undoReplace(folder, undo)).toEqual([]);
      expect((await folder.read(file.path)).bytes).toEqual(original);
    },
  );

  it("replaces only the matches kept ticked", async () => {
    const folder = new MemoryFolder("f", { "a.txt": new TextEncoder().encode("cat cat cat\n") });
    const [hits] = await search(folder, { query: "cat", regexp: false });
    const second = hits.lines[0].matches[1];
    const plan = await planReplace(folder, [{ hits, matches: [second] }], { replacement: "dog" });
    await applyReplacePlan(folder, plan);
    expect(new TextDecoder().decode((await folder.read("a.txt")).bytes)).toBe("cat dog cat\n");
  });

  it("writes a typed line break as the file's own, and expands a regular expression's groups", async () => {
    const folder = new MemoryFolder("f", {
      "crlf.txt": encodeText("name: Ada\r\nname: Alan\r\n", "windows-1252"),
    });
    const find = { query: "name: (\\w+)" };
    const compiled = compileSearch(find.query);
    if (!compiled?.ok) throw new Error("pattern");
    const files = await search(folder, find);
    const plan = await planReplace(folder, everything(files), {
      replacement: "who:\n$1",
      regexp: compiled.regexp,
    });
    await applyReplacePlan(folder, plan);
    expect(decodeBytes((await folder.read("crlf.txt")).bytes, "windows-1252")).toBe(
      "who:\r\nAda\r\nwho:\r\nAlan\r\n",
    );
  });

  it("does not write a file that changed since the search, and lists it", async () => {
    const folder = mixedEncodingFolder();
    const files = await search(folder, { query: "Москва", regexp: false });
    const changedBytes = encodeText("Москва изменена\n", "koi8-r");
    folder.put("russia/письмо.txt", changedBytes);
    const plan = await planReplace(folder, everything(files), { replacement: "Казань" });
    expect(plan.writes).toEqual([]);
    expect(plan.changed.map((file) => file.path)).toEqual(["russia/письмо.txt"]);
    expect(plan.changed[0].message).toMatch(/changed on disk since the search/);
    expect((await folder.read("russia/письмо.txt")).bytes).toEqual(changedBytes);
  });

  it("refuses, in words, a replacement the file's encoding cannot hold, and writes nothing there", async () => {
    const folder = mixedEncodingFolder();
    const files = await search(folder, { query: "Москва|München" });
    const plan = await planReplace(folder, everything(files), { replacement: "東京" });
    expect(plan.refused.map((file) => file.path)).toEqual(["russia/письмо.txt"]);
    expect(plan.refused[0].message).toMatch(/KOI8-R.*has no 東.*nothing was replaced/);
    expect(plan.writes.map((write) => write.path)).toEqual(["utf8/readme.md"]);
  });

  it("does not undo over a file changed after the replace, and says so", async () => {
    const folder = mixedEncodingFolder();
    const files = await search(folder, { query: "München", regexp: false });
    const { undo } = await applyReplacePlan(
      folder,
      await planReplace(folder, everything(files), { replacement: "Köln" }),
    );
    const newer = new TextEncoder().encode("edited later\n");
    folder.put("utf8/readme.md", newer);
    const failed = await undoReplace(folder, undo);
    expect(failed[0].message).toMatch(/changed after the replace/);
    expect((await folder.read("utf8/readme.md")).bytes).toEqual(newer);
  });

  it("does not undo over a same-size change made within the disk's time resolution (FAT keeps 2 s)", async () => {
    const folder = new CoarseTimeFolder("stick");
    folder.put("notes.txt", new TextEncoder().encode("Meet in München at noon\n"));
    const files = await search(folder, { query: "München", regexp: false });
    const { undo } = await applyReplacePlan(
      folder,
      await planReplace(folder, everything(files), { replacement: "Zürich" }),
    );
    // A second later another program (or a save) writes as many bytes, other ones.
    const newer = new TextEncoder().encode("Meet in Zürich at nine\n");
    const written = (await folder.read("notes.txt")).bytes;
    expect(newer.byteLength).toBe(written.byteLength);
    folder.put("notes.txt", newer);
    const failed = await undoReplace(folder, undo);
    expect(failed.map((file) => file.path)).toEqual(["notes.txt"]);
    expect(failed[0].message).toMatch(/changed after the replace/);
    expect((await folder.read("notes.txt")).bytes).toEqual(newer);
  });

  it("does not write over a same-size change made between the plan and the write on such a disk", async () => {
    const folder = new CoarseTimeFolder("stick");
    folder.put("notes.txt", new TextEncoder().encode("Meet in München at noon\n"));
    const files = await search(folder, { query: "München", regexp: false });
    const plan = await planReplace(folder, everything(files), { replacement: "Zürich" });
    const theirs = new TextEncoder().encode("Meet in München at nine\n");
    folder.put("notes.txt", theirs);
    const { undo, failed } = await applyReplacePlan(folder, plan);
    expect(undo.files).toEqual([]);
    expect(failed.map((file) => file.path)).toEqual(["notes.txt"]);
    expect(failed[0].message).toMatch(/changed on disk a moment ago/);
    expect((await folder.read("notes.txt")).bytes).toEqual(theirs);
  });
});
