import { describe, expect, it } from "vitest";
import { type BackupDocument, writeBackup } from "~/storage/backup-folder";
import { memoryFolder } from "~/storage/backup-folder-test-support";
import type { DocumentFileFormat } from "~/storage/document-records";
import { type FolderRestoreHost, restoreFromFolder } from "./folder-restore";

function host(open: { name: string; text: string }[]) {
  const opened: { name: string; text: string; file: DocumentFileFormat }[] = [];
  const notices: string[] = [];
  const fake: FolderRestoreHost = {
    whenReady: async () => undefined,
    existingTabs: () => open,
    openTab: (name, text, file) => {
      opened.push({ name, text, file });
      return String(opened.length);
    },
    notify: (kind, message) => notices.push(`${kind}: ${message}`),
  };
  return { fake, opened, notices };
}

const doc = (id: string, name: string, text: string, file: BackupDocument["file"]) => ({
  id,
  name,
  text,
  file,
  lastModified: 0,
});

describe("restore from folder copies", () => {
  it("opens the copies as new tabs in their format, leaving open tabs as they are", async () => {
    const folder = memoryFolder({ moveOverExisting: true });
    await writeBackup(
      folder,
      [
        doc("a", "Shopping", "milk\neggs", { encoding: "windows-1252", lineEnding: "crlf" }),
        doc("b", "Same", "same text", { encoding: "utf-8", lineEnding: "lf" }),
        doc("c", "Notes", "from the folder", { encoding: "utf-8", lineEnding: "lf" }),
      ],
      "all",
      new Map(),
      0,
    );
    const { fake, opened, notices } = host([
      { name: "Same", text: "same text" },
      { name: "Notes", text: "edited since" },
    ]);
    expect(await restoreFromFolder(fake, async () => folder)).toBe(true);
    expect(opened).toEqual([
      {
        name: "Shopping",
        text: "milk\neggs",
        file: { encoding: "windows-1252", lineEnding: "crlf", disk: null },
      },
      {
        name: "Notes (restored)",
        text: "from the folder",
        file: { encoding: "utf-8", lineEnding: "lf", disk: null },
      },
    ]);
    expect(notices).toEqual([
      'info: Restored 2 documents from "Backups". 1 already open with the same text was left as it was.',
    ]);
  });

  it("says so when the folder holds no copies, and does nothing when no folder is chosen", async () => {
    const { fake, opened, notices } = host([]);
    expect(await restoreFromFolder(fake, async () => memoryFolder())).toBe(true);
    expect(notices[0]).toMatch(/^error: "Backups" holds no copies kept by Plainpad/);
    expect(await restoreFromFolder(fake, async () => null)).toBe(false);
    expect(opened).toEqual([]);
    expect(notices).toHaveLength(1);
  });
});
