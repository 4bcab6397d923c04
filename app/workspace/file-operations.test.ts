import { describe, expect, it } from "vitest";
import { nameProblem } from "./file-names";
import {
  fileOperationMessage,
  freePathBeside,
  isAtOrUnder,
  pathAfterMove,
} from "./file-operations";
import { type DirectoryHandleLike, HandleFolder } from "./handle-folder";
import { type FakeTree, fakeDirectoryHandle, fakeFileAt } from "./handle-folder-test-support";
import {
  FileListFolder,
  FolderError,
  type FileStamp,
  MemoryFolder,
  walkFiles,
  type WorkspaceFolder,
} from "./workspace-folder";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

const START = {
  "notes/today.txt": "today",
  "notes/old/2019.txt": "old",
  "readme.md": "read me",
};

/** Each writable kind of folder, holding START. */
const KINDS: [string, () => WorkspaceFolder][] = [
  ["in memory", () => new MemoryFolder("f", mapValues(START))],
  ["a directory handle with move", () => handleFolder(true)],
  ["a directory handle without move (copy and remove)", () => handleFolder(false)],
];

function mapValues(files: Record<string, string>): Record<string, Uint8Array> {
  return Object.fromEntries(Object.entries(files).map(([path, body]) => [path, bytes(body)]));
}

function handleFolder(withMove: boolean): HandleFolder {
  const tree: FakeTree = new Map();
  for (const [path, body] of Object.entries(START)) {
    const names = path.split("/");
    let node = tree;
    for (const name of names.slice(0, -1)) {
      if (!node.has(name)) node.set(name, new Map());
      node = node.get(name) as FakeTree;
    }
    node.set(names.at(-1)!, bytes(body));
  }
  return new HandleFolder(fakeDirectoryHandle("f", tree, { withMove }));
}

async function contents(folder: WorkspaceFolder): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const path of walkFiles(folder)) found[path] = text((await folder.read(path)).bytes);
  return found;
}

async function failureOf(work: Promise<unknown>): Promise<FolderError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FolderError);
  return error as FolderError;
}

describe.each(KINDS)("file operations on %s", (_kind, make) => {
  it("creates a file and a folder, and refuses a name that is taken, whatever its case", async () => {
    const folder = make();
    await folder.createFile("notes/new.txt", bytes("hello"));
    await folder.createFolder("drafts/2026");
    expect(await folder.kindOf("drafts/2026")).toBe("folder");
    expect(await folder.list("drafts/2026")).toEqual([]);
    expect(text((await folder.read("notes/new.txt")).bytes)).toBe("hello");
    const taken = await failureOf(folder.createFile("notes/TODAY.txt"));
    expect(taken.failure).toBe("exists");
    expect(taken.message).toMatch(/already "notes\/today.txt"/);
    expect((await failureOf(folder.createFolder("readme.md"))).failure).toBe("exists");
    expect(text((await folder.read("notes/today.txt")).bytes)).toBe("today");
  });

  it("refuses a bad name with the rule's words and writes nothing", async () => {
    const folder = make();
    const refused = await failureOf(folder.createFile("notes/a:b.txt"));
    expect(refused.failure).toBe("bad-name");
    expect(refused.message).toBe(nameProblem("a:b.txt")!.message);
    expect((await failureOf(folder.rename("readme.md", "CON.md"))).message).toMatch(/device/);
    expect(await contents(folder)).toEqual(START);
  });

  it("renames a file and a folder with everything in it, keeping every byte", async () => {
    const folder = make();
    expect(await folder.rename("readme.md", "README.md")).toBe("README.md");
    expect(await folder.rename("notes", "journal")).toBe("journal");
    expect(await contents(folder)).toEqual({
      "journal/today.txt": "today",
      "journal/old/2019.txt": "old",
      "README.md": "read me",
    });
    expect((await failureOf(folder.rename("journal/today.txt", "../x"))).failure).toBe("bad-name");
    expect((await failureOf(folder.rename("gone.txt", "x.txt"))).failure).toBe("not-found");
  });

  it("moves a file and a folder, and never a folder into itself", async () => {
    const folder = make();
    expect(await folder.move("readme.md", "notes/old")).toBe("notes/old/readme.md");
    expect(await folder.move("notes/old", "")).toBe("old");
    expect(await contents(folder)).toEqual({
      "notes/today.txt": "today",
      "old/2019.txt": "old",
      "old/readme.md": "read me",
    });
    const intoItself = await failureOf(folder.move("notes", "notes"));
    expect(intoItself.message).toMatch(/cannot be moved into itself/);
    await folder.createFile("notes/2019.txt", bytes("other"));
    const clash = await failureOf(folder.move("old/2019.txt", "notes"));
    expect(clash.failure).toBe("exists");
    expect(text((await folder.read("old/2019.txt")).bytes)).toBe("old");
    expect((await failureOf(folder.move("notes/today.txt", "nowhere"))).failure).toBe("not-found");
  });

  it("removes a file and a whole folder", async () => {
    const folder = make();
    await folder.remove("notes/today.txt");
    await folder.remove("notes/old");
    // A folder emptied stays, as on a disk.
    expect(await folder.kindOf("notes")).toBe("folder");
    expect(await folder.list("notes")).toEqual([]);
    await folder.remove("notes");
    await folder.remove("readme.md");
    expect(await contents(folder)).toEqual({});
    expect(await folder.kindOf("notes")).toBeNull();
    expect((await failureOf(folder.remove("notes"))).failure).toBe("not-found");
  });
});

describe("file operations where they cannot all go well", () => {
  it("a read-only folder refuses every change with the browser's words", async () => {
    const folder = new FileListFolder([
      {
        webkitRelativePath: "book/ch1.md",
        size: 3,
        lastModified: 1,
        arrayBuffer: async () => bytes("one").buffer as ArrayBuffer,
      },
    ]);
    for (const change of [
      folder.createFile("ch2.md"),
      folder.createFolder("parts"),
      folder.rename("ch1.md", "one.md"),
      folder.move("ch1.md", "parts"),
      folder.remove("ch1.md"),
    ]) {
      const refused = await failureOf(change);
      expect(refused.failure).toBe("read-only");
      expect(refused.message).toMatch(/cannot write to folders/);
    }
    expect(await folder.kindOf("ch1.md")).toBe("file");
  });

  it("a move by copying that fills the disk leaves the original whole and no partial copy", async () => {
    const tree: FakeTree = new Map([
      ["from", new Map([["a.txt", bytes("A")]])],
      ["to", new Map()],
    ]);
    const folder = new HandleFolder(
      fakeDirectoryHandle("f", tree, { failWrite: "QuotaExceededError" }),
    );
    const refused = await failureOf(folder.move("from", "to"));
    expect(refused.failure).toBe("no-space");
    expect(refused.message).toMatch(/disk is full/);
    expect(text(fakeFileAt(tree, "from/a.txt")!)).toBe("A");
    expect((tree.get("to") as FakeTree).size).toBe(0);
  });

  it("the browser's move is used where the handles have it, a copy and removal elsewhere", async () => {
    for (const withMove of [true, false]) {
      const original = bytes("A");
      const tree: FakeTree = new Map<string, Uint8Array | FakeTree>([
        ["a.txt", original],
        ["to", new Map()],
      ]);
      const folder = new HandleFolder(fakeDirectoryHandle("f", tree, { withMove }));
      await folder.move("a.txt", "to");
      // The browser's move keeps the very same file; a copy writes new bytes.
      expect(fakeFileAt(tree, "to/a.txt") === original).toBe(withMove);
      expect(tree.has("a.txt")).toBe(false);
    }
  });

  it("a rename that changes only the case goes through a detour when copying", async () => {
    const tree: FakeTree = new Map([["notes.txt", bytes("N")]]);
    const folder = new HandleFolder(fakeDirectoryHandle("f", tree));
    expect(await folder.rename("notes.txt", "Notes.txt")).toBe("Notes.txt");
    expect([...tree.keys()]).toEqual(["Notes.txt"]);
    expect(text(fakeFileAt(tree, "Notes.txt")!)).toBe("N");
  });
  it("a move or rename by copying tells each file's original stamp and the copy's; the browser's move tells none", async () => {
    /** A folder with or without the browser's move, and what its moves and renames told. */
    const folderTelling = async (withMove: boolean) => {
      const tree: FakeTree = new Map<string, Uint8Array | FakeTree>([
        ["notes.txt", bytes("N")],
        ["d", new Map([["a.txt", bytes("AA")]])],
        ["to", new Map()],
      ]);
      const folder = new HandleFolder(fakeDirectoryHandle("f", tree, { withMove }));
      const before = { notes: await folder.stat("notes.txt"), a: await folder.stat("d/a.txt") };
      const told: Record<string, { source: FileStamp; copy: FileStamp }> = {};
      const tell = (path: string, source: FileStamp, copy: FileStamp) =>
        void (told[path] = { source, copy });
      return { folder, before, told, tell };
    };
    const { folder, before, told, tell } = await folderTelling(false);
    await folder.move("d", "to", tell);
    await folder.rename("notes.txt", "Notes.txt", tell);
    expect(told).toEqual({
      "to/d/a.txt": { source: before.a, copy: await folder.stat("to/d/a.txt") },
      // The detour of a case-only rename tells the original's stamp, not the detour's.
      "Notes.txt": { source: before.notes, copy: await folder.stat("Notes.txt") },
    });
    expect(told["Notes.txt"]!.copy.lastModified).not.toBe(before.notes.lastModified);

    const moving = await folderTelling(true);
    await moving.folder.move("d", "to", moving.tell);
    await moving.folder.rename("notes.txt", "renamed.txt", moving.tell);
    expect(moving.told).toEqual({});
  });

  it("a case-only rename whose second copy fills the disk puts the file back under its name", async () => {
    const tree: FakeTree = new Map([["notes.txt", bytes("N")]]);
    const root = fakeDirectoryHandle("f", tree);
    // The disk fills up just when "Notes.txt" is written (the detour's copy went through).
    const filling: DirectoryHandleLike = {
      ...root,
      async getFileHandle(name, options) {
        const handle = await root.getFileHandle(name, options);
        if (name !== "Notes.txt") return handle;
        return {
          ...handle,
          async createWritable() {
            const writable = await handle.createWritable();
            return {
              ...writable,
              write: async () => {
                throw Object.assign(new Error("full"), { name: "QuotaExceededError" });
              },
            };
          },
        };
      },
    };
    const folder = new HandleFolder(filling);
    const refused = await failureOf(folder.rename("notes.txt", "Notes.txt"));
    expect(refused.failure).toBe("no-space");
    expect([...tree.keys()]).toEqual(["notes.txt"]);
    expect(text(fakeFileAt(tree, "notes.txt")!)).toBe("N");
  });
});

describe("what the tree's commands need", () => {
  it("an open tab's path follows a renamed file or a moved folder", () => {
    expect(pathAfterMove("notes/a.txt", "notes/a.txt", "notes/b.txt")).toBe("notes/b.txt");
    expect(pathAfterMove("notes/old/x.txt", "notes", "archive/notes")).toBe(
      "archive/notes/old/x.txt",
    );
    expect(pathAfterMove("notes-2/x.txt", "notes", "journal")).toBe("notes-2/x.txt");
    expect(isAtOrUnder("notes/x.txt", "notes")).toBe(true);
    expect(isAtOrUnder("notes-2/x.txt", "notes")).toBe(false);
  });

  it("a free name beside a taken one, and words for any failure", async () => {
    const folder = new MemoryFolder("f", mapValues({ "a/n.txt": "1", "a/n (restored).txt": "2" }));
    expect(await freePathBeside(folder, "a/n.txt", "restored")).toBe("a/n (restored 2).txt");
    expect(fileOperationMessage(new FolderError("no-space", "a"), "a")).toMatch(/disk is full/);
    expect(fileOperationMessage(new Error("odd"), "a/n.txt")).toMatch(/could not be changed/);
  });
});
