import { describe, expect, it } from "vitest";
import { HandleFolder } from "~/workspace/handle-folder";
import {
  type FakeTree,
  fakeDirectoryHandle,
  fakeFileAt,
} from "~/workspace/handle-folder-test-support";
import { SessionTrash } from "~/workspace/session-trash";
import { FileListFolder, MemoryFolder, type WorkspaceFolder } from "~/workspace/workspace-folder";
import { TabFileQueue } from "../tab-file-queue";
import {
  type CopiedFile,
  type FileOpsHost,
  type NoticeAction,
  WorkspaceFileOps,
} from "./workspace-file-ops";

const bytes = (text: string) => new TextEncoder().encode(text);

/** A session and tabs that record what the file commands asked of them. */
function setup(
  files: Record<string, string>,
  {
    confirmAnswer = Promise.resolve(true) as Promise<boolean>,
    trash = new SessionTrash(),
    readOnly = false,
    queue = new TabFileQueue(),
    within = null as WorkspaceFolder | null,
  } = {},
) {
  const folder: WorkspaceFolder =
    within ??
    (readOnly
      ? new FileListFolder([])
      : new MemoryFolder(
          "f",
          Object.fromEntries(Object.entries(files).map(([path, body]) => [path, bytes(body)])),
        ));
  const openTabs: Record<string, string> = {};
  const notices: { kind: string; message: string; action?: NoticeAction }[] = [];
  const events: string[] = [];
  const copies: ({ id: string } & CopiedFile)[] = [];
  const host: FileOpsHost = {
    folder: () => folder,
    refresh: async (path) => void events.push(`refresh ${path}`),
    openTabs: () => openTabs,
    followTab: async (id, from, path, copied) => {
      delete openTabs[from];
      openTabs[path] = id;
      events.push(`follow ${id} ${path}`);
      if (copied) copies.push({ id, ...copied });
    },
    historyMoved: async (from, to) => void events.push(`history ${from} ${to}`),
    orphanTab: (id, path, how) => void events.push(`orphan ${id} ${path} ${how}`),
    changedOnDisk: (id, path) => void events.push(`changed ${id} ${path}`),
    notify: (kind, message, action) => void notices.push({ kind, message, action }),
    confirm: (message) => {
      events.push(`confirm ${message}`);
      return confirmAnswer;
    },
    exclusive: (tabIds, work) => queue.run(tabIds, work),
    select: (path) => void events.push(`select ${path}`),
    settled: () => undefined,
  };
  return { folder, openTabs, notices, events, copies, ops: new WorkspaceFileOps(host, trash) };
}

describe("the tree's file commands", () => {
  it("a new file and folder are made, listed and selected; a taken name gets words", async () => {
    const { folder, ops, events, notices } = setup({ "a.txt": "A" });
    expect(await ops.newFolder("", "notes")).toBe("notes");
    expect(await ops.newFile("notes", "today.md")).toBe("notes/today.md");
    expect(await folder.kindOf("notes/today.md")).toBe("file");
    expect(events).toEqual(["refresh ", "select notes", "refresh notes", "select notes/today.md"]);
    expect(await ops.newFile("", "A.TXT")).toBeNull();
    expect(notices.at(-1)).toMatchObject({ kind: "error", message: /already "a.txt"/ });
    expect(await ops.newFile("", "what?.txt")).toBeNull();
    expect(notices.at(-1)!.message).toMatch(/cannot contain "\?"/);
  });

  it("a renamed file's tab follows it, and a moved folder's tabs follow it", async () => {
    const { folder, ops, openTabs, events } = setup({ "a.txt": "A", "d/b.txt": "B", "e/x": "" });
    openTabs["a.txt"] = "tab-a";
    openTabs["d/b.txt"] = "tab-b";
    expect(await ops.rename("a.txt", "renamed.txt")).toBe("renamed.txt");
    expect(await ops.move("d", "e")).toBe("e/d");
    expect(events).toContain("follow tab-a renamed.txt");
    expect(events).toContain("follow tab-b e/d/b.txt");
    // The versions kept of the moved files follow them (workspace-history.test.ts reads them).
    expect(events).toContain("history a.txt renamed.txt");
    expect(events).toContain("history d e/d");
    expect(openTabs).toEqual({ "renamed.txt": "tab-a", "e/d/b.txt": "tab-b" });
    expect(new TextDecoder().decode((await folder.read("e/d/b.txt")).bytes)).toBe("B");
  });

  it("a deleted file goes to the trash, its tab keeps its text, and Restore brings it back", async () => {
    const { folder, ops, openTabs, events, notices } = setup({ "d/a.txt": "kept" });
    openTabs["d/a.txt"] = "tab-a";
    expect(await ops.delete("d")).toBe(true);
    expect(await folder.kindOf("d")).toBeNull();
    expect(events).toContain("orphan tab-a d/a.txt deleted");
    expect(ops.trashStore.getState().items).toHaveLength(1);
    const notice = notices.at(-1)!;
    expect(notice.message).toBe('"d" was moved to the trash.');
    expect(notice.action?.label).toBe("Restore");
    notice.action!.run();
    await expectEventually(async () => (await folder.kindOf("d/a.txt")) === "file");
    expect((await folder.read("d/a.txt")).bytes).toEqual(bytes("kept"));
    expect(ops.trashStore.getState().items).toEqual([]);
  });

  it("a restore onto a taken path offers the name beside it, and takes it", async () => {
    const { folder, ops, notices } = setup({ "a.txt": "old" });
    await ops.delete("a.txt");
    await folder.createFile("a.txt", bytes("new"));
    const id = ops.trashStore.getState().items[0]!.id;
    expect(await ops.restore(id)).toMatchObject({ kind: "taken" });
    const offer = notices.at(-1)!;
    expect(offer.kind).toBe("error");
    expect(offer.action?.label).toBe('Restore as "a (restored).txt"');
    expect(await ops.restore(id, "a (restored).txt")).toMatchObject({ kind: "restored" });
    expect((await folder.read("a (restored).txt")).bytes).toEqual(bytes("old"));
    expect((await folder.read("a.txt")).bytes).toEqual(bytes("new"));
  });

  it("what does not fit in the trash is deleted only after the confirm", async () => {
    const declined = setup(
      { "big.bin": "x" },
      { confirmAnswer: Promise.resolve(false), trash: new SessionTrash(0) },
    );
    expect(await declined.ops.delete("big.bin")).toBe(false);
    expect(await declined.folder.kindOf("big.bin")).toBe("file");
    expect(
      declined.events.some((event) => /confirm .*Delete "big.bin" permanently/.test(event)),
    ).toBe(true);
    const confirmed = setup({ "big.bin": "x" }, { trash: new SessionTrash(0) });
    expect(await confirmed.ops.delete("big.bin")).toBe(true);
    expect(await confirmed.folder.kindOf("big.bin")).toBeNull();
    expect(confirmed.notices.at(-1)!.message).toBe('"big.bin" was deleted permanently.');
  });

  it("a Save of a tab in a folder too big for the trash writes while the confirm is open", async () => {
    const read = async (folder: WorkspaceFolder, path: string) =>
      new TextDecoder().decode((await folder.read(path)).bytes);
    /**
     * Deletes "d" (over the trash's 8 bytes) with "d/a.txt" open in a tab. While the confirm
     * is open, the tab's Save (as the notepad runs it: in its turn of the queue) writes `text`,
     * read back before the person answers "Delete permanently".
     */
    const deleteSavingMeanwhile = async (text: string) => {
      let answer = (_yes: boolean) => {};
      const queue = new TabFileQueue();
      const test = setup(
        { "d/a.txt": "the text on disk", "d/b.txt": "B" },
        {
          confirmAnswer: new Promise((resolve) => (answer = resolve)),
          trash: new SessionTrash(8),
          queue,
        },
      );
      test.openTabs["d/a.txt"] = "tab-a";
      const deleting = test.ops.delete("d");
      await expectEventually(async () => test.events.some((event) => event.startsWith("confirm ")));
      await queue.run(
        ["tab-a"],
        async () => void (await test.folder.write("d/a.txt", bytes(text))),
      );
      expect(await read(test.folder, "d/a.txt")).toBe(text);
      answer(true);
      expect(await deleting).toBe(true);
      expect(await test.folder.kindOf("d")).toBeNull();
      // The tab keeps its text, unsaved.
      expect(test.events).toContain("orphan tab-a d/a.txt deleted");
      return test;
    };

    // The question was of the old bytes; the answer finds that "d" fits in the trash now, so
    // it goes there with the saved bytes, and can be restored.
    const shrunk = await deleteSavingMeanwhile("new");
    expect(shrunk.notices.at(-1)!.message).toBe('"d" was moved to the trash.');
    await shrunk.ops.restore(shrunk.ops.trashStore.getState().items[0]!.id);
    expect(await read(shrunk.folder, "d/a.txt")).toBe("new");

    // Still too big: deleted for good, as confirmed.
    const grown = await deleteSavingMeanwhile("newer and longer text");
    expect(grown.notices.at(-1)!.message).toBe('"d" was deleted permanently.');
  });

  it("changes by another program: the tab's conflict flow, a gone file's tab, the tree listed", async () => {
    const { folder, ops, openTabs, events } = setup({ "a.txt": "A", "d/b.txt": "B", "e/c": "C" });
    openTabs["a.txt"] = "tab-a";
    openTabs["d/b.txt"] = "tab-b";
    openTabs["e/c"] = "tab-c";
    await folder.remove("d");
    // "e" is named by a report older than the page's own change: its file is still there.
    await ops.diskChanged({ changed: ["a.txt"], added: ["new.txt"], removed: ["d", "e"] });
    expect(events).toEqual(["changed tab-a a.txt", "orphan tab-b d/b.txt gone", "refresh "]);
  });

  it("a read-only folder's refusal is said in the page", async () => {
    const { ops, notices } = setup({}, { readOnly: true });
    expect(await ops.newFile("", "x.txt")).toBeNull();
    expect(await ops.delete("x.txt")).toBe(false);
    expect(notices.map((notice) => notice.message)).toEqual([
      expect.stringMatching(/cannot write to folders/),
      expect.stringMatching(/cannot write to folders/),
    ]);
  });
});

async function expectEventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(await check()).toBe(true);
}

describe("a rename or move by copy and removal while the tab's Save writes", () => {
  /**
   * A folder of handles without the browser's `move` (a copy, then a removal), its "notes.txt"
   * open in a tab, and that tab's Save as the notepad runs it: in the tab's turn of the queue,
   * through the handle of the file where the tab's path is then; `paused` holds it mid-write.
   */
  function racing() {
    const tree: FakeTree = new Map<string, Uint8Array | FakeTree>([
      ["notes.txt", bytes("old text")],
      ["box", new Map()],
    ]);
    const folder = new HandleFolder(fakeDirectoryHandle("f", tree));
    const queue = new TabFileQueue();
    const test = setup({}, { within: folder, queue });
    test.openTabs["notes.txt"] = "tab-a";
    const save = (text: string, paused: Promise<void> = Promise.resolve()) =>
      queue.run(["tab-a"], async () => {
        const path = Object.entries(test.openTabs).find(([, id]) => id === "tab-a")![0];
        const writable = await (await folder.fileHandle(path)).createWritable();
        await writable.write(bytes(text));
        await paused;
        await writable.close();
      });
    const text = (path: string) => {
      const found = fakeFileAt(tree, path);
      return found && new TextDecoder().decode(found);
    };
    return { ...test, save, text };
  }

  it("a rename asked for while the save writes waits for it, and carries the saved text", async () => {
    const { ops, save, text } = racing();
    let finishWrite = () => {};
    const saving = save("new text", new Promise((resolve) => (finishWrite = () => resolve())));
    const renaming = ops.rename("notes.txt", "renamed.txt");
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishWrite();
    await Promise.all([saving, renaming]);
    expect(text("renamed.txt")).toBe("new text");
    expect(text("notes.txt")).toBeUndefined();
  });

  it("a tab whose file a rename copied is told the original's stamp and the copy's", async () => {
    const { ops, folder, copies } = racing();
    const before = await folder.stat("notes.txt");
    await ops.rename("notes.txt", "renamed.txt");
    expect(copies).toEqual([
      { id: "tab-a", source: before, copy: await folder.stat("renamed.txt") },
    ]);
  });

  it("a save asked for while a move copies waits for it, and writes to the file where it went", async () => {
    const { ops, folder, save, text } = racing();
    // The person saves right after the move's copy read the file, and the page goes on a while.
    let saving: Promise<void> | null = null;
    const read = folder.read.bind(folder);
    folder.read = async (path) => {
      const snapshot = await read(path);
      saving ??= save("new text");
      await new Promise((resolve) => setTimeout(resolve, 0));
      return snapshot;
    };
    await ops.move("notes.txt", "box");
    await saving;
    expect(text("box/notes.txt")).toBe("new text");
    expect(text("notes.txt")).toBeUndefined();
  });
});
