// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { openPlainpadDb } from "./db";
import { IDB, STORAGE_KEYS } from "./keys";
import { chunkKey, isQuotaError } from "./document-store";
import { notepadTabsStore as tabs } from "./notepad-tabs";
import { chunkString } from "./text-chunks";

const tabKey = (id: string) => tabs.recordKey(id);

const base = { name: "Notes", content: "hello", lastModified: 1, isModified: true };

beforeEach(async () => {
  const db = await openPlainpadDb();
  await db.clear(IDB.stores.notepadTabs);
  window.localStorage.clear();
});

describe("notepad tab storage", () => {
  it("round-trips tabs in their saved order", async () => {
    expect((await tabs.save({ ...base, id: "1" }, 0)).ok).toBe(true);
    await tabs.save({ ...base, id: "200", name: "Second", content: "two" }, 0);
    await tabs.save({ ...base, id: "300", name: "Third", content: "three" }, 0);
    await tabs.saveOrder(["300", "1", "200"]);
    const result = await tabs.loadAll();
    expect(result.documents.map((tab) => [tab.id, tab.name, String(tab.content)])).toEqual([
      ["300", "Third", "three"],
      ["1", "Notes", "hello"],
      ["200", "Second", "two"],
    ]);
    expect(result.keptAside).toEqual([]);
  });

  it("keeps each document's file format and file handle; older records get the defaults", async () => {
    // IndexedDB keeps a FileSystemFileHandle by structured clone; a plain object with its
    // "kind" stands in for it here.
    const handle = { kind: "file", name: "notes.txt" } as unknown as FileSystemFileHandle;
    const file = {
      encoding: "utf-16le" as const,
      lineEnding: "crlf" as const,
      disk: { handle, lastModified: 1234, size: 56 },
    };
    await tabs.save({ ...base, id: "1", file }, 0);
    await tabs.save({ ...base, id: "2" }, 0);
    const db = await openPlainpadDb();
    await db.put(
      IDB.stores.notepadTabs,
      { ...base, id: "3", file: { encoding: "ebcdic", lineEnding: 7, disk: { handle: "x" } } },
      tabKey("3"),
    );
    const byId = new Map((await tabs.loadAll()).documents.map((doc) => [doc.id, doc.file]));
    expect(byId.get("1")).toEqual(file);
    expect(byId.get("2")).toEqual({ encoding: "utf-8", lineEnding: "lf", disk: null });
    expect(byId.get("3")).toEqual({ encoding: "utf-8", lineEnding: "lf", disk: null });
  });

  it("increments revisions and refuses a write based on an old revision", async () => {
    const first = await tabs.save({ ...base, id: "1" }, 0);
    expect(first).toEqual({ ok: true, revision: 1 });
    const second = await tabs.save({ ...base, id: "1", content: "hello world" }, 1);
    expect(second).toEqual({ ok: true, revision: 2 });
    // Another window still holding revision 1 must not overwrite revision 2.
    const stale = await tabs.save({ ...base, id: "1", content: "other" }, 1);
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(stale.conflict.content).toBe("hello world");
    expect((await tabs.read("1"))?.content).toBe("hello world");
  });

  it("a write that dies mid-transaction leaves the previous version whole and readable", async () => {
    await tabs.save({ ...base, id: "9", content: "line one\nline two\n".repeat(2000) }, 0);
    const before = await tabs.read("9");
    // The browser kills the write after its first chunk (tab closed, crash, quota): the
    // transaction aborts, so none of its puts and deletes happen.
    const put = IDBObjectStore.prototype.put;
    let calls = 0;
    IDBObjectStore.prototype.put = function (
      this: IDBObjectStore,
      ...args: Parameters<typeof put>
    ) {
      if (++calls === 2) {
        this.transaction.abort();
        throw new DOMException("The transaction was aborted.", "AbortError");
      }
      return put.apply(this, args);
    };
    try {
      await expect(
        tabs.save(
          { ...base, id: "9", content: "a different text\n".repeat(3000) },
          before!.revision,
        ),
      ).rejects.toThrow();
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    const after = await tabs.read("9");
    expect(after?.content).toBe(before?.content);
    expect(after?.revision).toBe(before?.revision);
    // And the next write goes through on top of it.
    expect((await tabs.save({ ...base, id: "9", content: "fixed" }, before!.revision)).ok).toBe(
      true,
    );
    expect((await tabs.read("9"))?.content).toBe("fixed");
  });

  it("deletes tabs", async () => {
    await tabs.save({ ...base, id: "1" }, 0);
    await tabs.delete(["1"]);
    expect(await tabs.read("1")).toBeNull();
  });

  it("keeps unreadable records aside instead of dropping them", async () => {
    await tabs.save({ ...base, id: "1" }, 0);
    const db = await openPlainpadDb();
    await db.put(IDB.stores.notepadTabs, { id: "2", content: 42 }, tabKey("2"));
    const result = await tabs.loadAll(777);
    expect(result.documents.map((tab) => tab.id)).toEqual(["1"]);
    expect(result.keptAside).toEqual(["unreadable/777/tab/2"]);
    expect(await db.get(IDB.stores.notepadTabs, "unreadable/777/tab/2")).toEqual({
      id: "2",
      content: 42,
    });
    expect(await tabs.listKeptAside()).toEqual(["unreadable/777/tab/2"]);
    // Loading again reports nothing new and never overwrites the kept copy.
    expect((await tabs.loadAll(778)).keptAside).toEqual([]);
  });

  it("loads chunked text as a document with the chunks it came from, or keeps it aside", async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ key: `k${i}`, text: `line ${i}\nmore` }));
    await tabs.save({ ...base, id: "1", content: many }, 0);
    await tabs.save({ ...base, id: "2", content: [{ key: "x", text: "broken" }] }, 0);
    const db = await openPlainpadDb();
    await db.put(IDB.stores.notepadTabs, 42, chunkKey("2", "x"));
    const result = await tabs.loadAll(555);
    expect(result.documents.map((tab) => tab.id)).toEqual(["1"]);
    const [loaded] = result.documents;
    expect(loaded.content.toString()).toBe(many.map((chunk) => chunk.text).join("\n"));
    expect(loaded.storedChunks).toEqual(
      many.map((chunk) => ({ key: chunk.key, length: chunk.text.length })),
    );
    expect(result.keptAside).toEqual(["unreadable/555/tab/2"]);
  });

  it("stores text in chunks, writes only new ones and drops the ones no longer used", async () => {
    const first = [
      { key: "a", text: "line one" },
      { key: "b", text: "line two\nline three" },
    ];
    expect(await tabs.save({ ...base, id: "1", content: first }, 0)).toEqual({
      ok: true,
      revision: 1,
    });
    expect((await tabs.read("1"))?.content).toBe("line one\nline two\nline three");
    // "a" is reused without its text, "b" replaced by "c".
    await tabs.save(
      { ...base, id: "1", content: [{ key: "a" }, { key: "c", text: "new end" }] },
      1,
    );
    expect((await tabs.loadAll()).documents[0].content.toString()).toBe("line one\nnew end");
    const db = await openPlainpadDb();
    expect(await db.get(IDB.stores.notepadTabs, chunkKey("1", "a"))).toBe("line one");
    expect(await db.get(IDB.stores.notepadTabs, chunkKey("1", "b"))).toBeUndefined();
    await tabs.delete(["1"]);
    expect(await db.get(IDB.stores.notepadTabs, chunkKey("1", "a"))).toBeUndefined();
  });

  it("keeps a tab whose chunk is missing aside", async () => {
    await tabs.save({ ...base, id: "1", content: [{ key: "a", text: "kept" }] }, 0);
    const db = await openPlainpadDb();
    await db.delete(IDB.stores.notepadTabs, chunkKey("1", "a"));
    const result = await tabs.loadAll(9);
    expect(result.documents).toEqual([]);
    expect(result.keptAside).toEqual(["unreadable/9/tab/1"]);
  });

  it("reads records of the first schema, with the text inline", async () => {
    const db = await openPlainpadDb();
    const old = {
      schema: 1,
      id: "4",
      name: "Old",
      content: "inline",
      lastModified: 1,
      isModified: false,
      revision: 3,
    };
    await db.put(IDB.stores.notepadTabs, old, tabKey("4"));
    expect(
      (await tabs.loadAll()).documents.map((tab) => [String(tab.content), tab.revision]),
    ).toEqual([["inline", 3]]);
    expect((await tabs.save({ ...base, id: "4", content: "now chunked" }, 3)).ok).toBe(true);
    expect((await tabs.read("4"))?.content).toBe("now chunked");
  });

  it("stores a line too long for one chunk as schema 3, which older windows cannot misread", async () => {
    const line = "0123456789".repeat(10_000);
    const text = `title\n${line}\nend`;
    let n = 0;
    const chunks = chunkString(text, () => `c${n++}`, 1000);
    expect(chunks.some((chunk) => chunk.continues)).toBe(true);
    expect((await tabs.save({ ...base, id: "1", content: chunks }, 0)).ok).toBe(true);
    await tabs.save({ ...base, id: "2", content: "whole\nlines" }, 0);
    const db = await openPlainpadDb();
    const record = await db.get(IDB.stores.notepadTabs, tabKey("1"));
    // No "chunkKeys": a window of an older version finds nothing it would join with line breaks.
    expect(record).toMatchObject({ schema: 3, textChunks: chunks.map((chunk) => chunk.key) });
    expect(record.chunkKeys).toBeUndefined();
    expect(record.midLineCuts).toEqual(
      chunks.flatMap((chunk, index) => (chunk.continues ? [index] : [])),
    );
    expect(await db.get(IDB.stores.notepadTabs, tabKey("2"))).toMatchObject({ schema: 2 });
    expect((await tabs.read("1"))?.content).toBe(text);
    const [loaded] = (await tabs.loadAll()).documents;
    expect(loaded.content.toString()).toBe(text);
    expect(loaded.storedChunks?.map((chunk) => !!chunk.continues)).toEqual(
      chunks.map((chunk) => !!chunk.continues),
    );
    // Rewriting one piece keeps the others, and the chunks no longer used go.
    const [firstChunk, ...rest] = chunks;
    // The first chunk holds "title", its line break and the start of the long line.
    expect(firstChunk.continues).toBe(true);
    const edited = [
      { key: "new", text: "TITLE" + String(firstChunk.text).slice(5), continues: true },
      ...rest.map(({ key, continues }) => ({ key, continues })),
    ];
    await tabs.save({ ...base, id: "1", content: edited }, 1);
    expect((await tabs.read("1"))?.content).toBe(`TITLE\n${line}\nend`);
    expect(await db.get(IDB.stores.notepadTabs, chunkKey("1", firstChunk.key))).toBeUndefined();
  });

  it("keeps a schema 3 record with an impossible cut aside", async () => {
    await tabs.save({ ...base, id: "1", content: [{ key: "a", text: "kept" }] }, 0);
    const db = await openPlainpadDb();
    const record = await db.get(IDB.stores.notepadTabs, tabKey("1"));
    const { chunkKeys, ...rest } = record;
    await db.put(
      IDB.stores.notepadTabs,
      { ...rest, schema: 3, textChunks: chunkKeys, midLineCuts: [0] },
      tabKey("1"),
    );
    const result = await tabs.loadAll(12);
    expect(result.documents).toEqual([]);
    expect(result.keptAside).toEqual(["unreadable/12/tab/1"]);
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
    const result = await tabs.loadAll();
    expect(result.migratedLegacy).toBe(true);
    expect(result.documents.map((tab) => String(tab.content))).toEqual(["legacy text", "more"]);
    expect(window.localStorage.getItem(STORAGE_KEYS.notepadFiles)).toBeNull();
    expect((await tabs.loadAll()).documents).toHaveLength(2);
  });

  it("keeps an unparseable legacy array aside", async () => {
    window.localStorage.setItem(STORAGE_KEYS.notepadFiles, "{not json");
    const result = await tabs.loadAll(5);
    expect(result.documents).toEqual([]);
    expect(result.keptAside).toEqual(["unreadable/5/notepad-files"]);
    const db = await openPlainpadDb();
    expect(await db.get(IDB.stores.notepadTabs, "unreadable/5/notepad-files")).toBe("{not json");
  });

  it("migrates the readable legacy entries and keeps the whole array aside when some are not", async () => {
    const raw = JSON.stringify([{ id: "1", name: "Good", content: "kept" }, { id: 7 }, "junk"]);
    window.localStorage.setItem(STORAGE_KEYS.notepadFiles, raw);
    const result = await tabs.loadAll(9);
    expect(result.documents.map((tab) => String(tab.content))).toEqual(["kept"]);
    expect(result.keptAside).toEqual(["unreadable/9/notepad-files"]);
    const db = await openPlainpadDb();
    expect(await db.get(IDB.stores.notepadTabs, "unreadable/9/notepad-files")).toBe(raw);
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
