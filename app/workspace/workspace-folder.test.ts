import { describe, expect, it } from "vitest";
import { findInFolder } from "./find-in-files";
import { type DirectoryHandleLike, HandleFolder } from "./handle-folder";
import { type FakeTree, fakeDirectoryHandle } from "./handle-folder-test-support";
import {
  FileListFolder,
  FolderError,
  MemoryFolder,
  walkFiles,
  type WorkspaceFolder,
} from "./workspace-folder";
import { pickedFile } from "./workspace-fixture";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

async function allFiles(folder: WorkspaceFolder): Promise<string[]> {
  const paths: string[] = [];
  for await (const path of walkFiles(folder)) paths.push(path);
  return paths;
}

describe("WorkspaceFolder kinds", () => {
  it("an in-memory folder lists one level at a time and reads back what was written", async () => {
    const folder = new MemoryFolder("notes", {
      "a.txt": bytes("A"),
      "sub/b.txt": bytes("B"),
      "sub/deep/c.txt": bytes("C"),
    });
    const root = await folder.list("");
    expect(root.map((entry) => [entry.path, entry.kind]).sort()).toEqual([
      ["a.txt", "file"],
      ["sub", "folder"],
    ]);
    expect(await allFiles(folder)).toEqual(["a.txt", "sub/b.txt", "sub/deep/c.txt"]);
    const before = await folder.stat("sub/b.txt");
    await folder.write("sub/b.txt", bytes("Bee"));
    const after = await folder.read("sub/b.txt");
    expect(text(after.bytes)).toBe("Bee");
    expect(after.size).toBe(3);
    expect(after.lastModified).not.toBe(before.lastModified);
    await expect(folder.read("missing.txt")).rejects.toThrow(/no longer in the folder/);
  });

  it("a directory input's files are listed and read, and writing says the browser cannot", async () => {
    const file = (path: string, content: string) => pickedFile(path, content, 7);
    const folder = new FileListFolder([
      file("book/ch1.md", "one"),
      file("book/parts/ch2.md", "two"),
    ]);
    expect(folder.name).toBe("book");
    expect(folder.writable).toBe(false);
    expect(await allFiles(folder)).toEqual(["ch1.md", "parts/ch2.md"]);
    expect(text((await folder.read("parts/ch2.md")).bytes)).toBe("two");
    expect(await folder.stat("ch1.md")).toEqual({ size: 3, lastModified: 7 });
    const refused = await folder.write("ch1.md").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FolderError);
    expect((refused as FolderError).message).toMatch(/cannot write to folders/);
  });

  it("a directory handle is listed, read and written in place", async () => {
    const tree = new Map<string, Uint8Array | FakeTree>([
      ["top.txt", bytes("top")],
      ["docs", new Map([["inner.txt", bytes("inner")]])],
    ]);
    const folder = new HandleFolder(fakeDirectoryHandle("project", tree));
    expect(folder.name).toBe("project");
    expect(await allFiles(folder)).toEqual(["top.txt", "docs/inner.txt"]);
    expect(text((await folder.read("docs/inner.txt")).bytes)).toBe("inner");
    await folder.write("docs/inner.txt", bytes("changed"));
    expect(text((tree.get("docs") as Map<string, Uint8Array>).get("inner.txt")!)).toBe("changed");
    await expect(folder.read("docs/nothing.txt")).rejects.toThrow(/no longer in the folder/);
  });

  it("a full disk gets its own words, and the file keeps its bytes", async () => {
    const tree = new Map<string, Uint8Array | FakeTree>([["a.txt", bytes("kept")]]);
    const folder = new HandleFolder(
      fakeDirectoryHandle("project", tree, { failWrite: "QuotaExceededError" }),
    );
    await expect(folder.write("a.txt", bytes("new"))).rejects.toThrow(/disk is full/);
    expect(text(tree.get("a.txt") as Uint8Array)).toBe("kept");
  });

  it("find in files looks each file of a handle folder up once, and skips a huge one unread", async () => {
    const tree = new Map<string, Uint8Array | FakeTree>([
      ["a.txt", bytes("needle one")],
      ["b.txt", bytes("no match")],
      ["big.txt", bytes("needle ".repeat(100))],
    ]);
    const root = fakeDirectoryHandle("project", tree);
    const lookUps: string[] = [];
    const counted: DirectoryHandleLike = {
      ...root,
      getFileHandle(child: string, options?: { create?: boolean }) {
        lookUps.push(child);
        return root.getFileHandle(child, options);
      },
    };
    const found: string[] = [];
    let summary = null;
    for await (const event of findInFolder(new HandleFolder(counted), {
      query: "needle",
      maxBytes: 100,
    })) {
      if (event.type === "file") found.push(event.hits.path);
      if (event.type === "done") summary = event.summary;
    }
    expect(found).toEqual(["a.txt"]);
    expect(summary).toMatchObject({ filesSearched: 2, skippedTooLarge: 1 });
    // Each file looked up once (stat then read looked each up twice: a call to the browser each).
    expect(lookUps.sort()).toEqual(["a.txt", "b.txt", "big.txt"]);
  });
});
