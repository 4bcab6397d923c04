import { describe, expect, it } from "vitest";
import {
  emptyTabList,
  liveEntries,
  mergeTabLists,
  parseTabList,
  recordLocalTabs,
  sameEntries,
  serializeTabList,
  TOMBSTONE_MAX_AGE_MS,
  type TabListFile,
} from "./tab-list-file";

const laptop = (tabs: TabListFile["tabs"], updatedAt = 10): TabListFile => ({
  version: 1,
  updatedAt,
  deviceId: "laptop",
  tabs,
});

describe("tab list file", () => {
  it("reads back what it writes", () => {
    const list = laptop([
      { driveFileId: "f1", name: "Notes", order: 0, updatedAt: 5 },
      { driveFileId: "f2", name: "Todo", order: 1, updatedAt: 6, removed: true },
    ]);
    expect(parseTabList(serializeTabList(list))).toEqual(list);
  });

  it("reads tolerantly: bad entries skipped, duplicates keep the latest, defaults filled", () => {
    const text = JSON.stringify({
      version: 7,
      deviceId: 3,
      tabs: [
        { driveFileId: "f1", name: "old", updatedAt: 1 },
        "junk",
        { name: "no id" },
        { driveFileId: "f1", name: "new", updatedAt: 2, order: 4 },
        { driveFileId: "f2", name: "  ", order: "x" },
      ],
    });
    expect(parseTabList(text)).toEqual({
      version: 7,
      updatedAt: 0,
      deviceId: "",
      tabs: [
        { driveFileId: "f1", name: "new", order: 4, updatedAt: 2 },
        { driveFileId: "f2", name: "Untitled", order: 4, updatedAt: 0 },
      ],
    });
    expect(parseTabList("not json")).toBeNull();
    expect(parseTabList('{"tabs":{}}')).toBeNull();
    expect(parseTabList("[]")).toBeNull();
  });

  it("merges two computers' lists: per file the later change wins, tombstones included", () => {
    const mine = laptop([
      { driveFileId: "a", name: "A renamed", order: 0, updatedAt: 20 },
      { driveFileId: "b", name: "B", order: 1, updatedAt: 5 },
    ]);
    const theirs: TabListFile = {
      version: 1,
      updatedAt: 30,
      deviceId: "desktop",
      tabs: [
        { driveFileId: "a", name: "A", order: 0, updatedAt: 1 },
        { driveFileId: "b", name: "B", order: 1, updatedAt: 25, removed: true },
        { driveFileId: "c", name: "C", order: 2, updatedAt: 30 },
      ],
    };
    const merged = mergeTabLists(mine, theirs);
    expect(merged.deviceId).toBe("laptop");
    expect(merged.updatedAt).toBe(30);
    expect(liveEntries(merged).map((e) => [e.driveFileId, e.name])).toEqual([
      ["a", "A renamed"],
      ["c", "C"],
    ]);
    // Merging is symmetric in content.
    expect(sameEntries(merged, mergeTabLists(theirs, mine))).toBe(true);
  });

  it("records new, renamed and closed tabs and leaves unchanged entries alone", () => {
    const start = emptyTabList("laptop");
    const one = recordLocalTabs(start, [{ driveFileId: "a", name: "A" }], [], 100);
    expect(one.tabs).toEqual([{ driveFileId: "a", name: "A", order: 0, updatedAt: 100 }]);
    expect(recordLocalTabs(one, [{ driveFileId: "a", name: "A" }], [], 200)).toBe(one);
    const two = recordLocalTabs(
      one,
      [
        { driveFileId: "a", name: "A2" },
        { driveFileId: "b", name: "B" },
      ],
      [],
      300,
    );
    expect(two.tabs).toEqual([
      { driveFileId: "a", name: "A2", order: 0, updatedAt: 300 },
      { driveFileId: "b", name: "B", order: 1, updatedAt: 300 },
    ]);
    const closed = recordLocalTabs(two, [{ driveFileId: "b", name: "B" }], ["a"], 400);
    expect(liveEntries(closed).map((e) => e.driveFileId)).toEqual(["b"]);
    expect(closed.tabs[0]).toMatchObject({ driveFileId: "a", removed: true, updatedAt: 400 });
    // A reopened file comes back to life.
    const reopened = recordLocalTabs(closed, [{ driveFileId: "a", name: "A2" }], [], 500);
    expect(liveEntries(reopened).map((e) => e.driveFileId)).toEqual(["b", "a"]);
  });

  it("drops tombstones older than 90 days when writing", () => {
    const list = laptop([
      { driveFileId: "old", name: "x", order: 0, updatedAt: 0, removed: true },
      { driveFileId: "new", name: "y", order: 1, updatedAt: TOMBSTONE_MAX_AGE_MS, removed: true },
    ]);
    const read = parseTabList(serializeTabList(list, TOMBSTONE_MAX_AGE_MS + 1));
    expect(read?.tabs.map((e) => e.driveFileId)).toEqual(["new"]);
  });
});
