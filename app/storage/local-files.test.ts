import { describe, expect, it, vi } from "vitest";
import { MAX_FILE_BYTES } from "~/text/file-checks";
import { Text } from "@codemirror/state";
import { textPieces } from "~/text/text-stream";
import { assemblePieces, FileRejectedError, isAbortError, readLocalTextFile } from "./local-files";

const fileOf = (parts: BlobPart[], name = "notes.txt") => new File(parts, name);

describe("readLocalTextFile", () => {
  it("reads a file as lines with its encoding and line ending", async () => {
    const read = await readLocalTextFile(fileOf(["Grüße\r\nzwei\r\n", "drei"]));
    expect(read.text.toJSON()).toEqual(["Grüße", "zwei", "drei"]);
    expect(read).toMatchObject({ name: "notes.txt", encoding: "utf-8", lineEnding: "crlf" });
    expect(read.mixedLineEndings).toBe(false);
  });

  it("starts over as Windows-1252 when invalid UTF-8 turns up past the first pieces", async () => {
    const ascii = "plain ascii line\n".repeat(20_000);
    const cp1252 = new Uint8Array([0x93, 0x71, 0x75, 0x6f, 0x74, 0x65, 0x94, 0x20, 0x80]);
    const progress: number[] = [];
    const read = await readLocalTextFile(fileOf([ascii, cp1252]), {
      onProgress: ({ loaded }) => progress.push(loaded),
    });
    expect(read.encoding).toBe("windows-1252");
    expect(read.text.line(read.text.lines).text).toBe("\u201cquote\u201d \u20ac");
    expect(read.text.lines).toBe(20_001);
    expect(progress.at(-1)).toBe(ascii.length + cp1252.length);
  });

  it("reports progress at most every 50 ms however often it yields, and always at the end", async () => {
    // A clock that moves 5 ms at every look: each 64 KB part ends a slice, and so yields.
    let clock = 0;
    const clockSpy = vi.spyOn(performance, "now").mockImplementation(() => (clock += 5));
    try {
      const size = 4 << 20;
      const reported: { loaded: number; at: number }[] = [];
      await readLocalTextFile(fileOf(["a\n".repeat(size / 2)]), {
        onProgress: ({ loaded }) => reported.push({ loaded, at: clock }),
      });
      const parts = size / (64 * 1024);
      expect(reported.length).toBeGreaterThan(2);
      expect(reported.length).toBeLessThan(parts / 3);
      const during = reported.slice(0, -1);
      during.slice(1).forEach((report, index) => {
        expect(report.at - during[index]!.at).toBeGreaterThanOrEqual(50);
        expect(report.loaded).toBeGreaterThan(during[index]!.loaded);
      });
      expect(reported.at(-1)!.loaded).toBe(size);
    } finally {
      clockSpy.mockRestore();
    }
  });

  it("refuses a file over the limit before reading it", async () => {
    const huge = { name: "huge.log", size: MAX_FILE_BYTES + 1 } as File;
    await expect(readLocalTextFile(huge)).rejects.toEqual(
      new FileRejectedError("huge.log", "too-large"),
    );
  });

  it("refuses binary files: NUL bytes, or control characters in the first characters", async () => {
    await expect(
      readLocalTextFile(fileOf([new Uint8Array([0x89, 0x50, 0x00, 0x01])])),
    ).rejects.toMatchObject({
      reason: "not-text",
    });
    await expect(readLocalTextFile(fileOf(["text\u0001more"]))).rejects.toMatchObject({
      reason: "not-text",
    });
  });

  it("stops with an AbortError when cancelled, at once or midway", async () => {
    const controller = new AbortController();
    controller.abort();
    const early = await readLocalTextFile(fileOf(["abc"]), { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    expect(isAbortError(early)).toBe(true);

    const midway = new AbortController();
    const big = fileOf(["0123456789abcdef\n".repeat(1 << 20)]);
    const late = await readLocalTextFile(big, {
      signal: midway.signal,
      onProgress: () => midway.abort(),
    }).catch((error: unknown) => error);
    expect(isAbortError(late)).toBe(true);
  });
});

describe("textPieces and assemblePieces", () => {
  it("carry a document in pieces cut anywhere, and give back the same lines", async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? "" : `línea ${i} 🙂`));
    const doc = Text.of(lines);
    for (const size of [1, 5, 64, 1000, doc.length + 10]) {
      const pieces = textPieces(doc, size);
      expect(pieces.join("")).toBe(doc.toString());
      expect(pieces.every((piece) => piece.length <= size)).toBe(true);
      expect((await assemblePieces(pieces)).toJSON()).toEqual(lines);
    }
  });

  it("give an empty document for no pieces", async () => {
    expect(textPieces(Text.empty)).toEqual([]);
    expect((await assemblePieces([])).toString()).toBe("");
  });
});
