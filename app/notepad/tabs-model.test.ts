import { describe, expect, it } from "vitest";
import { createEditorCompartments, DEFAULT_EDITOR_VIEW_OPTIONS } from "~/codemirror";
import { type ViewDouble, viewDouble } from "~/document/document-test-support";
import { handleDocumentUpdate } from "~/document/edit-handler";
import { followForStorage } from "~/document/storage-follower";
import type { DocumentSyncClient } from "~/storage/document-sync";
import { createNotepadStore } from "./notepad-store";
import { NotepadWindowSync } from "./tab-sync";
import { TabStates } from "./tab-states";
import { projectTabList, tabLabel, type TabsState } from "./tabs-model";

/**
 * The notepad's tab list is a projection of its document set (issue 51): the store's `tabs`
 * is set only by following the set, so a rename, a save, another window's change or a close
 * reaches the tab bar through the set, and a keystroke does not re-render the list.
 */

/**
 * Tabs "1" (shown, in a view double whose listener runs the edit handler) and "2", the store
 * following the set, storage following the feed (each note: id and whether it was at once),
 * and every tab list the store was given.
 */
function notepad() {
  const store = createNotepadStore();
  let view: ViewDouble | null = null;
  // The set's meta changes of the shown tab go through its view, as the notepad's do.
  const states = new TabStates(
    createEditorCompartments(),
    () => [],
    () => (view ? { id: "1", view } : null),
  );
  states.load([
    { id: "1", content: "first", meta: { name: "Notes" } },
    { id: "2", content: "second", meta: { name: "Plans", isModified: true } },
  ]);
  projectTabList(states, store);
  const lists: TabsState[] = [];
  store.subscribe((state, previous) => {
    if (state.tabs !== previous.tabs) lists.push(state.tabs);
  });
  const notes: [string, boolean][] = [];
  followForStorage(states.feed, { noteChange: (id, now = false) => notes.push([id, now]) });
  const shown = viewDouble(states.stateFor("1", DEFAULT_EDITOR_VIEW_OPTIONS), (update) => {
    states.get("1")!.state = update.state;
    handleDocumentUpdate(update, { id: "1", feed: states.feed });
  });
  view = shown;
  const type = (text: string) =>
    shown.dispatch({ changes: { from: shown.state.doc.length, insert: text } });
  const listed = (id: string) => store.getState().tabs.tabs.find((tab) => tab.id === id);
  return { store, states, lists, notes, type, listed };
}

describe("the store's tab list follows the document set", () => {
  it("shows the loaded tabs, in order, with the active one", () => {
    const { store } = notepad();
    expect(store.getState().tabs.tabs.map(tabLabel)).toEqual(["Notes", "Plans*"]);
    expect(store.getState().tabs.activeId).toBe("1");
  });

  it("a rename reaches the list through the set, unsaved, and is stored at once", () => {
    const { states, lists, notes, listed } = notepad();
    states.rename("1", "  Groceries  ");
    expect(listed("1")).toMatchObject({ name: "Groceries", isModified: true });
    expect(lists).toHaveLength(1);
    expect(notes).toEqual([["1", true]]);
  });

  it("a save clears the unsaved mark in the list, and is stored at once", () => {
    const { states, notes, listed } = notepad();
    states.markSaved("2");
    expect(listed("2")?.isModified).toBe(false);
    expect(notes).toEqual([["2", true]]);
  });

  it("another window's rename reaches the list and is not stored again here", () => {
    const { store, states, notes, listed } = notepad();
    const windows = new NotepadWindowSync({
      store,
      states,
      sync: null as unknown as DocumentSyncClient,
      history: { snapshotNow: async () => null },
      getView: () => null,
      activeId: () => states.activeId,
      tabName: (id) => states.meta(id)?.name ?? "",
      publishFileStatus: () => undefined,
      addNotice: () => undefined,
    });
    const doc = states.get("2")!;
    windows.adoptRemote(
      {
        id: "2",
        name: "Plans (renamed there)",
        content: "second",
        lastModified: 7,
        isModified: false,
        driveFileId: null,
        file: doc.file,
        revision: 3,
      },
      true,
    );
    expect(listed("2")).toMatchObject({ name: "Plans (renamed there)", isModified: false });
    expect(notes).toEqual([]);
  });

  it("a close reaches the list, and the first tab left becomes active", () => {
    const { store, states, lists } = notepad();
    states.activate("2");
    states.close("2");
    expect(store.getState().tabs.tabs.map((tab) => tab.id)).toEqual(["1"]);
    expect(store.getState().tabs.activeId).toBe("1");
    // Activated, then closed: each one new list.
    expect(lists).toHaveLength(2);
  });

  it("a keystroke does not change the list: only the first edit after a save marks it unsaved", () => {
    const { lists, type, listed } = notepad();
    type(" a");
    expect(listed("1")?.isModified).toBe(true);
    expect(lists).toHaveLength(1);
    type("b");
    type("c");
    expect(lists).toHaveLength(1);
  });
});

describe("the first edit after a save (its unsaved mark is stored with its text)", () => {
  it("is stored after the debounce, like any keystroke; a save at once", () => {
    const { states, notes, type } = notepad();
    type(" a");
    type("b");
    expect(notes).toEqual([
      ["1", false],
      ["1", false],
    ]);
    notes.splice(0);
    states.markSaved("1");
    type("c");
    type("d");
    expect(notes).toEqual([
      ["1", true],
      ["1", false],
      ["1", false],
    ]);
  });

  it("marks a hidden tab unsaved in the same transaction as its edit, not another window's text", () => {
    const { states, lists, listed } = notepad();
    states.markSaved("2");
    states.stateFor("2", DEFAULT_EDITOR_VIEW_OPTIONS);
    lists.splice(0);
    states.replaceContent("2", "from the other window", null);
    expect(listed("2")?.isModified).toBe(false);
    expect(lists).toHaveLength(0);
    states.replaceContent("2", "from a live session", null, undefined, "live");
    expect(listed("2")?.isModified).toBe(true);
    expect(lists).toHaveLength(1);
  });
});
