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
  settings: { fontSize: 16, wordWrap: false },
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
