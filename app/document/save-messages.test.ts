import { describe, expect, it } from "vitest";
import { DiskFileError } from "~/storage/disk-files";
import type { DocumentFileFormat } from "~/storage/document-records";
import { documentBytes, saveFailureMessage } from "./file-save";
import { documentLocation, saveOutcomeNotice } from "./save-messages";

const handle = { kind: "file", name: "notes.txt" } as unknown as FileSystemFileHandle;
const onDisk: DocumentFileFormat = {
  encoding: "utf-8",
  lineEnding: "crlf",
  disk: { handle, lastModified: 1, size: 2 },
};

describe("document file saving", () => {
  it("writes the document's encoding and line ending", () => {
    expect(Array.from(documentBytes("a\nb", onDisk))).toEqual([0x61, 0x0d, 0x0a, 0x62]);
    expect(
      Array.from(documentBytes("é\n", { encoding: "utf-16be", lineEnding: "cr", disk: null })),
    ).toEqual([0xfe, 0xff, 0x00, 0xe9, 0x00, 0x0d]);
  });

  it("says where a document lives", () => {
    expect(documentLocation(onDisk, true)).toBe("notes.txt · on this computer");
    expect(documentLocation({ ...onDisk, disk: null }, true)).toBe("Google Drive");
    expect(documentLocation({ ...onDisk, disk: null }, false)).toBe("this browser only");
  });

  it("names the file, keeps the text and offers what helps after a failed write", () => {
    for (const reason of ["not-found", "permission-denied", "no-space", "failed"] as const) {
      const { message, retry } = saveFailureMessage(new DiskFileError("notes.txt", reason));
      expect(message).toContain('"notes.txt"');
      expect(message).toContain("Your text is still here, marked unsaved.");
      expect(retry).toBe("save-as");
    }
    expect(saveFailureMessage(new DiskFileError("notes.txt", "no-user-gesture")).retry).toBe(
      "save",
    );
  });

  it("tells a save from a download, and says nothing after a cancel", () => {
    expect(saveOutcomeNotice({ kind: "written", name: "notes.txt", file: onDisk })).toEqual({
      kind: "info",
      text: 'Saved "notes.txt" on this computer.',
      retry: null,
    });
    expect(saveOutcomeNotice({ kind: "downloaded", name: "notes.txt" })?.text).toMatch(
      /^Downloaded "notes.txt"/,
    );
    expect(saveOutcomeNotice({ kind: "cancelled" })).toBeNull();
    expect(
      saveOutcomeNotice({ kind: "failed", message: "No room.", retry: "save-as" }),
    ).toMatchObject({ kind: "error", retry: "save-as" });
  });
});
