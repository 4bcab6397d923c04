import { describe, expect, it } from "vitest";
import {
  BACKUP_INDEX_NAME,
  type BackupDirectory,
  type BackupDocument,
  backupFileNames,
  backupFolderProblem,
  writeBackup,
  writeWhole,
} from "./backup-folder";

/**
 * A folder in memory that behaves as Chromium's directory handles do: a writable writes to a
 * swap and replaces the file on close; move() renames and refuses an existing name. `failAt`
 * makes the nth write throw (a full disk, a crash).
 */
function memoryFolder(options: { moveOverExisting?: boolean; withMove?: boolean } = {}) {
  const files = new Map<string, Uint8Array>();
  const log: string[] = [];
  let failNextWrite: Error | null = null;
  const folder: BackupDirectory & {
    files: Map<string, Uint8Array>;
    log: string[];
    failNextWrite(error: Error): void;
    text(name: string): string;
  } = {
    name: "Backups",
    files,
    log,
    failNextWrite: (error) => (failNextWrite = error),
    text: (name) => new TextDecoder().decode(files.get(name)),
    async getFileHandle(name, opts) {
      if (!files.has(name)) {
        if (!opts?.create) throw new DOMException("no such file", "NotFoundError");
        files.set(name, new Uint8Array());
      }
      let current = name;
      return {
        async createWritable() {
          let swap = new Uint8Array();
          return {
            async write(data) {
              if (failNextWrite) {
                const error = failNextWrite;
                failNextWrite = null;
                throw error;
              }
              swap =
                typeof data === "string"
                  ? new TextEncoder().encode(data)
                  : new Uint8Array(data as ArrayBuffer);
            },
            async close() {
              files.set(current, swap);
              log.push(`write ${current}`);
            },
          };
        },
        move:
          options.withMove === false
            ? undefined
            : async (newName: string) => {
                if (files.has(newName) && !options.moveOverExisting) {
                  throw new DOMException("exists", "InvalidModificationError");
                }
                files.set(newName, files.get(current)!);
                files.delete(current);
                log.push(`move ${current} -> ${newName}`);
                current = newName;
              },
      };
    },
    async removeEntry(name) {
      if (!files.delete(name)) throw new DOMException("no such file", "NotFoundError");
      log.push(`remove ${name}`);
    },
  };
  return folder;
}

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
