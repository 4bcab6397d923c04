// @vitest-environment jsdom
import "fake-indexeddb/auto";
import type { EditorView } from "@codemirror/view";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEditorCompartments, DEFAULT_EDITOR_VIEW_OPTIONS } from "~/codemirror";
import { applyToDocument } from "~/document/apply-to-document";
import { viewDouble } from "~/document/document-test-support";
import { handleDocumentUpdate } from "~/document/edit-handler";
import type { NotepadSyncController } from "~/drive/sync/sync-types";
import { openPlainpadDb } from "~/storage/db";
import type { DocumentHistory } from "~/storage/document-history";
import type { DocumentSyncClient } from "~/storage/document-sync";
import { readKeepSafe } from "~/storage/keep-safe";
import { IDB } from "~/storage/keys";
import { NotepadBackups } from "./backup-operations";
import { NotepadDriveSync } from "./drive-sync";
import { openTabsStorage } from "./notepad-storage";
import { createNotepadStore } from "./notepad-store";
import { NotepadWindowSync } from "./tab-sync";
import { TabStates } from "./tab-states";
import { addTab, markModified } from "./tabs-model";

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
  const states = new TabStates(createEditorCompartments(), () => []);
  store.setState({ tabs: addTab(store.getState().tabs, 0, { id: "2", activate: false }).state });
  states.add("1", "shown text");
  states.add("2", "hidden text");
  const view = viewDouble(states.stateFor("1", DEFAULT_EDITOR_VIEW_OPTIONS), (update) => {
    // As the notepad's editor's update listener: the tab keeps its state, the edit handler runs.
    states.get("1")!.state = update.state;
    handleDocumentUpdate(update, {
      id: "1",
      feed: states.feed,
      history: () => null,
      name: () => "Untitled-1",
      edited: () => store.setState((s) => ({ tabs: markModified(s.tabs, "1", Date.now()) })),
    });
  });
  states.stateFor("2", DEFAULT_EDITOR_VIEW_OPTIONS);
  const host = {
    store,
    states,
    sync: null as unknown as DocumentSyncClient,
    history: { snapshotNow: async () => null },
    // The view double stands for the one EditorView: the apply path only dispatches to it.
    getView: () => view as unknown as EditorView,
    activeId: () => store.getState().tabs.activeId,
    tabName: (id: string) => store.getState().tabs.tabs.find((t) => t.id === id)?.name ?? "",
    publishFileStatus: () => undefined,
    addNotice: () => undefined,
    showActive: () => undefined,
    getContent: (id: string) => states.content(id),
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
  const copied = vi.spyOn(backups.folder, "noteChange");
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
  return { states, view, drive, told, whenStored, copiedIds };
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
    states.announce("2", { text: true, meta: true });
    expect(await whenStored()).toEqual(["2"]);
    expect(told).toEqual(["changed 2"]);
  });
});
