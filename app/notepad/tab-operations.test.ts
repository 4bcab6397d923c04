import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { createEditorCompartments } from "~/codemirror";
import { HistoryStore } from "~/storage/history-store";
import { FileReadTracker } from "~/ui/file-read-progress";
import { createNotepadStore } from "./notepad-store";
import { NotepadTabs, type TabOperationsHost } from "./tab-operations";
import { TabStates } from "./tab-states";
import { projectTabList } from "./tabs-model";

let databases = 0;
// The active tab is remembered in localStorage (a Node test has none): each write recorded.
const remembered: string[] = [];
vi.stubGlobal("window", {
  localStorage: { setItem: (_key: string, value: string) => void remembered.push(value) },
});

/** The tab operations on a notepad of two tabs, with real closed-tab storage (fake IndexedDB). */
function notepadWithTabs() {
  const store = createNotepadStore();
  const states = new TabStates(createEditorCompartments(), () => []);
  // The store's tab list follows the set, as the notepad's editor wires it.
  projectTabList(states, store);
  const history = new HistoryStore(`tab-operations-test-${++databases}`);
  const drive = { syncedText: vi.fn(() => null), driveTextKnown: vi.fn() };
  const host: TabOperationsHost = {
    store,
    states,
    sync: {
      track: () => undefined,
      forget: async () => undefined,
      saveOrder: () => undefined,
    },
    history: { store: history },
    fileReads: new FileReadTracker(),
    drive,
    ready: true,
    whenReady: async () => undefined,
    showActive: () => undefined,
    getContent: (id) => states.content(id),
    addNotice: (notice) => store.setState((s) => ({ notices: [...s.notices, notice] })),
  };
  const focusText = vi.fn();
  const tabs = new NotepadTabs(host, {
    confirm: () => true,
    focusText,
    backUpAll: () => undefined,
  });
  const other = tabs.newTab("Other", "")!;
  const notes = tabs.newTab("Notes", "one\ntwo")!;
  focusText.mockClear();
  return { store, states, tabs, drive, other, notes, focusText };
}

describe("the notepad's closed tabs and the Drive sync", () => {
  // Seed 797 of the randomized sync test: a tab closed while its Drive file was being made.
  it("a closed tab told its Drive file reopens on that file, with the file's text as the sync's base", async () => {
    const { store, states, tabs, drive, notes } = notepadWithTabs();
    expect(tabs.closeTab(notes)).toBe(true);
    // The create lands after the close: the engine tells the notepad (closedTabFileMade).
    await tabs.closedTabFileMade(notes, "file-1", "one\ntwo");
    await tabs.reopenClosed();
    const reopened = store.getState().tabs.tabs.find((t) => t.name === "Notes");
    expect(reopened?.id).toBe(notes);
    expect(states.get(notes)?.driveFileId).toBe("file-1");
    expect(states.content(notes)).toBe("one\ntwo");
    // Its first sync merges with what the file was made with, not a second file.
    expect(drive.driveTextKnown).toHaveBeenCalledWith(notes, "file-1", "one\ntwo");
  });

  it("a tab told its file after it was reopened leaves no closed tab behind (the sync binds the open tab)", async () => {
    const { store, tabs, notes } = notepadWithTabs();
    tabs.closeTab(notes);
    await tabs.reopenClosed();
    await tabs.closedTabFileMade(notes, "file-1", "one\ntwo");
    await tabs.reopenClosed();
    const notices = store.getState().notices.map((n) => n.message);
    expect(notices).toContain("There is no closed tab to reopen.");
    expect(store.getState().tabs.tabs.filter((t) => t.name === "Notes")).toHaveLength(1);
  });
});

describe("the active tab remembered for the next load", () => {
  it("is this window's choice: a tab another window's close made active here is not written", () => {
    const { states, tabs, other } = notepadWithTabs();
    remembered.length = 0;
    tabs.activate(other);
    expect(remembered).toEqual([other]);
    // Another window closed "Other" (active here): the first tab is shown, and not remembered,
    // so the window that closed it keeps its own choice for the next load.
    states.remove(other, "other-window");
    expect(states.activeId).not.toBe(other);
    expect(remembered).toEqual([other]);
  });
});

describe("files opened as tabs", () => {
  const picked = (name: string, text: string) => ({
    file: new File([text], name, { type: "text/plain" }),
    handle: null,
  });

  it("are shown, the text focused", async () => {
    const { states, tabs, focusText } = notepadWithTabs();
    const [id] = await tabs.openFiles([picked("list.txt", "milk\n")]);
    expect(states.content(id)).toBe("milk\n");
    expect(states.activeId).toBe(id);
    expect(focusText).toHaveBeenCalledTimes(1);
  });

  it("open behind the shown tab, the focus left alone, when no longer to be shown once read", async () => {
    const { store, states, tabs, notes, focusText } = notepadWithTabs();
    const [id] = await tabs.openFiles([picked("list.txt", "milk\n")], { show: () => false });
    expect(states.content(id)).toBe("milk\n");
    expect(store.getState().tabs.tabs.map((tab) => tab.name)).toContain("list.txt");
    expect(states.activeId).toBe(notes);
    expect(focusText).not.toHaveBeenCalled();
  });
});
