import { describe, expect, it } from "vitest";
import { memoryFolder } from "./backup-folder-test-support";
import {
  FOLDER_INDEX_NAME as BACKUP_INDEX_NAME,
  type BackupDocument,
  backupFileNames,
  backupFolderProblem,
  OLD_FOLDER_INDEX_NAME,
  readFolderCopies,
  readFolderIndex,
  splitByWriter,
  writeBackup,
  writeWhole,
} from "./backup-folder";
import { BACKUP_MANIFEST } from "~/text/backup-archive";

function doc(id: string, name: string, text: string, extra: Partial<BackupDocument> = {}) {
  return {
    id,
    name,
    text,
    file: { encoding: "utf-8", lineEnding: "lf" },
    lastModified: 1_700_000_000_000,
    ...extra,
  } as BackupDocument;
}

describe("keeping copies in a folder", () => {
  it("names files after their tabs, with .txt and a counter for equal names", () => {
    const names = backupFileNames([
      doc("a", "Notes", ""),
      doc("b", "Notes", ""),
      doc("c", "report.md", ""),
      doc("d", "a/b:c?", ""),
      doc("e", "plainpad-backup.json", ""),
    ]);
    expect([...names.values()]).toEqual([
      "Notes.txt",
      "Notes (2).txt",
      "report.md",
      "a_b_c_.txt",
      "plainpad-backup (2).json",
    ]);
    // A tab keeps its file while its name has not changed, even when an earlier tab now
    // has the same name.
    const again = backupFileNames(
      [doc("x", "Notes", ""), doc("b", "Notes", ""), doc("a", "Notes", "")],
      names,
    );
    expect(again.get("a")).toBe("Notes.txt");
    expect(again.get("b")).toBe("Notes (2).txt");
    expect(again.get("x")).toBe("Notes (3).txt");
  });

  it("writes each file whole through a temporary file, then the index", async () => {
    const folder = memoryFolder();
    const names = await writeBackup(
      folder,
      [doc("a", "One", "first\nline"), doc("b", "Two", "second")],
      "all",
      new Map(),
      Date.UTC(2026, 10, 25),
    );
    expect(folder.text("One.txt")).toBe("first\nline");
    expect(folder.text("Two.txt")).toBe("second");
    expect(folder.log).toEqual([
      "write One.txt.plainpad-tmp",
      "move One.txt.plainpad-tmp -> One.txt",
      "write Two.txt.plainpad-tmp",
      "move Two.txt.plainpad-tmp -> Two.txt",
      `write ${BACKUP_INDEX_NAME}.plainpad-tmp`,
      `move ${BACKUP_INDEX_NAME}.plainpad-tmp -> ${BACKUP_INDEX_NAME}`,
    ]);
    const index = JSON.parse(folder.text(BACKUP_INDEX_NAME));
    expect(index.savedAt).toBe("2026-11-25T00:00:00.000Z");
    expect(index.documents.map((d: { fileName: string }) => d.fileName)).toEqual([
      "One.txt",
      "Two.txt",
    ]);
    // Only the changed document is written again; the old copy is replaced, not doubled.
    folder.log.length = 0;
    await writeBackup(
      folder,
      [doc("a", "One", "first\nline, edited"), doc("b", "Two", "second")],
      new Set(["a"]),
      names,
      Date.now(),
    );
    expect(folder.text("One.txt")).toBe("first\nline, edited");
    expect(folder.log.filter((line) => line.includes("Two.txt"))).toEqual([]);
    expect([...folder.files.keys()].filter((name) => name.endsWith(".plainpad-tmp"))).toEqual([]);
  });

  it("keeps each document's encoding and line endings, and UTF-8 when it cannot hold the text", async () => {
    const folder = memoryFolder({ moveOverExisting: true });
    await writeBackup(
      folder,
      [
        doc("w", "Windows", "a\nb é", { file: { encoding: "windows-1252", lineEnding: "crlf" } }),
        doc("e", "Emoji", "smile 😀", { file: { encoding: "windows-1252", lineEnding: "lf" } }),
      ],
      "all",
      new Map(),
      0,
    );
    expect([...folder.files.get("Windows.txt")!]).toEqual([0x61, 0x0d, 0x0a, 0x62, 0x20, 0xe9]);
    expect(folder.text("Emoji.txt")).toBe("smile 😀");
    const index = JSON.parse(folder.text(BACKUP_INDEX_NAME));
    expect(index.documents.map((d: { encoding: string }) => d.encoding)).toEqual([
      "windows-1252",
      "utf-8",
    ]);
  });

  it("a renamed tab moves to its new file; the old copy goes only after the new one is written", async () => {
    const folder = memoryFolder();
    const names = await writeBackup(folder, [doc("a", "Draft", "text")], "all", new Map(), 0);
    folder.log.length = 0;
    await writeBackup(folder, [doc("a", "Final", "text")], new Set(), names, 0);
    expect(folder.files.has("Draft.txt")).toBe(false);
    expect(folder.text("Final.txt")).toBe("text");
    expect(folder.log.indexOf("move Final.txt.plainpad-tmp -> Final.txt")).toBeLessThan(
      folder.log.indexOf("remove Draft.txt"),
    );
  });

  it("a failed write leaves the old copy whole and reports what happened", async () => {
    const folder = memoryFolder();
    const names = await writeBackup(folder, [doc("a", "Kept", "old text")], "all", new Map(), 0);
    folder.failNextWrite(new DOMException("disk full", "QuotaExceededError"));
    const failure = await writeBackup(
      folder,
      [doc("a", "Kept", "new text")],
      new Set(["a"]),
      names,
      0,
    ).catch((error: unknown) => error);
    expect(backupFolderProblem(failure)).toBe("full");
    expect(folder.text("Kept.txt")).toBe("old text");
    expect(backupFolderProblem(new DOMException("gone", "NotFoundError"))).toBe("gone");
    expect(backupFolderProblem(new DOMException("no", "NotAllowedError"))).toBe("permission");
    expect(backupFolderProblem(new Error("?"))).toBe("other");
  });

  it("without move() it writes the file directly (the writable's own swap keeps it whole)", async () => {
    const folder = memoryFolder({ withMove: false });
    await writeWhole(folder, "a.txt", "whole");
    expect(folder.text("a.txt")).toBe("whole");
    expect(folder.files.has("a.txt.plainpad-tmp")).toBe(false);
  });
});

describe("the folder's index", () => {
  it("has a name of its own, apart from the .zip backup's manifest", async () => {
    expect(BACKUP_INDEX_NAME).not.toBe(BACKUP_MANIFEST);
    const folder = memoryFolder();
    await writeBackup(folder, [doc("a", "One", "text")], "all", new Map(), 0);
    expect(folder.files.has(BACKUP_INDEX_NAME)).toBe(true);
    expect(folder.files.has(BACKUP_MANIFEST)).toBe(false);
  });

  it("records the encoding of the bytes written, also when the copy is not written again", async () => {
    const folder = memoryFolder({ moveOverExisting: true });
    const docs = [
      doc("e", "Emoji", "smile 😀", { file: { encoding: "windows-1252", lineEnding: "crlf" } }),
      doc("p", "Plain", "plain", { file: { encoding: "windows-1252", lineEnding: "lf" } }),
    ];
    const first = await writeBackup(folder, docs, "all", new Map(), 0);
    // Only "Plain" changed: the emoji copy stays UTF-8 bytes, and the index says so.
    await writeBackup(folder, docs, new Set(["p"]), first, 1);
    const index = JSON.parse(folder.text(BACKUP_INDEX_NAME));
    expect(index.documents.map((d: { encoding: string }) => d.encoding)).toEqual([
      "utf-8",
      "windows-1252",
    ]);
    const read = await readFolderIndex(folder);
    expect(read.entries.find((entry) => entry.id === "e")?.encoding).toBe("utf-8");
  });

  it("is read back: each tab's file, with its encoding and line ending", async () => {
    const folder = memoryFolder();
    const written = await writeBackup(
      folder,
      [doc("a", "Notes", "one"), doc("b", "Notes", "two")],
      "all",
      new Map(),
      0,
    );
    const read = await readFolderIndex(folder);
    expect(read.found).toBe(true);
    expect(read.oldIndex).toBe(false);
    expect(read.entries).toEqual([...written.values()]);
    // A tab order changed since: each keeps its file.
    await writeBackup(
      folder,
      [doc("b", "Notes", "two"), doc("a", "Notes", "one")],
      "all",
      splitByWriter(read.entries, "me").own,
      1,
    );
    expect(folder.text("Notes.txt")).toBe("one");
    expect(folder.text("Notes (2).txt")).toBe("two");
  });

  it("reads an index under its old name, and replaces it with the new one at the next write", async () => {
    const folder = memoryFolder();
    const old = {
      app: "Plainpad",
      savedAt: "2026-11-01T00:00:00.000Z",
      documents: [
        {
          id: "a",
          name: "Notes",
          fileName: "Notes (2).txt",
          encoding: "windows-1252",
          lineEnding: "lf",
          lastModified: 0,
        },
      ],
    };
    await writeWhole(folder, OLD_FOLDER_INDEX_NAME, JSON.stringify(old));
    await writeWhole(folder, "Notes (2).txt", "written as UTF-8: é");
    const read = await readFolderIndex(folder);
    expect(read).toMatchObject({ found: true, oldIndex: true });
    // The old index named the tab's encoding for what may be UTF-8 bytes: UTF-8 is tried first.
    expect((await readFolderCopies(folder))?.documents[0].text).toBe("written as UTF-8: é");
    // An entry of the old index, which knew no writer, counts as this browser's.
    const { own, others } = splitByWriter(read.entries, "me");
    expect(others).toEqual([]);
    await writeBackup(folder, [doc("a", "Notes", "new")], "all", own, 0, {
      removeOldIndex: true,
      writer: "me",
    });
    expect(folder.text("Notes (2).txt")).toBe("new");
    expect(folder.files.has(OLD_FOLDER_INDEX_NAME)).toBe(false);
    expect(folder.files.has(BACKUP_INDEX_NAME)).toBe(true);
  });

  it("is not confused with a .zip backup's manifest, nor found in a folder Plainpad never wrote", async () => {
    const folder = memoryFolder();
    expect(await readFolderIndex(folder)).toMatchObject({ found: false });
    expect(await readFolderCopies(folder)).toBeNull();
    await writeWhole(
      folder,
      BACKUP_MANIFEST,
      JSON.stringify({ format: 1, app: "Plainpad", tabs: [], editor: null }),
    );
    expect(await readFolderIndex(folder)).toMatchObject({ found: false });
  });

  it("restores the documents it lists in their own encoding and line endings, and names the missing", async () => {
    const folder = memoryFolder({ moveOverExisting: true });
    await writeBackup(
      folder,
      [
        doc("w", "Windows", "a\nb é", { file: { encoding: "windows-1252", lineEnding: "crlf" } }),
        doc("u", "report.md", "# Title\n\nText 😀"),
        doc("g", "Gone", "deleted by hand"),
      ],
      "all",
      new Map(),
      0,
    );
    await folder.removeEntry("Gone.txt");
    expect(await readFolderCopies(folder)).toEqual({
      documents: [
        { name: "Windows", text: "a\nb é", encoding: "windows-1252", lineEnding: "crlf" },
        { name: "report.md", text: "# Title\n\nText 😀", encoding: "utf-8", lineEnding: "lf" },
      ],
      missing: ["Gone.txt"],
    });
  });

  it("never follows a file name with a path in it", async () => {
    const folder = memoryFolder();
    const index = {
      app: "Plainpad",
      kind: "folder-copies",
      format: 1,
      documents: [
        { id: "x", name: "x", fileName: "../outside.txt", encoding: "utf-8", lineEnding: "lf" },
        { id: "y", name: "y", fileName: "inside.txt", encoding: "utf-8", lineEnding: "lf" },
      ],
    };
    await writeWhole(folder, BACKUP_INDEX_NAME, JSON.stringify(index));
    expect((await readFolderIndex(folder)).entries.map((entry) => entry.id)).toEqual(["y"]);
  });

  it("keeps another browser's copies: its files stay, their names are not reused, restore lists them", async () => {
    const folder = memoryFolder();
    await writeBackup(folder, [doc("1", "Shopping", "milk")], "all", new Map(), 0, {
      writer: "before",
    });
    // Site data cleared: a new writer, whose first tab has the same id "1".
    const { own, others } = splitByWriter((await readFolderIndex(folder)).entries, "after");
    expect(own.size).toBe(0);
    await writeBackup(
      folder,
      [doc("1", "Untitled-1", "new"), doc("2", "Shopping", "other list")],
      "all",
      own,
      1,
      { others, writer: "after" },
    );
    expect(folder.text("Shopping.txt")).toBe("milk");
    expect(folder.text("Shopping (2).txt")).toBe("other list");
    expect(folder.text("Untitled-1.txt")).toBe("new");
    expect((await readFolderCopies(folder))?.documents.map((d) => [d.name, d.text])).toEqual([
      ["Untitled-1", "new"],
      ["Shopping", "other list"],
      ["Shopping", "milk"],
    ]);
  });
});
