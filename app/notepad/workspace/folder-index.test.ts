import { describe, expect, it } from "vitest";
import { MemoryFolder } from "~/workspace/workspace-folder";
import { FolderIndex } from "./folder-index";

describe("FolderIndex", () => {
  it("reports the count as the walk grows, answers meanwhile, and ends with every shown file", async () => {
    const files: Record<string, Uint8Array> = { ".gitignore": new TextEncoder().encode("*.tmp\n") };
    for (let i = 0; i < 600; i++) files[`notes/day-${i}.md`] = new Uint8Array(0);
    files["scratch.tmp"] = new Uint8Array(0);
    files[".hidden/secret.md"] = new Uint8Array(0);
    const reports: [number, boolean][] = [];
    let answeredEarly = false;
    const index: FolderIndex = new FolderIndex(new MemoryFolder("f", files), (count, done) => {
      reports.push([count, done]);
      if (!done) answeredEarly ||= index.index.query("day-1").length > 0;
    });
    await index.done;
    expect(reports).toEqual([
      [250, false],
      [500, false],
      [600, true],
    ]);
    expect(answeredEarly).toBe(true);
    expect(index.index.query("scratch")).toEqual([]);
    expect(index.index.query("secret")).toEqual([]);
  });

  it("stops when the folder is closed", async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 500; i++) files[`n${i}.txt`] = new Uint8Array(0);
    const reports: boolean[] = [];
    const index = new FolderIndex(new MemoryFolder("f", files), (_count, done) =>
      reports.push(done),
    );
    index.stop();
    await index.done;
    expect(reports).toEqual([]);
  });
});
