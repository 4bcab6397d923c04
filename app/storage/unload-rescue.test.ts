// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openPlainpadDb } from "./db";
import type { DocumentLoadResult, LoadedDocument } from "./document-records";
import { type DocumentSnapshot, DocumentSyncClient, type DocumentSyncHost } from "./document-sync";
import { EDITOR_DOCUMENT_ID, editorDocumentStore } from "./editor-document";
import { IDB } from "./keys";
import {
  applyRescue,
  clearRescue,
  type PendingDocument,
  RESCUE_MAX_CHARS,
  type RescueEntry,
  rescueEntries,
  rescueIsNewer,
  rescueKey,
  takeRescue,
  writeRescue,
} from "./unload-rescue";

const snapshot = (text: string): DocumentSnapshot => ({
  text,
  name: "notes.txt",
  lastModified: 7,
  isModified: true,
  driveFileId: null,
  file: { encoding: "utf-16le", lineEnding: "crlf", disk: null },
});
const pending = (id: string, text: string, baseRevision = 3): PendingDocument => ({
  id,
  baseRevision,
  olderWriteRunning: false,
  snapshot: snapshot(text),
});
const loaded = (id: string, content: string, revision: number): LoadedDocument => ({
  id,
  name: "stored.txt",
  content,
  lastModified: 1,
  isModified: false,
  driveFileId: "drive",
  file: { encoding: "windows-1252", lineEnding: "lf", disk: null },
  revision,
  storedChunks: [],
});
const loadResult = (...documents: LoadedDocument[]): DocumentLoadResult => ({
  documents,
  keptAside: [],
  migratedLegacy: false,
});

beforeEach(() => localStorage.clear());

describe("unload rescue: what is copied and what is taken back", () => {
  it("copies the smallest documents first, within the budget", () => {
    const big = "x".repeat(RESCUE_MAX_CHARS - 3);
    const entries = rescueEntries([pending("big", big), pending("a", "12345"), pending("b", "1")]);
    expect(entries.map((entry) => entry.id)).toEqual(["b", "a"]);
    expect(entries[1]).toMatchObject({ text: "12345", encoding: "utf-16le", lineEnding: "crlf" });
    expect(rescueEntries([pending("huge", "x".repeat(RESCUE_MAX_CHARS + 1))])).toEqual([]);
  });

  it("is newer only while the stored record is the one it was based on", () => {
    const entry = rescueEntries([pending("a", "text", 3)])[0];
    expect(rescueIsNewer(entry, 3)).toBe(true);
    expect(rescueIsNewer(entry, 4)).toBe(false);
    expect(rescueIsNewer({ ...entry, olderWriteRunning: true }, 4)).toBe(true);
    expect(rescueIsNewer({ ...entry, olderWriteRunning: true }, 5)).toBe(false);
  });

  it("replaces stored text it is newer than, adds never-stored documents, drops the rest", () => {
    const entries: RescueEntry[] = rescueEntries([
      pending("kept", "typed before the reload", 2),
      pending("stale", "older than the store", 2),
      pending("new", "a tab never stored", 0),
      pending("gone", "stored once, deleted since", 5),
    ]);
    const { result, rescued } = applyRescue(
      loadResult(loaded("kept", "stored", 2), loaded("stale", "stored later", 3)),
      entries,
    );
    expect(rescued.sort()).toEqual(["kept", "new"]);
    const byId = new Map(result.documents.map((doc) => [doc.id, doc]));
    expect(byId.get("kept")).toMatchObject({
      content: "typed before the reload",
      name: "notes.txt",
      isModified: true,
      storedChunks: null,
      driveFileId: "drive",
      file: { encoding: "windows-1252" },
      revision: 2,
    });
    expect(byId.get("stale")?.content).toBe("stored later");
    expect(byId.get("new")).toMatchObject({
      content: "a tab never stored",
      revision: 0,
      file: { encoding: "utf-16le", lineEnding: "crlf", disk: null },
    });
    expect(byId.has("gone")).toBe(false);
  });

  it("takes every window's copy of a collection, the later base winning, and keeps it", () => {
    writeRescue(rescueKey("notepad", "w1"), [pending("a", "from window 1", 2)]);
    writeRescue(rescueKey("notepad", "w2"), [pending("a", "from window 2", 4)]);
    writeRescue(rescueKey("editor", "w3"), [pending("e", "another collection")]);
    localStorage.setItem(rescueKey("notepad", "w4"), "{not json");
    const taken = takeRescue("notepad");
    expect(taken.entries.map((entry) => entry.text)).toEqual(["from window 2"]);
    expect(taken.keys.sort()).toEqual([rescueKey("notepad", "w1"), rescueKey("notepad", "w2")]);
    // Only the unreadable copy is gone: the others wait until their text is stored again.
    expect(localStorage.getItem(rescueKey("notepad", "w4"))).toBeNull();
    expect(takeRescue("notepad").entries.map((entry) => entry.text)).toEqual(["from window 2"]);
    for (const key of taken.keys) clearRescue(key);
    expect(takeRescue("notepad")).toEqual({ entries: [], keys: [] });
    expect(takeRescue("editor").entries.map((entry) => entry.text)).toEqual(["another collection"]);
  });

  it("removes a window's copy when nothing is pending", () => {
    const key = rescueKey("notepad", "w1");
    writeRescue(key, [pending("a", "text")]);
    writeRescue(key, []);
    expect(localStorage.getItem(key)).toBeNull();
  });
});

describe("unload rescue in the document sync client", () => {
  const host = (texts: Record<string, string>): DocumentSyncHost => ({
    snapshot: (id) => (id in texts ? snapshot(texts[id]) : null),
    adoptRemote: () => undefined,
    remoteDeleted: () => undefined,
    remoteOrder: () => undefined,
    conflict: () => undefined,
    storageStatus: () => undefined,
  });
  const options = { channelName: "rescue-test", delay: 10_000, maxWait: null };
  const clients: DocumentSyncClient[] = [];
  beforeEach(async () => {
    const db = await openPlainpadDb();
    await db.clear(IDB.stores.editorDraft);
  });
  afterEach(() => {
    for (const made of clients.splice(0)) made.dispose();
    vi.restoreAllMocks();
  });

  /** A window (its own sync client, loaded) showing `texts`. */
  async function openWindow(texts: Record<string, string>, windowOptions = options) {
    const client = new DocumentSyncClient(editorDocumentStore, host(texts), windowOptions);
    clients.push(client);
    return { client, loaded: await client.load() };
  }

  /**
   * A window that typed `text`; the page goes away before the write lands (the engine stops the
   * IndexedDB write the page starts as it goes away: `save` stays mocked until the test restores it).
   */
  async function typedThenUnloadStoppedTheWrite(text: string) {
    const { client } = await openWindow({ [EDITOR_DOCUMENT_ID]: text });
    client.start();
    client.track(EDITOR_DOCUMENT_ID);
    client.noteChange(EDITOR_DOCUMENT_ID);
    vi.spyOn(editorDocumentStore, "save").mockReturnValue(new Promise(() => undefined));
    window.dispatchEvent(new Event("pagehide"));
  }

  it("an edit whose write the unload stopped is back after the reload, and then stored", async () => {
    await typedThenUnloadStoppedTheWrite("typed just before the reload");
    vi.restoreAllMocks();

    const shown: Record<string, string> = {};
    const { client: second, loaded: result } = await openWindow(shown);
    expect(result.documents.map((doc) => doc.content.toString())).toEqual([
      "typed just before the reload",
    ]);
    // The editor shows what was loaded.
    for (const doc of result.documents) shown[doc.id] = doc.content.toString();
    expect(second.hasUnstored(EDITOR_DOCUMENT_ID)).toBe(true);
    second.start();
    await second.whenStored();
    const { loaded: stored } = await openWindow({});
    expect(stored.documents.map((doc) => doc.content.toString())).toEqual([
      "typed just before the reload",
    ]);
  });

  it("the copy taken back stays until its text is stored again, then is cleared", async () => {
    await typedThenUnloadStoppedTheWrite("typed just before the crash");

    // The next page loads the copy, but its write never lands (the page crashes first).
    const shown: Record<string, string> = {};
    const { client: second, loaded } = await openWindow(shown);
    for (const doc of loaded.documents) shown[doc.id] = doc.content.toString();
    second.start();
    second.flushAll();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(second.hasUnstored(EDITOR_DOCUMENT_ID)).toBe(true);
    expect(takeRescue("rescue-test").entries.map((entry) => entry.text)).toEqual([
      "typed just before the crash",
    ]);
    vi.restoreAllMocks();

    // The page after that still finds the edits; once they are stored, the copy is gone.
    const recovered: Record<string, string> = {};
    const { client: third, loaded: result } = await openWindow(recovered);
    expect(result.documents.map((doc) => doc.content.toString())).toEqual([
      "typed just before the crash",
    ]);
    for (const doc of result.documents) recovered[doc.id] = doc.content.toString();
    third.start();
    await third.whenStored();
    expect(takeRescue("rescue-test")).toEqual({ entries: [], keys: [] });
  });

  it("a copy older than what was stored is dropped", async () => {
    const texts = { [EDITOR_DOCUMENT_ID]: "the stored text" };
    const { client: first } = await openWindow(texts, { ...options, delay: 1 });
    first.start();
    first.track(EDITOR_DOCUMENT_ID);
    first.noteChange(EDITOR_DOCUMENT_ID);
    // Hidden (another tab) with the edit pending: copied, then the write lands.
    window.dispatchEvent(new Event("pagehide"));
    await first.whenStored();

    const { client: second, loaded: result } = await openWindow({});
    expect(result.documents.map((doc) => doc.content.toString())).toEqual(["the stored text"]);
    expect(second.hasUnstored(EDITOR_DOCUMENT_ID)).toBe(false);
  });
});
