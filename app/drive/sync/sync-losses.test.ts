/**
 * Issue 50 §1: the ways a synced tab lost text, each walked against the fake Drive. Every test
 * ends by reading the Drive file (and the tabs) back: the words typed anywhere are there.
 */
import { describe, expect, it } from "vitest";
import { computer, DriveModel, type HookedRequest, type TestComputer } from "./sync-test-support";

const isCreateUpload = (r: HookedRequest) =>
  r.method === "POST" && r.url.includes("/upload/drive/v3/files");

/** Calls `action` once, at the first request that matches. */
function once(match: (r: HookedRequest) => boolean, action: () => void | Promise<void>) {
  let done = false;
  return async (request: HookedRequest) => {
    if (done || !match(request)) return;
    done = true;
    await action();
  };
}

function fileOf(pc: TestComputer, tabId: string): string {
  const id = pc.notepad.tab(tabId).driveFileId;
  if (!id) throw new Error("tab has no Drive file");
  return id;
}

describe("issue 50 §1: no silent loss", () => {
  it("1. a line typed while the tab's new file is created reaches Drive on the next run", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Notes", "first");
    a.network.before = once(isCreateUpload, () => a.notepad.type(id, "first\nsecond"));
    await a.sync.enable("all", id);
    a.network.before = undefined;
    await a.sync.syncNow();
    expect(model.text(fileOf(a, id))).toBe("first\nsecond");
    expect(a.notepad.tab(id).text).toBe("first\nsecond");
  });
});

/** A and B both sync "Notes" ("one\ntwo\nthree"). */
async function sharedNotes() {
  const model = new DriveModel();
  const a = await computer(model, "a");
  const notes = a.notepad.addTab("Notes", "one\ntwo\nthree");
  await a.sync.enable("all", notes);
  const b = await computer(model, "b");
  const blank = b.notepad.addTab("Untitled", "");
  await b.sync.enable("all", blank);
  await b.sync.bringInRemoteTabs();
  const onB = b.notepad.byName("Notes").id;
  return { model, a, b, notes, onB, fileId: fileOf(a, notes) };
}

describe("issue 50 §1.2: a change Drive reported is not forgotten when the run fails", () => {
  const breaks: [string, (model: DriveModel, a: TestComputer) => void][] = [
    [
      "a 503",
      (model) => (model.faults = [{ kind: "get", status: 503, reason: "backendError", times: 9 }]),
    ],
    ["a 401", (model) => (model.faults = [{ kind: "get", status: 401, reason: "authError" }])],
    [
      "going offline",
      (_model, a) => {
        a.network.before = once(
          (r) => r.url.includes("/drive/v3/files/"),
          () => {
            a.network.offline = true;
          },
        );
      },
    ],
  ];
  for (const [name, breakRun] of breaks) {
    it(`after ${name} mid-run, the next local edit merges with B's change instead of erasing it`, async () => {
      const { model, a, b, notes, onB, fileId } = await sharedNotes();
      b.notepad.type(onB, "one\ntwo\nthree\nfrom B");
      await b.sync.syncNow();
      breakRun(model, a);
      await a.sync.syncNow();
      // Whatever broke is mended; A types, then syncs.
      model.faults = [];
      a.network.offline = false;
      a.network.before = undefined;
      a.notepad.type(notes, a.notepad.tab(notes).text.replace("one", "ONE"));
      if (a.sync.getStatus().needsReconnect) await a.sync.reconnect();
      else await a.sync.syncNow();
      expect(model.text(fileId)).toBe("ONE\ntwo\nthree\nfrom B");
      expect(a.notepad.tab(notes).text).toBe("ONE\ntwo\nthree\nfrom B");
    });
  }
});

describe("issue 50 §1.4: out of the sync and back in", () => {
  it("a tab taken out and back in merges Drive's changes made meanwhile", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const notes = a.notepad.addTab("Notes", "one\ntwo\nthree");
    const todo = a.notepad.addTab("Todo", "milk");
    await a.sync.enable("all", notes);
    const fileId = fileOf(a, notes);
    a.sync.excludeTab(notes);
    model.editFile(fileId, "one\ntwo\nthree\nfrom Drive");
    // The other tab syncs: the changes feed moves on past the edit.
    a.notepad.type(todo, "milk\nbread");
    await a.sync.syncNow();
    a.sync.includeTab(notes);
    a.notepad.type(notes, "ONE\ntwo\nthree");
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree\nfrom Drive");
    expect(a.notepad.tab(notes).text).toBe("ONE\ntwo\nthree\nfrom Drive");
  });

  it("sync turned off and on again merges Drive's changes made meanwhile", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const notes = a.notepad.addTab("Notes", "one\ntwo\nthree");
    await a.sync.enable("all", notes);
    const fileId = fileOf(a, notes);
    a.sync.disable();
    model.editFile(fileId, "one\ntwo\nthree\nfrom Drive");
    a.notepad.type(notes, "ONE\ntwo\nthree");
    await a.sync.enable("all", notes);
    expect(model.text(fileId)).toBe("ONE\ntwo\nthree\nfrom Drive");
    expect(a.notepad.tab(notes).text).toBe("ONE\ntwo\nthree\nfrom Drive");
  });
});
