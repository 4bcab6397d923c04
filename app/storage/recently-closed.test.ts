import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { HistoryDatabase } from "./history-db";
import { CLOSED_TAB_DAYS, RecentlyClosedTabs } from "./recently-closed";

const DAY = 24 * 60 * 60 * 1000;
let counter = 0;
const databases: HistoryDatabase[] = [];

/** Closed tabs on a database of their own, so tests do not see each other's tabs. */
function freshStore(): RecentlyClosedTabs {
  const database = new HistoryDatabase(`recently-closed-test-${++counter}`);
  databases.push(database);
  return new RecentlyClosedTabs(database);
}

afterEach(async () => {
  while (databases.length) await databases.pop()?.close();
});

describe("recently closed tabs", () => {
  it("keeps closed tabs for the set number of days, most recent first", async () => {
    const store = freshStore();
    await store.keep({ id: "t1", name: "Old", text: "old text", extra: null }, 0);
    await store.keep(
      { id: "t2", name: "Recent", text: "recent text", extra: { driveFileId: "d1" } },
      5 * DAY,
    );
    let list = await store.list(6 * DAY);
    expect(list.map((tab) => tab.name)).toEqual(["Recent", "Old"]);
    expect(list[0].extra).toEqual({ driveFileId: "d1" });
    expect(await store.read("t2")).toBe("recent text");
    list = await store.list((CLOSED_TAB_DAYS + 1) * DAY);
    expect(list.map((tab) => tab.name)).toEqual(["Recent"]);
    expect(await store.read("t1")).toBeNull();
    await store.forget(["t2"]);
    expect(await store.list(6 * DAY)).toEqual([]);
  });

  it("lists 200 closed tabs", async () => {
    const store = freshStore();
    for (let i = 0; i < 200; i++) {
      await store.keep({ id: `t${i}`, name: `Tab ${i}`, text: `text ${i}`, extra: null }, i);
    }
    expect(await store.list(1000)).toHaveLength(200);
  });
});
