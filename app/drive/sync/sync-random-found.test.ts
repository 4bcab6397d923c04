/**
 * Causes of losses the randomized test (sync-random.test.ts) found with a second window, the
 * bin and three computers, each walked here on its own against the one fake Drive.
 */
import { describe, expect, it } from "vitest";
import {
  computer,
  DriveModel,
  type HookedRequest,
  sharedTab,
  type TestComputer,
} from "./sync-test-support";
import {
  fileOf,
  isCreateUpload,
  isMediaRead,
  isUpdateUpload,
  once,
  syncingOneTab,
} from "./sync-test-setups";

/**
 * From the moment armed, the `moment`-th read of tab `id`'s text by the engine is followed at
 * once (a microtask later: before any awaited answer) by the person typing `word` on a line
 * of its own at the top.
 */
function typeAfterRead(pc: TestComputer, id: string, moment: number, word: string) {
  let reads = -1;
  const readTab = pc.notepad.readTab.bind(pc.notepad);
  pc.notepad.readTab = (tabId) => {
    const tab = readTab(tabId);
    if (!tab || tabId !== id) return tab;
    return Object.defineProperty({ ...tab }, "text", {
      get: () => {
        const text = pc.notepad.tab(id).text;
        if (reads >= 0 && ++reads === moment) {
          queueMicrotask(() => pc.notepad.type(id, `${word}\n${pc.notepad.tab(id).text}`));
        }
        return text;
      },
    });
  };
  return () => void (reads = 0);
}

describe("typing while a run merges Drive's change into the tab", () => {
  // Seed 378 of every class with "window": a word typed just after the merge's last look at
  // the tab, before the merged text went in, was replaced by it (kept only in History).
  for (let moment = 1; moment <= 4; moment++) {
    it(`a word typed just after the engine's read ${moment} of the tab is kept and synced`, async () => {
      const { model, a, id, fileId } = await syncingOneTab("one\ntwo\nthree");
      model.editFile(fileId, "one\ntwo\nthree\nfour");
      const arm = typeAfterRead(a, id, moment, "typed");
      a.network.after = (request) => void (isMediaRead(request) && arm());
      await a.sync.syncNow();
      a.network.after = undefined;
      await a.sync.syncNow();
      expect(a.notepad.tab(id).text).toBe("typed\none\ntwo\nthree\nfour");
      expect(model.text(fileId)).toBe("typed\none\ntwo\nthree\nfour");
      expect(a.sync.getStatus().tabs[id].kind).toBe("synced");
    });
  }
});

describe("a change made in Drive just before the file went to the bin, while sync was off", () => {
  // Bin seed 8 with every class: the only computer syncing the file had sync off from before
  // the change to the end. Nothing can read Drive while off; turned on, the change comes in.
  it("comes into the tab once sync is on again, and nothing is written into the bin", async () => {
    const { model, a, id, fileId } = await syncingOneTab("one\ntwo");
    a.sync.disable();
    model.editFile(fileId, "one\ntwo\nfrom Drive");
    model.trash(fileId);
    a.notepad.type(id, "ONE\ntwo");
    await a.sync.enable("all", id);
    expect(a.notepad.tab(id).text).toBe("ONE\ntwo\nfrom Drive");
    expect(model.text(fileId)).toBe("one\ntwo\nfrom Drive");
    expect(a.sync.getStatus().tabs[id]).toMatchObject({ kind: "warning" });
  });
});

describe("a tab closed while its upload is under way, Drive's file changed just before it", () => {
  // Seed 650 of every class with "window": the revision written in between was read back
  // after the upload, found no tab to merge into, and was left only in Drive's history.
  async function closedDuringUpload(driveText: string) {
    const { model, a, id, fileId } = await syncingOneTab("one\ntwo\nthree");
    a.notepad.type(id, "ONE\ntwo\nthree");
    a.network.before = once(isUpdateUpload, () => {
      model.editFile(fileId, driveText);
      a.notepad.close(id);
    });
    await a.sync.syncNow();
    a.network.before = undefined;
    await a.sync.syncNow();
    return { model, a, fileId };
  }

  it("changes apart: Drive's file ends with both (merged, written back)", async () => {
    const { model, fileId } = await closedDuringUpload("one\ntwo\nthree\nfour");
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree\nfour");
  });

  // Seed 1594: the merged text written back over a revision Drive's editor wrote meanwhile.
  it("a change written during the merged text's write-back is merged in turn", async () => {
    const { model, a, id, fileId } = await syncingOneTab("one\ntwo\nthree");
    a.notepad.type(id, "ONE\ntwo\nthree");
    const edits = ["one\ntwo\nthree\nfour", "zero\nONE\ntwo\nthree"];
    a.network.before = (request) => {
      if (!isUpdateUpload(request) || edits.length === 0) return;
      model.editFile(fileId, edits.shift()!);
      a.notepad.close(id);
    };
    await a.sync.syncNow();
    a.network.before = undefined;
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("zero\nONE\ntwo\nthree\nfour");
  });

  it("the same line changed: Drive's text stays visible in a synced copy tab", async () => {
    const { model, a, fileId } = await closedDuringUpload("uno\ntwo\nthree");
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree");
    const copy = a.notepad.byName("Notes (Drive copy)");
    expect(copy.text).toBe("uno\ntwo\nthree");
    expect(copy.driveFileId && model.text(copy.driveFileId)).toBe("uno\ntwo\nthree");
    expect(a.sync.getStatus().tabs[copy.id].kind).toBe("synced");
  });
});

describe("an upload Drive applied but answered with a 500, tried again by the request layer", () => {
  // Seed 981 of every class with "window": after the retry the check looked at the revision
  // before ours, which was our own first try, and missed the change written just before it.
  it("a change written just before it is still found, merged and synced", async () => {
    const { model, a, id, fileId } = await syncingOneTab("one\ntwo\nthree");
    a.notepad.type(id, "ONE\ntwo\nthree");
    model.faults = [
      { kind: "upload", effect: "error-after-apply", status: 500, reason: "backendError" },
    ];
    a.network.before = once(isUpdateUpload, () => model.editFile(fileId, "one\ntwo\nthree\nfour"));
    await a.sync.syncNow();
    a.network.before = undefined;
    await a.sync.syncNow();
    expect(a.notepad.tab(id).text).toBe("ONE\ntwo\nthree\nfour");
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree\nfour");
    expect(a.sync.getStatus().tabs[id].kind).toBe("synced");
  });
});

describe("a tab closed before the check after its upload could be made", () => {
  // Bin seed 1967 with every class: the upload landed, the revisions could not be read
  // (offline), and the tab was closed before its next run, which alone would have found the
  // revision Drive's editor wrote just before ours: it stayed only in Drive's history.
  it("the next run makes the check: the revision in between is merged into the file", async () => {
    const { model, a, id, fileId } = await syncingOneTab("one\ntwo\nthree");
    a.notepad.type(id, "ONE\ntwo\nthree");
    a.network.before = once(isUpdateUpload, () => model.editFile(fileId, "one\ntwo\nthree\nfour"));
    model.faults = [{ kind: "revisions", effect: "offline" }];
    await a.sync.syncNow();
    a.network.before = undefined;
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree");
    a.notepad.close(id);
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree\nfour");
    // Checked once: another run neither writes again nor opens a copy.
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree\nfour");
    expect(a.notepad.tabs.map((tab) => tab.name)).toEqual([]);
  });
});

describe("a conflict whose upload meets a newer revision and is merged again", () => {
  // Three computers, seed 640: the copy was opened, the upload found Drive moved on and the
  // next try merged cleanly, so the file was never marked; the computer whose line was
  // replaced took the new text without a word (its line only in History once the copy's
  // file went to the bin).
  it("still marks the file: the computer whose line was replaced is told and opens the copy", async () => {
    const { model, a, b, onA: notes, onB, fileId } = await sharedTab("Notes", "one\ntwo\nthree");
    b.notepad.type(onB, "uno\ntwo\nthree");
    await b.sync.syncNow();
    a.notepad.type(notes, "ONE\ntwo\nthree");
    a.network.before = once(isCreateUpload, () => model.editFile(fileId, "uno\ntwo\nthree\nfour"));
    await a.sync.syncNow();
    a.network.before = undefined;
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree\nfour");
    const copy = a.notepad.byName("Notes (Drive copy)");
    model.trash(copy.driveFileId!);
    await b.sync.syncNow();
    expect(b.notepad.tabs.some((tab) => tab.text === "uno\ntwo\nthree")).toBe(true);
    expect(b.notepad.notices.join(" ")).toContain("that computer's text was kept");
  });
});

describe("two revisions written during our upload, the second over the first", () => {
  // Three computers, seed 1435: a computer's revision was overwritten by another's, and the
  // check after our upload read only the newest revision in between, which lacked it.
  it("both are merged into the tab and synced", async () => {
    const { model, a, id, fileId } = await syncingOneTab("one\ntwo\nthree");
    a.notepad.type(id, "ONE\ntwo\nthree");
    a.network.before = once(isUpdateUpload, () => {
      model.editFile(fileId, "one\ntwo\nthree\nfrom b");
      model.editFile(fileId, "zero\none\ntwo\nthree");
    });
    await a.sync.syncNow();
    a.network.before = undefined;
    await a.sync.syncNow();
    expect(a.notepad.tab(id).text).toBe("zero\nONE\ntwo\nthree\nfrom b");
    expect(model.text(fileId)).toBe("zero\nONE\ntwo\nthree\nfrom b");
  });
});

describe("two revisions written during our upload, the second built on the first", () => {
  it("merge cleanly: no copy, both in the tab and in Drive", async () => {
    const { model, a, id, fileId } = await syncingOneTab("one\ntwo\nthree");
    a.notepad.type(id, "ONE\ntwo\nthree");
    a.network.before = once(isUpdateUpload, () => {
      model.editFile(fileId, "one\ntwo\nthree\nfour");
      model.editFile(fileId, "one\ntwo\nthree\nfour\nfive");
    });
    await a.sync.syncNow();
    a.network.before = undefined;
    await a.sync.syncNow();
    expect(a.notepad.tabs.map((tab) => tab.text)).toEqual(["ONE\ntwo\nthree\nfour\nfive"]);
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree\nfour\nfive");
  });
});

describe("a conflict met over a computer's text that Drive's editor then added to", () => {
  // Seed 1344 of every class: b met a conflict over a's lines plus a line Drive's editor added
  // after them. The mark named only that newest text, not the one a had synced, so a took b's
  // text without a word; its lines were then only in b's copy tab (its file in the bin) and in
  // a's History.
  it("marks every text the conflict replaced: the computer that synced the older one is told", async () => {
    const { model, a, b, onA: notes, onB, fileId } = await sharedTab("Notes", "one\ntwo");
    a.notepad.type(notes, "one from a\ntwo");
    await a.sync.syncNow();
    model.editFile(fileId, "one from a\ntwo\nfrom Drive");
    b.notepad.type(onB, "one from b\ntwo");
    await b.sync.syncNow();
    expect(model.text(fileId)).toBe("one from b\ntwo");
    model.trash(b.notepad.byName("Notes (Drive copy)").driveFileId!);
    await a.sync.syncNow();
    expect(a.notepad.tabs.some((tab) => tab.text.includes("one from a"))).toBe(true);
    expect(a.notepad.notices.join(" ")).toContain("that computer's text was kept");
  });
});

/** Computers a and b syncing one tab "Notes" holding `text`: its id on each, and its file. */
async function sharedNotes(model: DriveModel, text: string) {
  const a = await computer(model, "a");
  const notes = a.notepad.addTab("Notes", text);
  await a.sync.enable("all", notes);
  const b = await computer(model, "b");
  await b.sync.enable("all", b.notepad.addTab("Untitled", ""));
  await b.sync.bringInRemoteTabs();
  return { a, b, notes, onB: b.notepad.byName("Notes").id, fileId: fileOf(a, notes) };
}

describe("seed 304 (three computers, every class): a conflict over a computer's synced line", () => {
  // The conflict's mark was written after the upload that replaced a's text: a, reading the
  // file in between, took b's text without a word. The mark now goes with that upload.
  it("is told to a computer that reads the file just after the conflict's upload", async () => {
    const model = new DriveModel();
    const { a, b, notes, onB, fileId } = await sharedNotes(model, "one\ntwo");
    a.notepad.type(notes, "one\ntwo from a");
    await a.sync.syncNow();
    b.notepad.type(onB, "one\ntwo from b");
    const bUploads = (r: HookedRequest) => isUpdateUpload(r) && r.url.includes(fileId);
    let aRun: Promise<void> = Promise.resolve();
    b.network.after = once(bUploads, () => void (aRun = a.sync.syncNow()));
    await b.sync.syncNow();
    await aRun;
    b.network.after = undefined;
    expect(model.text(fileId)).toBe("one\ntwo from b");
    // b's copy goes to the bin: a still has its line on screen, in a copy tab of its own.
    model.trash(b.notepad.byName("Notes (Drive copy)").driveFileId!);
    await a.sync.syncNow();
    expect(a.notepad.tabs.some((tab) => tab.text === "one\ntwo from a")).toBe(true);
    expect(a.notepad.notices.join(" ")).toContain("that computer's text was kept");
  });

  // a's next upload, based on its own text, overwrote b's conflict revision; the check after
  // it merged b's text into a's tab, which took a's line out (b's copy has it), with no word.
  it("whose revision our upload overwrote: the merge back opens the copy here too", async () => {
    const model = new DriveModel();
    const { a, b, notes, onB, fileId } = await sharedNotes(model, "one\ntwo");
    a.notepad.type(notes, "one\ntwo from a");
    await a.sync.syncNow();
    b.notepad.type(onB, "one\ntwo from b");
    a.notepad.type(notes, "zero\none\ntwo from a");
    // b meets the conflict just before a's upload goes out (after a's check before it).
    let met = false;
    a.network.before = async (request) => {
      if (met || !isUpdateUpload(request)) return;
      met = true;
      await b.sync.syncNow();
    };
    await a.sync.syncNow();
    a.network.before = undefined;
    expect(a.notepad.tab(notes).text).toBe("zero\none\ntwo from b");
    model.trash(b.notepad.byName("Notes (Drive copy)").driveFileId!);
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("zero\none\ntwo from b");
    expect(a.notepad.tabs.some((tab) => tab.text === "one\ntwo from a")).toBe(true);
    expect(a.notepad.notices.join(" ")).toContain("that computer's text was kept");
  });
});

describe("seed 440 (three computers, every class): two conflicts in a row on one file", () => {
  // c synced a line; a's conflict replaced it (copy X, marked); a later conflict on the same
  // file marked only its own replaced text, so c, reading the file only then, took the new
  // text without a word (its line in X, which went to the bin, and in c's History).
  it("the later mark keeps the earlier one: the computer that synced the first text is told", async () => {
    const model = new DriveModel();
    const { a, b, notes, onB, fileId } = await sharedNotes(model, "one\ntwo\nthree");
    const c = await computer(model, "c");
    await c.sync.enable("all", c.notepad.addTab("Untitled", ""));
    await c.sync.bringInRemoteTabs();
    const onC = c.notepad.byName("Notes").id;
    c.notepad.type(onC, "one\ntwo\nthree from c");
    await c.sync.syncNow();
    a.notepad.type(notes, "one\ntwo\nthree from a");
    await a.sync.syncNow();
    const copyX = a.notepad.byName("Notes (Drive copy)");
    expect(copyX.text).toBe("one\ntwo\nthree from c");
    await b.sync.syncNow();
    a.notepad.type(notes, "one\ntwo\nthree from a, again");
    await a.sync.syncNow();
    b.notepad.type(onB, "one\ntwo\nthree from b");
    await b.sync.syncNow();
    expect(model.text(fileId)).toBe("one\ntwo\nthree from b");
    model.trash(copyX.driveFileId!);
    await c.sync.syncNow();
    expect(c.notepad.tabs.some((tab) => tab.text === "one\ntwo\nthree from c")).toBe(true);
    expect(c.notepad.notices.join(" ")).toContain("that computer's text was kept");
  });
});
