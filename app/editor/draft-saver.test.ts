import { afterEach, describe, expect, it, vi } from "vitest";
import type { EditorDraft } from "~/storage/editor-draft";
import { DraftSaver } from "./draft-saver";

const draft = (content: string): EditorDraft => ({
  content,
  fileName: "a.txt",
  fileId: null,
  dirty: true,
  savedAt: 0,
});

describe("DraftSaver", () => {
  afterEach(() => vi.useRealTimers());

  it("writes once after the last of several changes", async () => {
    vi.useFakeTimers();
    let content = "a";
    const write = vi.fn(async () => {});
    const saver = new DraftSaver({ snapshot: () => draft(content), write, onResult: () => {} });
    saver.schedule();
    content = "ab";
    saver.schedule();
    await vi.advanceTimersByTimeAsync(699);
    expect(write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(write).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenCalledWith(draft("ab"));
  });

  it("writes within maxWait while changes keep coming", async () => {
    vi.useFakeTimers();
    const write = vi.fn(async () => {});
    const saver = new DraftSaver({
      snapshot: () => draft("typing"),
      write,
      onResult: () => {},
      maxWait: () => 1000,
    });
    // A keystroke every 200 ms: the 700 ms debounce alone would never fire.
    for (let i = 0; i < 5; i++) {
      saver.schedule();
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(write).toHaveBeenCalledTimes(1);
    saver.dispose();
  });

  it("flushes a pending change at once and reports failures", async () => {
    const results: unknown[] = [];
    const saver = new DraftSaver({
      snapshot: () => draft("x"),
      write: async () => {
        throw new Error("quota");
      },
      onResult: (error) => results.push(error),
    });
    await saver.flush();
    expect(results).toEqual([]);
    saver.schedule();
    await saver.flush();
    expect(results).toHaveLength(1);
    expect(saver.hasPending).toBe(false);
  });
});
