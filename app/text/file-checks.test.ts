import { describe, expect, it } from "vitest";
import { decodeTextFile, fileRejectionMessage, MAX_FILE_BYTES } from "./file-checks";

describe("decodeTextFile", () => {
  it("decodes UTF-8 text, accents and emoji included", () => {
    const bytes = new TextEncoder().encode("Grüße 👋\nline two");
    expect(decodeTextFile(bytes)).toEqual({ ok: true, text: "Grüße 👋\nline two" });
  });

  it("drops a byte-order mark", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
    expect(decodeTextFile(bytes)).toEqual({ ok: true, text: "hi" });
  });

  it("refuses bytes with NUL characters as not text", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(decodeTextFile(png)).toEqual({ ok: false, reason: "not-text" });
  });

  it("reads text that is not UTF-8 as Windows-1252", () => {
    // "café" saved by an older Windows program.
    expect(decodeTextFile(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toEqual({
      ok: true,
      text: "café",
    });
  });

  it("reads UTF-16 files with a byte-order mark", () => {
    const le = new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]);
    const be = new Uint8Array([0xfe, 0xff, 0x00, 0x68, 0x00, 0xe9]);
    expect(decodeTextFile(le)).toEqual({ ok: true, text: "hé" });
    expect(decodeTextFile(be)).toEqual({ ok: true, text: "hé" });
  });

  it("refuses bytes with other control characters as not text", () => {
    expect(decodeTextFile(new Uint8Array([0xc3, 0x28, 0x01, 0x02, 0x41]))).toEqual({
      ok: false,
      reason: "not-text",
    });
    expect(decodeTextFile(new Uint8Array([0x4d, 0x5a, 0x90, 0x03]))).toEqual({
      ok: false,
      reason: "not-text",
    });
  });

  it("refuses files over 50 MB", () => {
    const big = { byteLength: MAX_FILE_BYTES + 1 } as Uint8Array;
    expect(decodeTextFile(big)).toEqual({ ok: false, reason: "too-large" });
  });

  it("names the file in its message", () => {
    expect(fileRejectionMessage("photo.png", "not-text")).toContain('"photo.png"');
    expect(fileRejectionMessage("huge.txt", "too-large")).toContain("50 MB");
    expect(fileRejectionMessage("app.exe", "unsupported-type")).toContain(".txt .md");
  });
});
