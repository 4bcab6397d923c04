import { describe, expect, it } from "vitest";
import type { FindEvent } from "./find-in-files";
import { type FindReply, runFindJob } from "./find-job";
import { type FakeTree, fakeDirectoryHandle } from "./handle-folder-test-support";

const bytes = (text: string) => new TextEncoder().encode(text);

/** A folder of `count` files two folders deep, every third holding "needle". */
function deepTree(count: number): FakeTree {
  const tree: FakeTree = new Map();
  for (let i = 0; i < count; i++) {
    const dirName = `dir${i % 4}`;
    let dir = tree.get(dirName) as FakeTree | undefined;
    if (!dir) tree.set(dirName, (dir = new Map()));
    const subName = `sub${i % 3}`;
    let sub = dir.get(subName) as FakeTree | undefined;
    if (!sub) dir.set(subName, (sub = new Map()));
    sub.set(`file-${i}.txt`, bytes(i % 3 === 0 ? `line\nthe needle ${i}\n` : "nothing here\n"));
  }
  return tree;
}

describe("a search of a directory handle", () => {
  it("reads every file through the handles its listing met, looking none up again", async () => {
    const lookups = { count: 0 };
    const handle = fakeDirectoryHandle("deep", deepTree(60), { lookups });
    const events: FindEvent[] = [];
    await runFindJob(1, { kind: "handle", handle }, { query: "needle" }, (reply: FindReply) =>
      events.push(reply.event),
    );
    const found = events.flatMap((event) => (event.type === "file" ? [event.hits.path] : []));
    expect(found).toHaveLength(20);
    expect(found).toContain("dir0/sub0/file-0.txt");
    expect(events.at(-1)).toMatchObject({ type: "done", summary: { filesSearched: 60 } });
    // Listed from the root down (values()), read through the listed handles: no lookup by name
    // (before, each file took one per folder level and one for itself).
    expect(lookups.count).toBe(0);
  });
});
