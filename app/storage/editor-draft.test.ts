import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import {
  clearEditorDraft,
  loadEditorDraft,
  parseEditorDraft,
  saveEditorDraft,
} from "./editor-draft";

describe("editor draft", () => {
  it("round-trips through IndexedDB and clears", async () => {
    expect(await loadEditorDraft()).toBeNull();
    await saveEditorDraft({
      content: "hello\nworld",
      fileName: "notes.txt",
      fileId: "abc",
      dirty: true,
      savedAt: 5,
    });
    expect(await loadEditorDraft()).toEqual({
      content: "hello\nworld",
      fileName: "notes.txt",
      fileId: "abc",
      dirty: true,
      savedAt: 5,
    });
    await clearEditorDraft();
    expect(await loadEditorDraft()).toBeNull();
  });

  it("rejects values that are not drafts", () => {
    expect(parseEditorDraft({ content: 3 })).toBeNull();
    expect(parseEditorDraft(null)).toBeNull();
    expect(parseEditorDraft({ content: "", fileName: "a.txt" })?.fileId).toBeNull();
  });
});
