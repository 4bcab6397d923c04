import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryFolder } from "~/workspace/workspace-folder";
import type { PickedFile } from "~/storage/disk-files";
import type { Notice } from "../notepad-store";
import {
  folderGoneMessage,
  type KeptFolder,
  type KeptFolders,
  permissionRefusedMessage,
  WorkspaceRecall,
} from "./workspace-recall";
import { WorkspaceSession, type WorkspaceTabs } from "./workspace-session";

const bytes = (text: string) => new TextEncoder().encode(text);

/** A kept folder's handle: its permission answer is the test's to set. */
function handle(name: string, answer: PermissionState) {
  return {
    name,
    asked: 0,
    queryPermission: async () => "prompt" as PermissionState,
    async requestPermission() {
      this.asked += 1;
      return answer;
    },
  };
}

class MemoryKeptFolders implements KeptFolders {
  folders: KeptFolder[] = [];
  async list() {
    return this.folders.map((folder) => ({ ...folder }));
  }
  async remember(h: FileSystemDirectoryHandle) {
    let folder = this.folders.find((f) => f.handle === (h as unknown));
    if (!folder) {
      folder = { id: `f${this.folders.length}`, name: h.name, handle: h as never, openPaths: [] };
      this.folders.unshift(folder);
    }
    return { ...folder };
  }
  async setOpenPaths(id: string, paths: string[]) {
    const folder = this.folders.find((f) => f.id === id);
    if (folder) folder.openPaths = paths;
  }
  async forget(id: string) {
    this.folders = this.folders.filter((f) => f.id !== id);
  }
}

/** Tabs as a list; `closeTab` closes one as the person would. */
function fakeTabs() {
  const ids: string[] = [];
  const listeners = new Set<() => void>();
  const notices: Notice[] = [];
  let active = "start";
  const tabs: WorkspaceTabs = {
    diskTabs: () => [],
    hasTab: (id) => ids.includes(id),
    activeTab: () => ({ id: active, handle: null }),
    openPicked: async (picked: PickedFile) => {
      const id = `tab-${picked.file.name}`;
      ids.push(id);
      active = id;
      for (const listener of listeners) listener();
      return id;
    },
    activate: (id) => {
      active = id;
    },
    placeCursor: () => {},
    addNotice: (notice) => notices.push(notice),
  };
  const closeTab = (id: string) => {
    ids.splice(ids.indexOf(id), 1);
    for (const listener of listeners) listener();
  };
  return { tabs, ids, listeners, notices, closeTab, active: () => active };
}

function setUp(folder: MemoryFolder, kept = new MemoryKeptFolders()) {
  const t = fakeTabs();
  const session = new WorkspaceSession(t.tabs, async () => ({
    folder,
    handle: handle(folder.name, "granted") as unknown as FileSystemDirectoryHandle,
  }));
  const recall = new WorkspaceRecall(
    session,
    kept,
    {
      addNotice: (notice) => t.notices.push(notice),
      dismissNotice: (id) =>
        t.notices.splice(0, t.notices.length, ...t.notices.filter((n) => n.id !== id)),
      activeId: t.active,
      activate: (id) => t.tabs.activate(id),
      onTabsChanged: (listener) => {
        t.listeners.add(listener);
        return () => t.listeners.delete(listener);
      },
    },
    () => folder,
  );
  return { ...t, session, recall, kept };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("WorkspaceRecall", () => {
  // offerReopen only runs where the folder picker exists.
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { showDirectoryPicker: () => undefined };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("keeps a picked folder with the paths of its files open as tabs", async () => {
    const folder = new MemoryFolder("notes", { "a.txt": bytes("a"), "d/b.txt": bytes("b") });
    const { session, kept, closeTab } = setUp(folder);
    await session.openFolder();
    await settle();
    await session.openFile("a.txt");
    await session.openFile("d/b.txt");
    await settle();
    expect(kept.folders.map((f) => [f.name, f.openPaths])).toEqual([
      ["notes", ["a.txt", "d/b.txt"]],
    ]);
    closeTab("tab-a.txt");
    await settle();
    expect(kept.folders[0].openPaths).toEqual(["d/b.txt"]);
  });

  it("offers Reopen; one permission prompt brings back the tree and the tabs", async () => {
    const folder = new MemoryFolder("notes", { "a.txt": bytes("a"), "d/b.txt": bytes("b") });
    const kept = new MemoryKeptFolders();
    const granted = handle("notes", "granted");
    kept.folders = [{ id: "k", name: "notes", handle: granted, openPaths: ["d/b.txt", "a.txt"] }];
    const { session, recall, notices, ids, active } = setUp(folder, kept);
    await recall.offerReopen();
    const offer = notices.find((n) => n.id === "workspace-reopen");
    expect(offer?.action?.label).toBe("Reopen notes");
    expect(await recall.reopen("k")).toBe(true);
    expect(granted.asked).toBe(1);
    expect(session.state.listings[""]?.state).toBe("listed");
    expect(ids).toEqual(["tab-b.txt", "tab-a.txt"]);
    // The tab shown before stays shown.
    expect(active()).toBe("start");
    expect(notices.some((n) => n.id === "workspace-reopen")).toBe(false);
  });

  it("says so when the permission is refused, and when the folder is gone", async () => {
    const folder = new MemoryFolder("notes", { "a.txt": bytes("a") });
    const kept = new MemoryKeptFolders();
    kept.folders = [{ id: "k", name: "notes", handle: handle("notes", "denied"), openPaths: [] }];
    const refused = setUp(folder, kept);
    await refused.recall.offerReopen();
    expect(await refused.recall.reopen("k")).toBe(false);
    expect(refused.notices.at(-1)?.message).toBe(permissionRefusedMessage("notes"));
    expect(refused.session.folder).toBeNull();

    const empty = new MemoryFolder("notes");
    kept.folders = [{ id: "k", name: "notes", handle: handle("notes", "granted"), openPaths: [] }];
    // A folder listing that fails as a gone folder does ("not-found").
    empty.list = async () => {
      const { FolderError } = await import("~/workspace/workspace-folder");
      throw new FolderError("not-found", "");
    };
    const gone = setUp(empty, kept);
    await gone.recall.offerReopen();
    expect(await gone.recall.reopen("k")).toBe(false);
    expect(gone.notices.at(-1)?.message).toBe(folderGoneMessage("notes"));
    expect(kept.folders).toEqual([]);
    expect(gone.session.folder).toBeNull();
  });
});
