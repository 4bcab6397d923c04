// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { ChangeSet, Text } from "@codemirror/state";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openPlainpadDb } from "./db";
import type { ContentChunk } from "./document-store";
import {
  type DocumentSnapshot,
  DocumentSyncClient,
  type DocumentSyncHost,
  type RemoteDocument,
} from "./document-sync";
import { EDITOR_DOCUMENT_ID, editorDocumentStore } from "./editor-document";
import { IDB } from "./keys";

/**
 * A host holding its documents as strings or CodeMirror documents, recording what the client
 * told it. Like the editors, it applies another window's changes when it still has their base.
 */
function makeHost(texts: Record<string, string | Text>) {
  const events = {
    adopted: [] as RemoteDocument[],
    conflicts: [] as { id: string; stored: string; local: string }[],
    statuses: [] as string[],
  };
  const host: DocumentSyncHost = {
    snapshot: (id): DocumentSnapshot | null =>
      id in texts
        ? {
            text: texts[id],
            name: `${id}.txt`,
            lastModified: 1,
            isModified: true,
            driveFileId: "drive-1",
            file: { encoding: "windows-1252", lineEnding: "crlf", disk: null },
          }
        : null,
    adoptRemote: (doc) => {
      const current = texts[doc.id];
      texts[doc.id] =
        doc.changes && current === doc.changes.base && typeof current !== "string"
          ? ChangeSet.of(doc.changes.changes, current.length).apply(current)
          : doc.content;
      events.adopted.push(doc);
    },
    remoteDeleted: () => undefined,
    remoteOrder: () => undefined,
    conflict: (id, stored, local) => events.conflicts.push({ id, stored: stored.content, local }),
    storageStatus: (status) => events.statuses.push(status),
  };
  return { host, events };
}

const clients: DocumentSyncClient[] = [];
function client(host: DocumentSyncHost) {
  const made = new DocumentSyncClient(editorDocumentStore, host, {
    channelName: `test-${Math.random()}`,
    delay: 5,
    maxWait: 20,
  });
  clients.push(made);
  return made;
}

/** A 40,000-line document of about 1.2 MB: many stored chunks. */
function longDocument(): Text {
  return Text.of(Array.from({ length: 40_000 }, (_, i) => `line ${i} of a long document`));
}

/**
 * Window A (the host given) tracks the editor document and has stored it; then window B opens
 * on the same channel and loads it (B is not started: each test starts it when it means to).
 */
async function storedByAThenLoadedByB(hostA: DocumentSyncHost, channelName: string) {
  const options = { channelName, delay: 1, maxWait: 1 };
  const syncA = new DocumentSyncClient(editorDocumentStore, hostA, options);
  clients.push(syncA);
  await syncA.load();
  syncA.track(EDITOR_DOCUMENT_ID);
  syncA.start();
  syncA.noteChange(EDITOR_DOCUMENT_ID, true);
  await syncA.whenStored();

  const textsB: Record<string, string | Text> = {};
  const syncB = new DocumentSyncClient(editorDocumentStore, makeHost(textsB).host, options);
  clients.push(syncB);
  const [loaded] = (await syncB.load()).documents;
  return { syncA, syncB, textsB, loaded };
}

beforeEach(async () => {
  const db = await openPlainpadDb();
  await db.clear(IDB.stores.editorDraft);
});
afterEach(() => {
  for (const made of clients.splice(0)) made.dispose();
  vi.restoreAllMocks();
});

describe("document sync client", () => {
  it("writes nothing before start, then stores a change with its name, Drive id and file format", async () => {
    const texts = { [EDITOR_DOCUMENT_ID]: "first draft" };
    const sync = client(makeHost(texts).host);
    await sync.load();
    sync.track(EDITOR_DOCUMENT_ID);
    sync.noteChange(EDITOR_DOCUMENT_ID);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await editorDocumentStore.read(EDITOR_DOCUMENT_ID)).toBeNull();
    sync.start();
    await sync.whenStored();
    const stored = await editorDocumentStore.read(EDITOR_DOCUMENT_ID);
    expect(stored).toMatchObject({
      content: "first draft",
      name: "editor.txt",
      driveFileId: "drive-1",
      isModified: true,
      file: { encoding: "windows-1252", lineEnding: "crlf", disk: null },
      revision: 1,
    });
    const reloaded = await client(makeHost({}).host).load();
    expect(reloaded.documents.map((doc) => String(doc.content))).toEqual(["first draft"]);
  });

  it("deletes a closed document only once it is kept elsewhere, so a page closed first loses nothing", async () => {
    const texts = { [EDITOR_DOCUMENT_ID]: "closed before it was kept" };
    const sync = client(makeHost(texts).host);
    await sync.load();
    sync.track(EDITOR_DOCUMENT_ID);
    sync.start();
    sync.noteChange(EDITOR_DOCUMENT_ID, true);
    await sync.whenStored();

    let keep!: () => void;
    const kept = new Promise<void>((resolve) => (keep = resolve));
    const deleted = sync.forget([EDITOR_DOCUMENT_ID], kept);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // A page loaded now (the first one closed before the copy was kept) finds the document.
    expect((await editorDocumentStore.read(EDITOR_DOCUMENT_ID))?.content).toBe(
      "closed before it was kept",
    );
    expect(sync.isAllStored()).toBe(false);

    keep();
    await deleted;
    expect(await editorDocumentStore.read(EDITOR_DOCUMENT_ID)).toBeNull();
    expect(sync.isAllStored()).toBe(true);
  });

  it("deletes a closed document even when keeping it elsewhere failed", async () => {
    const sync = client(makeHost({ [EDITOR_DOCUMENT_ID]: "x" }).host);
    await sync.load();
    sync.track(EDITOR_DOCUMENT_ID);
    sync.start();
    sync.noteChange(EDITOR_DOCUMENT_ID, true);
    await sync.whenStored();
    await sync.forget([EDITOR_DOCUMENT_ID], Promise.reject(new Error("history full")));
    expect(await editorDocumentStore.read(EDITOR_DOCUMENT_ID)).toBeNull();
  });

  it("after a reload, the first save of an edit writes only the chunk it touched", async () => {
    const { EditorState } = await import("@codemirror/state");
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i} of a long draft`);
    const first = makeHost({ [EDITOR_DOCUMENT_ID]: lines.join("\n") });
    const writer = client(first.host);
    await writer.load();
    writer.track(EDITOR_DOCUMENT_ID);
    writer.start();
    writer.noteChange(EDITOR_DOCUMENT_ID, true);
    await writer.whenStored();
    writer.dispose();

    // The reloaded page edits the very document the load gave it.
    let doc: import("@codemirror/state").Text | null = null;
    const host = makeHost({}).host;
    const reloaded = client({
      ...host,
      snapshot: (id) => (doc ? { ...first.host.snapshot(id)!, text: doc } : null),
    });
    const loaded = (await reloaded.load()).documents[0];
    const state = EditorState.create({ doc: loaded.content });
    doc = state.update({ changes: { from: 500_000, insert: "typed" } }).state.doc;
    const put = vi.spyOn(IDBObjectStore.prototype, "put");
    reloaded.start();
    reloaded.noteChange(EDITOR_DOCUMENT_ID, true);
    await reloaded.whenStored();
    const chunkWrites = put.mock.calls.filter(([, key]) => String(key).startsWith("chunk/"));
    expect(chunkWrites).toHaveLength(1);
    expect((await editorDocumentStore.read(EDITOR_DOCUMENT_ID))?.content).toBe(doc.toString());
  });

  it("keeps the other window's text when both windows changed the document", async () => {
    const a = makeHost({ [EDITOR_DOCUMENT_ID]: "from window A" });
    const b = makeHost({ [EDITOR_DOCUMENT_ID]: "from window B" });
    const syncA = client(a.host);
    const syncB = client(b.host);
    await syncA.load();
    await syncB.load();
    for (const sync of [syncA, syncB]) {
      sync.track(EDITOR_DOCUMENT_ID);
      sync.start();
    }
    syncA.noteChange(EDITOR_DOCUMENT_ID, true);
    await syncA.whenStored();
    syncB.noteChange(EDITOR_DOCUMENT_ID, true);
    await syncB.whenStored();
    expect(b.events.conflicts).toEqual([
      { id: EDITOR_DOCUMENT_ID, stored: "from window A", local: "from window B" },
    ]);
    // B's text is written on top, after the host kept A's.
    expect((await editorDocumentStore.read(EDITOR_DOCUMENT_ID))?.content).toBe("from window B");
  });

  it("reports a full store, keeps the change and stores it once space is back", async () => {
    const { host, events } = makeHost({ [EDITOR_DOCUMENT_ID]: "precious" });
    const sync = new DocumentSyncClient(editorDocumentStore, host, {
      channelName: "quota",
      delay: 1,
      maxWait: 1,
      retryMs: 300,
    });
    clients.push(sync);
    await sync.load();
    sync.track(EDITOR_DOCUMENT_ID);
    sync.start();
    const save = vi
      .spyOn(editorDocumentStore, "save")
      .mockRejectedValueOnce(new DOMException("full", "QuotaExceededError"));
    sync.noteChange(EDITOR_DOCUMENT_ID);
    await vi.waitFor(() => expect(events.statuses).toEqual(["full"]));
    expect(sync.hasUnstored(EDITOR_DOCUMENT_ID)).toBe(true);
    await vi.waitFor(() => expect(events.statuses).toEqual(["full", "ok"]));
    expect(save).toHaveBeenCalledTimes(2);
    expect((await editorDocumentStore.read(EDITOR_DOCUMENT_ID))?.content).toBe("precious");
  });

  it("lets another window adopt a stored version it has no edits in", async () => {
    const channelName = "adopt";
    const a = makeHost({ [EDITOR_DOCUMENT_ID]: "new text" });
    const b = makeHost({ [EDITOR_DOCUMENT_ID]: "old text" });
    const options = { channelName, delay: 1, maxWait: 1 };
    const syncA = new DocumentSyncClient(editorDocumentStore, a.host, options);
    const syncB = new DocumentSyncClient(editorDocumentStore, b.host, options);
    clients.push(syncA, syncB);
    for (const sync of [syncA, syncB]) {
      await sync.load();
      sync.track(EDITOR_DOCUMENT_ID);
      sync.start();
    }
    syncA.noteChange(EDITOR_DOCUMENT_ID, true);
    await vi.waitFor(() =>
      expect(b.events.adopted.map((doc) => String(doc.content))).toEqual(["new text"]),
    );
    expect(syncB.revisionOf(EDITOR_DOCUMENT_ID)).toBe(1);
  });
});

describe("following another window", () => {
  it("does not bring back a tab closed here when another window's save arrives before the delete lands", async () => {
    // Interleaving: window A closes the tab (its delete waits for the history copy); window B
    // saves it meanwhile and says so; A's read of the record still finds it. Before the fix A
    // showed it again as a new tab, whose record A's delete then removed.
    const options = { channelName: "closed-here", delay: 1, maxWait: 1 };
    const textsA: Record<string, string | Text> = { [EDITOR_DOCUMENT_ID]: "closed in A" };
    const a = makeHost(textsA);
    const b = makeHost({ [EDITOR_DOCUMENT_ID]: "saved in B" });
    const syncA = new DocumentSyncClient(editorDocumentStore, a.host, options);
    const syncB = new DocumentSyncClient(editorDocumentStore, b.host, options);
    clients.push(syncA, syncB);
    await syncA.load();
    syncA.track(EDITOR_DOCUMENT_ID);
    syncA.start();
    syncA.noteChange(EDITOR_DOCUMENT_ID, true);
    await syncA.whenStored();
    await syncB.load();
    syncB.start();

    let keep!: () => void;
    const kept = new Promise<void>((resolve) => (keep = resolve));
    delete textsA[EDITOR_DOCUMENT_ID];
    const deleted = syncA.forget([EDITOR_DOCUMENT_ID], kept);
    const read = vi.spyOn(editorDocumentStore, "read");
    syncB.noteChange(EDITOR_DOCUMENT_ID, true);
    await syncB.whenStored();
    keep();
    await deleted;
    // A follows B's message: its read of the record, whenever it runs, is settled.
    await vi.waitFor(() => expect(read).toHaveBeenCalledWith(EDITOR_DOCUMENT_ID));
    await Promise.all(read.mock.results.map((result) => result.value));
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(a.events.adopted).toEqual([]);
    expect(syncA.revisionOf(EDITOR_DOCUMENT_ID)).toBe(0);
    expect(await editorDocumentStore.read(EDITOR_DOCUMENT_ID)).toBeNull();
  });

  it("reads only the chunks the other window wrote, and its own next save writes only what it touched", async () => {
    const original = longDocument();
    const a = makeHost({ [EDITOR_DOCUMENT_ID]: original });
    // Window B opens after A stored: it shows the document as it reads it from storage.
    const { syncA, syncB, textsB, loaded } = await storedByAThenLoadedByB(a.host, "follow");
    expect(loaded.content.toString()).toBe(original.toString());
    textsB[EDITOR_DOCUMENT_ID] = loaded.content;
    syncB.start();

    const readChanges = vi.spyOn(editorDocumentStore, "readChanges");
    const readAll = vi.spyOn(editorDocumentStore, "read");
    const edited = original.replace(400_000, 400_000, Text.of(["typed in A"]));
    a.host.adoptRemote({ ...loaded, content: edited }, true);
    syncA.noteChange(EDITOR_DOCUMENT_ID, true);
    await syncA.whenStored();
    await vi.waitFor(() => expect(String(textsB[EDITOR_DOCUMENT_ID])).toBe(edited.toString()));
    expect(readAll).not.toHaveBeenCalled();
    const update = await readChanges.mock.results[0].value;
    expect(update.update.changes).toHaveLength(1);
    expect(update.update.changes[0].insert.length).toBeLessThan(4 * 64 * 1024);

    // B types: its save writes one chunk, not the whole document again.
    const save = vi.spyOn(editorDocumentStore, "save");
    const shown = textsB[EDITOR_DOCUMENT_ID] as Text;
    textsB[EDITOR_DOCUMENT_ID] = shown.replace(10, 10, Text.of(["typed in B"]));
    syncB.noteChange(EDITOR_DOCUMENT_ID, true);
    await syncB.whenStored();
    const written = (save.mock.calls[0][0].content as ContentChunk[]).filter(
      (chunk) => chunk.text !== undefined,
    );
    // The touched chunk, cut afresh (it may come out as two); the document is 1.2 MB.
    expect(written.length).toBeLessThanOrEqual(2);
    expect(written.reduce((sum, chunk) => sum + (chunk.text?.length ?? 0), 0)).toBeLessThan(
      2 * 64 * 1024,
    );
    expect((await editorDocumentStore.read(EDITOR_DOCUMENT_ID))?.content).toBe(
      textsB[EDITOR_DOCUMENT_ID].toString(),
    );
  });
  it("a window that kept its own text (a live document) stores its own text, not the other's chunks", async () => {
    // Interleaving: window A shows the document in a live session, so another window's text is
    // not put in it (its session's text is the one shown). Window B saves an edit of the same
    // length; A adopted B's revision and, the lengths being equal, B's chunks as if they held
    // A's text. A's next save then rewrote only the chunk A touched and kept B's chunk: the
    // record held A's edit and B's, a text neither window showed.
    const original = longDocument();
    const textsA: Record<string, string | Text> = { [EDITOR_DOCUMENT_ID]: original };
    const a = makeHost(textsA);
    // Live here: the session's text stays; another window's version is not applied.
    a.host.adoptRemote = (doc) => void a.events.adopted.push(doc);
    const { syncA, syncB, textsB, loaded } = await storedByAThenLoadedByB(a.host, "live-here");
    syncB.start();
    // B changes a line deep in the document, keeping its length.
    const at = original.line(30_000).from;
    textsB[EDITOR_DOCUMENT_ID] = (loaded.content as Text).replace(at, at + 4, Text.of(["LINE"]));
    syncB.noteChange(EDITOR_DOCUMENT_ID, true);
    await syncB.whenStored();
    await vi.waitFor(() => expect(a.events.adopted).toHaveLength(1));
    await vi.waitFor(() => expect(syncA.revisionOf(EDITOR_DOCUMENT_ID)).toBe(2));

    // A types at its start (its live session's edit) and stores it.
    textsA[EDITOR_DOCUMENT_ID] = original.replace(0, 0, Text.of(["typed in A "]));
    syncA.noteChange(EDITOR_DOCUMENT_ID, true);
    await syncA.whenStored();

    const stored = (await editorDocumentStore.read(EDITOR_DOCUMENT_ID))?.content;
    expect(stored).toBe(textsA[EDITOR_DOCUMENT_ID].toString());
  });
});

describe("editor document collection", () => {
  it("migrates the draft of earlier versions once", async () => {
    const db = await openPlainpadDb();
    await db.put(
      IDB.stores.editorDraft,
      { schema: 1, content: "old draft", fileName: "a.txt", fileId: "f1", dirty: true, savedAt: 4 },
      "draft",
    );
    const result = await editorDocumentStore.loadAll();
    expect(result.documents).toEqual([
      expect.objectContaining({
        id: EDITOR_DOCUMENT_ID,
        content: "old draft",
        name: "a.txt",
        driveFileId: "f1",
        isModified: true,
      }),
    ]);
    expect(await db.get(IDB.stores.editorDraft, "draft")).toBeUndefined();
    expect((await editorDocumentStore.loadAll()).documents).toHaveLength(1);
  });

  it("keeps an unreadable draft aside instead of loading it as no draft", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const db = await openPlainpadDb();
    await db.put(IDB.stores.editorDraft, { content: 42 }, "draft");
    const result = await editorDocumentStore.loadAll(99);
    expect(result.documents).toEqual([]);
    expect(result.keptAside).toEqual(["unreadable/99/draft"]);
    expect(await db.get(IDB.stores.editorDraft, "unreadable/99/draft")).toEqual({ content: 42 });
  });
});
