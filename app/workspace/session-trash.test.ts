import { describe, expect, it } from "vitest";
import { HandleFolder } from "./handle-folder";
import { type FakeTree, fakeDirectoryHandle } from "./handle-folder-test-support";
import { SessionTrash } from "./session-trash";
import {
  FileListFolder,
  FolderError,
  MemoryFolder,
  type WorkspaceFolder,
} from "./workspace-folder";

const bytes = (text: string) => new TextEncoder().encode(text);
/** Bytes no text decoder would keep as they are. */
const BINARY = new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0x0d, 0x0a, 0xc3]);

const KINDS: [string, () => WorkspaceFolder][] = [
  ["in memory", () => new MemoryFolder("f", { "a.bin": BINARY, "docs/x.txt": bytes("x") })],
  [
    "a directory handle",
    () =>
      new HandleFolder(
        fakeDirectoryHandle(
          "f",
          new Map<string, Uint8Array | FakeTree>([
            ["a.bin", BINARY],
            ["docs", new Map([["x.txt", bytes("x")]])],
          ]),
        ),
      ),
  ],
];

describe.each(KINDS)("the session trash on %s", (_kind, make) => {
  it("a deleted file is gone from the folder and comes back byte for byte", async () => {
    const folder = make();
    const trash = new SessionTrash();
    const outcome = await trash.moveToTrash(folder, "a.bin");
    expect(outcome.kind).toBe("trashed");
    expect(await folder.kindOf("a.bin")).toBeNull();
    const [item] = trash.list();
    expect(item).toMatchObject({ path: "a.bin", kind: "file", size: BINARY.length, fileCount: 1 });
    expect(await trash.restore(item!.id)).toEqual({ kind: "restored", path: "a.bin" });
    expect((await folder.read("a.bin")).bytes).toEqual(BINARY);
    expect(trash.list()).toEqual([]);
  });

  it("a deleted folder comes back whole, its empty folders too, where its parent went meanwhile", async () => {
    const folder = make();
    await folder.createFolder("docs/empty/deeper");
    await folder.createFolder("docs/sub");
    await folder.createFile("docs/sub/y.txt", bytes("why"));
    await folder.createFolder("box");
    await folder.move("docs", "box");
    const trash = new SessionTrash();
    await trash.moveToTrash(folder, "box/docs");
    await folder.remove("box");
    const [item] = trash.list();
    expect(item).toMatchObject({ kind: "folder", fileCount: 2, size: 4 });
    await trash.restore(item!.id);
    expect((await folder.read("box/docs/x.txt")).bytes).toEqual(bytes("x"));
    expect((await folder.read("box/docs/sub/y.txt")).bytes).toEqual(bytes("why"));
    expect(await folder.kindOf("box/docs/empty/deeper")).toBe("folder");
  });

  it("a path taken since is not written over: a name beside it is offered, and taken", async () => {
    const folder = make();
    const trash = new SessionTrash();
    await trash.moveToTrash(folder, "a.bin");
    await folder.createFile("a.bin", bytes("newer"));
    const id = trash.list()[0]!.id;
    const outcome = await trash.restore(id);
    expect(outcome).toMatchObject({ kind: "taken", path: "a.bin", suggestion: "a (restored).bin" });
    if (outcome.kind !== "taken") return;
    expect(outcome.message).toMatch(/taken now.*Restore it as "a \(restored\)\.bin"/);
    expect((await folder.read("a.bin")).bytes).toEqual(bytes("newer"));
    expect(await trash.restore(id, outcome.suggestion)).toEqual({
      kind: "restored",
      path: "a (restored).bin",
    });
    expect((await folder.read("a (restored).bin")).bytes).toEqual(BINARY);
    const badName = await trash.restore(id, "a?.bin").catch((error: unknown) => error);
    expect(badName).toBeInstanceOf(Error);
  });

  it("what does not fit is not deleted: the words offer to delete it permanently", async () => {
    const folder = make();
    const trash = new SessionTrash(BINARY.length);
    const fits = await trash.moveToTrash(folder, "docs");
    expect(fits.kind).toBe("trashed");
    const full = await trash.moveToTrash(folder, "a.bin");
    expect(full.kind).toBe("too-big");
    if (full.kind !== "too-big") return;
    expect(full.message).toMatch(/trash is too full for "a.bin".*Delete "a.bin" permanently\?/);
    expect(await folder.kindOf("a.bin")).toBe("file");
    trash.clear();
    const alone = new SessionTrash(3);
    const over = await alone.moveToTrash(folder, "a.bin");
    expect(over.kind === "too-big" && over.message).toMatch(/too large for the trash/);
    await alone.deletePermanently(folder, "a.bin");
    expect(await folder.kindOf("a.bin")).toBeNull();
    expect(alone.list()).toEqual([]);
  });
});

describe("the session trash where it cannot go well", () => {
  it("a read-only folder refuses to delete, with the browser's words", async () => {
    const folder = new FileListFolder([
      {
        webkitRelativePath: "book/a.txt",
        size: 1,
        lastModified: 1,
        arrayBuffer: async () => bytes("a").buffer as ArrayBuffer,
      },
    ]);
    const refused = await new SessionTrash().moveToTrash(folder, "a.txt").catch((error) => error);
    expect(refused).toBeInstanceOf(FolderError);
    expect((refused as FolderError).message).toMatch(/cannot write to folders/);
  });

  it("a restore that fills the disk writes nothing and keeps the entry in the trash", async () => {
    const tree: FakeTree = new Map([["d", new Map([["a.txt", bytes("A")]])]]);
    const folder = new HandleFolder(
      fakeDirectoryHandle("f", tree, { failWrite: "QuotaExceededError" }),
    );
    const trash = new SessionTrash();
    await trash.moveToTrash(folder, "d");
    const id = trash.list()[0]!.id;
    await expect(trash.restore(id)).rejects.toThrow(/disk is full/);
    expect(tree.has("d")).toBe(false);
    expect(trash.list().map((item) => item.id)).toEqual([id]);
  });
});

describe("a file written by another program while Delete reads it", () => {
  /** A folder where another program writes `path` right after each of Delete's reads of it. */
  function writtenAfterReads(nextWrite: () => Uint8Array | null): MemoryFolder {
    const folder = new MemoryFolder("f", { "notes.txt": bytes("old text") });
    const read = folder.read.bind(folder);
    folder.stat = async (path) => {
      const { size, lastModified } = await read(path);
      return { size, lastModified };
    };
    folder.read = async (path) => {
      const snapshot = await read(path);
      const next = nextWrite();
      if (next) folder.put(path, next);
      return snapshot;
    };
    return folder;
  }

  it("the trash keeps the newer bytes, and Restore gives them back", async () => {
    const writes = [bytes("newer text, written meanwhile")];
    const folder = writtenAfterReads(() => writes.shift() ?? null);
    const trash = new SessionTrash();
    expect((await trash.moveToTrash(folder, "notes.txt")).kind).toBe("trashed");
    expect(await folder.kindOf("notes.txt")).toBeNull();
    await trash.restore(trash.list()[0]!.id);
    expect(new TextDecoder().decode((await folder.read("notes.txt")).bytes)).toBe(
      "newer text, written meanwhile",
    );
  });

  it("a file that keeps changing is not deleted, and the words say why", async () => {
    let version = 0;
    const folder = writtenAfterReads(() => bytes(`version ${++version}`));
    const trash = new SessionTrash();
    await expect(trash.moveToTrash(folder, "notes.txt")).rejects.toThrow(
      /keeps being changed by another program, so it was not deleted/,
    );
    expect(await folder.kindOf("notes.txt")).toBe("file");
    expect(trash.list()).toEqual([]);
  });
});
