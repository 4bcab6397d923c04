// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { openPlainpadDb } from "./db";
import { IDB, STORAGE_KEYS } from "./keys";
import {
  deleteStoredTabs,
  isQuotaError,
  listKeptAside,
  loadNotepadTabs,
  readStoredTab,
  saveTab,
  saveTabOrder,
  tabKey,
} from "./notepad-tabs";

const base = { name: "Notes", content: "hello", lastModified: 1, isModified: true };

beforeEach(async () => {
  const db = await openPlainpadDb();
  await db.clear(IDB.stores.notepadTabs);
  window.localStorage.clear();
});

describe("notepad tab storage", () => {
  it("round-trips tabs in their saved order", async () => {
    expect((await saveTab({ ...base, id: "1" }, 0)).ok).toBe(true);
    await saveTab({ ...base, id: "200", name: "Second", content: "two" }, 0);
    await saveTab({ ...base, id: "300", name: "Third", content: "three" }, 0);
    await saveTabOrder(["300", "1", "200"]);
    const result = await loadNotepadTabs();
    expect(result.tabs.map((tab) => [tab.id, tab.name, tab.content])).toEqual([
      ["300", "Third", "three"],
      ["1", "Notes", "hello"],
      ["200", "Second", "two"],
    ]);
    expect(result.keptAside).toEqual([]);
  });

  it("increments revisions and refuses a write based on an old revision", async () => {
    const first = await saveTab({ ...base, id: "1" }, 0);
    expect(first).toEqual({ ok: true, revision: 1 });
    const second = await saveTab({ ...base, id: "1", content: "hello world" }, 1);
    expect(second).toEqual({ ok: true, revision: 2 });
    // Another window still holding revision 1 must not overwrite revision 2.
    const stale = await saveTab({ ...base, id: "1", content: "other" }, 1);
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(stale.conflict.content).toBe("hello world");
    expect((await readStoredTab("1"))?.content).toBe("hello world");
  });

  it("deletes tabs", async () => {
    await saveTab({ ...base, id: "1" }, 0);
    await deleteStoredTabs(["1"]);
    expect(await readStoredTab("1")).toBeNull();
  });

  it("keeps unreadable records aside instead of dropping them", async () => {
    await saveTab({ ...base, id: "1" }, 0);
    const db = await openPlainpadDb();
    await db.put(IDB.stores.notepadTabs, { id: "2", content: 42 }, tabKey("2"));
    const result = await loadNotepadTabs(777);
    expect(result.tabs.map((tab) => tab.id)).toEqual(["1"]);
    expect(result.keptAside).toEqual(["unreadable/777/tab/2"]);
    expect(await db.get(IDB.stores.notepadTabs, "unreadable/777/tab/2")).toEqual({
      id: "2",
      content: 42,
    });
    expect(await listKeptAside()).toEqual(["unreadable/777/tab/2"]);
    // Loading again reports nothing new and never overwrites the kept copy.
    expect((await loadNotepadTabs(778)).keptAside).toEqual([]);
  });

  it("migrates the legacy localStorage array once", async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.notepadFiles,
      JSON.stringify([
        {
          id: "1",
          name: "Old",
          content: "legacy text",
          lastModified: "2024-01-01T00:00:00Z",
          isModified: false,
        },
        { id: "2", name: "Other", content: "more" },
      ]),
    );
    const result = await loadNotepadTabs();
    expect(result.migratedLegacy).toBe(true);
    expect(result.tabs.map((tab) => tab.content)).toEqual(["legacy text", "more"]);
    expect(window.localStorage.getItem(STORAGE_KEYS.notepadFiles)).toBeNull();
    expect((await loadNotepadTabs()).tabs).toHaveLength(2);
  });

  it("keeps an unparseable legacy array aside", async () => {
    window.localStorage.setItem(STORAGE_KEYS.notepadFiles, "{not json");
    const result = await loadNotepadTabs(5);
    expect(result.tabs).toEqual([]);
    expect(result.keptAside).toEqual(["unreadable/5/notepad-files"]);
    const db = await openPlainpadDb();
    expect(await db.get(IDB.stores.notepadTabs, "unreadable/5/notepad-files")).toBe("{not json");
  });
});

describe("isQuotaError", () => {
  it("recognises every browser's wording", () => {
    expect(isQuotaError(new DOMException("full", "QuotaExceededError"))).toBe(true);
    expect(isQuotaError({ name: "NS_ERROR_DOM_QUOTA_REACHED" })).toBe(true);
    expect(isQuotaError({ code: 22 })).toBe(true);
    expect(isQuotaError({ code: 1014 })).toBe(true);
    expect(isQuotaError(new Error("other"))).toBe(false);
  });
});
