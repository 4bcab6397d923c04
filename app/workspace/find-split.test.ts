import { beforeAll, describe, expect, it } from "vitest";
import { loadLegacyEncoders } from "~/text/legacy-encodings";
import { type FileShare, ownsFile, SOLO_FILES } from "./file-share";
import { type EncodingMemo, findInFolder, type FindEvent, type FindQuery } from "./find-in-files";
import { FindMerge, findWorkerCount } from "./find-split";
import { mixedEncodingFolder } from "./workspace-fixture";
import { type FileSnapshot, MemoryFolder } from "./workspace-folder";

beforeAll(() => loadLegacyEncoders());

const bytes = (text: string) => new TextEncoder().encode(text);

/** A folder one of whose files cannot be read (gone between the listing and the read). */
class FolderWithAGap extends MemoryFolder {
  override async read(path: string): Promise<FileSnapshot> {
    if (path.endsWith("gone.txt")) throw new Error("gone");
    return super.read(path);
  }
}

/**
 * The mixed-encoding fixture and `count` more files in a few folders: every seventh holds the
 * word, a few are binary, some too large for the search's limit, one unreadable.
 */
async function bigFolder(count: number): Promise<MemoryFolder> {
  const folder = new FolderWithAGap("big");
  const mixed = mixedEncodingFolder();
  {
    for await (const path of walkAll(mixed)) folder.put(path, (await mixed.read(path)).bytes);
    for (let i = 0; i < count; i++) {
      const path = `d${i % 5}/s${i % 3}/file-${i}.txt`;
      if (i % 97 === 13) {
        const binary = new Uint8Array(600);
        binary.set(bytes("München"), 0);
        folder.put(path, binary);
      } else if (i % 89 === 5) {
        folder.put(path, bytes(`München `.repeat(400)));
      } else {
        folder.put(
          path,
          bytes(i % 7 === 0 ? `line\nMünchen and München ${i}\n` : `nothing ${i}\n`),
        );
      }
    }
    folder.put("d2/gone.txt", bytes("München"));
  }
  return folder;
}

async function* walkAll(folder: MemoryFolder, at = ""): AsyncGenerator<string> {
  for (const entry of await folder.list(at)) {
    if (entry.kind === "folder") yield* walkAll(folder, entry.path);
    else yield entry.path;
  }
}

async function collect(
  folder: MemoryFolder,
  query: FindQuery,
  share?: FileShare,
  memo?: EncodingMemo,
): Promise<FindEvent[]> {
  const events: FindEvent[] = [];
  for await (const event of findInFolder(folder, query, undefined, memo, share)) events.push(event);
  return events;
}

/** A small generator of numbers, the same on every run (which part's event comes next). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

/** The parts' events handed to a merge interleaved at random (each part's own order kept). */
function mergeInterleaved(parts: FindEvent[][], seed: number, reportProgress = true) {
  const merged: FindEvent[] = [];
  const merge = new FindMerge(parts.length, (event) => merged.push(event), reportProgress);
  const next = parts.map(() => 0);
  const random = seeded(seed);
  for (;;) {
    const open = parts.flatMap((events, part) => (next[part] < events.length ? [part] : []));
    if (open.length === 0) break;
    const part = open[Math.floor(random() * open.length)];
    merge.take(part, parts[part][next[part]++]);
  }
  return merged;
}

const query: FindQuery = { query: "München", regexp: false, maxBytes: 2048, reportProgress: true };

describe("find in files split across workers", () => {
  it("uses one worker per logical processor, at least one and at most four", () => {
    expect(findWorkerCount(undefined)).toBe(1);
    expect(findWorkerCount(0)).toBe(1);
    expect(findWorkerCount(2)).toBe(2);
    expect(findWorkerCount(3)).toBe(3);
    expect(findWorkerCount(16)).toBe(4);
  });

  it("gives each file to exactly one part, the first files of a walk all to the first", () => {
    for (const parts of [2, 3, 4]) {
      const owners = new Map<number, number>();
      for (let index = 0; index < 2000; index++) {
        const path = `folder/file-${index}.txt`;
        const owning = Array.from({ length: parts }, (_, part) => part).filter((part) =>
          ownsFile({ part, parts }, index, path),
        );
        expect(owning).toHaveLength(1);
        if (index < SOLO_FILES) expect(owning[0]).toBe(0);
        owners.set(owning[0], (owners.get(owning[0]) ?? 0) + 1);
        // A file keeps its part when an added file shifts its place in the walk.
        if (index >= SOLO_FILES)
          expect(ownsFile({ part: owning[0], parts }, index + 1, path)).toBe(true);
      }
      // Every part gets a fair share of a large folder.
      for (let part = 0; part < parts; part++) {
        expect(owners.get(part) ?? 0).toBeGreaterThan((2000 - SOLO_FILES) / parts / 2);
      }
    }
  });

  it("gives the same results, in the same order, and the same counts as one search", async () => {
    const folder = await bigFolder(700);
    const whole = await collect(folder, query);
    const files = (events: FindEvent[]) =>
      events.flatMap((event) => (event.type === "file" ? [event.hits] : []));
    const summary = whole.at(-1)!;
    expect(summary).toMatchObject({
      type: "done",
      summary: { unreadable: ["d2/gone.txt"], skippedBinary: 9, skippedTooLarge: 8 },
    });
    expect(files(whole).length).toBeGreaterThan(90);
    for (const parts of [2, 3, 4]) {
      const partEvents = await Promise.all(
        Array.from({ length: parts }, (_, part) => collect(folder, query, { part, parts })),
      );
      // Every part searched some of the files.
      for (const events of partEvents) expect(files(events).length).toBeGreaterThan(0);
      for (const seed of [1, 2, 3]) {
        const merged = mergeInterleaved(partEvents, seed * parts);
        expect(files(merged)).toEqual(files(whole));
        expect(merged.at(-1)).toEqual(summary);
        const progress = merged.filter((event) => event.type === "progress");
        expect(progress.at(-1)).toEqual(whole.filter((event) => event.type === "progress").at(-1));
        // Searched files only grow.
        const searched = progress.map(
          (event) => event.type === "progress" && event.progress.searched,
        );
        expect(searched).toEqual([...searched].sort((a, b) => Number(a) - Number(b)));
      }
    }
  });

  it("passes a file on only once every earlier file of the walk has been searched", () => {
    const merged: FindEvent[] = [];
    const merge = new FindMerge(2, (event) => merged.push(event));
    const hits = (path: string) => ({
      path,
      encoding: "utf-8" as const,
      stamp: { size: 1, lastModified: 1 },
      checksum: 0,
      lines: [],
      matchCount: 1,
    });
    const listed = { searched: 1, listed: 300, listingDone: false };
    merge.take(1, { type: "file", hits: hits("b"), index: 250 });
    expect(merged).toEqual([]);
    merge.take(0, { type: "file", hits: hits("a"), index: 10 });
    // Part 1 has searched its files through 250; part 0 only through 10.
    expect(merged.map((event) => event.type === "file" && event.hits.path)).toEqual(["a"]);
    merge.take(0, { type: "progress", progress: listed, through: 249 });
    expect(merged).toHaveLength(1);
    merge.take(0, { type: "progress", progress: listed, through: 260 });
    expect(merged.map((event) => event.type === "file" && event.hits.path)).toEqual(["a", "b"]);
  });

  it("ends at the first error: the other parts' later events are not passed on", async () => {
    const folder = await bigFolder(300);
    const bad: FindQuery = { query: "(", regexp: true };
    const parts = await Promise.all([0, 1].map((part) => collect(folder, bad, { part, parts: 2 })));
    const merged = mergeInterleaved(parts, 5);
    expect(merged).toEqual([
      { type: "error", message: expect.stringContaining("Invalid pattern") },
    ]);
  });

  it("keeps in each part's memo the encodings of its own files, and searches the same again with them", async () => {
    const folder = await bigFolder(400);
    const memos = [new Map(), new Map()] as EncodingMemo[];
    const first = await Promise.all(
      memos.map((memo, part) => collect(folder, query, { part, parts: 2 }, memo)),
    );
    const second = await Promise.all(
      memos.map((memo, part) => collect(folder, query, { part, parts: 2 }, memo)),
    );
    const results = (events: FindEvent[]) => events.filter((event) => event.type !== "progress");
    expect(results(mergeInterleaved(second, 9))).toEqual(results(mergeInterleaved(first, 4)));
    // The two memos hold different files: each part keeps the encodings of its own.
    const keys = memos.map((memo) => new Set(memo.keys()));
    expect(keys[0].size).toBeGreaterThan(0);
    expect(keys[1].size).toBeGreaterThan(0);
    expect([...keys[0]].some((path) => keys[1].has(path))).toBe(false);
  });
});
