import "fake-indexeddb/auto";
import { openDB } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FOLDER_INDEX_NAME, OLD_FOLDER_INDEX_NAME, writeWhole } from "./backup-folder";
import { BackupFolderKeeper } from "./backup-folder-keeper";
import { type MemoryFolder, memoryFolder } from "./backup-folder-test-support";
import type { BackupDocument } from "./backup-folder";

/**
 * The keeper over an in-memory folder. A restart is a new keeper choosing the same folder: all
 * it knew in memory is gone, as after closing the browser, and only the folder remembers.
 */

let folder: MemoryFolder;
const keepers: BackupFolderKeeper[] = [];

beforeEach(() => {
  folder = memoryFolder({ moveOverExisting: true });
  const handle = Object.assign(folder, {
    queryPermission: async () => "granted" as PermissionState,
    requestPermission: async () => "granted" as PermissionState,
  });
  vi.stubGlobal("window", { showDirectoryPicker: async () => handle });
  // The stand-in folder cannot be stored in IndexedDB (it holds functions): the keeper says so.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  while (keepers.length) keepers.pop()?.dispose();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function doc(id: string, name: string, text: string): BackupDocument {
  return { id, name, text, file: { encoding: "utf-8", lineEnding: "lf" }, lastModified: 0 };
}

/** How many times the index was written so far. */
const indexWrites = () =>
  folder.log.filter((line) => line.startsWith(`move ${FOLDER_INDEX_NAME}.`)).length;

/** A keeper of `docs()` that has chosen the folder and written its first copies. */
async function startKeeper(docs: () => BackupDocument[]): Promise<BackupFolderKeeper> {
  const keeper = new BackupFolderKeeper(docs, { delayMs: 0, retryMs: 60_000 });
  keepers.push(keeper);
  const before = indexWrites();
  expect(await keeper.choose()).toBe(true);
  await vi.waitFor(() => {
    expect(indexWrites()).toBeGreaterThan(before);
    expect(keeper.getStatus()).toMatchObject({ kind: "on", writing: false });
  });
  return keeper;
}

/** The folder's files as text, without the index. */
function copies(): Record<string, string> {
  return Object.fromEntries(
    [...folder.files.keys()]
      .filter((name) => name !== FOLDER_INDEX_NAME)
      .map((name) => [name, folder.text(name)]),
  );
}

describe("the folder copies' keeper", () => {
  it("writes every tab when a folder is chosen, and a changed one again", async () => {
    let docs = [doc("a", "One", "first"), doc("b", "Two", "second")];
    const keeper = await startKeeper(() => docs);
    expect(copies()).toEqual({ "One.txt": "first", "Two.txt": "second" });
    docs = [doc("a", "One", "first, edited"), docs[1]];
    const before = indexWrites();
    keeper.noteStored("a");
    await vi.waitFor(() => expect(indexWrites()).toBeGreaterThan(before));
    expect(copies()).toEqual({ "One.txt": "first, edited", "Two.txt": "second" });
  });

  it("after a restart two tabs of the same name keep their own files, whatever their order", async () => {
    const first = await startKeeper(() => [
      doc("a", "Notes", "from a"),
      doc("b", "Notes", "from b"),
    ]);
    expect(copies()).toEqual({ "Notes.txt": "from a", "Notes (2).txt": "from b" });
    first.dispose();
    // Restarted, with the tabs in the other order.
    await startKeeper(() => [doc("b", "Notes", "from b, later"), doc("a", "Notes", "from a")]);
    expect(copies()).toEqual({ "Notes.txt": "from a", "Notes (2).txt": "from b, later" });
  });

  it("a tab renamed while the copies were off leaves no old file after a restart", async () => {
    const first = await startKeeper(() => [doc("a", "Draft", "text"), doc("b", "Other", "kept")]);
    expect(Object.keys(copies()).sort()).toEqual(["Draft.txt", "Other.txt"]);
    first.dispose();
    await startKeeper(() => [doc("a", "Final", "text"), doc("b", "Other", "kept")]);
    expect(copies()).toEqual({ "Final.txt": "text", "Other.txt": "kept" });
  });

  it("takes the names from an index of the old name, then leaves only the new index", async () => {
    await writeWhole(folder, "Notes (2).txt", "from b");
    await writeWhole(
      folder,
      OLD_FOLDER_INDEX_NAME,
      JSON.stringify({
        app: "Plainpad",
        savedAt: "2026-11-01T00:00:00.000Z",
        documents: [
          {
            id: "b",
            name: "Notes",
            fileName: "Notes (2).txt",
            encoding: "utf-8",
            lineEnding: "lf",
          },
        ],
      }),
    );
    await startKeeper(() => [doc("a", "Notes", "from a"), doc("b", "Notes", "from b")]);
    expect(copies()).toEqual({ "Notes.txt": "from a", "Notes (2).txt": "from b" });
    expect(folder.files.has(OLD_FOLDER_INDEX_NAME)).toBe(false);
  });

  it("reports a folder that cannot be written; the copy written before stays whole", async () => {
    const keeper = await startKeeper(() => [doc("a", "Notes", "text")]);
    folder.failNextWrite(new DOMException("disk full", "QuotaExceededError"));
    keeper.noteStored("a");
    await vi.waitFor(() =>
      expect(keeper.getStatus()).toEqual({ kind: "failed", folder: "Backups", problem: "full" }),
    );
    expect(folder.text("Notes.txt")).toBe("text");
  });

  it("after the site's data is cleared, the copies of before stay in the folder and its index", async () => {
    const first = await startKeeper(() => [doc("1", "Shopping", "milk and eggs")]);
    first.dispose();
    // What the keeper kept in IndexedDB is gone (its connections stay open, so the database
    // itself cannot be deleted here).
    const database = await openDB("plainpad-backup-folder");
    await database.clear("handle");
    database.close();
    // A fresh notepad: its first tab has the same id, "1".
    await startKeeper(() => [doc("1", "Untitled-1", "")]);
    expect(copies()).toEqual({ "Shopping.txt": "milk and eggs", "Untitled-1.txt": "" });
    const index = JSON.parse(folder.text(FOLDER_INDEX_NAME));
    expect(index.documents.map((entry: { fileName: string }) => entry.fileName)).toEqual([
      "Untitled-1.txt",
      "Shopping.txt",
    ]);
  });
});
