import { describe, expect, it } from "vitest";
import {
  parseSharedBatch,
  sharedBatchKey,
  sharedFileKey,
  sharedNoteName,
  sharedNoteText,
} from "./share-target";

describe("shared notes", () => {
  it("keep the text and the URL, each once", () => {
    expect(sharedNoteText({ text: "Read this", url: "https://example.com/a" })).toBe(
      "Read this\nhttps://example.com/a",
    );
    expect(
      sharedNoteText({ text: "Read https://example.com/a", url: "https://example.com/a" }),
    ).toBe("Read https://example.com/a");
    expect(sharedNoteText({ text: "", url: "https://example.com/a" })).toBe(
      "https://example.com/a",
    );
    expect(sharedNoteText({ text: "  just text \n", url: "" })).toBe("just text");
  });

  it("are named by their title, else their first line, else 'Shared note'", () => {
    expect(sharedNoteName({ title: "Shopping", text: "milk", url: "" })).toBe("Shopping");
    expect(sharedNoteName({ title: " ", text: "\nFirst line\nsecond", url: "" })).toBe(
      "First line",
    );
    expect(sharedNoteName({ title: "", text: "", url: "https://x.test" })).toBe("Shared note");
    expect(sharedNoteName({ title: "x".repeat(100), text: "", url: "" })).toHaveLength(60);
  });
});

describe("parseSharedBatch", () => {
  it("reads a stored batch and fills what is missing", () => {
    expect(
      parseSharedBatch({
        title: "T",
        text: 3,
        files: [{ name: "a.txt", type: "text/plain" }, null],
      }),
    ).toMatchObject({
      title: "T",
      text: "",
      url: "",
      files: [{ name: "a.txt", type: "text/plain" }],
    });
  });

  it("refuses what is not a batch without throwing", () => {
    expect(parseSharedBatch(null)).toBeNull();
    expect(parseSharedBatch("text")).toBeNull();
  });

  it("keys each batch and file apart", () => {
    expect(sharedBatchKey("a/b")).toBe("/__shared/a%2Fb/batch.json");
    expect(sharedFileKey("id", 2)).toBe("/__shared/id/file-2");
  });
});
