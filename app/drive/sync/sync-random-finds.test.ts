/**
 * Losses the randomized test (sync-random.test.ts) found, each walked here on purpose against
 * the one fake Drive, so that it stays fixed whatever the seeds do.
 */
import { describe, expect, it, vi } from "vitest";
import { sharedTab, type HookedRequest } from "./sync-test-support";
import { isUpdateUpload, once, syncingOneTab } from "./sync-test-setups";

/** Runs once, when the next merge's answer is on its way to the tab's run (null: never). */
const duringMergeAnswer: { action: (() => void) | null } = { action: null };

vi.mock("./merge-off-thread", async (importOriginal) => {
  const real = await importOriginal<typeof import("./merge-off-thread")>();
  return {
    ...real,
    // The real merge, and then (its own last look at the tab done) the person types while
    // its answer travels back: in the page, a big merge answers from a worker.
    mergeWithTyping: async (...args: Parameters<typeof real.mergeWithTyping>) => {
      const outcome = await real.mergeWithTyping(...args);
      const action = duringMergeAnswer.action;
      duringMergeAnswer.action = null;
      action?.();
      return outcome;
    },
  };
});

describe("found by the randomized test (driveEditor seed 723, together seed 645)", () => {
  it("a line typed while a merge's answer comes back is kept in the tab and reaches Drive", async () => {
    const { model, a, id: notes, fileId } = await syncingOneTab("one\ntwo");
    // Drive's editor appends a line; here a line goes on top: a clean merge to make.
    model.editFile(fileId, "one\ntwo\nfrom Drive");
    a.notepad.type(notes, "top\none\ntwo");
    duringMergeAnswer.action = () => a.notepad.type(notes, "top\none\ntyped meanwhile\ntwo");
    await a.sync.syncNow();
    expect(duringMergeAnswer.action).toBeNull(); // the merge did run, and the line was typed
    expect(a.notepad.tab(notes).text).toBe("top\none\ntyped meanwhile\ntwo\nfrom Drive");
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("top\none\ntyped meanwhile\ntwo\nfrom Drive");
    expect(a.sync.getStatus().tabs[notes].kind).toBe("synced");
  });
});

describe("found by the randomized test (every class but rateLimit, seed 33)", () => {
  it("a revision written just before an upload Drive applied twice (a 500 after applying, then the retry) is merged", async () => {
    const { model, a, id: notes, fileId } = await syncingOneTab("one\ntwo");
    a.notepad.type(notes, "top\none\ntwo");
    const isOurUpload = (r: HookedRequest) =>
      isUpdateUpload(r) && r.url.includes(`/files/${fileId}`);
    a.network.before = once(isOurUpload, () => {
      // Drive's editor writes just before our upload lands; Drive then applies the upload,
      // answers 500, and the request layer sends it again: two revisions of our bytes.
      model.editFile(fileId, "one\ntwo\nfrom Drive");
      model.faults.push({ kind: "upload", effect: "error-after-apply", status: 500 });
    });
    await a.sync.syncNow();
    a.network.before = undefined;
    const ours = model.files.get(fileId)!.md5Checksum;
    const revisions = model.files.get(fileId)!.revisions;
    expect(revisions.filter((r) => r.md5Checksum === ours).length).toBe(2);
    expect(a.notepad.tab(notes).text).toBe("top\none\ntwo\nfrom Drive");
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("top\none\ntwo\nfrom Drive");
    expect(a.sync.getStatus().tabs[notes].kind).toBe("synced");
  });
});

describe("found by the randomized test (every class but rateLimit, window and bin, seed 2094)", () => {
  it("sync turned off while a run is under way: the run writes nothing more to Drive", async () => {
    const { model, a, id: notes, fileId } = await syncingOneTab("one\ntwo");
    a.notepad.type(notes, "top\none\ntwo");
    const uploads = model.count("upload");
    let done = false;
    // The check before the upload (the run's first read of the file) has just been answered.
    const isCheck = (r: HookedRequest) => r.method === "GET" && r.url.includes(`/files/${fileId}?`);
    a.network.after = once(isCheck, () => {
      done = true;
      a.sync.disable();
      // Drive's editor writes now, and an upload's answer would be lost: with sync off, no
      // run would come after it to find the line it replaced.
      model.editFile(fileId, "one\ntwo\nfrom Drive");
      model.faults.push({ kind: "upload", effect: "lost" });
    });
    await a.sync.syncNow();
    a.network.after = undefined;
    expect(done).toBe(true);
    expect(model.count("upload")).toBe(uploads);
    expect(model.text(fileId)).toBe("one\ntwo\nfrom Drive");
    expect(a.notepad.tab(notes).text).toBe("top\none\ntwo");
    // On again: the two meet.
    model.faults = [];
    await a.sync.enable("all", notes);
    expect(a.notepad.tab(notes).text).toBe("top\none\ntwo\nfrom Drive");
    expect(model.text(fileId)).toBe("top\none\ntwo\nfrom Drive");
  });
});

describe("found by the randomized test (every class but rateLimit, window and bin, seed 1421)", () => {
  it("a revision overwritten by another computer's upload is not taken back as a deletion by the computer that wrote it", async () => {
    const { model, a, b, onA: notes, onB, fileId } = await sharedTab("Notes", "one\ntwo\nthree");
    a.notepad.type(notes, "one\ntwo\nthree from A");
    b.notepad.type(onB, "top from B\none\ntwo\nthree");
    let overwritten = false;
    // B has checked Drive (still the base) and is about to upload; A's whole run lands first.
    b.network.before = once(isUpdateUpload, async () => {
      overwritten = true;
      await a.sync.syncNow();
    });
    await b.sync.syncNow();
    b.network.before = undefined;
    expect(overwritten).toBe(true);
    // B's upload replaced A's revision (no precondition); B read it back into its tab...
    expect(b.notepad.tab(onB).text).toBe("top from B\none\ntwo\nthree from A");
    // ...but B's sync is turned off before its next run could send it.
    b.sync.disable();
    await a.sync.syncNow();
    await a.sync.syncNow();
    // A merges Drive's text against the base B's upload was merged with: both lines stay.
    expect(a.notepad.tab(notes).text).toBe("top from B\none\ntwo\nthree from A");
    expect(model.text(fileId)).toBe("top from B\none\ntwo\nthree from A");
    expect(a.notepad.copies).toEqual([]);
    expect(a.sync.getStatus().tabs[notes].kind).toBe("synced");
  });
});

describe("found by the randomized test (every class but rateLimit, window and bin, seeds 4392, 4470)", () => {
  it("a revision overwritten by an upload whose tab was closed meanwhile is merged into its file", async () => {
    const { model, a, id: notes, fileId } = await syncingOneTab("one\ntwo");
    a.notepad.type(notes, "top\none\ntwo");
    let closed = false;
    // Drive's editor writes just before our upload lands, and the tab is closed meanwhile.
    a.network.before = once(isUpdateUpload, () => {
      closed = true;
      model.editFile(fileId, "one\ntwo\nfrom Drive");
      a.notepad.close(notes);
    });
    await a.sync.syncNow();
    a.network.before = undefined;
    expect(closed).toBe(true);
    // No tab to merge into: ours and Drive's editor's are merged in the file itself
    // (merge-back.ts), so neither line is only in Drive's history.
    expect(model.text(fileId)).toBe("top\none\ntwo\nfrom Drive");
    expect([...model.files.values()].some((f) => f.name.includes("(Drive copy)"))).toBe(false);
  });
});
