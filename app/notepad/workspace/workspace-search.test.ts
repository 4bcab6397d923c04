import { describe, expect, it } from "vitest";
import type { PickedFile } from "~/storage/disk-files";
import type { SnapshotReason } from "~/storage/history-store";
import { MemoryFolder } from "~/workspace/workspace-folder";
import { WorkspaceSearch } from "./workspace-search";
import { WorkspaceSession, type WorkspaceTabs } from "./workspace-session";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = async (folder: MemoryFolder, path: string) =>
  new TextDecoder().decode((await folder.read(path)).bytes);

/** The notepad as the search sees it: tabs (some with unsaved edits), History, reloads. */
function notepad() {
  const tabs: { id: string; isModified: boolean }[] = [];
  const versions: { id: string; text: string; name: string; reason: SnapshotReason }[] = [];
  const reopened: { id: string; encoding: string }[] = [];
  const workspaceTabs: WorkspaceTabs = {
    diskTabs: () => [],
    activeTab: () => ({ id: tabs.at(-1)?.id ?? "none", handle: null }),
    hasTab: (id) => tabs.some((tab) => tab.id === id),
    openPicked: async (_picked: PickedFile) => {
      const id = `tab-${tabs.length + 1}`;
      tabs.push({ id, isModified: false });
      return id;
    },
    activate: () => {},
    placeCursor: () => {},
    addNotice: () => {},
  };
  const workspace = new WorkspaceSession(workspaceTabs, async () => null);
  const search = new WorkspaceSearch({
    workspace,
    store: { getState: () => ({ tabs: { tabs } }) },
    states: { get: () => ({ file: { encoding: "utf-8" } }) },
    history: {
      snapshotNow: async (id, source, reason) => {
        versions.push({ id, text: String(source.text), name: source.name, reason });
        return null;
      },
    },
    saves: { reopen: async (encoding, id) => void reopened.push({ id, encoding }) },
  });
  return { workspace, search, tabs, versions, reopened };
}

describe("find in files in the notepad's opened folder", () => {
  it("leaves a file with unsaved edits in its tab, reloads a clean tab, and keeps History of a file not open", async () => {
    const folder = new MemoryFolder("notes", {
      "edited.txt": bytes("red\n"),
      "open.txt": bytes("red\n"),
      "closed.txt": bytes("red\n"),
    });
    const { workspace, search, tabs, versions, reopened } = notepad();
    await workspace.useFolder(folder);
    expect(await workspace.openFile("edited.txt")).toBe("tab-1");
    expect(await workspace.openFile("open.txt")).toBe("tab-2");
    tabs[0].isModified = true;

    expect(search.open(true)).toBe(true);
    expect(search.requests.getState()).toMatchObject({ replace: true, count: 1 });
    const session = search.session()!;
    session.setForm({ query: "red", replacement: "blue" });
    await session.search();
    session.review();
    const outcome = await session.replace();

    expect(outcome?.notWritten.map((file) => file.path)).toEqual(["edited.txt"]);
    expect(await text(folder, "edited.txt")).toBe("red\n");
    expect(await text(folder, "open.txt")).toBe("blue\n");
    expect(await text(folder, "closed.txt")).toBe("blue\n");
    expect(reopened).toEqual([{ id: "tab-2", encoding: "utf-8" }]);
    expect(versions).toEqual([
      {
        id: "workspace:notes/closed.txt",
        text: "red\n",
        name: "closed.txt",
        reason: "replace-in-files",
      },
    ]);
  });

  it("ends the folder's search when the folder closes: no undo, and the commands do nothing", async () => {
    const folder = new MemoryFolder("notes", { "a.txt": bytes("red\n") });
    const { workspace, search } = notepad();
    await workspace.useFolder(folder);
    const session = search.session()!;
    session.setForm({ query: "red", replacement: "blue" });
    await session.search();
    session.review();
    await session.replace();
    expect(session.state.canUndo).toBe(true);
    workspace.closeFolder();
    expect(await session.undo()).toBeNull();
    expect(await text(folder, "a.txt")).toBe("blue\n");
    expect(search.session()).toBeNull();
    expect(search.open(false)).toBe(false);
  });
});
