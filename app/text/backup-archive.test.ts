import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  type Backup,
  BACKUP_MANIFEST,
  BackupError,
  buildBackup,
  planRestore,
  readBackup,
} from "./backup-archive";

const backup: Backup = {
  createdAt: 1_700_000_000_000,
  tabs: [
    { name: "Shopping", text: "milk\neggs", isModified: true, driveFileId: null },
    { name: "Shopping", text: "same name, other text", isModified: false, driveFileId: "d1" },
    {
      name: "Emoji 😀 / CJK 漢字",
      text: "e\u0301 \r\n crlf kept",
      isModified: false,
      driveFileId: null,
    },
    { name: "Empty", text: "", isModified: false, driveFileId: null },
  ],
  editor: { name: "letter.txt", text: "Dear Ada,", isModified: true, driveFileId: null },
  settings: { notepad: { fontSize: 16, wordWrap: false }, editor: { theme: "dark" } },
};

describe("backup archive", () => {
  it("round trips every document's text, name, order and flags, and the settings", () => {
    const read = readBackup(buildBackup(backup));
    expect(read).toEqual(backup);
  });

  it("is a plain zip of text files any tool can open, plus the manifest", () => {
    const files = Object.keys(unzipSync(buildBackup(backup))).sort();
    expect(files).toEqual([
      "editor/letter.txt",
      "notepad/Emoji 😀 _ CJK 漢字.txt",
      "notepad/Empty.txt",
      "notepad/Shopping (2).txt",
      "notepad/Shopping.txt",
      BACKUP_MANIFEST,
    ]);
  });

  it("carries each document's version history when given, one text file per version", () => {
    const withHistory: Backup = {
      ...backup,
      tabs: [
        {
          ...backup.tabs[0]!,
          history: [
            {
              createdAt: 1_600_000_000_000,
              reason: "editing",
              name: "Shopping",
              words: 1,
              text: "milk",
            },
            {
              createdAt: 1_650_000_000_000,
              reason: "replace-all",
              name: "List",
              words: 3,
              text: "milk\r\n😀 eggs",
            },
          ],
        },
        backup.tabs[1]!,
      ],
      editor: {
        ...backup.editor!,
        history: [{ createdAt: 1, reason: "restored", name: "letter.txt", words: 1, text: "Dear" }],
      },
    };
    const bytes = buildBackup(withHistory);
    expect(readBackup(bytes)).toEqual(withHistory);
    const files = Object.keys(unzipSync(bytes)).filter((file) => file.startsWith("history/"));
    expect(files.sort()).toEqual([
      "history/editor/letter/1970-01-01T00-00-00.001Z (1).txt",
      "history/notepad/Shopping/2020-09-13T12-26-40.000Z (1).txt",
      "history/notepad/Shopping/2022-04-15T05-20-00.000Z (2).txt",
    ]);
    // A document restored beside an open one keeps its versions.
    const { add } = planRestore(readBackup(bytes), [{ name: "Shopping", text: "other" }]);
    expect(add[0]?.name).toBe("Shopping (restored)");
    expect(add[0]?.history).toHaveLength(2);
  });

  it("reads the first backups, whose settings were the notepad's alone", () => {
    const files = unzipSync(buildBackup(backup));
    const manifest = JSON.parse(new TextDecoder().decode(files[BACKUP_MANIFEST])) as {
      settings: unknown;
    };
    manifest.settings = { fontSize: 20 };
    files[BACKUP_MANIFEST] = strToU8(JSON.stringify(manifest));
    expect(readBackup(zipSync(files)).settings).toEqual({
      notepad: { fontSize: 20 },
      editor: null,
    });
  });

  it("refuses what is not a backup, a damaged one and a newer format, never throwing anything else", () => {
    const reason = (bytes: Uint8Array) => {
      try {
        readBackup(bytes);
        return "read";
      } catch (error) {
        expect(error).toBeInstanceOf(BackupError);
        return (error as BackupError).reason;
      }
    };
    expect(reason(strToU8("just text"))).toBe("not-backup");
    expect(reason(zipSync({ "a.txt": strToU8("a") }))).toBe("not-backup");
    expect(reason(zipSync({ [BACKUP_MANIFEST]: strToU8("{nope") }))).toBe("damaged");
    const files = unzipSync(buildBackup(backup));
    delete files["notepad/Empty.txt"];
    expect(reason(zipSync(files))).toBe("damaged");
    const newer = { format: 99, tabs: [] };
    expect(reason(zipSync({ [BACKUP_MANIFEST]: strToU8(JSON.stringify(newer)) }))).toBe("newer");
    const whole = buildBackup(backup);
    for (let cut = 0; cut < whole.length; cut += 97) {
      expect(["not-backup", "damaged", "read"]).toContain(reason(whole.slice(0, cut)));
    }
  });
});

describe("planRestore", () => {
  it("adds everything to an empty notepad, in order, the editor's document last", () => {
    const { add, alreadyOpen } = planRestore(backup, []);
    expect(alreadyOpen).toBe(0);
    expect(add.map((doc) => doc.name)).toEqual([
      "Shopping",
      "Shopping",
      "Emoji 😀 / CJK 漢字",
      "Empty",
      "letter.txt (from the editor)",
    ]);
  });

  it("skips tabs already open with the same text and keeps others side by side", () => {
    const { add, alreadyOpen } = planRestore(backup, [
      { name: "Shopping", text: "milk\neggs" },
      { name: "Empty", text: "now written" },
    ]);
    expect(alreadyOpen).toBe(1);
    expect(add.map((doc) => doc.name)).toEqual([
      "Shopping (restored)",
      "Emoji 😀 / CJK 漢字",
      "Empty (restored)",
      "letter.txt (from the editor)",
    ]);
  });
});
