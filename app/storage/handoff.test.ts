import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as db from "./db";
import { editorActionHref, putHandoff, readEditorAction, takeHandoff } from "./handoff";

afterEach(() => vi.restoreAllMocks());

describe("landing-page hand-off", () => {
  it("passes a file to the editor once, through IndexedDB", async () => {
    await putHandoff({ kind: "file", name: "a.txt", content: "hello", createdAt: Date.now() });
    expect(await takeHandoff()).toMatchObject({ kind: "file", name: "a.txt", content: "hello" });
    expect(await takeHandoff()).toBeNull();
  });

  it("ignores a stale hand-off", async () => {
    await putHandoff({
      kind: "file",
      name: "old.txt",
      content: "days ago",
      createdAt: Date.now() - 11 * 60 * 1000,
    });
    expect(await takeHandoff()).toBeNull();
  });

  it("keeps the hand-off in memory when IndexedDB refuses it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const refuse = vi.spyOn(db, "openPlainpadDb").mockRejectedValue(new Error("blocked"));
    await expect(
      putHandoff({ kind: "file", name: "b.txt", content: "kept", createdAt: Date.now() }),
    ).resolves.toBeUndefined();
    expect(await takeHandoff()).toMatchObject({ kind: "file", name: "b.txt" });
    // Taken once; with storage still refused, a second read finds nothing to take.
    await expect(takeHandoff()).rejects.toThrow("blocked");
    expect(refuse).toHaveBeenCalled();
  });
});

describe("editor actions in the address", () => {
  it("reads back the action each link carries", () => {
    for (const action of ["new", "open", "drive-open"] as const) {
      const href = new URL(editorActionHref(action), "https://plainpad.app");
      expect(href.pathname).toBe("/editor/");
      expect(readEditorAction(href.search)).toBe(action);
    }
  });

  it("ignores an address without one or with an unknown one", () => {
    expect(readEditorAction("")).toBeNull();
    expect(readEditorAction("?bench")).toBeNull();
    expect(readEditorAction("?action=delete-everything")).toBeNull();
  });
});
