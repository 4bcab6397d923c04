import { describe, expect, it } from "vitest";
import { HandleFolder } from "~/workspace/handle-folder";
import { fakeDirectoryHandle } from "~/workspace/handle-folder-test-support";
import { FileListFolder, MemoryFolder } from "~/workspace/workspace-folder";
import type { PickedFile } from "~/storage/disk-files";
import type { Notice } from "../notepad-store";
import {
  type FilePlace,
  READ_ONLY_FOLDER_MESSAGE,
  WorkspaceSession,
  type WorkspaceTabs,
} from "./workspace-session";

const bytes = (text: string) => new TextEncoder().encode(text);

/** The notepad's tabs as a list: what was opened, shown and where the cursor went. */
class FakeTabs implements WorkspaceTabs {
  ready?: () => Promise<void>;
  readonly opened: { id: string; name: string; text: string; handle: unknown }[] = [];
  readonly notices: Notice[] = [];
  active: string | null = null;
  place: FilePlace | null = null;
  diskTabs(): { id: string; handle: FileSystemFileHandle }[] {
    return [];
  }
  activeTab() {
    return { id: this.active ?? "none", handle: null };
  }
  hasTab(id: string) {
    return this.opened.some((tab) => tab.id === id);
  }
  /** Reads of these files' names wait for the promise (a big file, a slow disk). */
  readonly slowReads = new Map<string, Promise<void>>();
  /** Makes the read of the file named `name` wait; returns what lets it end. */
  holdRead(name: string): () => void {
    let release = () => undefined as void;
    this.slowReads.set(name, new Promise<void>((resolve) => (release = resolve)));
    return release;
  }
  async openPicked(picked: PickedFile, show: () => boolean) {
    const text = await picked.file.text();
    await this.slowReads.get(picked.file.name);
    const id = `tab-${this.opened.length + 1}`;
    this.opened.push({ id, name: picked.file.name, text, handle: picked.handle });
    if (show()) this.active = id;
    return id;
  }
  activate(id: string) {
    this.active = id;
  }
  placeCursor(_id: string, place: FilePlace) {
    this.place = place;
  }
  addNotice(notice: Notice) {
    this.notices.push(notice);
  }
}

function folder() {
  return new MemoryFolder("notes", {
    "b.txt": bytes("bee"),
    "a.txt": bytes("ay"),
    "docs/intro.md": bytes("# Intro"),
    ".gitignore": bytes("*.log\n"),
    "debug.log": bytes("noise"),
  });
}

function session(chosen: MemoryFolder | FileListFolder | null = folder()) {
  const tabs = new FakeTabs();
  const made = new WorkspaceSession(tabs, async () =>
    chosen ? { folder: chosen, handle: null } : null,
  );
  return { tabs, session: made };
}

describe("WorkspaceSession", () => {
  it("opens a folder and lists its first level, with the .gitignore read", async () => {
    const { session: workspace } = session();
    expect(await workspace.openFolder()).toBe(true);
    const listing = workspace.state.listings[""];
    expect(listing.state).toBe("listed");
    const names = listing.state === "listed" ? listing.entries.map((e) => e.name).sort() : [];
    expect(names).toEqual([".gitignore", "a.txt", "b.txt", "debug.log", "docs"]);
    expect(workspace.state.gitignores[""]).toBe("*.log\n");
  });

  it("does nothing when the person cancels the picker", async () => {
    const { session: workspace } = session(null);
    expect(await workspace.openFolder()).toBe(false);
    expect(workspace.folder).toBeNull();
  });

  it("lists a folder when it is first expanded, and closes it again", async () => {
    const { session: workspace } = session();
    await workspace.openFolder();
    await workspace.setExpanded("docs", true);
    const docs = workspace.state.listings.docs;
    expect(docs.state === "listed" && docs.entries.map((e) => e.path)).toEqual(["docs/intro.md"]);
    await workspace.setExpanded("docs", false);
    expect(workspace.state.expanded.has("docs")).toBe(false);
  });

  it("says in words when a folder cannot be listed, without throwing", async () => {
    const memory = folder();
    const { session: workspace } = session(memory);
    await workspace.openFolder();
    await memory.remove("docs");
    await workspace.setExpanded("docs", true);
    const docs = workspace.state.listings.docs;
    expect(docs.state).toBe("failed");
    expect(docs.state === "failed" && docs.message).toMatch(/no longer in the folder/);
  });

  it("shows the file asked for last when an earlier one takes longer to read", async () => {
    const { tabs, session: workspace } = session();
    await workspace.openFolder();
    const readSlowFile = tabs.holdRead("b.txt");
    const slow = workspace.openFile("b.txt");
    const quick = await workspace.openFile("a.txt", { line: 1 });
    expect(tabs.active).toBe(quick);
    readSlowFile();
    const slowTab = await slow;
    expect(tabs.opened.map((tab) => tab.name)).toEqual(["a.txt", "b.txt"]);
    expect(slowTab).not.toBe(quick);
    expect(tabs.active).toBe(quick);
    // Quick open lists the file shown first, the one opened behind it next.
    expect(workspace.state.recentFiles).toEqual(["a.txt", "b.txt"]);
    // Asked for again, it is shown.
    expect(await workspace.openFile("b.txt")).toBe(slowTab);
    expect(tabs.active).toBe(slowTab);
  });

  it("shows the earlier file still being read when the later one cannot be opened", async () => {
    const { tabs, session: workspace } = session();
    await workspace.openFolder();
    const readSlowFile = tabs.holdRead("b.txt");
    const slow = workspace.openFile("b.txt");
    expect(await workspace.openFile("gone.txt")).toBeNull();
    expect(tabs.notices.map((notice) => notice.kind)).toEqual(["error"]);
    readSlowFile();
    const slowTab = await slow;
    expect(tabs.active).toBe(slowTab);
    expect(workspace.state.recentFiles[0]).toBe("b.txt");
    // And a later open is shown as ever.
    const next = await workspace.openFile("a.txt");
    expect(tabs.active).toBe(next);
  });

  it("opens a file as a tab once, then focuses that tab and moves the cursor", async () => {
    const { tabs, session: workspace } = session();
    await workspace.openFolder();
    const first = await workspace.openFile("docs/intro.md");
    expect(tabs.opened.map((tab) => [tab.name, tab.text])).toEqual([["intro.md", "# Intro"]]);
    await workspace.openFile("a.txt");
    expect(tabs.active).not.toBe(first);
    const again = await workspace.openFile("docs/intro.md", { line: 1, column: 3 });
    expect(again).toBe(first);
    expect(tabs.opened).toHaveLength(2);
    expect(tabs.active).toBe(first);
    expect(tabs.place).toEqual({ line: 1, column: 3 });
    expect(workspace.state.recentFiles).toEqual(["docs/intro.md", "a.txt"]);
    expect(workspace.pathOfTab(first!)).toBe("docs/intro.md");
  });

  it("tells a vanished file in words instead of opening a tab", async () => {
    const memory = folder();
    const { tabs, session: workspace } = session(memory);
    await workspace.openFolder();
    await memory.remove("b.txt");
    expect(await workspace.openFile("b.txt")).toBeNull();
    expect(tabs.opened).toHaveLength(0);
    expect(tabs.notices[0].message).toMatch(/"b.txt" is no longer in the folder/);
  });

  it("says once that a directory input's folder is read only; its files open without handle", async () => {
    const file = (path: string, text: string) => ({
      webkitRelativePath: path,
      size: text.length,
      lastModified: 1,
      arrayBuffer: async () => bytes(text).buffer as ArrayBuffer,
    });
    const readOnly = new FileListFolder([file("site/index.html", "<p>hi</p>")]);
    const { tabs, session: workspace } = session(readOnly);
    await workspace.openFolder();
    expect(tabs.notices.map((n) => n.message)).toEqual([READ_ONLY_FOLDER_MESSAGE]);
    await workspace.openFile("index.html");
    expect(tabs.opened[0]).toMatchObject({ text: "<p>hi</p>", handle: null });
  });

  it("forgets the folder, its tree and its recent files on close", async () => {
    const { session: workspace } = session();
    await workspace.openFolder();
    await workspace.openFile("a.txt");
    workspace.closeFolder();
    expect(workspace.folder).toBeNull();
    expect(workspace.state.listings).toEqual({});
    expect(workspace.state.recentFiles).toEqual([]);
  });

  it("reveals the active tab's file: its folders opened, it selected", async () => {
    const { tabs, session: workspace } = session();
    await workspace.openFolder();
    const id = await workspace.openFile("docs/intro.md");
    expect(workspace.state.listings.docs).toBeUndefined();
    workspace.setPanelShown(false);
    expect(await workspace.revealActiveTab()).toBe(true);
    expect(workspace.state.expanded.has("docs")).toBe(true);
    expect(workspace.state.listings.docs?.state).toBe("listed");
    expect(workspace.state).toMatchObject({ selected: "docs/intro.md", panelShown: true });
    // A tab that is no file of the folder is said so.
    tabs.active = "other";
    expect(id).not.toBe("other");
    expect(await workspace.revealActiveTab()).toBe(false);
    expect(tabs.notices.at(-1)?.message).toBe(
      'The active tab is not a file of the folder "notes".',
    );
  });

  it("keeps a folder's entries shown while it is listed again", async () => {
    const memory = folder();
    const { session: workspace } = session(memory);
    await workspace.openFolder();
    memory.put("c.txt", bytes("new"));
    const states: string[] = [];
    const stop = workspace.store.subscribe((s) => states.push(s.listings[""].state));
    await workspace.refresh("");
    stop();
    expect(states.every((state) => state === "listed")).toBe(true);
    const root = workspace.state.listings[""];
    expect(root.state === "listed" && root.entries.some((e) => e.path === "c.txt")).toBe(true);
  });

  it("indexes the shown files for quick open, recent ones first", async () => {
    const { session: workspace } = session();
    await workspace.openFolder();
    await workspace.whenIndexed();
    expect(workspace.state.indexed).toEqual({ count: 3, done: true });
    expect(
      workspace
        .findFiles("")
        .map((r) => r.path)
        .sort(),
    ).toEqual(["a.txt", "b.txt", "docs/intro.md"]);
    expect(workspace.findFiles("log")).toEqual([]);
    expect(workspace.findFiles("dint")[0].path).toBe("docs/intro.md");
    await workspace.openFile("b.txt");
    expect(workspace.findFiles("t")[0]).toMatchObject({ path: "b.txt", recent: true });
    workspace.closeFolder();
    expect(workspace.findFiles("t")).toEqual([]);
  });

  it("knows the tabs still open on its files when a folder is opened again (they are guarded and followed)", async () => {
    const tabs = new FakeTabs();
    // A tab opened on "a.txt" before the folder was closed: still open, maybe with unsaved edits.
    const tabHandle = { kind: "file", name: "a.txt" } as unknown as FileSystemFileHandle;
    tabs.opened.push({ id: "tab-kept", name: "a.txt", text: "ay, edited", handle: tabHandle });
    tabs.diskTabs = () => [{ id: "tab-kept", handle: tabHandle }];
    const root = fakeDirectoryHandle("notes", new Map([["a.txt", bytes("ay")]]));
    const folder = new HandleFolder({
      ...root,
      resolve: async (handle) => (handle === tabHandle ? ["a.txt"] : null),
    });
    const workspace = new WorkspaceSession(tabs, async () => ({ folder, handle: null }));
    expect(await workspace.openFolder()).toBe(true);
    // Replace in files, Rename and Delete find the tab by its path.
    expect(workspace.state.openTabs).toEqual({ "a.txt": "tab-kept" });
    expect(workspace.pathOfTab("tab-kept")).toBe("a.txt");
  });
  it("waits for the stored tabs before opening a file again (Reopen right after a reload)", async () => {
    const tabs = new FakeTabs();
    const tabHandle = {
      kind: "file",
      name: "a.txt",
      isSameEntry: async (other: FileSystemHandle) => other.name === "a.txt",
    } as unknown as FileSystemFileHandle;
    // The notepad's stored tabs come back a moment after the folder is opened again.
    let loaded = () => undefined as void;
    const storedTabsBack = new Promise<void>((resolve) => (loaded = resolve));
    tabs.ready = () => storedTabsBack;
    const root = fakeDirectoryHandle("notes", new Map([["a.txt", bytes("ay")]]));
    const workspace = new WorkspaceSession(tabs, async () => ({
      folder: new HandleFolder(root),
      handle: null,
    }));
    expect(await workspace.openFolder()).toBe(true);
    const opening = workspace.openFile("a.txt");
    setTimeout(() => {
      tabs.opened.push({ id: "tab-stored", name: "a.txt", text: "ay", handle: tabHandle });
      tabs.diskTabs = () => [{ id: "tab-stored", handle: tabHandle }];
      loaded();
    }, 20);
    expect(await opening).toBe("tab-stored");
    expect(tabs.opened.map((tab) => tab.id)).toEqual(["tab-stored"]);
  });
});
