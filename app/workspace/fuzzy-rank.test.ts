import { describe, expect, it } from "vitest";
import { QuickOpenIndex, scorePath } from "./fuzzy-rank";

const order = (paths: string[], query: string, recent: string[] = []) =>
  new QuickOpenIndex(paths).query(query, { recent }).map((result) => result.path);

describe("quick open ranking", () => {
  it('ranks "markdown-render.ts" over "some/mad/random.txt" for "mdr"', () => {
    expect(order(["some/mad/random.txt", "markdown-render.ts"], "mdr")).toEqual([
      "markdown-render.ts",
      "some/mad/random.txt",
    ]);
  });

  it("puts letters in a row before scattered ones", () => {
    expect(order(["src/r-e-a-d.ts", "src/readme.md"], "read")).toEqual([
      "src/readme.md",
      "src/r-e-a-d.ts",
    ]);
  });

  it("counts folder separators and camelCase as word starts", () => {
    expect(order(["app/bigfile.ts", "app/blogFeed.ts"], "bf")).toEqual([
      "app/blogFeed.ts",
      "app/bigfile.ts",
    ]);
    expect(order(["docs/xusers.md", "docs/u/s.md"], "dus")).toEqual([
      "docs/u/s.md",
      "docs/xusers.md",
    ]);
  });

  it("ignores case and leaves out paths without the letters in order", () => {
    expect(order(["README.md", "notes/random.txt", "demo.md"], "RDM")).toEqual([
      "README.md",
      "notes/random.txt",
    ]);
    expect(order(["abc.txt"], "cba")).toEqual([]);
  });

  it("gives equal scores to the shorter path first", () => {
    expect(order(["a/b/c/index.ts", "a/index.ts", "a/b/index.ts"], "index")).toEqual([
      "a/index.ts",
      "a/b/index.ts",
      "a/b/c/index.ts",
    ]);
  });

  it("puts recent files on top, the latest first, when they match", () => {
    const paths = ["main.ts", "src/maintenance.md", "lib/ma.txt"];
    expect(order(paths, "ma", ["lib/ma.txt", "main.ts"])).toEqual([
      "lib/ma.txt",
      "main.ts",
      "src/maintenance.md",
    ]);
    expect(order(paths, "", ["src/maintenance.md"])[0]).toBe("src/maintenance.md");
    expect(order(paths, "zz", ["main.ts"])).toEqual([]);
  });

  it("says where the letters are, for marking them", () => {
    const [best] = new QuickOpenIndex(["markdown-render.ts"]).query("mdr");
    expect(best.positions.map((at) => best.path[at]).join("")).toBe("mdr");
    expect(best.positions).toEqual([0, 4, 9]);
  });

  it("scores exactly as the index does, and nothing for a missing letter", () => {
    expect(scorePath("q", "abc")).toBeNull();
    expect(scorePath("", "abc")).toBe(0);
  });

  it("answers over 10,000 paths with the best ones only", () => {
    const paths = Array.from({ length: 10_000 }, (_, i) => `folder${i % 97}/file-${i}.txt`);
    paths.push("deep/quick-open-target.md");
    const results = new QuickOpenIndex(paths).query("qot", { limit: 5 });
    expect(results[0].path).toBe("deep/quick-open-target.md");
    expect(results.length).toBeLessThanOrEqual(5);
  });
});
