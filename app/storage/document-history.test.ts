import "fake-indexeddb/auto";
import { Text } from "@codemirror/state";
import { describe, expect, it, vi } from "vitest";
import { countWordsFrom } from "~/text/text-stats";
import { DocumentHistory } from "./document-history";
import { HistoryFullError, HistoryStore } from "./history-store";

let counter = 0;

function recorder(now: { t: number }, host = { historyFull: vi.fn() }) {
  const store = new HistoryStore(`document-history-test-${++counter}`);
  const history = new DocumentHistory(
    store,
    "notepad",
    host,
    { pauseMs: 60_000, intervalMs: 300_000, quietMs: 0, quietMaxMs: 0 },
    () => now.t,
  );
  return { history, store, host };
}

const doc = (text: string) => ({ text: Text.of(text.split("\n")), name: "notes.txt" });

describe("DocumentHistory", () => {
  it("keeps a version at the first edit after a pause, then at most every interval", async () => {
    const now = { t: 1_000_000 };
    const { history } = recorder(now);
    history.noteEdit("t1", () => doc("before the session"));
    for (let i = 1; i <= 20; i++) {
      now.t += 10_000; // typing on, every 10 s: no pause, interval not reached until 300 s
      history.noteEdit("t1", () => doc(`edit ${i}`));
    }
    now.t += 100_000; // 300 s after the first: due
    history.noteEdit("t1", () => doc("five minutes in"));
    now.t += 120_000; // a pause
    history.noteEdit("t1", () => doc("after a pause"));
    await history.whenWritten();
    const list = await history.list("t1");
    expect(list.map((m) => m.reason)).toEqual(["editing", "editing", "editing"]);
    expect(await Promise.all(list.map((m) => history.read(m.id)))).toEqual([
      "after a pause",
      "five minutes in",
      "before the session",
    ]);
    expect(list[0]).toMatchObject({ words: 3, chars: 13, docKey: "notepad:t1" });
  });

  it("keeps a version at once for an explicit reason, not for an empty document", async () => {
    const now = { t: 5 };
    const { history } = recorder(now);
    expect(await history.snapshotNow("t1", doc(""), "replace-all")).toBeNull();
    const kept = await history.snapshotNow("t1", doc("alpha beta"), "replace-all");
    expect(kept?.reason).toBe("replace-all");
    expect((await history.list("t1")).map((m) => m.reason)).toEqual(["replace-all"]);
    expect(await history.list("t2")).toEqual([]);
  });

  it("exports a document's versions with their text, oldest first, and imports them into another", async () => {
    const now = { t: Date.UTC(2026, 10, 1) };
    const { history } = recorder(now);
    await history.snapshotNow("t1", doc("first words"), "editing");
    now.t += 60_000;
    await history.snapshotNow("t1", doc("second\nversion"), "replace-all");
    const exported = await history.exportVersions("t1");
    expect(exported).toEqual([
      {
        createdAt: now.t - 60_000,
        reason: "editing",
        name: "notes.txt",
        words: 2,
        text: "first words",
      },
      {
        createdAt: now.t,
        reason: "replace-all",
        name: "notes.txt",
        words: 2,
        text: "second\nversion",
      },
    ]);

    // Into a fresh browser: same times, reasons and texts; an unknown reason reads as editing.
    const other = recorder(now);
    const kept = await other.history.importVersions("restored", [
      ...exported,
      { createdAt: now.t - 1, reason: "from-the-future", name: "x", words: 1, text: "newer app" },
      { createdAt: now.t - 2, reason: "editing", name: "x", words: 0, text: "" },
    ]);
    expect(kept).toBe(3);
    const list = await other.history.list("restored");
    expect(list.map((m) => [m.createdAt, m.reason])).toEqual([
      [now.t, "replace-all"],
      [now.t - 1, "editing"],
      [now.t - 60_000, "editing"],
    ]);
    expect(await other.history.read(list[0]!.id)).toBe("second\nversion");
  });

  it("keeps a long document whole, counting words across its 64 KB pieces, or taking the editor's count", async () => {
    const now = { t: 5 };
    const { history } = recorder(now);
    // Words of 7 letters and a space: many straddle the 64 KB piece boundaries.
    const lines = Array.from(
      { length: 3000 },
      (_, i) => `line${String(i).padStart(3, "0")} ${"abcdefg ".repeat(40)}`,
    );
    const text = Text.of(lines);
    const expected = lines.join("\n");
    const counted = await history.snapshotNow("long", { text, name: "long.txt" }, "replace-all");
    expect(counted?.words).toBe(countWordsFrom(expected, false).count);
    expect(await history.read(counted!.id)).toBe(expected);
    const given = await history.snapshotNow(
      "long",
      { text, name: "long.txt", words: 7 },
      "replace-all",
    );
    expect(given?.words).toBe(7);
  });

  it("prepares an automatic version only once typing rests", async () => {
    const store = new HistoryStore(`document-history-test-${++counter}`);
    const history = new DocumentHistory(
      store,
      "notepad",
      { historyFull: vi.fn() },
      { pauseMs: 60_000, intervalMs: 300_000, quietMs: 150, quietMaxMs: 5000 },
    );
    history.noteEdit("t1", () => doc("before typing"));
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      history.noteEdit("t1", () => doc(`edit ${i}`));
      expect(await history.list("t1")).toEqual([]);
    }
    await history.whenWritten();
    const list = await history.list("t1");
    expect(list).toHaveLength(1);
    expect(await history.read(list[0]!.id)).toBe("before typing");
  });

  it("tells the host when storage is full and keeps going", async () => {
    const now = { t: 5 };
    const { history, store, host } = recorder(now);
    vi.spyOn(store, "add").mockRejectedValueOnce(new HistoryFullError(new Error("quota")));
    expect(await history.snapshotNow("t1", doc("text"), "replace-all")).toBeNull();
    expect(host.historyFull).toHaveBeenCalledTimes(1);
    expect(await history.snapshotNow("t1", doc("text"), "replace-all")).not.toBeNull();
  });
});
