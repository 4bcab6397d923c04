import { describe, expect, it } from "vitest";
import { createEditorCompartments } from "~/codemirror/extensions";
import type { RemoteTabFile } from "~/drive/sync/sync-types";
import { openDriveCopy, openTabFromDrive, type SyncTabsHost } from "./drive-sync-tabs";
import { followForStorage } from "~/document/storage-follower";
import { createNotepadStore } from "./notepad-store";
import { TabStates } from "./tab-states";
import { projectTabList } from "./tabs-model";

/** A notepad whose first tab ("1", active) is in `format`, or has no state loaded yet. */
function notepad(activeFormat: "loaded" | "not loaded") {
  const store = createNotepadStore();
  const states = new TabStates(createEditorCompartments(), () => []);
  if (activeFormat === "loaded") {
    const file = {
      encoding: "utf-16le" as const,
      lineEnding: "lf" as const,
      disk: { handle: {} as FileSystemFileHandle, lastModified: 1, size: 4 },
      language: "markdown",
    };
    states.load([{ id: "1", content: "here", meta: { file } }]);
  }
  // The store's tab list follows the set, as the notepad's editor wires it.
  projectTabList(states, store);
  // Storage hears of the new tab from the tabs' change feed, as the controller wires it.
  const stored: string[] = [];
  followForStorage(states.feed, { noteChange: (id) => void stored.push(id) });
  const snapshots: string[] = [];
  const host: SyncTabsHost = {
    store,
    states,
    sync: {
      track: () => undefined,
      saveOrder: () => undefined,
    },
    history: {
      snapshotNow: async (_id, snapshot) => {
        snapshots.push(String(snapshot.text));
        return null;
      },
    },
    getView: () => null,
    activeId: () => states.activeId,
    tabName: () => "",
    publishFileStatus: () => undefined,
    addNotice: () => undefined,
  };
  return { host, store, states, stored, snapshots };
}

const windowsTab: RemoteTabFile = {
  driveFileId: "drive-1",
  name: "Caf\u00e9 notes",
  text: "Caf\u00e9\ncr\u00e8me",
  encoding: "windows-1252",
  lineEnding: "crlf",
};

describe("tabs the Drive sync opens", () => {
  it("a brought-in tab keeps its encoding and line ending when the active tab's format is not loaded", () => {
    const { host, store, states, stored } = notepad("not loaded");
    const added: string[] = [];
    const id = openTabFromDrive(host, windowsTab, (tabId) => added.push(tabId));
    const doc = states.get(id)!;
    expect(doc.file).toMatchObject({ encoding: "windows-1252", lineEnding: "crlf", disk: null });
    expect(doc.driveFileId).toBe("drive-1");
    expect(doc.content).toBe("Caf\u00e9\ncr\u00e8me");
    // Opened beside the others, not shown, and stored.
    expect(store.getState().tabs.tabs.map((t) => t.name)).toEqual([
      "Untitled-1",
      "Caf\u00e9 notes",
    ]);
    expect(store.getState().tabs.activeId).toBe("1");
    expect(added).toEqual([id]);
    expect(stored).toEqual([id]);
  });

  it("over the active tab's format, the brought-in encoding and line ending win, and no file on disk", () => {
    const { host, states } = notepad("loaded");
    const id = openTabFromDrive(host, windowsTab, () => undefined);
    expect(states.get(id)!.file).toEqual({
      encoding: "windows-1252",
      lineEnding: "crlf",
      disk: null,
      language: "markdown",
    });
  });

  it("a Drive copy opens right after its tab, in its format, with Drive's text in History", () => {
    const { host, store, states, snapshots } = notepad("loaded");
    states.add("", { id: "2", name: "Last", activate: false });
    const id = openDriveCopy(
      host,
      { id: "1", name: "Notes (Drive copy)", text: "theirs" },
      () => undefined,
    );
    expect(store.getState().tabs.tabs.map((t) => t.id)).toEqual(["1", id, "2"]);
    expect(states.get(id)!.file).toMatchObject({ encoding: "utf-16le", disk: null });
    expect(snapshots).toEqual(["theirs"]);
  });
});
