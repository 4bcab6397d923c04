import { describe, expect, it } from "vitest";
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
