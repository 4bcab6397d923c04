import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as db from "./db";
import { putHandoff, takeHandoff } from "./handoff";

afterEach(() => vi.restoreAllMocks());

describe("landing-page hand-off", () => {
  it("passes a file to the editor once, through IndexedDB", async () => {
    await putHandoff({ kind: "file", name: "a.txt", content: "hello", createdAt: Date.now() });
    expect(await takeHandoff()).toMatchObject({ kind: "file", name: "a.txt", content: "hello" });
    expect(await takeHandoff()).toBeNull();
  });

  it("ignores a stale hand-off", async () => {
    await putHandoff({ kind: "new", createdAt: Date.now() - 11 * 60 * 1000 });
    expect(await takeHandoff()).toBeNull();
  });

  it("keeps the hand-off in memory when IndexedDB refuses it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const refuse = vi.spyOn(db, "openPlainpadDb").mockRejectedValue(new Error("blocked"));
    await expect(
      putHandoff({ kind: "drive-open", createdAt: Date.now() }),
    ).resolves.toBeUndefined();
    expect(await takeHandoff()).toMatchObject({ kind: "drive-open" });
    // Taken once; with storage still refused, a second read finds nothing to take.
    await expect(takeHandoff()).rejects.toThrow("blocked");
    expect(refuse).toHaveBeenCalled();
  });
});
