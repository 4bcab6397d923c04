// @vitest-environment jsdom
import "fake-indexeddb/auto";
import type { EditorView } from "@codemirror/view";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEditorCompartments } from "~/codemirror";
import { applyToDocument } from "~/document/apply-to-document";
import { viewDouble } from "~/document/document-test-support";
import { handleDocumentUpdate } from "~/document/edit-handler";
import type { VersionKeeper } from "~/document/history-snapshots";
import type { NotepadSyncController } from "~/drive/sync/sync-types";
import { openPlainpadDb } from "~/storage/db";
import type { DocumentHistory } from "~/storage/document-history";
import type { DocumentSyncClient } from "~/storage/document-sync";
import { readKeepSafe } from "~/storage/keep-safe";
import { IDB } from "~/storage/keys";
import { AllTabsSearch } from "./all-tabs-search";
import { NotepadBackups } from "./backup-operations";
import { NotepadDriveSync } from "./drive-sync";
import { NotepadEditor } from "./notepad-editor";
import { openTabsStorage } from "./notepad-storage";
import { createNotepadStore } from "./notepad-store";
import { NotepadWindowSync } from "./tab-sync";

/**
 * Folder copies and Drive sync as followers (issue 51): the notepad's parts wired as the
 * controller wires them, over the real storage (IndexedDB in memory), with the shown tab in a
 * view double whose update listener runs the one edit handler. Nothing tells the followers of
 * a change by hand: they hear the tabs' change feed and what storage stored.
 */

/** What the Drive sync engine was told, in order. */
function engineDouble(told: string[]): NotepadSyncController {
  const status = {} as ReturnType<NotepadSyncController["getStatus"]>;
  const engine: Partial<NotepadSyncController> = {
    start: async () => undefined,
    stop: () => undefined,
    getStatus: () => status,
    subscribe: () => () => undefined,
    isTabIncluded: () => false,
    tabChanged: (id) => void told.push(`changed ${id}`),
    tabOpened: (id) => void told.push(`opened ${id}`),
    tabRenamed: (id) => void told.push(`renamed ${id}`),
    tabClosed: (id) => void told.push(`closed ${id}`),
  };
  return engine as NotepadSyncController;
}

const parts: { dispose(): void }[] = [];

/** A notepad with a shown tab "1" and a hidden tab "2" (its state built), storage started. */
async function notepad() {
  const store = createNotepadStore();
  const tabName = (id: string) => store.getState().tabs.tabs.find((t) => t.id === id)?.name ?? "";
  /** What History kept: "edit <id>" for the editing rule, "<reason> <id>: <text before>". */
  const versions: string[] = [];
  const history: VersionKeeper = {
    noteEdit: (id) => void versions.push(`edit ${id}`),
    snapshotNow: async (id, { text }, reason) => {
      versions.push(`${reason} ${id}: ${String(text)}`);
      return null;
    },
  };
  // The notepad's one editor as the controller makes it (its History follows the tabs' feed),
  // not mounted: a view double shows tab "1", its update listener the one edit handler.
  const editor = new NotepadEditor(store, createEditorCompartments(), {
    commandKeys: () => null,
    history: () => history,
    tabName,
    applyLanguage: () => undefined,
    openFiles: () => undefined,
    save: async () => true,
    closeTab: () => undefined,
    focusText: () => undefined,
    ready: () => true,
  });
  const { states } = editor;
  states.load([
    { id: "1", content: "shown text", meta: { name: "Untitled-1" } },
    { id: "2", content: "hidden text", meta: { name: "Untitled-2" } },
  ]);
  const view = viewDouble(editor.stateFor("1"), (update) => {
    states.get("1")!.state = update.state;
    handleDocumentUpdate(update, {
      id: "1",
      feed: states.feed,
      // The unsaved mark rides in the edit's own transaction (markModifiedOnEdit).
      editedHere: () => undefined,
    });
  });
  editor.stateFor("2");
  const host = {
    store,
    states,
    sync: null as unknown as DocumentSyncClient,
    history,
    // The view double stands for the one EditorView: the apply path only dispatches to it.
    getView: () => view as unknown as EditorView,
    activeId: () => states.activeId,
    tabName,
    publishFileStatus: () => undefined,
    addNotice: () => undefined,
    showActive: () => undefined,
    getContent: (id: string) => states.content(id),
    stateFor: (id: string) => editor.stateFor(id),
    // The folder chosen on an earlier visit is not restored here.
    whenReady: () => new Promise<void>(() => undefined),
  };
  const windows = new NotepadWindowSync(host);
  const storage = openTabsStorage({ store, states, windows, backups: { backUpAll: vi.fn() } });
  host.sync = storage.sync;
  const withStored = { ...host, stored: storage.stored };
  // Backups read History only to make or restore a backup, which these tests do not.
  const backupsHost = { ...withStored, history: host.history as unknown as DocumentHistory };
  const backups = new NotepadBackups(backupsHost, { newTab: () => null, updateSettings: vi.fn() });
  const copied = vi.spyOn(backups.folder, "noteStored");
  const told: string[] = [];
  const drive = new NotepadDriveSync(withStored, {
    rename: vi.fn(),
    closedTabFileMade: vi.fn(),
    createEngine: () => engineDouble(told),
  });
  await storage.sync.load();
  storage.sync.track("1");
  storage.sync.track("2");
  storage.sync.start();
  await drive.start();
  parts.push(backups, storage.sync, { dispose: () => drive.stop() });
  /** Writes what is pending, and the ids storage stored since the last call. */
  const stored: string[] = [];
  storage.stored.subscribe((id) => stored.push(id));
  const whenStored = async () => {
    await storage.sync.whenStored();
    return stored.splice(0);
  };
  const copiedIds = () => copied.mock.calls.splice(0).map(([id]) => id);
  return { host, states, view, drive, windows, told, versions, whenStored, copiedIds };
}

beforeEach(async () => {
  const db = await openPlainpadDb();
  await db.clear(IDB.stores.notepadTabs);
  localStorage.clear();
});
afterEach(() => {
  for (const part of parts.splice(0)) part.dispose();
});

describe("folder copies and Drive sync follow the change feed and storage", () => {
  it("a typed edit in the shown tab reaches Drive at once, and the folder copy once stored", async () => {
    const { view, told, whenStored, copiedIds } = await notepad();
    view.dispatch({ changes: { from: 0, insert: "typed: " } });
    // Drive sync heard the keystroke from the feed, before any write.
    expect(told).toEqual(["changed 1"]);
    expect(copiedIds()).toEqual([]);
    expect(await whenStored()).toEqual(["1"]);
    // The stored tab is copied to the folder and counted for the backup reminder; Drive is
    // not queued again for the text it was told of already.
    expect(copiedIds()).toEqual(["1"]);
    expect(readKeepSafe("notepad").firstStoredAt).toBeGreaterThan(0);
    expect(told).toEqual(["changed 1"]);
  });

  it("an edit of a hidden tab is heard the same way", async () => {
    const { states, told, whenStored, copiedIds } = await notepad();
    applyToDocument(states.target("2", null)!, { changes: { from: 0, insert: "more " } }, "user");
    expect(states.content("2")).toBe("more hidden text");
    expect(told).toEqual(["changed 2"]);
    expect(await whenStored()).toEqual(["2"]);
    expect(copiedIds()).toEqual(["2"]);
    expect(told).toEqual(["changed 2"]);
  });

  it("Drive's own merge is copied to the folder but never sent back to Drive", async () => {
    const { states, view, drive, told, whenStored, copiedIds } = await notepad();
    // The shown tab (its view's listener publishes it) and the hidden one.
    drive.applyMergedText("1", "from Drive shown text");
    drive.applyMergedText("2", "from Drive hidden text");
    expect(view.state.doc.toString()).toBe("from Drive shown text");
    expect(states.content("2")).toBe("from Drive hidden text");
    expect(told).toEqual([]);
    expect((await whenStored()).sort()).toEqual(["1", "2"]);
    expect(copiedIds().sort()).toEqual(["1", "2"]);
    // Stored as merged: Drive already has this text, so nothing is queued.
    expect(told).toEqual([]);
  });

  it("another window's text is neither stored again nor sent to Drive nor copied here", async () => {
    const { states, view, told, whenStored, copiedIds } = await notepad();
    states.replaceContent("1", "the other window's text", view);
    states.replaceContent("2", "the other window's text", null);
    expect(states.content("2")).toBe("the other window's text");
    expect(await whenStored()).toEqual([]);
    expect(copiedIds()).toEqual([]);
    expect(told).toEqual([]);
  });

  it("a stored text Drive was not told of (a rename's record, a file read in) is queued", async () => {
    const { states, told, whenStored } = await notepad();
    // A file's text read in the background: stored by its reader, not an edit.
    states.replaceContent("2", "read from disk", null, undefined, "open");
    states.feed.announce("2", { text: true, meta: true });
    expect(await whenStored()).toEqual(["2"]);
    expect(told).toEqual(["changed 2"]);
  });
});

describe("History follows the tabs' change feed", () => {
  it("keeps a typed edit, and the text before Drive's merge once per tab, shown, hidden or not built", async () => {
    const { states, view, drive, versions } = await notepad();
    view.dispatch({ changes: { from: 0, insert: "typed: " } });
    expect(versions).toEqual(["edit 1"]);
    // A tab whose state is not built yet takes the merge without a transaction.
    states.add("not built", { id: "3", activate: false });
    versions.splice(0);
    drive.applyMergedText("1", "from Drive typed: shown text");
    drive.applyMergedText("2", "from Drive hidden text");
    drive.applyMergedText("3", "from Drive not built");
    expect(versions).toEqual([
      "drive-sync 1: typed: shown text",
      "drive-sync 2: hidden text",
      "drive-sync 3: not built",
    ]);
  });

  it("keeps another window's version and a Replace All of a hidden tab once each", async () => {
    const { host, states, windows, versions } = await notepad();
    const remote = {
      id: "2",
      name: "Untitled-2",
      content: "the other window's text",
      lastModified: 5,
      isModified: true,
      driveFileId: null,
      file: states.get("2")!.file,
      revision: 2,
    };
    windows.adoptRemote(remote, true);
    expect(states.content("2")).toBe("the other window's text");
    expect(versions).toEqual(["other-window 2: hidden text"]);
    versions.splice(0);
    const search = new AllTabsSearch(host, {
      activate: () => undefined,
      replaceAllShown: () => ({ count: 0 }),
    });
    expect(await search.replaceAll("other", "same")).toBe("Replaced 1 occurrence in 1 tab.");
    expect(states.content("2")).toBe("the same window's text");
    expect(versions).toEqual(["replace-all 2: the other window's text"]);
  });

  it("hears a hidden tab's live text by the editing rule, and no meta or selection change", async () => {
    const { states, view, versions } = await notepad();
    states.changeMeta("2", { driveFileId: "drive-2" });
    view.dispatch({ selection: { anchor: 2 } });
    expect(versions).toEqual([]);
    applyToDocument(states.target("2", null)!, { changes: { from: 0, insert: "live " } }, "live");
    expect(versions).toEqual(["edit 2"]);
  });
});
