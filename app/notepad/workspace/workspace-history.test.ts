import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { DocumentHistory } from "~/storage/document-history";
import { listVersionsOf } from "~/storage/history-of-many";
import { HistoryStore } from "~/storage/history-store";
import { MemoryFolder } from "~/workspace/workspace-folder";
import { folderFileHistoryId, historyIdsOfTab, moveFolderFileHistory } from "./workspace-history";
import { type KeptFolder, type KeptFolders, WorkspaceRecall } from "./workspace-recall";
import { WorkspaceSearch } from "./workspace-search";
import { WorkspaceSession, type WorkspaceTabs } from "./workspace-session";

const bytes = (text: string) => new TextEncoder().encode(text);
let databases = 0;

/** Kept folders in memory: each handle object is one folder (two may share a name). */
class MemoryKeptFolders implements KeptFolders {
  folders: KeptFolder[] = [];
  async list() {
    return [...this.folders];
  }
  async remember(handle: FileSystemDirectoryHandle) {
    let folder = this.folders.find((f) => f.handle === (handle as unknown));
    if (!folder) {
      const id = `kept-${this.folders.length}`;
      folder = { id, name: handle.name, handle: handle as never, openPaths: [] };
      this.folders.unshift(folder);
    }
    return folder;
  }
  async setOpenPaths() {}
  async forget() {}
}

/**
 * The notepad with a real History (fake IndexedDB), its workspace, the recall of kept folders
 * and Replace in files. `pick` says which folder the next Open folder… picks, and whether it
 * has a handle to keep (a directory input has none).
 */
function notepad(clock: { now: number }) {
  const tabs: { id: string; isModified: boolean; text: string }[] = [];
  const history = new DocumentHistory(
    new HistoryStore(`workspace-history-test-${++databases}`),
    "notepad",
    { historyFull: () => {} },
    undefined,
    () => clock.now,
  );
  const workspaceTabs: WorkspaceTabs = {
    diskTabs: () => [],
    activeTab: () => ({ id: tabs.at(-1)?.id ?? "none", handle: null }),
    hasTab: (id) => tabs.some((tab) => tab.id === id),
    openPicked: async (picked) => {
      const id = `tab-${tabs.length + 1}`;
      tabs.push({ id, isModified: false, text: await picked.file.text() });
      return id;
    },
    activate: () => {},
    placeCursor: () => {},
    addNotice: () => {},
  };
  let pick: { folder: MemoryFolder; keep: boolean } | null = null;
  const workspace = new WorkspaceSession(workspaceTabs, async () =>
    pick
      ? {
          folder: pick.folder,
          handle: pick.keep
            ? ({ name: pick.folder.name } as unknown as FileSystemDirectoryHandle)
            : null,
        }
      : null,
  );
  const kept = new MemoryKeptFolders();
  const recall = new WorkspaceRecall(
    workspace,
    kept,
    {
      addNotice: () => {},
      dismissNotice: () => {},
      activeId: () => "none",
      activate: () => {},
      onTabsChanged: () => () => {},
    },
    () => pick!.folder,
  );
  const search = new WorkspaceSearch({
    workspace,
    recall,
    store: { getState: () => ({ tabs: { tabs } }) },
    states: { get: () => ({ file: { encoding: "utf-8" } }) },
    history,
    saves: { reopen: async () => {} },
  });
  return {
    history,
    workspace,
    recall,
    kept,
    async open(folder: MemoryFolder, keep = true) {
      pick = { folder, keep };
      await workspace.openFolder();
      // The recall keeps the picked folder (IndexedDB in the page) after the pick.
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    async replace(query: string, replacement: string) {
      const session = search.session()!;
      session.setForm({ query, replacement });
      await session.search();
      session.review();
      await session.replace();
      await history.whenWritten();
    },
    /** What the History dialog lists for tab `id`: reason and text, newest first. */
    async versionsOf(id: string) {
      const ids = historyIdsOfTab(workspace, recall, id);
      const versions = await listVersionsOf(history, ids);
      return Promise.all(
        versions.map(async (v) => ({ reason: v.reason, text: await history.read(v.id) })),
      );
    },
  };
}

describe("History of the files Replace in files changed while not open", () => {
  it("a tab opened later on the file lists the version from before the replace, merged by time with its own", async () => {
    const clock = { now: 1_000_000 };
    const pad = notepad(clock);
    const folder = new MemoryFolder("notes", { "todo.txt": bytes("red car\n") });
    await pad.open(folder);
    expect(pad.recall.keptFolderId()).toBe("kept-0");

    await pad.replace("red", "blue");
    expect(new TextDecoder().decode((await folder.read("todo.txt")).bytes)).toBe("blue car\n");

    clock.now += 60_000;
    const tab = (await pad.workspace.openFile("todo.txt"))!;
    // The tab's own History: a version kept later (an edit in the tab).
    await pad.history.snapshotNow(tab, { text: "blue car, edited\n", name: "todo.txt" }, "editing");
    expect(await pad.versionsOf(tab)).toEqual([
      { reason: "editing", text: "blue car, edited\n" },
      { reason: "replace-in-files", text: "red car\n" },
    ]);
    // A tab not opened from the folder lists only its own.
    expect(historyIdsOfTab(pad.workspace, pad.recall, "tab-elsewhere")).toEqual(["tab-elsewhere"]);
  });

  it("two folders with the same name keep their files' versions apart", async () => {
    const pad = notepad({ now: 2_000_000 });
    const first = new MemoryFolder("notes", { "a.txt": bytes("first red\n") });
    const second = new MemoryFolder("notes", { "a.txt": bytes("second red\n") });
    await pad.open(first);
    await pad.replace("red", "blue");
    await pad.open(second);
    expect(pad.recall.keptFolderId()).toBe("kept-1");
    await pad.replace("red", "green");

    const tab = (await pad.workspace.openFile("a.txt"))!;
    expect(await pad.versionsOf(tab)).toEqual([
      { reason: "replace-in-files", text: "second red\n" },
    ]);
  });

  it("a folder that cannot be kept (a directory input) keys its files by the folder's name", async () => {
    const pad = notepad({ now: 3_000_000 });
    const folder = new MemoryFolder("notes", { "a.txt": bytes("red\n") });
    // Picked without a handle to keep (the memory folder stays writable for the replace).
    await pad.open(folder, false);
    expect(pad.recall.keptFolderId()).toBeNull();
    await pad.replace("red", "blue");
    expect(await pad.history.list(folderFileHistoryId(folder, "a.txt", null))).toHaveLength(1);
    const tab = (await pad.workspace.openFile("a.txt"))!;
    expect(await pad.versionsOf(tab)).toEqual([{ reason: "replace-in-files", text: "red\n" }]);
  });

  it("after a rename or a move, a tab opened on the file still lists its versions from before", async () => {
    const pad = notepad({ now: 4_000_000 });
    const folder = new MemoryFolder("notes", {
      "todo.txt": bytes("red car\n"),
      "d/inner.txt": bytes("red bus\n"),
      "other.txt": bytes("red kite\n"),
    });
    await pad.open(folder);
    await pad.replace("red", "blue");
    const keptId = pad.recall.keptFolderId();

    const renamed = await folder.rename("todo.txt", "done.txt");
    await moveFolderFileHistory(pad.history, folder, keptId, "todo.txt", renamed);
    await folder.createFolder("box");
    const boxed = await folder.move("d", "box");
    await moveFolderFileHistory(pad.history, folder, keptId, "d", boxed);

    const renamedTab = (await pad.workspace.openFile("done.txt"))!;
    expect(await pad.versionsOf(renamedTab)).toEqual([
      { reason: "replace-in-files", text: "red car\n" },
    ]);
    const movedTab = (await pad.workspace.openFile("box/d/inner.txt"))!;
    expect(await pad.versionsOf(movedTab)).toEqual([
      { reason: "replace-in-files", text: "red bus\n" },
    ]);
    // A file the move did not touch keeps its own, and the old paths keep none.
    expect(await pad.history.list(folderFileHistoryId(folder, "other.txt", keptId))).toHaveLength(
      1,
    );
    expect(await pad.history.list(folderFileHistoryId(folder, "todo.txt", keptId))).toEqual([]);
  });
});
